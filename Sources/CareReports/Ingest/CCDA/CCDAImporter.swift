import Foundation
import CLibXML2

/// Reads an HL7 C-CDA R2.1 XML document (a whole `ClinicalDocument`, or a bare `section` fragment
/// like the HL7 example files) into an ``ImportedDocument``.
///
/// Parsing is done by the system libxml2 with a locked-down configuration:
/// - no network (`XML_PARSE_NONET`), no entity substitution (`XML_PARSE_NOENT` off), no DTD loading
///   or DTD default attributes, no `XML_PARSE_HUGE`, and libxml2's own error printing off;
/// - a document with a `DOCTYPE` is rejected before libxml2 sees it (C-CDA never needs one), so
///   external entities (XXE) and entity expansion bombs are never processed; a `DOCTYPE` that the
///   byte scan cannot see (e.g. UTF-16 input) is still rejected after parsing, and entity
///   references are never substituted nor read as text;
/// - files over ``maximumSize`` are refused, and so (by ``XMLPreScan``, before libxml2 reads them)
///   elements with more attributes than any C-CDA element has;
/// - parse errors are collected per parser context through its structured error handler (no
///   global handler), so concurrent reads are safe.
///
/// Diagnostics name positions and keys, never the health content of the document.
public enum CCDAImporter {
    /// The value of ``ImportedDocument/format`` for documents read here.
    public static let format = "C-CDA R2.1"
    /// The HL7 v3 namespace every C-CDA element is in.
    public static let hl7Namespace = "urn:hl7-org:v3"
    /// The largest document read (64 MiB).
    public static let maximumSize = 64 * 1024 * 1024
    /// libxml2's options: no network, no error printing, CDATA as text; never `XML_PARSE_HUGE`
    /// (which lifts libxml2's limits on depth and text size), `XML_PARSE_NOENT` or DTD loading.
    static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// True when the bytes look like a C-CDA document: XML (after an optional byte order mark and
    /// white space) that names `ClinicalDocument`, the HL7 v3 namespace or a C-CDA template OID
    /// within its first 16 KiB.
    public static func looksLikeCCDA(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let head = Array(bytes[start..<min(bytes.count, start + 16 * 1024)])
        for marker in ["<ClinicalDocument", hl7Namespace, "2.16.840.1.113883.10.20.22"] {
            if contains(head, Array(marker.utf8)) { return true }
        }
        return false
    }

    /// Parses and maps one document. The document is nil when the file cannot be read at all (not
    /// XML, malformed, too large, a DOCTYPE, a foreign root element); entries that cannot be mapped
    /// are skipped with a warning at their XPath-like location. With `fragmentsSkipped` (a file
    /// among others in a folder or archive), a C-CDA fragment (an HL7 v3 root other than
    /// `ClinicalDocument` or `section`, such as `<component>` or `<act>`) is a warning, not an error.
    public static func read(
        _ bytes: UnsafeRawBufferPointer, file: String, fragmentsSkipped: Bool = false
    ) -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        _ = initialized
        if bytes.count > maximumSize {
            return (nil, [Diagnostic(.error, file: file, message: "the file is larger than the 64 MiB limit for C-CDA documents")])
        }
        guard bytes.count > 0, let base = bytes.baseAddress else {
            return (nil, [Diagnostic(.error, file: file, line: 1, column: 1, message: "the file is empty, expected a C-CDA XML document")])
        }
        if let (line, column) = doctypePosition(bytes) {
            return (nil, [Diagnostic(.error, file: file, line: line, column: column, message: "DOCTYPE declarations are not allowed in C-CDA documents (entities are never expanded); the document was not read")])
        }

        if let (message, offset) = XMLPreScan.firstProblem(bytes) {
            let (line, column) = XMLPreScan.place(of: offset, in: bytes)
            return (nil, [Diagnostic(.error, file: file, line: line, column: column, message: message)])
        }

        guard let ctxt = xmlNewParserCtxt() else {
            return (nil, [Diagnostic(.error, file: file, message: "the XML parser could not be created")])
        }
        defer { xmlFreeParserCtxt(ctxt) }
        let collector = ErrorCollector()
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        ctxt.pointee._private = box.toOpaque()
        ctxt.pointee.sax?.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let raw = context.pointee._private else { return }
            Unmanaged<ErrorCollector>.fromOpaque(raw).takeUnretainedValue().add(error.pointee)
        }

        let doc = xmlCtxtReadMemory(ctxt, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, parseOptions)
        defer { if let doc { xmlFreeDoc(doc) } }

        var diagnostics: [Diagnostic] = []
        let fatal = collector.errors.first { $0.level == XML_ERR_FATAL || ($0.level == XML_ERR_ERROR && $0.domain != Int32(XML_FROM_NAMESPACE.rawValue)) }
        if doc == nil || ctxt.pointee.wellFormed == 0 || fatal != nil {
            if let fatal {
                diagnostics.append(Diagnostic(.error, file: file, line: fatal.line, column: fatal.column, message: "malformed XML: \(fatal.message)"))
            } else {
                diagnostics.append(Diagnostic(.error, file: file, message: "malformed XML: the document could not be parsed"))
            }
            return (nil, diagnostics)
        }
        guard let doc else { return (nil, diagnostics) }

        if doc.pointee.intSubset != nil || doc.pointee.extSubset != nil {
            return (nil, [Diagnostic(.error, file: file, message: "DOCTYPE declarations are not allowed in C-CDA documents (entities are never expanded); the document was not read")])
        }

        let namespaceErrors = collector.errors.filter { $0.domain == Int32(XML_FROM_NAMESPACE.rawValue) }
        if let first = namespaceErrors.first {
            let more = namespaceErrors.count > 1 ? " (and \(namespaceErrors.count - 1) more like it)" : ""
            diagnostics.append(Diagnostic(.warning, file: file, line: first.line, column: first.column, message: "namespace problem: \(first.message)\(more); prefixed names are read as written"))
        }

        guard let root = xmlDocGetRootElement(doc) else {
            diagnostics.append(Diagnostic(.error, file: file, message: "the document has no root element"))
            return (nil, diagnostics)
        }
        let rootName = String(cString: root.pointee.name)
        let rootNamespace = root.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
        let namespaced: Bool
        switch rootNamespace {
        case hl7Namespace?: namespaced = true
        case nil:
            namespaced = false
            diagnostics.append(Diagnostic(.warning, file: file, keyPath: "/\(rootName)", message: "the root element has no namespace; read as HL7 v3 (\(hl7Namespace))"))
        default:
            diagnostics.append(Diagnostic(.error, file: file, keyPath: "/\(rootName)", message: "the root element is not in the HL7 v3 namespace (\(hl7Namespace)); not a C-CDA document"))
            return (nil, diagnostics)
        }
        guard rootName == "ClinicalDocument" || rootName == "section" else {
            if fragmentsSkipped {
                return (nil, [Diagnostic(
                    .warning, file: file, keyPath: "/\(rootName)",
                    message: "a C-CDA fragment (root element \(rootName)), not a clinical document; skipped")])
            }
            diagnostics.append(Diagnostic(.error, file: file, keyPath: "/\(rootName)", message: "the root element is neither a C-CDA ClinicalDocument nor a section"))
            return (nil, diagnostics)
        }

        guard let xpath = CCDAXPath(doc: doc, namespaced: namespaced) else {
            diagnostics.append(Diagnostic(.error, file: file, message: "the XPath context could not be created"))
            return (nil, diagnostics)
        }
        var reader = CCDAReader(file: file, xpath: xpath, namespaced: namespaced)
        let document = reader.read()
        return (document, WarningFolding.fold(diagnostics + reader.diagnostics))
    }

    // MARK: - Internals

    private static let initialized: Void = { xmlInitParser() }()

    /// One libxml2 error, copied out of the `xmlError` (its message names markup, not content).
    struct ParseError {
        let domain: Int32
        let level: xmlErrorLevel
        let line: Int
        let column: Int
        let message: String
    }

    /// Collects the errors of one parser context (reached through the context's `_private`).
    final class ErrorCollector {
        var errors: [ParseError] = []

        func add(_ error: xmlError) {
            guard errors.count < 100 else { return }
            var message = error.message.map { String(cString: $0) } ?? "unknown error"
            message = message.trimmingCharacters(in: .whitespacesAndNewlines)
            if message.count > 200 { message = String(message.prefix(200)) + "…" }
            errors.append(ParseError(domain: error.domain, level: error.level, line: Int(max(error.line, 1)), column: Int(max(error.int2, 1)), message: message))
        }
    }

    /// Where a `<!DOCTYPE` starts in the prolog (after a byte order mark, white space, the XML
    /// declaration, processing instructions and comments), 1-based line and column.
    static func doctypePosition(_ bytes: UnsafeRawBufferPointer) -> (Int, Int)? {
        var i = 0
        var line = 1
        var lineStart = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3; lineStart = 3 }
        func hasPrefix(_ text: String, at index: Int) -> Bool {
            let utf8 = Array(text.utf8)
            guard index + utf8.count <= bytes.count else { return false }
            for (k, byte) in utf8.enumerated() where bytes[index + k] != byte { return false }
            return true
        }
        func skip(past end: String) {
            while i < bytes.count, !hasPrefix(end, at: i) {
                if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
                i += 1
            }
            i = min(bytes.count, i + end.utf8.count)
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A { line += 1; lineStart = i + 1; i += 1; continue }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D { i += 1; continue }
            if hasPrefix("<?", at: i) { skip(past: "?>"); continue }
            if hasPrefix("<!--", at: i) { skip(past: "-->"); continue }
            if hasPrefix("<!DOCTYPE", at: i) { return (line, i - lineStart + 1) }
            return nil
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
