import Foundation

/// Maps the sections of one parsed C-CDA document to imported records.
///
/// Sections are found anywhere in the document by `section/code/@code` (LOINC):
/// Results 30954-2, Medications 10160-0 (and Hospital Discharge Medications 10183-2 / 75311-1),
/// Allergies 48765-2, Problems 11450-4, Vital Signs 8716-3, Encounters 46240-8, Immunizations
/// 11369-6, Procedures 47519-4, Medical Equipment 46264-8, Advance Directives 42348-3, Goals
/// 61146-7, Plan of Treatment 18776-5 (see `CCDAReader+Sections`). A section of any kind with narrative text and no entry is kept as that
/// text (see `CCDAReader+Narrative`). Any other section is counted in
/// ``ImportedDocument/skipped`` with one warning. An entry that cannot be mapped is skipped with a warning at its XPath-like location.
/// A record's date falls back to the document's `effectiveTime` when the entry has none.
struct CCDAReader {
    let file: String
    let xpath: CCDAXPath
    let namespaced: Bool
    var diagnostics: [Diagnostic] = []
    var records: [ImportedRecord] = []
    var skipped: [String: Int] = [:]
    /// The sections not read, as the document titles them, in its order (see ``ImportedDocument/notShown``).
    var notShown: [String] = []
    /// The specimen of each lab result read (by name and LOINC), for telling apart tests that share a name.
    var specimens: [String: String] = [:]
    private var usedIDs: Set<String> = []
    private var counters: [String: Int] = [:]
    private let narratives = NarrativeIndex()
    /// The location of the first warning of each kind.
    private var warned: [String: String] = [:]
    private(set) var documentDate: CareDate?
    /// What each section entry became (see `CCDAReader+Ledger`).
    var tracker = CCDAEntryTracker()
    /// The narrative records kept for entries nothing structured was read from.
    var narrativeFallbacks: Set<String> = []

    static let loinc = "2.16.840.1.113883.6.1"
    static let rxnorm = "2.16.840.1.113883.6.88"

    static let sectionNames: [String: String] = [
        "11369-6": "Immunizations", "47519-4": "Procedures", "29762-2": "Social history", "42348-3": "Advance directives",
        "10157-6": "Family history", "46264-8": "Medical equipment", "18776-5": "Plan of treatment", "29545-1": "Physical exam",
        "61146-7": "Goals", "47420-5": "Functional status", "51848-0": "Assessment", "29299-5": "Reason for visit",
        "10164-2": "History of present illness", "10187-3": "Review of systems", "11535-2": "Hospital discharge diagnosis",
        "10183-2": "Hospital discharge medications", "8648-8": "Hospital course", "48768-6": "Payers", "10154-3": "Chief complaint",
        "75310-3": "Health concerns", "10210-3": "General status", "42349-1": "Reason for referral", "11348-0": "Past medical history",
        "10222-0": "Surgical drains", "11537-8": "Surgical drains", "57828-6": "Prescriptions", "69730-0": "Instructions",
        "10190-7": "Mental status", "61144-2": "Nutrition", "46241-6": "Admission diagnosis", "8653-8": "Hospital discharge instructions",
        "10162-6": "History of pregnancies", "90767-5": "Pregnancy summary", "62387-6": "Interventions", "11383-7": "Health status evaluations and outcomes",
        "10219-4": "Preoperative diagnosis", "10218-6": "Postoperative diagnosis", "59769-0": "Postprocedure diagnosis", "59768-2": "Procedure indications",
        "59772-4": "Planned procedure", "59774-0": "Anesthesia", "59776-5": "Procedure findings", "55109-3": "Complications", "11329-0": "History",
    ]


    /// The sections whose `nullFlavor` states "No information about …" their topic.
    static let absenceTopics: [String: AbsenceStatement.Topic] = [
        "48765-2": .allergies, "11450-4": .problems, "10160-0": .medications, "11369-6": .immunizations,
    ]

    init(file: String, xpath: CCDAXPath, namespaced: Bool) {
        self.file = file
        self.xpath = xpath
        self.namespaced = namespaced
    }

    mutating func read() -> ImportedDocument {
        if let time = xpath.first("/h:ClinicalDocument/h:effectiveTime"), let value = time.value("value") {
            documentDate = HL7Time.parse(value)
            if documentDate == nil { warn(time, "the document effectiveTime is not an HL7 timestamp with day precision") }
            if let date = documentDate {
                documentDate = PlausibleDate.checked(date, after: nil) { warn(time, $0) }
            }
        }
        let patient = readPatient()
        let sections = xpath.nodes("//h:section")
        var handled = readNonXMLBody() ? 1 : 0
        // A discharge document's Discharge Medications are the current list; its other medication
        // lists (admission, hospital) are not.
        let dischargeDocument = sections.contains { ["10183-2", "75311-1"].contains($0.child("code")?.value("code") ?? "") }
        for section in sections {
            let code = section.child("code")?.value("code")
            let title = section.child("title")?.text ?? code.flatMap { CCDAReader.sectionNames[$0] }
            if let topic = code.flatMap({ CCDAReader.absenceTopics[$0] }), readSectionAbsence(section, topic: topic) {
                handled += 1
                continue
            }
            if readNarrative(section, name: code.flatMap { CCDAReader.sectionNames[$0] }) {
                handled += 1
                continue
            }
            handled += 1
            var ownReader = true
            switch code {
            case "30954-2": readResults(section)
            case "10160-0": readMedications(section, list: dischargeDocument ? .notCurrent : nil)
            case "48765-2": readAllergies(section)
            case "11450-4": readProblems(section)
            case "8716-3": readVitalSigns(section)
            case "46240-8": readEncounters(section)
            case "10183-2", "75311-1": readMedications(section, list: .discharge)
            case "11369-6": readClinicalEntries(section, kind: .immunization)
            case "47519-4": readClinicalEntries(section, kind: .procedure)
            case "46264-8": readClinicalEntries(section, kind: .device)
            case "42348-3": readClinicalEntries(section, kind: .advanceDirective)
            case "61146-7": readClinicalEntries(section, kind: .goal)
            case "18776-5": readClinicalEntries(section, kind: .plan)
            default:
                // Any other section: its entries by what they state (vital signs, pregnancy,
                // smoking, problems, planned care…; `CCDAReader+AnySection`), the rest by its narrative.
                ownReader = false
                readAnySection(section)
            }
            if !ownReader, section.children("entry").isEmpty, keepNarrative(section, title: title) != nil { continue }
            let unread = accountForUnreadEntries(section, title: title)
            guard !unread.isEmpty else { continue }
            let key = code.map { "section " + (CCDAReader.sectionNames[$0].map { "\($0) " } ?? "") + "(\($0))" } ?? "section without a code"
            skipped[key, default: 0] += 1
            let name = title ?? key
            notShown.append(unread.count > 1 ? "\(name) (\(unread.count))" : name)
            // Entries whose own warning says why they were skipped are not warned about twice.
            let silent = unread.filter { tracker.notes[$0.pointer] == nil }
            if !silent.isEmpty {
                warn(section, "\(key): \(silent.count == 1 ? "an entry" : "\(silent.count) entries") not read and no narrative to show \(silent.count == 1 ? "it" : "them"); not imported")
            }
        }
        if let (node, count) = narratives.shortened {
            let times = count > 1 ? "; \(count) texts" : ""
            warn(node, "a narrative text used as a name or value is longer than \(NarrativeIndex.maxLength) characters; shortened to its first \(NarrativeIndex.maxLength)\(times)")
        }
        if handled == 0 {
            diagnostics.append(Diagnostic(.warning, file: file, message: "no supported C-CDA section (results, medications, allergies, problems, vital signs, encounters, immunizations, procedures, medical equipment, advance directives, goals, plan of treatment) was found"))
        }
        let specimens = self.specimens
        records = LabSpecimenNames.apply(records) { specimens["\($0)|\($1 ?? "")"] }
        var document = ImportedDocument(
            format: CCDAImporter.format, file: file, patient: patient, records: records, skipped: skipped, date: documentDate)
        document.title = xpath.first("/h:ClinicalDocument/h:title")?.text
        document.notShown = notShown
        document.ledger = ledger(sections: sections)
        return document
    }

    // MARK: - Patient

    mutating func readPatient() -> ImportedPatient? {
        guard let patient = xpath.first("/h:ClinicalDocument/h:recordTarget/h:patientRole/h:patient") else { return nil }
        let names = patient.children("name")
        let name = names.first { $0.value("use") == "L" } ?? names.first
        let given = name?.children("given").lazy.compactMap(\.text).first
        let family = name?.children("family").lazy.compactMap(\.text).first
        var birth: LocalDate?
        if let time = patient.child("birthTime"), let value = time.value("value") {
            birth = HL7Time.localDate(value)
            if birth == nil { warn(time, "birthTime is not an HL7 date with day precision; date of birth left empty") }
            if let day = birth, let problem = PlausibleDate.problem(.day(day), after: documentDate) {
                warn(time, problem)
                birth = nil
            }
        }
        guard given != nil || family != nil else {
            warn(patient, "the patient has no given or family name; patient left empty")
            return nil
        }
        var identifiers: Set<String> = []
        var ids: Set<String> = []
        for id in xpath.nodes("/h:ClinicalDocument/h:recordTarget/h:patientRole/h:id") where !id.isNull {
            guard let root = id.value("root"), !root.isEmpty else { continue }
            let value = id.value("extension") ?? ""
            identifiers.insert("\(root)|\(value)")
            ids.insert(value.isEmpty ? root : value)
        }
        return ImportedPatient(firstName: given ?? "", lastName: family ?? "", dateOfBirth: birth, identifiers: identifiers, ids: ids)
    }

    // MARK: - Shared helpers

    /// A warning at `node`. The location is worked out for the first warning of each kind only
    /// (``WarningFolding`` keeps just that one): a path walks every sibling, so 60,000 entries that
    /// each warn would otherwise take quadratic time.
    mutating func warn(_ node: CCDANode, _ message: String) {
        let keyPath = warned[message] ?? node.path
        warned[message] = keyPath
        if let entry = CCDAEntryTracker.entry(of: node.pointer), tracker.notes[entry] == nil { tracker.notes[entry] = message }
        diagnostics.append(Diagnostic(.warning, file: file, keyPath: keyPath, message: message))
    }

    /// The entry's id (`root` or `root/extension`) when present and unused, else `kind-N`.
    mutating func makeID(_ node: CCDANode, kind: String) -> String {
        let id = uniqueID(node, kind: kind)
        if let entry = CCDAEntryTracker.entry(of: node.pointer) { tracker.records[entry, default: []].append(id) }
        return id
    }

    private mutating func uniqueID(_ node: CCDANode, kind: String) -> String {
        if let id = node.child("id"), !id.isNull, let root = id.value("root") {
            let candidate = id.value("extension").map { "\(root)/\($0)" } ?? root
            if usedIDs.insert(candidate).inserted { return candidate }
        }
        while true {
            counters[kind, default: 0] += 1
            let candidate = "\(kind)-\(counters[kind]!)"
            if usedIDs.insert(candidate).inserted { return candidate }
        }
    }

    /// A timestamp attribute (`value`) parsed, with a warning naming the element when it is not
    /// an HL7 timestamp with day precision.
    mutating func time(_ node: CCDANode?) -> CareDate? {
        guard let node, !node.isNull, let raw = node.value("value") else { return nil }
        if let date = HL7Time.parse(raw) {
            let reference = documentDate
            return PlausibleDate.checked(date, after: reference) { warn(node, $0) }
        }
        warn(node, "the value is not an HL7 timestamp with day precision (YYYYMMDD[HHMM[SS]][±ZZZZ]); ignored")
        return nil
    }

    /// The start of an `effectiveTime`: its `value`, else its `low`, else its `center` (a planned
    /// item's date may be stated as the centre of its interval).
    mutating func start(_ effectiveTime: CCDANode?) -> CareDate? {
        guard let effectiveTime else { return nil }
        if effectiveTime.value("value") != nil { return time(effectiveTime) }
        return time(effectiveTime.child("low")) ?? time(effectiveTime.child("center"))
    }

    /// A coded element's readable name: `displayName`, else `originalText` (its text, or the
    /// narrative it references), else a name for its code ("SNOMED CT 91936005", see `CodeNames`).
    func displayName(_ code: CCDANode?) -> String? {
        guard let code else { return nil }
        if let name = code.value("displayName").map(CCDANode.collapse), !name.isEmpty { return name }
        if let text = originalText(code) { return text }
        guard let value = code.value("code"), !value.isEmpty else { return nil }
        let system = code.value("codeSystem").map { "urn:oid:" + $0 }
        return CodeNames.name(system: system, code: value)
    }

    func originalText(_ code: CCDANode) -> String? {
        guard let original = code.child("originalText") else { return nil }
        if let reference = original.child("reference")?.value("value"), let resolved = narrative(reference) { return resolved }
        let own = CCDANode.collapse(CCDANode.text(of: original.pointer.pointee.children))
        return own.isEmpty ? nil : own
    }

    /// The text of the narrative element a `#ID` reference points at, at most
    /// ``NarrativeIndex/maxLength`` characters (a longer one is cut with "…" and a warning): it
    /// becomes a name or a value, and a 60 MiB name would be written on every page that names it.
    func narrative(_ reference: String) -> String? {
        guard reference.hasPrefix("#") else { return nil }
        let id = String(reference.dropFirst())
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }) else { return nil }
        return narratives.text(id: id, xpath: xpath)
    }

    /// A person's name: given names, family name and suffixes, in order.
    func personName(_ name: CCDANode?) -> String? {
        guard let name else { return nil }
        let parts = ["prefix", "given", "family", "suffix"].flatMap { part in name.children(part).compactMap(\.text) }
        if parts.isEmpty { return name.text }
        return parts.joined(separator: " ")
    }

    func hasTemplate(_ node: CCDANode, _ root: String) -> Bool {
        node.children("templateId").contains { $0.value("root") == root }
    }

    /// A decimal written as HL7 REAL (no `nan`, `inf` or hex).
    static func decimal(_ raw: String?) -> Double? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty,
            raw.allSatisfy({ "+-0123456789.eE".contains($0) }), let value = Double(raw), value.isFinite
        else { return nil }
        return value
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// True when an `effectiveTime` says its date is unknown: a `nullFlavor` on it, or (with no
    /// `value`) on its `low`.
    static func statesUnknown(_ effectiveTime: CCDANode?) -> Bool {
        guard let effectiveTime else { return false }
        if effectiveTime.isNull { return true }
        return effectiveTime.value("value") == nil && effectiveTime.child("low")?.isNull == true
    }

    /// A record's date: the entry's own date, else "date unknown" (filed under the document's
    /// day, never shown as it) when the entry says so (`unknown`), else the document's date; nil
    /// (entry skipped with a warning) when there is neither.
    /// The entry's own date; else "date unknown" filed by the document's date when the entry says
    /// its date is unknown, or is a statement (`statement`: a problem, allergy, finding, procedure,
    /// immunisation, device, directive, goal or plan is never dated by the document); else (a
    /// reading, a visit, a medicine's start) the document's date.
    mutating func recordDate(_ own: CareDate?, _ node: CCDANode, what: String, unknown: Bool = false, statement: Bool = false) -> CareDate? {
        if let own { return own }
        if unknown || statement, let documentDate { return .unknown(filedOn: documentDate.localDay(in: TimeZone(secondsFromGMT: 0)!)) }
        if let documentDate { return documentDate }
        warn(node, "\(what) has no usable date and the document has no effectiveTime; skipped")
        return nil
    }
}
