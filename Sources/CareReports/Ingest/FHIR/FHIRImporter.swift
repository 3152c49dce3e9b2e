/// Reads a FHIR R4 Bundle (transaction, collection, document or searchset) into an
/// `ImportedDocument`: the patient, and medications, lab reports, vital-sign measurements,
/// conditions, allergies, immunisations and visits. Diagnostics name key paths such as
/// `entry[12].resource.valueQuantity` and never quote health content.
public enum FHIRImporter {
    public static let format = "FHIR R4"

    /// The bundle types whose entries are read as they are.
    public static let bundleTypes: Set<String> = ["transaction", "collection", "document", "searchset"]
    /// The other FHIR bundle types: their entries are read as a collection's, with a warning.
    public static let otherBundleTypes: Set<String> = [
        "message", "batch", "history", "transaction-response", "batch-response", "subscription-notification",
    ]

    /// True when `value` is a JSON object with `"resourceType": "Bundle"`.
    public static func isBundle(_ value: JSONValue) -> Bool {
        if case .object(let object) = value, case .string("Bundle")? = object["resourceType"] { return true }
        return false
    }

    /// The same test on a parsed document, before it is made into a tree.
    public static func isBundle(_ node: JSONNode) -> Bool {
        node["resourceType"]?.string == "Bundle"
    }

    /// True when `value` is a single FHIR resource other than a Bundle (`resourceType` a string).
    public static func isResource(_ value: JSONValue) -> Bool {
        if case .object(let object) = value, case .string(let type)? = object["resourceType"], !type.isEmpty, type != "Bundle" {
            return true
        }
        return false
    }

    /// Reads loose resources (a folder of one-resource JSON files, FHIR Bulk Data NDJSON) as one
    /// document; each resource's `path` starts the key paths of its diagnostics.
    public static func read(resources: [(value: JSONValue, path: String)], file: String) -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        let (documents, diagnostics) = readAll(resources: resources, file: file)
        return (documents.first, diagnostics)
    }

    /// ``read(resources:file:)`` giving one document per patient the resources name (see `FHIRImporter+Subjects`).
    public static func readAll(resources: [(value: JSONValue, path: String)], file: String) -> (documents: [ImportedDocument], diagnostics: [Diagnostic]) {
        let reader = FHIRBundleReader(file: file)
        let documents = reader.read(resources: resources) ?? []
        return (documents, reader.diagnostics.list)
    }

    /// Reads a parsed bundle. The document is nil only when the input is not a readable bundle
    /// (each such case has an error diagnostic).
    public static func read(_ value: JSONValue, file: String) -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        let (documents, diagnostics) = readAll(value, file: file)
        return (documents?.first, diagnostics)
    }

    /// ``read(_:file:)`` giving one document per patient the bundle's resources name; nil when the
    /// input is not a readable bundle.
    public static func readAll(_ value: JSONValue, file: String) -> (documents: [ImportedDocument]?, diagnostics: [Diagnostic]) {
        let reader = FHIRBundleReader(file: file)
        let documents = reader.read(value)
        return (documents, reader.diagnostics.list)
    }
}

/// One bundle entry with a resource.
struct FHIREntry {
    let index: Int
    let resource: FHIRNode
    let type: String
    let id: String?
    let fullUrl: String?
    /// True for a resource inside another's `contained`, read only when a reference names it.
    var isContained = false

    var object: JSONObject { resource.object ?? JSONObject() }
    subscript(key: String) -> FHIRNode { resource[key] }
}

/// The state of reading one bundle.
final class FHIRBundleReader {
    let diagnostics: FHIRDiagnostics
    var entries: [FHIREntry] = []
    /// Entry positions by fullUrl, by `Type/id`, and (contained resources) by `container#id`.
    var byKey: [String: Int] = [:]
    /// The key paths of the top-level resources, which `#id` references are resolved inside.
    var containerRoots: Set<String> = []
    /// Bundle.timestamp or the Composition's date: the date of records that carry none.
    var documentDate: CareDate?

    /// Records in bundle order; nil slots are medications finished after administrations are attached.
    var slots: [ImportedRecord?] = []
    /// The patient each slot's record names (``subjectKey(_:)``), nil for the document's patient.
    var subjects: [String?] = []
    /// The patient the resource being read names.
    var currentSubject: String?
    /// The specimen of each lab result read (by name and LOINC), for telling apart tests that share a name.
    var specimens: [String: String] = [:]
    var medicationDrafts: [FHIRMedicationDraft] = []
    /// The entry each slot's record was read from (see `FHIRImporter+Ledger`).
    var slotEntries: [Int?] = []
    var ledger = FHIREntryTracker()
    private var usedIds: Set<String> = []
    private var skipped: [String: Int] = [:]
    var skippedCounts: [String: Int] { skipped }
    private var skippedOrder: [(type: String, path: String)] = []

    /// Resource types read only to resolve references (not records, not "skipped").
    static let supportingTypes: Set<String> = [
        "Organization", "Practitioner", "PractitionerRole", "Medication", "Location", "Composition", "Patient", "Device",
    ]

    init(file: String) { diagnostics = FHIRDiagnostics(file: file) }

    func read(_ value: JSONValue) -> [ImportedDocument]? {
        let root = FHIRNode(value, path: "")
        guard root.object != nil else {
            diagnostics.error(at: "", "expected a FHIR Bundle object, found \(value.typeName)")
            return nil
        }
        guard case .string("Bundle")? = root["resourceType"].value else {
            diagnostics.error(at: root["resourceType"].path, "expected resourceType Bundle")
            return nil
        }
        let typeNode = root["type"]
        if let type = diagnostics.string(typeNode) {
            if FHIRImporter.otherBundleTypes.contains(type) {
                diagnostics.warning(typeNode, "a bundle of this type is read as a collection")
            } else if !FHIRImporter.bundleTypes.contains(type) {
                diagnostics.error(at: typeNode.path, "expected a FHIR bundle type (document, collection, transaction, searchset, message, batch, history, …)")
                return nil
            }
        } else if !typeNode.isPresent {
            diagnostics.warning(typeNode, "missing; read as a collection")
        }
        let entryNode = root["entry"]
        switch entryNode.value {
        case .array?, .none, .null?: break
        default:
            diagnostics.error(at: entryNode.path, "expected an array, found \(entryNode.value!.typeName)")
            return nil
        }
        documentDate = diagnostics.date(root["timestamp"])
        indexEntries(entryNode)
        if documentDate == nil { documentDate = compositionDate() }
        diagnostics.documentDate = documentDate
        readRecords()
        return finished(documents(date: documentDate ?? lastUpdated()))
    }

    func read(resources: [(value: JSONValue, path: String)]) -> [ImportedDocument]? {
        // Loose resources have no fullUrl; exports that split a bundle keep its `urn:uuid:` references,
        // whose UUID is the resource id (as Synthea and most IPS producers write them).
        for (value, path) in resources {
            let node = FHIRNode(value, path: path)
            let id = node["id"].rawString.flatMap { UUID(uuidString: $0) != nil ? "urn:uuid:\($0)" : nil }
            index(node, fullUrl: id)
        }
        documentDate = compositionDate()
        diagnostics.documentDate = documentDate
        readRecords()
        return finished(documents(date: documentDate ?? lastUpdated()))
    }

    /// The documents, the first (the document's own patient's) with its title and what it holds
    /// that is not read ("Provenance (2)").
    private func finished(_ documents: [ImportedDocument]) -> [ImportedDocument] {
        guard var document = documents.first else { return documents }
        document.title = entries.first { $0.type == "Composition" }.flatMap { diagnostics.string($0["title"]) }
        let primary = patientEntries.first.map { "entry:\($0.index)" }
        let sections = compositionSections()
        document.ledger = ledgerLines(primary: primary, sections: sections)
        document.otherPatientParts = otherSubjectParts(primary: primary, sections: sections)
        document.notShown = Self.notShown(document.ledger)
        return [document] + documents.dropFirst()
    }

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

    func append(_ record: ImportedRecord?) {
        slots.append(record)
        subjects.append(currentSubject)
        slotEntries.append(ledger.current)
    }

    func skip(_ entry: FHIREntry, as type: String) {
        ledger.unread[entry.index] = type
        if skipped[type] == nil { skippedOrder.append((type, entry.resource.path)) }
        skipped[type, default: 0] += 1
    }

    private func readRecords() {
        let claims = claimResults()
        let administrations = entries.filter { $0.type == "MedicationAdministration" && !$0.isContained }
        var looseLabs: [FHIRLabDraft] = []
        let binaries = referencedBinaries()
        let devicesInUse = devicesInUse()
        for entry in entries where !entry.isContained {
            if entry.type != "Patient", isEnteredInError(entry) { continue }
            currentSubject = subjectKey(entry)
            ledger.current = entry.index
            switch entry.type {
            case "MedicationRequest", "MedicationStatement": readMedication(entry)
            case "MedicationAdministration": break
            case "DiagnosticReport": readDiagnosticReport(entry)
            case "Observation":
                if claims.inReport.contains(entry.index) || claims.inPanel.contains(entry.index) { break }
                if claims.childPanels.contains(entry.index), !hasValue(entry) { break }
                if let members = claims.panels[entry.index] {
                    readPanel(entry, members: members)
                } else if isPanel(entry), !hasValue(entry), isVitalSign(entry) {
                    break  // a vital-signs panel: its members are read on their own
                } else {
                    readObservation(entry, looseLabs: &looseLabs)
                }
            case "Condition": readCondition(entry)
            case "AllergyIntolerance": readAllergy(entry)
            case "Immunization": readImmunization(entry)
            case "Procedure": readProcedure(entry)
            case "Consent": readConsent(entry)
            case "DeviceUseStatement": readDeviceUse(entry)
            case "Device": readDevice(entry, named: devicesInUse)
            case "Goal": readGoal(entry)
            case "FamilyMemberHistory": readFamilyMemberHistory(entry)
            case "CarePlan": readCarePlan(entry)
            case "Encounter": readEncounter(entry)
            case "Appointment": readAppointment(entry)
            case "DocumentReference": readDocumentReference(entry)
            case "Binary": readBinary(entry, referenced: binaries.contains(entry.index))
            case let type where Self.supportingTypes.contains(type): break
            default: skip(entry, as: entry.type)
            }
        }
        currentSubject = nil
        ledger.current = nil
        for administration in administrations where !isEnteredInError(administration) {
            attachAdministration(administration)
        }
        finishMedications()
        appendLooseLabReports(looseLabs)
        // Renamed in place: each slot keeps its place, so `subjects` (one per slot) still names its patient.
        var named = LabSpecimenNames.apply(slots.compactMap { $0 }) { self.specimens["\($0)|\($1 ?? "")"] }.makeIterator()
        slots = slots.map { $0 == nil ? nil : named.next() }
        readNarrativeSections()
        for (type, path) in skippedOrder {
            let count = skipped[type] ?? 0
            diagnostics.warning(at: path, "resource type \(type) is not imported; \(count) skipped")
        }
    }

    /// True for an entry stated as entered in error (its `status`, a goal's `lifecycleStatus`, or a
    /// condition's or allergy's `verificationStatus`) or refuted: it is left out of every output,
    /// and counted in a warning.
    private func isEnteredInError(_ entry: FHIREntry) -> Bool {
        for field in ["status", "lifecycleStatus"] where entry[field].rawString == "entered-in-error" {
            ledger.omitted[entry.index] = "entered in error (\(field))"
            diagnostics.warning(entry[field], "\(field) is entered-in-error; record not imported")
            return true
        }
        let verification = entry["verificationStatus"]
        switch verification["coding"].elements.first?["code"].rawString ?? verification["text"].rawString {
        case "entered-in-error"?:
            ledger.omitted[entry.index] = "entered in error (verificationStatus)"
            diagnostics.warning(verification, "verificationStatus is entered-in-error; record not imported")
            return true
        case "refuted"?:
            ledger.omitted[entry.index] = "refuted (verificationStatus)"
            diagnostics.warning(verification, "verificationStatus is refuted; record not imported")
            return true
        default: return false
        }
    }
}

import Foundation
