/// A position in a FHIR JSON tree: the value there (nil when absent) and its key path, so every
/// diagnostic can say where it is without quoting what is there.
struct FHIRNode {
    let value: JSONValue?
    let path: String

    init(_ value: JSONValue?, path: String) {
        self.value = value
        self.path = path
    }

    var isPresent: Bool {
        if case .none = value { return false }
        if case .null? = value { return false }
        return true
    }

    var object: JSONObject? {
        if case .object(let object)? = value { return object }
        return nil
    }

    subscript(key: String) -> FHIRNode {
        FHIRNode(object?[key], path: path.isEmpty ? key : "\(path).\(key)")
    }

    subscript(index: Int) -> FHIRNode {
        if case .array(let items)? = value, items.indices.contains(index) {
            return FHIRNode(items[index], path: "\(path)[\(index)]")
        }
        return FHIRNode(nil, path: "\(path)[\(index)]")
    }

    /// The elements when this is an array (a lone value is read as a one-element array, as some
    /// producers write single repeating elements without brackets).
    var elements: [FHIRNode] {
        switch value {
        case .array(let items)?: items.indices.map { FHIRNode(items[$0], path: "\(path)[\($0)]") }
        case .none, .null?: []
        case let single?: [FHIRNode(single, path: path)]
        }
    }

    /// The string, when this is one (no diagnostics; use `FHIRReader.string` to report wrong types).
    var rawString: String? {
        if case .string(let text)? = value { return text }
        return nil
    }
}

/// Collects diagnostics for one file. Only what makes the whole document unreadable is an error;
/// a record or value that cannot be mapped is skipped with a warning, and warnings of one kind are
/// folded into one line with their count and the first place they occurred.
final class FHIRDiagnostics {
    let file: String
    private var errors: [Diagnostic] = []
    private var folded: [String: (path: String, count: Int, order: Int)] = [:]
    /// The document's own date once known (`Bundle.timestamp`, else its Composition's): dates more
    /// than a few years after it are not read (``PlausibleDate``).
    var documentDate: CareDate?

    init(file: String) { self.file = file }

    /// The diagnostics so far: errors first, then one warning per kind in the order first met.
    var list: [Diagnostic] {
        errors + folded.sorted { $0.value.order < $1.value.order }.map { message, entry in
            let times = entry.count > 1 ? " (\(entry.count) times; the first here)" : ""
            return Diagnostic(.warning, file: file, keyPath: entry.path, message: message + times)
        }
    }

    /// Something the document cannot be read without (it is not a bundle, its entries are not a list).
    func error(at path: String, _ message: String) {
        errors.append(Diagnostic(.error, file: file, keyPath: path, message: message))
    }

    /// `error(at:_:)`, unless the same error was already reported at `path`.
    func errorOnce(at path: String, _ message: String) {
        guard !errors.contains(where: { $0.keyPath == path && $0.message == message }) else { return }
        error(at: path, message)
    }

    /// A record, result or entry that cannot be mapped and is left out (a warning, never fatal).
    func drop(_ node: FHIRNode, _ message: String) { warning(at: node.path, message) }

    func warning(_ node: FHIRNode, _ message: String) { warning(at: node.path, message) }

    func warning(at path: String, _ message: String) {
        if let entry = folded[message] {
            folded[message] = (entry.path, entry.count + 1, entry.order)
        } else {
            folded[message] = (path, 1, folded.count)
        }
    }

    var hasErrors: Bool { !errors.isEmpty }
}

/// Whether a field the importer reads is needed for the record (a wrong or missing value is an
/// error and the record is dropped) or optional (a wrong value is a warning and is ignored).
enum FHIRNeed { case required, optional }

extension FHIRDiagnostics {
    private func report(_ node: FHIRNode, _ need: FHIRNeed, expected: String) {
        let found = node.value?.typeName ?? "nothing"
        let message = "expected \(expected), found \(found)"
        switch need {
        case .required: drop(node, message + "; record not imported")
        case .optional: warning(node, message + "; value ignored")
        }
    }

    /// A string; a missing required one is an error too.
    func string(_ node: FHIRNode, _ need: FHIRNeed = .optional) -> String? {
        switch node.value {
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty, need == .required { report(node, need, expected: "a non-empty string"); return nil }
            return trimmed.isEmpty ? nil : trimmed
        case .none, .null?:
            if need == .required { drop(node, "missing; expected a string; record not imported") }
            return nil
        default:
            report(node, need, expected: "a string")
            return nil
        }
    }

    /// A number (FHIR decimals and integers are JSON numbers).
    func number(_ node: FHIRNode, _ need: FHIRNeed = .optional) -> Double? {
        switch node.value {
        case .number(let number)?: return number
        case .none, .null?:
            if need == .required { drop(node, "missing; expected a number; record not imported") }
            return nil
        default:
            report(node, need, expected: "a number")
            return nil
        }
    }

    func bool(_ node: FHIRNode, _ need: FHIRNeed = .optional) -> Bool? {
        switch node.value {
        case .bool(let flag)?: return flag
        case .none, .null?:
            if need == .required { drop(node, "missing; expected a boolean; record not imported") }
            return nil
        default:
            report(node, need, expected: "a boolean")
            return nil
        }
    }

    /// An object; returns nil (after reporting a wrong type) when it is not one.
    @discardableResult
    func object(_ node: FHIRNode, _ need: FHIRNeed = .optional) -> JSONObject? {
        switch node.value {
        case .object(let object)?: return object
        case .none, .null?:
            if need == .required { drop(node, "missing; expected an object; record not imported") }
            return nil
        default:
            report(node, need, expected: "an object")
            return nil
        }
    }

    /// A FHIR date or dateTime (year, year-month, date, or date-time with offset); partial dates
    /// stand for their first day.
    func date(_ node: FHIRNode, _ need: FHIRNeed = .optional) -> CareDate? {
        guard let text = string(node, need) else { return nil }
        if let date = FHIRDate.parse(text) {
            return PlausibleDate.checked(date, after: documentDate) { warning(node, $0) }
        }
        switch need {
        case .required: drop(node, "expected a FHIR date or dateTime; record not imported")
        case .optional: warning(node, "expected a FHIR date or dateTime; value ignored")
        }
        return nil
    }
}

import Foundation
