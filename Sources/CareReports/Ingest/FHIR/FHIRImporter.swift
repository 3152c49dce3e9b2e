/// Reads a FHIR R4 Bundle (transaction, collection, document or searchset) into an
/// `ImportedDocument`: the patient, and medications, lab reports, vital-sign measurements,
/// conditions, allergies, immunisations and visits. Diagnostics name key paths such as
/// `entry[12].resource.valueQuantity` and never quote health content.
public enum FHIRImporter {
    public static let format = "FHIR R4"

    /// The bundle types whose entries are read.
    public static let bundleTypes: Set<String> = ["transaction", "collection", "document", "searchset"]

    /// True when `value` is a JSON object with `"resourceType": "Bundle"`.
    public static func isBundle(_ value: JSONValue) -> Bool {
        if case .object(let object) = value, case .string("Bundle")? = object["resourceType"] { return true }
        return false
    }

    /// The same test on a parsed document, before it is made into a tree.
    public static func isBundle(_ node: JSONNode) -> Bool {
        node["resourceType"]?.string == "Bundle"
    }

    /// Reads a parsed bundle. The document is nil only when the input is not a readable bundle
    /// (each such case has an error diagnostic).
    public static func read(_ value: JSONValue, file: String) -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        let reader = FHIRBundleReader(file: file)
        let document = reader.read(value)
        return (document, reader.diagnostics.list)
    }
}

/// One bundle entry with a resource.
struct FHIREntry {
    let index: Int
    let resource: FHIRNode
    let type: String
    let id: String?
    let fullUrl: String?

    var object: JSONObject { resource.object ?? JSONObject() }
    subscript(key: String) -> FHIRNode { resource[key] }
}

/// The state of reading one bundle.
final class FHIRBundleReader {
    let diagnostics: FHIRDiagnostics
    private(set) var entries: [FHIREntry] = []
    private var byKey: [String: Int] = [:]
    /// Bundle.timestamp or the Composition's date: the date of records that carry none.
    var documentDate: CareDate?

    /// Records in bundle order; nil slots are medications finished after administrations are attached.
    var slots: [ImportedRecord?] = []
    var medicationDrafts: [FHIRMedicationDraft] = []
    private var usedIds: Set<String> = []
    private var skipped: [String: Int] = [:]
    private var skippedOrder: [(type: String, path: String)] = []

    /// Resource types read only to resolve references (not records, not "skipped").
    static let supportingTypes: Set<String> = [
        "Organization", "Practitioner", "PractitionerRole", "Medication", "Location", "Composition", "Patient", "Device",
    ]

    init(file: String) { diagnostics = FHIRDiagnostics(file: file) }

    func read(_ value: JSONValue) -> ImportedDocument? {
        let root = FHIRNode(value, path: "")
        guard root.object != nil else {
            diagnostics.error(at: "", "expected a FHIR Bundle object, found \(value.typeName)")
            return nil
        }
        guard case .string("Bundle")? = root["resourceType"].value else {
            diagnostics.error(root["resourceType"], "expected resourceType Bundle")
            return nil
        }
        let typeNode = root["type"]
        if let type = diagnostics.string(typeNode) {
            guard FHIRImporter.bundleTypes.contains(type) else {
                diagnostics.error(typeNode, "expected a bundle of type transaction, collection, document or searchset")
                return nil
            }
        } else if !typeNode.isPresent {
            diagnostics.warning(typeNode, "missing; read as a collection")
        }
        let entryNode = root["entry"]
        switch entryNode.value {
        case .array?, .none, .null?: break
        default:
            diagnostics.error(entryNode, "expected an array, found \(entryNode.value!.typeName)")
            return nil
        }
        documentDate = diagnostics.date(root["timestamp"])
        indexEntries(entryNode)
        readRecords()
        return ImportedDocument(
            format: FHIRImporter.format, file: diagnostics.file, patient: readPatient(),
            records: slots.compactMap { $0 }, skipped: skipped)
    }

    // MARK: Entries and references

    private func indexEntries(_ entryNode: FHIRNode) {
        for node in entryNode.elements {
            guard diagnostics.object(node) != nil else {
                diagnostics.error(node, "expected an entry object; entry skipped")
                continue
            }
            let resource = node["resource"]
            guard resource.isPresent else {
                if node["request"]["method"].rawString != "DELETE" {
                    diagnostics.error(resource, "missing; expected a resource object; entry skipped")
                }
                continue
            }
            guard resource.object != nil else {
                diagnostics.error(resource, "expected a resource object, found \(resource.value!.typeName); entry skipped")
                continue
            }
            let typeNode = resource["resourceType"]
            guard let type = typeNode.rawString, !type.isEmpty else {
                if typeNode.isPresent {
                    diagnostics.error(typeNode, "expected a string naming the resource type, found \(typeNode.value!.typeName); entry skipped")
                } else {
                    diagnostics.error(typeNode, "missing; every resource needs a resourceType; entry skipped")
                }
                continue
            }
            let id = diagnostics.string(resource["id"])
            let fullUrl = diagnostics.string(node["fullUrl"])
            let entry = FHIREntry(index: entries.count, resource: resource, type: type, id: id, fullUrl: fullUrl)
            entries.append(entry)
            if let fullUrl, byKey[fullUrl] == nil { byKey[fullUrl] = entry.index }
            if let id, byKey["\(type)/\(id)"] == nil { byKey["\(type)/\(id)"] = entry.index }
            if type == "Composition", documentDate == nil { documentDate = FHIRDate.parse(resource["date"].rawString ?? "") }
        }
    }

    /// The entry a Reference points at (by `urn:uuid:` fullUrl, by `Type/id`, or by an absolute
    /// URL ending in `Type/id`), or nil.
    func resolve(_ reference: FHIRNode) -> FHIREntry? {
        guard let text = reference["reference"].rawString, !text.isEmpty, !text.hasPrefix("#") else { return nil }
        if let index = byKey[text] { return entries[index] }
        let parts = text.split(separator: "/")
        if parts.count >= 2 {
            let key = parts[parts.count - 2] + "/" + parts[parts.count - 1]
            if let index = byKey[String(key)] { return entries[index] }
            if parts.count >= 4, parts[parts.count - 2] == "_history" {
                let versioned = parts[parts.count - 4] + "/" + parts[parts.count - 3]
                if let index = byKey[String(versioned)] { return entries[index] }
            }
        }
        return nil
    }

    /// True when the node holds a reference string (whether or not it resolves).
    func hasReference(_ reference: FHIRNode) -> Bool { reference["reference"].rawString?.isEmpty == false }

    // MARK: Records

    /// A record id unique within the document: the resource id, else the fullUrl, else the entry position.
    func recordId(_ entry: FHIREntry) -> String {
        uniqueId(entry.id ?? entry.fullUrl ?? "entry-\(entry.index)")
    }

    func uniqueId(_ base: String) -> String {
        var candidate = base
        var counter = 2
        while usedIds.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        usedIds.insert(candidate)
        return candidate
    }

    func append(_ record: ImportedRecord) { slots.append(record) }

    func skip(_ entry: FHIREntry, as type: String) {
        if skipped[type] == nil { skippedOrder.append((type, entry.resource.path)) }
        skipped[type, default: 0] += 1
    }

    private func readRecords() {
        var reportedObservations: [Int: Int] = [:]  // observation entry -> report entry
        var administrations: [FHIREntry] = []
        for entry in entries {
            switch entry.type {
            case "DiagnosticReport":
                for result in entry["result"].elements {
                    if let target = resolve(result), target.type == "Observation", reportedObservations[target.index] == nil {
                        reportedObservations[target.index] = entry.index
                    }
                }
            case "MedicationAdministration": administrations.append(entry)
            default: break
            }
        }
        var looseLabs: [FHIRLabDraft] = []
        for entry in entries {
            if entry.type != "Patient", isEnteredInError(entry) { continue }
            switch entry.type {
            case "MedicationRequest", "MedicationStatement": readMedication(entry)
            case "MedicationAdministration": break
            case "DiagnosticReport": readDiagnosticReport(entry)
            case "Observation":
                if reportedObservations[entry.index] != nil { break }
                readObservation(entry, looseLabs: &looseLabs)
            case "Condition": readCondition(entry)
            case "AllergyIntolerance": readAllergy(entry)
            case "Immunization": readImmunization(entry)
            case "Encounter": readEncounter(entry)
            case "Appointment": readAppointment(entry)
            case let type where Self.supportingTypes.contains(type): break
            default: skip(entry, as: entry.type)
            }
        }
        for administration in administrations where !isEnteredInError(administration) {
            attachAdministration(administration)
        }
        finishMedications()
        appendLooseLabReports(looseLabs)
        for (type, path) in skippedOrder {
            let count = skipped[type] ?? 0
            diagnostics.warning(at: path, "resource type \(type) is not imported; \(count) skipped")
        }
    }

    private func isEnteredInError(_ entry: FHIREntry) -> Bool {
        guard entry["status"].rawString == "entered-in-error" else { return false }
        diagnostics.warning(entry["status"], "status is entered-in-error; record not imported")
        return true
    }

    // MARK: Patient

    private func readPatient() -> ImportedPatient? {
        let patients = entries.filter { $0.type == "Patient" }
        guard let entry = patients.first else { return nil }
        if patients.count > 1 {
            diagnostics.warning(patients[1].resource, "bundle has more than one Patient; the first is used")
        }
        let name = entry["name"].elements.first ?? entry["name"]
        let given = name["given"].elements.first.flatMap { diagnostics.string($0) } ?? ""
        let family = diagnostics.string(name["family"]) ?? ""
        if given.isEmpty, family.isEmpty {
            diagnostics.warning(entry["name"], "no given or family name")
        }
        let birthNode = entry["birthDate"]
        var birth: LocalDate?
        if let text = diagnostics.string(birthNode) {
            birth = FHIRDate.localDay(text)
            if birth == nil || text.count > 10 { diagnostics.warning(birthNode, "expected a FHIR date; value ignored") }
        }
        return ImportedPatient(firstName: given, lastName: family, dateOfBirth: birth)
    }

    // MARK: Shared readers

    /// A CodeableConcept's text, else its first coding display.
    func conceptText(_ concept: FHIRNode) -> String? {
        guard concept.isPresent else { return nil }
        guard diagnostics.object(concept) != nil else { return nil }
        if let text = diagnostics.string(concept["text"]) { return text }
        for coding in concept["coding"].elements {
            if let display = diagnostics.string(coding["display"]) { return display }
        }
        return nil
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
            if let date = diagnostics.date(target), let text = target.rawString { return (date, text) }
        }
        return nil
    }

    func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
