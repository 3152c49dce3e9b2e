import Foundation
import Testing

@testable import CareReports

/// The HL7 C-CDA examples of the sections a clinician needs (`../shared/fixtures/ccda-sections`):
/// immunisations, procedures, medical equipment, advance directives, goals and plan of treatment.
/// The examples are fragments (a `component`, `section`, `entry` or bare entry act); each is put in
/// a minimal ClinicalDocument (dated 1 Mar 2024) and read. Skipped when the folder is absent.
enum CCDASections {
    static let folder: String = URL(fileURLWithPath: CCDATestSupport.shared).deletingLastPathComponent()
        .appendingPathComponent("ccda-sections").path
    static let available = FileManager.default.fileExists(atPath: folder)
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
    }

    /// The section code each example's file name speaks of.
    static func sectionCode(_ name: String) -> String? {
        let table: [(String, String)] = [
            ("Immunization", "11369-6"), ("Procedure", "47519-4"), ("Medical-Equipment", "46264-8"), ("Implant", "46264-8"),
            ("Advance-Directive", "42348-3"), ("Goal", "61146-7"), ("Plan-of-Treatment", "18776-5"),
        ]
        return table.first { name.contains($0.0) }?.1
    }

    static let kinds: [String: Observation.Kind] = [
        "11369-6": .immunization, "47519-4": .procedure, "46264-8": .device, "42348-3": .advanceDirective, "61146-7": .goal,
        "18776-5": .plan,
    ]

    /// The example as a whole document: its sections as they are, a bare entry (or entry act) in a
    /// section of the code its file name gives.
    static func document(_ name: String) throws -> String {
        var text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        text = text.replacingOccurrences(of: #"<\?xml[^>]*\?>"#, with: "", options: .regularExpression)
        var body: String
        if let range = text.range(of: #"<section[\s>][\s\S]*</section>"#, options: .regularExpression) {
            body = "<component>\(text[range])</component>"
        } else {
            let code = try #require(sectionCode(name))
            let entry = text.range(of: #"^\s*(<!--[\s\S]*?-->\s*)*<entry[\s>]"#, options: .regularExpression) != nil ? text : "<entry>\(text)</entry>"
            body = "<component><section><code code=\"\(code)\" codeSystem=\"2.16.840.1.113883.6.1\"/>\(entry)</section></component>"
        }
        body = body.replacingOccurrences(of: "...", with: "")
        return """
            <?xml version="1.0"?>
            <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">
            <title>Example document</title>
            <effectiveTime value="20240301"/>
            <component><structuredBody>\(body)</structuredBody></component>
            </ClinicalDocument>
            """
    }

    static func read(_ name: String) throws -> (document: ImportedDocument, diagnostics: [Diagnostic]) {
        let (document, diagnostics) = CCDATestSupport.read(text: try self.document(name), file: name)
        return (try #require(document, "\(diagnostics)"), diagnostics)
    }

    static func findings(_ document: ImportedDocument, _ kind: Observation.Kind) -> [(ImportedRecord, Observation)] {
        document.records.compactMap { record in
            guard case .observation(let observation) = record.data, observation.kind == kind, observation.absence == nil else { return nil }
            return (record, observation)
        }
    }

    static func absences(_ document: ImportedDocument) -> [AbsenceStatement] {
        document.records.compactMap { if case .observation(let o) = $0.data { o.absence } else { nil } }
    }
}

@Suite("C-CDA clinical sections (shared fixtures)", .enabled(if: CCDASections.available, "../shared/fixtures/ccda-sections is absent; the C-CDA sections suite is skipped"))
struct CCDASectionsTests {
    typealias S = CCDASections

    @Test("every example: its section is read (never 'not imported'), and each entry it states is a record, a statement or a located warning", arguments: CCDASections.files)
    func everyExampleIsRead(_ name: String) throws {
        let (document, diagnostics) = try S.read(name)
        #expect(CCDATestSupport.errors(diagnostics).isEmpty, "\(diagnostics)")
        for code in S.kinds.keys {
            #expect(!diagnostics.contains { $0.message.contains("(\(code)) is not imported") }, "\(diagnostics)")
        }
        // A section is named as not shown exactly when an entry of it is unread (the template
        // examples of a part of an entry, a refusal reason alone, read as an entry naming nothing).
        #expect(document.notShown.isEmpty == !document.ledger.contains { $0.outcome == .unread }, "\(document.notShown)")
        // A filled section gives records (or statements), or says on the terminal what it left out.
        let xml = try S.document(name)
        let entries = xml.components(separatedBy: "<entry").count - 1
        if entries > 0 {
            let kept = document.records.count
            let warned = diagnostics.filter { $0.severity == .warning && !$0.message.contains("namespace") }.count
            #expect(kept > 0 || warned > 0, "\(name): \(entries) entries, no record and no warning")
        }
    }

    @Test func refusedImmunisationKeepsItsReason() throws {
        let (document, _) = try S.read("Immunizations__Immunization-not-given-Patient-refusedC-CDA2.1.xml")
        let (record, shot) = try #require(S.findings(document, .immunization).first)
        #expect(shot.name == "influenza, intradermal, quadrivalent, preservative free, injectable")
        #expect(shot.facts?.status == .refused)
        #expect(shot.facts?.reason == "patient objection")
        #expect(record.codings.first == Coding(system: "http://hl7.org/fhir/sid/cvx", code: "166", display: shot.name))
        #expect(record.date == CCDATestSupport.day(2015, 11, 15))
    }

    @Test func patientReportedImmunisationNamesWhoReportedIt() throws {
        let (document, _) = try S.read("Immunizations__Influenza-Vaccination-Patient-ReportedC-CDA2.1.xml")
        let (_, shot) = try #require(S.findings(document, .immunization).first)
        #expect(shot.facts?.status == .completed)
        #expect(shot.facts?.reported == true && shot.facts?.reportedBy == "Patient One")
        // The same vaccination recorded by the clinic has no informant.
        let (clinic, _) = try S.read("Immunizations__Influenza-VaccinationC-CDA2.1.xml")
        #expect(S.findings(clinic, .immunization).first?.1.facts?.reported == false)
    }

    @Test func unknownImmunisationStatusIsAStatementNotAVaccine() throws {
        let (document, _) = try S.read("Immunizations__Unknown-Immunization-StatusC-CDA2.1.xml")
        #expect(S.findings(document, .immunization).isEmpty)
        #expect(S.absences(document).map(\.topic) == [.immunizations])
        #expect(S.absences(document).first?.assertion == .noInformation)
    }

    @Test func implantKeepsItsUDI() throws {
        let (document, _) = try S.read("Medical-Equipment__Implant-UDI-Organizer-C-CDA-R2.1.xml")
        let (record, device) = try #require(S.findings(document, .device).first)
        #expect(device.name == "Breast Implant")
        #expect(device.facts?.udi == "(01)00848486001048(11)181015(10)ABC999(21)bi12342222(17)221015")
        #expect(record.codings.contains(Coding(system: "http://snomed.info/sct", code: "2282003", display: "Breast Implant")))
        #expect(device.onset == CCDATestSupport.day(2020, 7, 14))
    }

    @Test func everyImplantOfSeveralIsKept() throws {
        let (document, _) = try S.read("Medical-Equipment__Implant-Without-ProcedureC-CDA2.1.xml")
        let udis = S.findings(document, .device).compactMap(\.1.facts?.udi)
        #expect(udis == [
            "(01)00848486000400(11)160330(10)ABC634(21)123777", "(01)00848486001032(11)160330(10)ABC124",
            "(01)00848486000349(11)160330(10)ABC721",
        ])
        let (supplies, _) = try S.read("Medical-Equipment__Non-Medicinal-Supply---Cane-and-Eyeglasses-C-CDAR2.1.xml")
        #expect(S.findings(supplies, .device).map(\.1.name).contains("Eyeglasses"))
        #expect(S.findings(supplies, .device).count == 2)
    }

    @Test func noImplantedDevicesIsAStatement() throws {
        let (document, _) = try S.read("Medical-Equipment__No-Implanted-DevicesC-CDA2.1.xml")
        #expect(S.findings(document, .device).isEmpty)
        #expect(S.absences(document) == [AbsenceStatement.generic(.devices, .noneKnown)])
    }

    @Test func advanceDirectiveStatesItsValue() throws {
        let (document, _) = try S.read(
            "guide__Advance-Directive-Observation-V3_2.16.840.1.113883.10.20.22.4.48__Advance-Directive-Observation-V3-Example.xml")
        let (record, directive) = try #require(S.findings(document, .advanceDirective).first)
        #expect(directive.name == "Resuscitation status")
        #expect(directive.facts?.detail == "Not for resuscitation")
        #expect(directive.onset == CCDATestSupport.day(2011, 2, 13))
        #expect(record.codings.map(\.code) == ["304251008", "75320-2"])
    }

    @Test func refusedAndUnsuccessfulProceduresAreSaidSo() throws {
        let (refused, _) = try S.read("Procedures__Procedures-Section-Procedure-Procedure-RefusedC-CDA2.1.xml")
        let procedure = try #require(S.findings(refused, .procedure).first?.1)
        #expect(procedure.name == "Laparoscopic appendectomy")
        #expect(procedure.facts?.status == .refused && procedure.facts?.reason == "Procedure declined by patient")
        let (failed, _) = try S.read("Procedures__Procedures-Section-Procedure-Procedure-UnsuccessfulC-CDA2.1.xml")
        #expect(S.findings(failed, .procedure).first?.1.facts?.status == .unsuccessful)
        // The "alternatives" example is a Plan of Treatment: an intended appendectomy is planned care.
        let (planned, _) = try S.read("Procedures__Procedure-AlternativesC-CDA2.1.xml")
        #expect(S.findings(planned, .plan).first?.1.facts?.status == .planned)
        #expect(S.findings(planned, .plan).first?.1.name == "Appendectomy")
    }

    @Test func goalAndPlannedTestAreRead() throws {
        let (goals, _) = try S.read("Goals__SDOH-GoalC-CDA2.1.xml")
        let goal = try #require(S.findings(goals, .goal).first?.1)
        #expect(goal.facts?.detail == "Housing adequate" && goal.facts?.status == .active)
        let (plan, _) = try S.read("Plan-of-Treatment__Planned-EKGC-CDAR2.1.xml")
        let test = try #require(S.findings(plan, .plan).first?.1)
        #expect(test.facts?.status == .planned)
        #expect(test.onset == CCDATestSupport.day(2015, 6, 23))
    }
}

/// Rules of the new sections on hand-written documents (no shared fixture needed).
@Suite("C-CDA clinical sections: rules")
struct CCDASectionRuleTests {
    typealias S = CCDATestSupport

    @Test func dischargeMedicationsAreTheMedicinesOfTheDocument() throws {
        let xml = S.document("""
            <component><section><code code="10183-2" codeSystem="2.16.840.1.113883.6.1"/><title>Discharge medications</title><text>x</text>
            <entry><act classCode="ACT" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.35"/><code code="10183-2" codeSystem="2.16.840.1.113883.6.1"/>
            <statusCode code="active"/>
            <entryRelationship typeCode="SUBJ"><substanceAdministration classCode="SBADM" moodCode="INT">
            <statusCode code="active"/><effectiveTime xsi:type="IVL_TS"><low value="20240301"/></effectiveTime>
            <doseQuantity value="1"/>
            <consumable><manufacturedProduct><manufacturedMaterial><code code="197361" codeSystem="2.16.840.1.113883.6.88" displayName="Amlodipine 5 MG Oral Tablet"/></manufacturedMaterial></manufacturedProduct></consumable>
            </substanceAdministration></entryRelationship></act></entry>
            </section></component>
            """)
        let (document, diagnostics) = S.read(text: xml)
        #expect(!diagnostics.contains { $0.message.contains("not imported") }, "\(diagnostics)")
        let medicine = try #require(S.medications(document).first)
        #expect(medicine.name == "Amlodipine 5 MG Oral Tablet")
        #expect(medicine.status == .active)
    }

    @Test func entriesNotReadAreShownByTheirSectionsNarrativeElseNamedForThePages() throws {
        let entries = """
            <entry><observation classCode="OBS" moodCode="EVN"><code code="1"/></observation></entry>
            <entry><observation classCode="OBS" moodCode="EVN"><code code="2"/></observation></entry>
            """
        let shown = try #require(S.read(text: S.document("""
            <component><section><code code="47420-5" codeSystem="2.16.840.1.113883.6.1"/><title>Functional Status</title><text>Walks with a cane</text>
            \(entries)</section></component>
            """)).document)
        #expect(shown.notShown.isEmpty)
        #expect(shown.records.map(\.title) == ["Functional Status"])
        #expect(shown.records.first?.data == .document(HealthDocument(kind: .other, narrative: ["Walks with a cane"])))
        let unread = try #require(S.read(text: S.document("""
            <component><section><code code="47420-5" codeSystem="2.16.840.1.113883.6.1"/><title>Functional Status</title>
            \(entries)</section></component>
            """)).document)
        #expect(unread.notShown == ["Functional Status (2)"])
        #expect(unread.ledger.map(\.outcome) == [.unread, .unread])
    }

    @Test func anEmptyOrganizerIsWarnedAboutNotSilentlyDropped() throws {
        let xml = S.document("""
            <component><section><code code="42348-3" codeSystem="2.16.840.1.113883.6.1"/><text>x</text>
            <entry><organizer classCode="CLUSTER" moodCode="EVN"><id root="1.2.3"/></organizer></entry></section></component>
            """)
        let (document, diagnostics) = S.read(text: xml)
        #expect(document?.records.isEmpty == true)
        #expect(diagnostics.contains { $0.message == "an organizer without components states nothing; skipped" })
    }
}
