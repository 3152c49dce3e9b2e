import Testing

@testable import CareReports

/// The rule for imported documents: a valid bundle always imports; what cannot be mapped is
/// reported in one warning line per kind, never fatal. Panels, absent values, contained
/// resources and bare codes, as real IPS documents write them.
@Suite("FHIR import of everything a valid bundle holds")
struct FHIRLenientImportTests {
    static func lab(_ id: String, loinc: String, name: String, value: Double) -> String {
        #"{"resourceType": "Observation", "id": "\#(id)", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "\#(loinc)", "display": "\#(name)"}]}, "effectiveDateTime": "2024-02-03T09:00:00Z", "valueQuantity": {"value": \#(value), "unit": "mmol/L"}}"#
    }

    static let abo = #"{"resourceType": "Observation", "id": "abo", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "ABO group"}, "effectiveDateTime": "2024-02-03T09:00:00Z", "valueCodeableConcept": {"text": "A"}}"#
    static let rh = #"{"resourceType": "Observation", "id": "rh", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "Rh"}, "effectiveDateTime": "2024-02-03T09:00:00Z", "valueCodeableConcept": {"text": "Positive"}}"#
    static let typing = #"{"resourceType": "Observation", "id": "bt", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "882-1", "display": "ABO and Rh group panel"}]}, "effectiveDateTime": "2024-02-03T09:00:00Z", "hasMember": [{"reference": "urn:uuid:abo"}, {"reference": "Observation/rh"}]}"#

    static func labReports(_ document: ImportedDocument?) -> [(title: String, report: LabReport)] {
        (document?.records ?? []).compactMap { record in
            guard case .document(let d) = record.data, let report = d.labReport else { return nil }
            return (record.title, report)
        }
    }

    @Test("a panel with hasMember is one lab report: its members the results, its code the title")
    func panel() {
        let (document, diagnostics) = FHIRImporterTests.read([Self.abo, Self.typing, Self.rh])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let reports = Self.labReports(document)
        #expect(reports.count == 1)
        #expect(reports.first?.title == "ABO and Rh group panel, 3 Feb 2024")
        #expect(reports.first?.report.panel?.uncoded == LabPanel(name: "ABO and Rh group panel", loinc: "882-1"))
        #expect(reports.first?.report.results.map(\.name) == ["ABO group", "Rh"])
        #expect(reports.first?.report.results.map(\.value) == [.text("A"), .text("Positive")])
    }

    @Test("a panel and a DiagnosticReport listing the same members are one report, each result once")
    func panelSharedWithReport() {
        let report = #"{"resourceType": "DiagnosticReport", "id": "dr", "status": "final", "code": {"text": "Blood typing"}, "effectiveDateTime": "2024-02-03T09:00:00Z", "result": [{"reference": "urn:uuid:abo"}, {"reference": "urn:uuid:rh"}]}"#
        let (document, diagnostics) = FHIRImporterTests.read([Self.typing, Self.abo, Self.rh, report])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let reports = Self.labReports(document)
        #expect(reports.map(\.title) == ["Blood typing, 3 Feb 2024"])
        #expect(reports.first?.report.results.map(\.name) == ["ABO group", "Rh"])

        // A report that lists the panel and a member: the panel stands for its members, each once.
        let listsPanel = report.replacingOccurrences(of: #"[{"reference": "urn:uuid:abo"}, {"reference": "urn:uuid:rh"}]"#, with: #"[{"reference": "urn:uuid:bt"}, {"reference": "urn:uuid:rh"}]"#)
        let (again, _) = FHIRImporterTests.read([Self.typing, Self.abo, Self.rh, listsPanel])
        #expect(Self.labReports(again).map { $0.report.results.map(\.name) } == [["ABO group", "Rh"]])
    }

    @Test("a vital-signs panel is not a lab report: its members are read as measurements")
    func vitalPanel() {
        let weight = #"{"resourceType": "Observation", "id": "w", "status": "final", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "29463-7"}]}, "effectiveDateTime": "2024-02-03", "valueQuantity": {"value": 60, "unit": "kg"}}"#
        let panel = #"{"resourceType": "Observation", "id": "vs", "status": "final", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "85353-1"}]}, "effectiveDateTime": "2024-02-03", "hasMember": [{"reference": "urn:uuid:w"}]}"#
        let (document, diagnostics) = FHIRImporterTests.read([panel, weight])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(document?.records.map(\.title) == ["Weight"])
    }

    @Test("dataAbsentReason reads \"not recorded (reason)\"; no value at all is listed by name and warned")
    func absentValues() {
        let absent = #"{"resourceType": "Observation", "id": "a", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "Ferritin"}, "effectiveDateTime": "2024-02-03", "dataAbsentReason": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/data-absent-reason", "code": "asked-declined"}]}}"#
        let bare = #"{"resourceType": "Observation", "id": "b", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "Vitamin D"}, "effectiveDateTime": "2024-02-03"}"#
        let (document, diagnostics) = FHIRImporterTests.read([absent, bare])
        #expect(diagnostics == [Diagnostic(.warning, file: "test.json", keyPath: "entry[1].resource", message: "no value, dataAbsentReason or component; listed by name without a value")])
        let results = Self.labReports(document).first?.report.results ?? []
        #expect(results.map(\.name) == ["Ferritin", "Vitamin D"])
        #expect(results.map(\.value) == [.text("not recorded (asked but declined)"), .text("not recorded")])
    }

    @Test("a component-only lab Observation maps its components")
    func components() {
        let observation = #"{"resourceType": "Observation", "id": "c", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "Urine dipstick"}, "effectiveDateTime": "2024-02-03", "component": [{"code": {"text": "pH"}, "valueQuantity": {"value": 6}}, {"code": {"text": "Protein"}, "valueString": "trace"}]}"#
        let (document, _) = FHIRImporterTests.read([observation])
        #expect(Self.labReports(document).first?.report.results.map(\.value) == [.number(6), .text("trace")])
    }

    @Test("#id resolves to a contained Medication")
    func containedMedication() {
        let statement = ##"{"resourceType": "MedicationStatement", "id": "ms", "status": "active", "contained": [{"resourceType": "Medication", "id": "med1", "code": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "197361", "display": "Amlodipine 5 MG Oral Tablet"}]}}], "medicationReference": {"reference": "#med1"}, "effectiveDateTime": "2024-01-01"}"##
        let (document, diagnostics) = FHIRImporterTests.read([statement])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(document?.records.map(\.title) == ["Amlodipine 5 MG Oral Tablet"])
        guard case .medication(let medication)? = document?.records.first?.data else { Issue.record("expected a medication"); return }
        #expect(medication.rxnorm == "197361")
    }

    @Test("a code with no display or text is named from the shipped table, else by its system in words")
    func namesFromCodes() {
        let known = #"{"resourceType": "Condition", "id": "k", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "38341003"}]}, "onsetDateTime": "2000"}"#
        let unknown = #"{"resourceType": "AllergyIntolerance", "id": "u", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "91936005"}]}, "recordedDate": "2000"}"#
        let foreign = #"{"resourceType": "Condition", "id": "f", "code": {"coding": [{"system": "urn:oid:1.2.3.4", "code": "X12"}]}, "onsetDateTime": "2000"}"#
        let (document, diagnostics) = FHIRImporterTests.read([known, unknown, foreign])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(document?.records.map(\.title) == ["Hypertension", "Allergy: SNOMED CT 91936005", "code X12"])
        #expect(CodeNames.table["SNOMED CT|38341003"] != nil, "hypertension is in the table")
    }

    @Test("warnings of one kind fold into one line with the count and the first path")
    func foldedWarnings() {
        let broken = (0..<3).map { #"{"resourceType": "Observation", "id": "v\#($0)", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}, "effectiveDateTime": "2020-01-02", "valueQuantity": "x"}"# }
        let (document, diagnostics) = FHIRImporterTests.read(broken)
        #expect(document?.records.isEmpty == true)
        #expect(diagnostics == [Diagnostic(.warning, file: "test.json", keyPath: "entry[0].resource.valueQuantity", message: "expected an object, found a string; record not imported (3 times; the first here)")])
    }
}
