import Foundation
import Testing

@testable import CareReports

/// Shared helpers for the CCDA suites (`swift test --filter CCDA`).
enum CCDATestSupport {
    /// `Tests/CareReportsTests/Fixtures/ccda`, found from this file's path.
    static let fixtures: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CCDA
        .deletingLastPathComponent()  // CareReportsTests
        .appendingPathComponent("Fixtures/ccda").path

    /// `../shared/fixtures/ccda` next to the repository root.
    static let shared: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // …/Tests/CareReportsTests/CCDA
        .deletingLastPathComponent()  // …/Tests/CareReportsTests
        .deletingLastPathComponent()  // …/Tests
        .deletingLastPathComponent()  // the repository root
        .deletingLastPathComponent()  // its parent, which holds `shared`
        .appendingPathComponent("shared/fixtures/ccda").path

    static let sharedAvailable = FileManager.default.fileExists(atPath: shared)

    static var sharedFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
    }

    static let secretMarker = "Margaret-secret"

    static func read(_ data: Data, file: String = "test.xml") -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        data.withUnsafeBytes { CCDAImporter.read($0, file: file) }
    }

    static func read(text: String, file: String = "test.xml") -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        read(Data(text.utf8), file: file)
    }

    static func readFixture(_ path: String) throws -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return read(data, file: URL(fileURLWithPath: path).lastPathComponent)
    }

    static func instant(_ text: String) -> CareDate { CareDate.parse(text)! }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CareDate { .day(LocalDate(year: year, month: month, day: day)!) }

    static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    static func labReports(_ document: ImportedDocument?) -> [LabReport] {
        (document?.records ?? []).compactMap { if case .document(let doc) = $0.data { doc.labReport } else { nil } }
    }

    static func medications(_ document: ImportedDocument?) -> [Medication] {
        (document?.records ?? []).compactMap { if case .medication(let m) = $0.data { m } else { nil } }
    }

    static func observations(_ document: ImportedDocument?) -> [Observation] {
        (document?.records ?? []).compactMap { if case .observation(let o) = $0.data { o } else { nil } }
    }

    static func measurements(_ document: ImportedDocument?) -> [(ImportedRecord, CareReports.Measurement)] {
        (document?.records ?? []).compactMap { if case .measurement(let m) = $0.data { ($0, m) } else { nil } }
    }

    static func appointments(_ document: ImportedDocument?) -> [Appointment] {
        (document?.records ?? []).compactMap { if case .appointment(let a) = $0.data { a } else { nil } }
    }

    /// A minimal namespaced document around `body` (section components).
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        <effectiveTime value="20240301"/>
        <component><structuredBody>\(body)</structuredBody></component>
        </ClinicalDocument>
        """
    }
}
