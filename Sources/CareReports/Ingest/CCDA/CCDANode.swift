import CLibXML2
import Foundation

/// A borrowed element of a parsed libxml2 document; valid only while the document lives (inside
/// one ``CCDAImporter/read(_:file:)`` call). Child look-ups match HL7 v3 elements by local name:
/// in the HL7 v3 namespace, or in no namespace for a fragment without one.
struct CCDANode {
    let pointer: xmlNodePtr
    let namespaced: Bool

    var name: String { String(cString: pointer.pointee.name) }

    /// True for an element in the document's HL7 namespace (v3, or none for a bare fragment).
    var isHL7Element: Bool {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return false }
        guard let ns = pointer.pointee.ns, let href = ns.pointee.href else { return !namespaced }
        return namespaced && String(cString: href) == CCDAImporter.hl7Namespace
    }

    /// The HL7 child elements named `local`, in document order.
    func children(_ local: String) -> [CCDANode] {
        var result: [CCDANode] = []
        var child = pointer.pointee.children
        while let current = child {
            let node = CCDANode(pointer: current, namespaced: namespaced)
            if node.isHL7Element, node.name == local { result.append(node) }
            child = current.pointee.next
        }
        return result
    }

    func child(_ local: String) -> CCDANode? { children(local).first }

    /// The first HL7 child element, whatever its name.
    var firstElementChild: CCDANode? {
        var child = pointer.pointee.children
        while let current = child {
            let node = CCDANode(pointer: current, namespaced: namespaced)
            if node.isHL7Element { return node }
            child = current.pointee.next
        }
        return nil
    }

    /// Follows a chain of child names, taking the first match at each step.
    func at(_ path: String...) -> CCDANode? {
        var node: CCDANode? = self
        for step in path { node = node?.child(step) }
        return node
    }

    /// Every child chain matching the path (all matches at each step).
    func all(_ path: String...) -> [CCDANode] {
        var nodes = [self]
        for step in path { nodes = nodes.flatMap { $0.children(step) } }
        return nodes
    }

    /// An attribute's value by its written name (`code`, or `xsi:type` when the prefix is not
    /// bound), ignoring namespaces; nil when absent. Entity references inside are dropped.
    func attribute(_ written: String) -> String? {
        var attr = pointer.pointee.properties
        while let current = attr {
            let local = String(cString: current.pointee.name)
            let prefix = current.pointee.ns.flatMap { $0.pointee.prefix }.map { String(cString: $0) }
            let full = prefix.map { "\($0):\(local)" } ?? local
            if full == written || (prefix == nil && local == written) {
                return CCDANode.text(of: current.pointee.children)
            }
            attr = current.pointee.next
        }
        return nil
    }

    /// `attribute(name)` trimmed, nil when empty.
    func value(_ name: String) -> String? {
        guard let raw = attribute(name)?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
        return raw
    }

    /// The `xsi:type` of the element: the `type` attribute in the XML Schema instance namespace, or
    /// one written `xsi:type` (fragments often use the prefix without declaring it).
    var xsiType: String? {
        var attr = pointer.pointee.properties
        while let current = attr {
            let local = String(cString: current.pointee.name)
            let href = current.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
            let prefix = current.pointee.ns.flatMap { $0.pointee.prefix }.map { String(cString: $0) }
            if (local == "type" && (href == "http://www.w3.org/2001/XMLSchema-instance" || prefix == "xsi")) || local == "xsi:type" {
                let raw = CCDANode.text(of: current.pointee.children).trimmingCharacters(in: .whitespacesAndNewlines)
                // A QName value may carry a prefix of its own (`v3:PQ`).
                return raw.split(separator: ":").last.map(String.init)
            }
            attr = current.pointee.next
        }
        return nil
    }

    /// True when the element carries a `nullFlavor`.
    var isNull: Bool { attribute("nullFlavor") != nil }

    /// The element's own text (text and CDATA descendants, entity references dropped), with runs of
    /// white space collapsed to one space and zero-width characters removed; nil when empty.
    var text: String? { text(limit: .max) }

    /// `text`, read no further than `limit` bytes of the source text.
    func text(limit: Int) -> String? {
        let collapsed = CCDANode.collapse(CCDANode.text(of: pointer.pointee.children, deep: true, limit: limit))
        return collapsed.isEmpty ? nil : collapsed
    }

    /// An XPath-like location such as `/ClinicalDocument/component/structuredBody/component[2]/section/entry[1]/organizer`.
    var path: String {
        var steps: [String] = []
        var current: xmlNodePtr? = pointer
        while let node = current, node.pointee.type == XML_ELEMENT_NODE {
            let name = String(cString: node.pointee.name)
            var index = 1
            var total = 0
            var sibling = node.pointee.parent?.pointee.children
            while let s = sibling {
                if s.pointee.type == XML_ELEMENT_NODE, String(cString: s.pointee.name) == name {
                    total += 1
                    if s == node { index = total }
                }
                sibling = s.pointee.next
            }
            steps.append(total > 1 ? "\(name)[\(index)]" : name)
            current = node.pointee.parent
        }
        return "/" + steps.reversed().joined(separator: "/")
    }

    // MARK: - Text

    /// `raw` without zero-width characters, its runs of spaces, tabs and line breaks made one space
    /// and none at either end: one pass over its scalars (a narrative can be megabytes long).
    static func collapse(_ raw: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in raw.unicodeScalars {
            switch scalar.value {
            case 0x200B, 0x200C, 0x200D, 0xFEFF:
                continue
            case 0x20, 0x0A, 0x09, 0x0D:
                pendingSpace = !result.isEmpty
            default:
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Concatenates text and CDATA nodes from `first` and its siblings (and their descendants when
    /// `deep`), never entering entity references.
    /// With `limit`, stops once the text has that many bytes (a caller that keeps only the start of
    /// a long narrative does not read all of it).
    static func text(of first: xmlNodePtr?, deep: Bool = false, limit: Int = .max) -> String {
        var result = ""
        var node = first
        while let current = node, result.utf8.count < limit {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    let length = strnlen(UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self), limit - result.utf8.count)
                    result += String(decoding: UnsafeBufferPointer(start: content, count: length), as: UTF8.self)
                }
            case XML_ELEMENT_NODE where deep:
                result += " " + text(of: current.pointee.children, deep: true, limit: limit - result.utf8.count) + " "
            default:
                break
            }
            node = current.pointee.next
        }
        return result
    }
}

/// XPath evaluation over one document with the HL7 v3 namespace bound to the prefix `h`. For a
/// fragment without a namespace the `h:` prefixes are dropped from every expression.
final class CCDAXPath {
    let doc: xmlDocPtr
    let namespaced: Bool
    private let context: xmlXPathContextPtr

    init?(doc: xmlDocPtr, namespaced: Bool) {
        guard let context = xmlXPathNewContext(doc) else { return nil }
        self.doc = doc
        self.namespaced = namespaced
        self.context = context
        let registered = CCDAXPath.withXMLChar("h") { prefix in
            CCDAXPath.withXMLChar(CCDAImporter.hl7Namespace) { uri in xmlXPathRegisterNs(context, prefix, uri) }
        }
        if registered != 0 {
            xmlXPathFreeContext(context)
            return nil
        }
    }

    deinit { xmlXPathFreeContext(context) }

    /// The element nodes `expression` selects, relative to `node` (the document when nil).
    func nodes(_ expression: String, from node: CCDANode? = nil) -> [CCDANode] {
        let written = namespaced ? expression : expression.replacingOccurrences(of: "h:", with: "")
        context.pointee.node = node?.pointer ?? UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self)
        guard let object = CCDAXPath.withXMLChar(written, { xmlXPathEvalExpression($0, context) }) else { return [] }
        defer { xmlXPathFreeObject(object) }
        guard object.pointee.type == XPATH_NODESET, let set = object.pointee.nodesetval, let table = set.pointee.nodeTab else { return [] }
        var result: [CCDANode] = []
        for i in 0..<Int(set.pointee.nodeNr) {
            if let element = table[i], element.pointee.type == XML_ELEMENT_NODE {
                result.append(CCDANode(pointer: element, namespaced: namespaced))
            }
        }
        return result
    }

    func first(_ expression: String, from node: CCDANode? = nil) -> CCDANode? { nodes(expression, from: node).first }

    static func withXMLChar<R>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> R) -> R {
        text.withCString { pointer in
            pointer.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1) { body($0) }
        }
    }
}
