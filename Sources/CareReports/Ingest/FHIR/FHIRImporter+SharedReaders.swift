import Foundation

/// Readers every kind of resource shares: a concept's text and codes, a reference's display name,
/// titles and units as carereport writes them, quantities, the first date given, numbers.
extension FHIRBundleReader {
    /// A CodeableConcept's text, else its first coding display, else a name for its codes (the
    /// shipped table's, else "SNOMED CT 91936005"); nil when it has none of these.
    func conceptText(_ concept: FHIRNode) -> String? {
        guard concept.isPresent else { return nil }
        guard diagnostics.object(concept) != nil else { return nil }
        if let text = diagnostics.string(concept["text"]) { return text }
        for coding in concept["coding"].elements {
            if let display = diagnostics.string(coding["display"]) { return display }
        }
        let coded = concept["coding"].elements.compactMap { coding in
            coding["code"].rawString.map { (system: coding["system"].rawString, code: $0) }
        }
        for coding in coded {
            if let name = CodeNames.knownName(system: coding.system, code: coding.code) { return name }
        }
        return coded.first.map { CodeNames.name(system: $0.system, code: $0.code) }
    }

    /// The code of the first coding in `system`.
    func code(_ concept: FHIRNode, system: String) -> String? {
        for coding in concept["coding"].elements where coding["system"].rawString == system {
            if let code = diagnostics.string(coding["code"]) { return code }
        }
        return nil
    }

    func codes(_ concept: FHIRNode) -> [String] {
        concept["coding"].elements.compactMap { $0["code"].rawString }
    }

    /// A name for the thing a reference points at: its `display`, else the resolved resource's name.
    func displayName(_ reference: FHIRNode) -> String? {
        if let display = diagnostics.string(reference["display"]) { return display }
        guard let target = resolve(reference) else { return nil }
        if let name = target["name"].rawString { return name }  // Organization, Location
        let human = target["name"].elements.first ?? target["name"]
        if let text = human["text"].rawString { return text }
        let parts = human["prefix"].elements.compactMap(\.rawString) + human["given"].elements.compactMap(\.rawString)
            + [human["family"].rawString].compactMap { $0 }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        if target.type == "PractitionerRole" { return displayName(target["practitioner"]) }
        return nil
    }

    /// Title text: a SNOMED CT semantic tag such as " (disorder)" is dropped.
    static func title(_ name: String) -> String {
        let tags = [
            "disorder", "finding", "procedure", "substance", "situation", "event", "product", "medicinal product",
            "observable entity", "regime/therapy", "qualifier value", "morphologic abnormality", "body structure",
        ]
        for tag in tags where name.hasSuffix(" (\(tag))") {
            return String(name.dropLast(tag.count + 3))
        }
        return name
    }

    /// The display form of a UCUM unit when one is commonly written differently.
    static func unit(_ unit: String) -> String {
        switch unit {
        case "mm[Hg]": "mmHg"
        case "Cel": "°C"
        case "[degF]": "°F"
        case "[lb_av]": "lb"
        case "/min", "{beats}/min": "/min"
        case "{breaths}/min": "breaths/min"
        default: unit
        }
    }

    /// A Quantity: value (required when the quantity is there) and unit (else code, else "").
    func quantity(_ node: FHIRNode, _ need: FHIRNeed) -> (value: Double, unit: String, comparator: LabResult.Comparator?)? {
        guard diagnostics.object(node, need) != nil else { return nil }
        guard let value = diagnostics.number(node["value"], need) else { return nil }
        let unit = diagnostics.string(node["unit"]) ?? diagnostics.string(node["code"]) ?? ""
        var comparator: LabResult.Comparator?
        if let text = diagnostics.string(node["comparator"]) {
            comparator = LabResult.Comparator(rawValue: text)
            if comparator == nil { diagnostics.warning(node["comparator"], "expected <, <=, > or >=; value ignored") }
        }
        return (value, Self.unit(unit), comparator)
    }

    /// The first date found among `nodes` (each may be a dateTime or a Period, whose start is used).
    func firstDate(_ nodes: [FHIRNode]) -> (date: CareDate, text: String)? {
        for node in nodes {
            let target = node.object != nil ? node["start"] : node
            // A date read as unknown (outside the plausible years) gives no day of its own.
            if let date = diagnostics.date(target), let text = target.rawString { return (date, date.isUnknown ? "" : text) }
        }
        return nil
    }

    func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
