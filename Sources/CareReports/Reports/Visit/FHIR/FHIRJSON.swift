import Foundation

/// Small builders for FHIR JSON: keys in the order written (so the bytes never change), and a key
/// whose value is nil, an empty string or an empty array left out (FHIR allows no empty values).
enum FHIRJSON {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"
    static let rxnorm = "http://www.nlm.nih.gov/research/umls/rxnorm"

    static func object(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(pairs.compactMap { key, value in
            switch value {
            case nil, .null?: return nil
            case .string(let text)? where text.isEmpty: return nil
            case .array(let items)? where items.isEmpty: return nil
            case let value?: return (key, value)
            }
        }))
    }

    static func string(_ text: String?) -> JSONValue? { text.map(JSONValue.string) }
    static func number(_ value: Double?) -> JSONValue? { value.map(JSONValue.number) }
    static func array(_ items: [JSONValue]) -> JSONValue { .array(items) }

    static func coding(_ system: String, _ code: String, _ display: String? = nil) -> JSONValue {
        object([("system", .string(system)), ("code", .string(code)), ("display", string(display))])
    }

    /// A coding as the source gave it: its system (left out when it gave none), code and display.
    static func coding(_ given: Coding) -> JSONValue {
        object([("system", string(given.system)), ("code", .string(given.code)), ("display", string(given.display))])
    }

    /// A CodeableConcept carrying every coding the source gave (each with its own display), else
    /// `fallback` (a code the native export states with certainty), and the words as written.
    static func concept(_ text: String?, given: [Coding], fallback: [JSONValue] = []) -> JSONValue {
        concept(text, given.isEmpty ? fallback : given.map(coding))
    }

    /// A CodeableConcept: its codings and the words as written in the export.
    static func concept(_ text: String?, _ codings: [JSONValue] = []) -> JSONValue {
        object([("coding", array(codings)), ("text", string(text))])
    }

    static func reference(_ uuid: String, display: String? = nil) -> JSONValue {
        object([("reference", .string("urn:uuid:\(uuid)")), ("display", string(display))])
    }

    /// A CareDate as a FHIR date (a calendar day; `2015` or `2015-01` at a partial date's
    /// precision) or dateTime (an instant, in the offset its source stated, else the circle's).
    /// Nil for an unknown date: the element is left out and ``absent(_:)`` says why.
    static func date(_ date: CareDate, in zone: TimeZone) -> JSONValue? {
        switch date {
        case .day(let day): .string(day.description)
        case .partial(let partial): .string(partial.description)
        case .instant(let instant): .string(FeedText.rfc3339(instant, in: zone))
        case .stated(let instant, let offset): .string(FeedText.rfc3339(instant, in: TimeZone(secondsFromGMT: offset) ?? zone))
        case .unknown: nil
        }
    }

    static let dataAbsentReason = "http://hl7.org/fhir/StructureDefinition/data-absent-reason"

    /// For an unknown date, the `_element` object that carries its `data-absent-reason` extension
    /// (`unknown`); nil for any date the source states.
    static func absent(_ date: CareDate?) -> JSONValue? {
        guard case .unknown? = date else { return nil }
        return object([("extension", array([object([("url", .string(dataAbsentReason)), ("valueCode", .string("unknown"))])]))])
    }

    /// An XHTML narrative: the escaped lines as a list, or one paragraph.
    static func narrative(_ lines: [String], empty: String) -> JSONValue {
        let body = lines.isEmpty
            ? "<p>\(xhtml(empty))</p>"
            : "<ul>" + lines.map { "<li>\(xhtml($0))</li>" }.joined() + "</ul>"
        return object([
            ("status", .string("generated")),
            ("div", .string("<div xmlns=\"http://www.w3.org/1999/xhtml\">\(body)</div>")),
        ])
    }

    /// An XHTML narrative of paragraphs as written (a source document's own section).
    static func paragraphs(_ paragraphs: [String]) -> JSONValue {
        object([
            ("status", .string("additional")),
            ("div", .string("<div xmlns=\"http://www.w3.org/1999/xhtml\">" + paragraphs.map { "<p>\(xhtml($0))</p>" }.joined() + "</div>")),
        ])
    }

    /// Text escaped for XHTML content (the export's text is never markup): the project's one
    /// escaping, over scalars, with control characters and bidi overrides removed.
    static func xhtml(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// Two-space indented JSON ending in a newline: the same value always gives the same bytes; what
    /// ``DisplayText`` drops is dropped from every string.
    static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", to: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, to out: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, to: &out)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let object) where !object.pairs.isEmpty:
            out += "{\n"
            for (index, pair) in object.pairs.enumerated() {
                out += inner + JSONValue.string(pair.key).serialized() + ": "
                write(pair.value, indent: inner, to: &out)
                out += index < object.pairs.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        // The export's text, as every output: no control or bidi character (``DisplayText``).
        case .string(let text): out += JSONValue.string(DisplayText.stripped(text)).serialized()
        default: out += value.serialized()
        }
    }
}
