import Foundation
import Testing

@testable import CareReports

/// Issue 29: one patient per summary. Documents about two patients are never merged, a resource
/// is placed by its own subject, and a stray C-CDA fragment beside good documents is skipped.
@Suite("One patient per summary")
struct OnePatientTests {
    static func patient(_ id: String, _ given: String, _ family: String, _ birth: String, nhi: String) -> String {
        #"{"fullUrl": "urn:uuid:\#(id)", "resource": {"resourceType": "Patient", "id": "\#(id)", "identifier": [{"system": "https://nhi", "value": "\#(nhi)"}], "name": [{"given": ["\#(given)"], "family": "\#(family)"}], "birthDate": "\#(birth)"}}"#
    }

    static func condition(_ id: String, _ text: String, subject: String) -> String {
        #"{"resource": {"resourceType": "Condition", "id": "\#(id)", "code": {"text": "\#(text)"}, "subject": {"reference": "\#(subject)"}, "recordedDate": "2024-01-02"}}"#
    }

    static func bundle(_ entries: [String]) -> String {
        #"{"resourceType": "Bundle", "type": "collection", "timestamp": "2024-02-01T10:00:00Z", "entry": [\#(entries.joined(separator: ","))]}"#
    }

    static let margaret = bundle([
        patient("m", "Margaret", "Lee", "1940-02-12", nhi: "AAA1111"), condition("c1", "Asthma", subject: "urn:uuid:m"),
    ])
    static let stranger = bundle([
        patient("s", "Sam", "Stone", "1960-01-01", nhi: "BBB2222"), condition("c2", "Stranger-condition", subject: "urn:uuid:s"),
    ])

    /// Loads `files` (name → text) from a fresh folder.
    static func load(_ files: [String: String], patient: String? = nil) throws -> IngestResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-patient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        var loader = ExportLoader()
        loader.patient = patient
        return try loader.load(folder.path)
    }

    @Test("two patients' documents in one folder are an error naming both files; nothing is imported")
    func twoDocuments() throws {
        let result = try Self.load(["a.json": Self.margaret, "b.json": Self.stranger])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("a.json and ") == true && errors.first?.file.hasSuffix("b.json") == true)
        #expect(errors.first?.message.contains("differ by identifier") == true)
        #expect(!errors.contains { $0.message.contains("Margaret") || $0.message.contains("Stone") || $0.message.contains("AAA1111") }, "no patient named")
        #expect(result.export.healthRecords.isEmpty)
    }

    @Test("--patient reads the chosen patient's documents and leaves the other's out with a counted warning")
    func chosenPatient() throws {
        let result = try Self.load(["a.json": Self.margaret, "b.json": Self.stranger], patient: "AAA1111")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        #expect(result.export.healthRecords.map(\.title) == ["Asthma"])
        #expect(result.diagnostics.contains { $0.file.hasSuffix("b.json") && $0.message.contains("1 record not imported") })
        let none = try Self.load(["a.json": Self.margaret], patient: "nobody")
        #expect(none.diagnostics.contains { $0.severity == .error && $0.message.contains("--patient matches the patient of no") })
    }

    @Test("the same person in two documents (shared identifier, or name and birth date) is one patient")
    func samePerson() throws {
        let again = Self.bundle([Self.patient("m2", "MARGARET", "Lee", "1940-02-12", nhi: "CCC3333"), Self.condition("c3", "Gout", subject: "urn:uuid:m2")])
        let result = try Self.load(["a.json": Self.margaret, "b.json": again])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        #expect(Set(result.export.healthRecords.map(\.title)) == ["Asthma", "Gout"])
        let a = ImportedPatient(firstName: "Ann", lastName: "Lee", dateOfBirth: nil, identifiers: ["x|1"])
        let b = ImportedPatient(firstName: "Bob", lastName: "Ray", dateOfBirth: nil, identifiers: ["x|1"])
        #expect(PatientMatch.same(a, b))
        let c = ImportedPatient(firstName: "Ann", lastName: "Lee", dateOfBirth: LocalDate(year: 1940, month: 1, day: 1))
        let d = ImportedPatient(firstName: "Ann", lastName: "Lee", dateOfBirth: LocalDate(year: 1941, month: 1, day: 1))
        #expect(!PatientMatch.same(c, d) && PatientMatch.difference(c, d) == "name and date of birth")
    }

    @Test("a bundle with two Patients: each resource is placed by its own subject; the other patient's records are left out and counted")
    func bundleWithTwoPatients() throws {
        let both = Self.bundle([
            Self.patient("m", "Margaret", "Lee", "1940-02-12", nhi: "AAA1111"), Self.patient("s", "Sam", "Stone", "1960-01-01", nhi: "BBB2222"),
            Self.condition("c1", "Asthma", subject: "urn:uuid:m"), Self.condition("c2", "Stranger-condition", subject: "urn:uuid:s"),
            Self.condition("c3", "Stranger-two", subject: "Patient/zzz"),
        ])
        let (documents, _) = FHIRImporter.readAll(try JSONParser.parse(both), file: "both.json")
        #expect(documents?.map { $0.records.map(\.title) } == [["Asthma"], ["Stranger-condition"], ["Stranger-two"]])
        #expect(documents?.map(\.isOtherSubject) == [false, true, true])
        let result = try Self.load(["both.json": both])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        #expect(Self.records(result.export).map(\.title) == ["Asthma"])
        // The pages say how many were left out: the document's note of what it holds and does not show.
        #expect(Self.leftOutForAnotherPatient(result.export) == 2)
        #expect(result.export.circles.map(\.careRecipient.firstName) == ["Margaret"])
        #expect(result.diagnostics.filter { $0.message.contains("another patient as subject") }.count == 2)
        let chosen = try Self.load(["both.json": both], patient: "BBB2222")
        #expect(Self.records(chosen.export).map(\.title) == ["Stranger-condition"])
        #expect(chosen.export.circles.map(\.careRecipient.firstName) == ["Sam"])
    }

    /// The records read, without the note of what a document holds and does not show.
    static func records(_ export: CareExport) -> [HealthRecord] {
        export.healthRecords.filter { record in
            if case .document(let document) = record.data { return !document.saysWhatIsNotShown }
            return true
        }
    }

    /// How many records the notes of what is not shown say name another patient.
    static func leftOutForAnotherPatient(_ export: CareExport) -> Int {
        export.healthRecords.reduce(0) { total, record in
            if case .document(let document) = record.data { return total + document.otherPatientRecords }
            return total
        }
    }

    @Test("a bundle with no Patient whose resources name one subject says the subject could not be checked")
    func noPatient() throws {
        let json = Self.bundle([Self.condition("c1", "Asthma", subject: "Patient/zzz")])
        let (documents, diagnostics) = FHIRImporter.readAll(try JSONParser.parse(json), file: "x.json")
        #expect(documents?.count == 1 && documents?.first?.patient == nil && documents?.first?.records.count == 1)
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("cannot be checked against the care recipient") })
        let two = Self.bundle([Self.condition("c1", "Asthma", subject: "Patient/zzz"), Self.condition("c2", "Gout", subject: "Patient/yyy")])
        let result = try Self.load(["two.json": two])
        #expect(Self.records(result.export).isEmpty, "two unnamed subjects: neither is taken for the other")
        #expect(Self.leftOutForAnotherPatient(result.export) == 2)
    }

    @Test("a document whose patient is not the only circle's care recipient is an error, not merged into the circle")
    func nativeCircle() throws {
        let minimal = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/valid/minimal/export.json")
        let export = try String(contentsOf: minimal, encoding: .utf8)
        let result = try Self.load(["export.json": export, "b.json": Self.stranger])
        #expect(result.diagnostics.contains { $0.severity == .error && $0.file.hasSuffix("b.json") && $0.message.contains("differs from the circle's care recipient") })
        #expect(!result.export.healthRecords.contains { $0.title == "Stranger-condition" })
    }

    @Test("a stray C-CDA fragment beside a good document is a warning and skipped; the good document imports")
    func strayFragment() throws {
        let good = """
            <ClinicalDocument xmlns="urn:hl7-org:v3"><effectiveTime value="20240201"/>
            <recordTarget><patientRole><patient><name><given>Margaret</given><family>Lee</family></name></patient></patientRole></recordTarget>
            <component><structuredBody><component><section><code code="11450-4"/><entry><act><entryRelationship><observation><code code="64572001"/>
            <value xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CD" displayName="Asthma"/></observation></entryRelationship></act></entry></section></component></structuredBody></component></ClinicalDocument>
            """
        let fragment = #"<component xmlns="urn:hl7-org:v3"><section><templateId root="2.16.840.1.113883.10.20.22.2.5.1"/></section></component>"#
        let act = #"<act classCode="ACT" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.3"/></act>"#
        let result = try Self.load(["ccd.xml": good, "fragment.xml": fragment, "act.xml": act])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        #expect(result.diagnostics.filter { $0.message.contains("C-CDA fragment") }.map { ($0.file as NSString).lastPathComponent }.sorted() == ["act.xml", "fragment.xml"])
        #expect(result.importedDocuments == 1)
        // Named alone, a fragment is still an error: there is nothing else to read.
        let (_, alone) = CCDATestSupport.read(text: fragment)
        #expect(alone.contains { $0.severity == .error })
    }
}
