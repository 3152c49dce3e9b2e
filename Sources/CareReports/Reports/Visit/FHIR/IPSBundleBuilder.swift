import Foundation

/// The visit summary as an HL7 International Patient Summary: a FHIR R4 Bundle of type `document`
/// whose first entry is the Composition, then the Patient and the resources each section lists
/// (medications, allergies, problems, results, vital signs, immunisations, advance directives,
/// medical devices, procedures, plan of care). It is built from the
/// same records as the printed summary, which are only those the viewer may see; every id is a
/// name-based UUID of the circle and the record's id, and the timestamp is "now", so the same
/// input, viewer and `--now` give the same bytes (see docs/visit-summary.md).
public struct IPSBundleBuilder: Sendable {
    let summary: VisitSummaryBuilder
    var context: ReportContext { summary.context }
    var zone: TimeZone { context.timeZone }

    /// One section of the Composition: its LOINC code, the resources it lists and a line of narrative for each.
    struct Section {
        let title: String
        let code: String
        let display: String
        /// The resources listed, each with its line of narrative (nil for a report that groups results listed already).
        var entries: [(uuid: String, resource: JSONValue, line: String?)] = []
        /// What the narrative says, and the emptyReason code, when the section lists nothing.
        let empty: String
        /// Resources the entries refer to that the section does not list (a statement's `Device`).
        var supporting: [(uuid: String, resource: JSONValue)] = []
    }

    public init(context: ReportContext, since: LocalDate? = nil) {
        self.summary = VisitSummaryBuilder(context: context, since: since)
    }

    /// A UUID for one thing written for this circle: `kind` and the record id it comes from.
    func uuid(_ kind: String, _ id: String) -> String {
        OpaqueId.uuid(["ips", context.records.circle.id, kind, id])
    }

    var patientUUID: String { uuid("Patient", context.records.circle.careRecipient.userId) }
    var patientReference: JSONValue { FHIRJSON.reference(patientUUID) }

    /// The bundle as indented JSON text ending in a newline.
    public func json() -> String { FHIRJSON.pretty(build()) }

    public func build() -> JSONValue {
        let sections = [
            medicationSection(), allergySection(), problemSection(), resultSection(), vitalSignSection(), immunizationSection(),
        ] + [advanceDirectiveSection(), deviceSection(), procedureSection(), planOfCareSection(), findingSection(), familyHistorySection()].filter { !$0.entries.isEmpty }
        let now = JSONValue.string(FeedText.rfc3339(context.now, in: zone))
        let compositionUUID = uuid("Composition", "visit-summary|\(FeedText.rfc3339(context.now, in: zone))")
        let deviceUUID = uuid("Device", "carereport")
        let composition = FHIRJSON.object([
            ("resourceType", .string("Composition")),
            ("id", .string(compositionUUID)),
            ("status", .string("final")),
            ("language", .string(context.words.language)),
            ("type", FHIRJSON.concept(context.words.t("Patient summary"), [FHIRJSON.coding(FHIRJSON.loinc, "60591-5", "Patient summary Document")])),
            ("subject", patientReference),
            ("date", now),
            ("author", .array([FHIRJSON.reference(deviceUUID, display: "carereport")])),
            ("title", .string(context.words.t("Patient summary: {name}", ["name": context.names.recipientName]))),
            ("event", .array([FHIRJSON.object([
                ("code", .array([FHIRJSON.concept(nil, [FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/v3-ActClass", "PCPR")])])),
                ("period", FHIRJSON.object([("start", .string(summary.period.firstDay.description)), ("end", now)])),
            ])])),
            ("section", .array(sections.map(sectionJSON) + narrativeSections())),
        ])
        var entries = [entry(compositionUUID, composition), entry(patientUUID, patient()), entry(deviceUUID, device())]
        // A resource two sections name (a reading that is the latest vital sign and judged a goal) is written once.
        var written: Set<String> = []
        for section in sections {
            for (uuid, resource) in section.entries.map({ ($0.uuid, $0.resource) }) + section.supporting.map({ ($0.uuid, $0.resource) })
            where written.insert(uuid).inserted {
                entries.append(entry(uuid, resource))
            }
        }
        return FHIRJSON.object([
            ("resourceType", .string("Bundle")),
            ("id", .string(uuid("Bundle", "visit-summary|\(FeedText.rfc3339(context.now, in: zone))"))),
            ("identifier", FHIRJSON.object([
                ("system", .string("urn:ietf:rfc:3986")),
                ("value", .string("urn:uuid:\(compositionUUID)")),
            ])),
            ("type", .string("document")),
            ("timestamp", now),
            ("entry", .array(entries)),
        ])
    }

    private func entry(_ uuid: String, _ resource: JSONValue) -> JSONValue {
        FHIRJSON.object([("fullUrl", .string("urn:uuid:\(uuid)")), ("resource", resource)])
    }

    private func sectionJSON(_ section: Section) -> JSONValue {
        let emptyReason: JSONValue? = section.entries.isEmpty
            ? FHIRJSON.concept(section.empty, [FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/list-empty-reason", "unavailable", "Unavailable")])
            : nil
        return FHIRJSON.object([
            ("title", .string(section.title)),
            ("code", FHIRJSON.concept(nil, [FHIRJSON.coding(FHIRJSON.loinc, section.code, section.display)])),
            ("text", FHIRJSON.narrative(section.entries.compactMap(\.line), empty: section.empty)),
            ("entry", .array(section.entries.map { FHIRJSON.reference($0.uuid) })),
            ("emptyReason", emptyReason),
        ])
    }

    /// The sections a source document gives only as narrative (hospital course, discharge
    /// instructions, a section read by its narrative), each with its own title and its text as
    /// written, so the clinic reads them too. No code is invented for them.
    private func narrativeSections() -> [JSONValue] {
        summary.narratives().map { narrative in
            let paragraphs = narrative.text.map { $0.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) } ?? narrative.paragraphs
            return FHIRJSON.object([
                ("title", .string(narrative.title)),
                ("code", narrative.codings.isEmpty ? nil : FHIRJSON.concept(nil, codingsJSON(narrative.codings))),
                ("text", FHIRJSON.paragraphs(paragraphs)),
            ])
        }
    }

    private func patient() -> JSONValue {
        let recipient = context.records.circle.careRecipient
        return FHIRJSON.object([
            ("resourceType", .string("Patient")),
            ("id", .string(patientUUID)),
            ("name", .array([FHIRJSON.object([
                ("text", .string(context.names.recipientName)),
                ("family", FHIRJSON.string(recipient.lastName)),
                ("given", .array(recipient.firstName.isEmpty ? [] : [.string(recipient.firstName)])),
            ])])),
            ("birthDate", FHIRJSON.string(recipient.dateOfBirth?.description)),
        ])
    }

    private func device() -> JSONValue {
        FHIRJSON.object([
            ("resourceType", .string("Device")),
            ("id", .string(uuid("Device", "carereport"))),
            ("deviceName", .array([FHIRJSON.object([("name", .string("carereport")), ("type", .string("user-friendly-name"))])])),
        ])
    }
}
