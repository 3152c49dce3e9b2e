import Foundation
import Testing

@testable import CareReports

/// Every ingest suite nests here, so `swift test --filter Ingest` selects them all.
@Suite enum IngestTests {}

extension IngestTests {
    /// Where the committed fixtures live, found from this file's path (Package.swift excludes the
    /// folder from the target's sources).
    enum IngestFixtures {
        static let root: String = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Ingest
            .deletingLastPathComponent()  // CareReportsTests
            .appendingPathComponent("Fixtures").path

        static func path(_ relative: String) -> String { root + "/" + relative }

        /// The diagnostic's text with every mention of the fixtures folder made relative to it
        /// (a duplicate-id message names the file of the first record too).
        static func relative(_ text: String) -> String {
            text.replacingOccurrences(of: root + "/", with: "")
        }

        /// Every string planted in the fixtures as a stand-in for health content starts with this.
        static let secretMarker = "Margaret-secret"
    }

    /// One expected diagnostic: its severity and its full `description`, the file path relative to
    /// the fixtures folder, with `%` standing for `invalid/<case>/`.
    struct ExpectedDiagnostic: Sendable, Equatable, CustomStringConvertible {
        let severity: Diagnostic.Severity
        let text: String

        static func error(_ text: String) -> Self { Self(severity: .error, text: text) }
        static func warning(_ text: String) -> Self { Self(severity: .warning, text: text) }

        var description: String { "[\(severity.rawValue)] \(text)" }
    }

    struct InvalidFixture: Sendable, CustomTestStringConvertible {
        /// The folder under `Fixtures/invalid/`.
        let name: String
        /// The file to load inside that folder; nil loads the folder as a directory export.
        let file: String?
        let expected: [ExpectedDiagnostic]
        /// Records per collection that must survive (only the collections named).
        let kept: [String: Int]
        /// A stand-in for health content that the fixture holds in a bad value and no diagnostic may quote.
        let secret: String?

        init(_ name: String, file: String? = "export.json", _ expected: [ExpectedDiagnostic], kept: [String: Int] = [:], secret: String? = nil) {
            self.name = name
            self.file = file
            self.expected = expected
            self.kept = kept
            self.secret = secret
        }

        var inputPath: String { IngestFixtures.path("invalid/\(name)" + (file.map { "/\($0)" } ?? "")) }
        var testDescription: String { name }

        var expectedResolved: [ExpectedDiagnostic] {
            expected.map { ExpectedDiagnostic(severity: $0.severity, text: $0.text.replacingOccurrences(of: "%", with: "invalid/\(name)/")) }
        }
    }

    @Suite("Invalid fixtures")
    struct InvalidFixtureTests {
        @Test("every fixture gives exactly its diagnostics", arguments: InvalidFixture.all)
        func exactDiagnostics(_ fixture: InvalidFixture) throws {
            let result = try ExportLoader().load(fixture.inputPath)
            let actual = result.diagnostics.map {
                ExpectedDiagnostic(severity: $0.severity, text: IngestFixtures.relative($0.description))
            }
            #expect(actual == fixture.expectedResolved)
            let counts = Dictionary(uniqueKeysWithValues: result.counts.map { ($0.collection, $0.count) })
            for (collection, count) in fixture.kept {
                #expect(counts[collection] == count, "records kept in \(collection)")
            }
        }

        @Test("no diagnostic quotes the health content of a bad value", arguments: InvalidFixture.all)
        func neverQuotesHealthContent(_ fixture: InvalidFixture) throws {
            let result = try ExportLoader().load(fixture.inputPath)
            for diagnostic in result.diagnostics {
                #expect(!diagnostic.description.contains(IngestFixtures.secretMarker), "\(diagnostic)")
            }
            if let secret = fixture.secret {
                // The check means something only if the fixture does hold the secret.
                #expect(secret.hasPrefix(IngestFixtures.secretMarker))
                let contents = try fixtureText(fixture)
                #expect(contents.contains(secret))
                #expect(!result.diagnostics.isEmpty)
            }
        }

        @Test func everyFixtureFolderIsListed() throws {
            let folders = try FileManager.default.contentsOfDirectory(atPath: IngestFixtures.path("invalid")).sorted()
            #expect(folders == InvalidFixture.all.map(\.name).sorted())
        }

        @Test func theValidBaseHasNoDiagnostics() throws {
            let result = try ExportLoader().load(IngestFixtures.path("valid/minimal/export.json"))
            #expect(result.diagnostics.map(\.description) == [])
            #expect(result.summary == "read 2 users, 1 circle, 1 task, 1 health record, 1 update from 1 file")
        }

        @Test func anUnknownTaskCategoryIsKeptAsOther() throws {
            let result = try ExportLoader().load(IngestFixtures.path("invalid/task-category-unknown/export.json"))
            #expect(result.export.tasks.map(\.category) == [.other])
            #expect(result.export.tasks.map(\.id) == ["t1"])
        }

        @Test func aRejectedRecordLeavesItsValidSiblings() throws {
            let missing = try ExportLoader().load(IngestFixtures.path("invalid/privacy-level-missing/export.json"))
            #expect(missing.export.healthRecords.map(\.id) == ["h2"])
            let unknown = try ExportLoader().load(IngestFixtures.path("invalid/privacy-level-unknown/export.json"))
            #expect(unknown.export.healthRecords.map(\.id) == ["h2"])
            #expect(unknown.export.healthRecords.map(\.privacyLevel) == [.caregivers])
        }

        @Test func duplicateIdsKeepTheFirstRecord() throws {
            let result = try ExportLoader().load(IngestFixtures.path("invalid/duplicate-id-across-files"))
            #expect(result.export.healthRecords.map(\.id) == ["h1", "h2"])
            #expect(result.fileCount == 2)
            let sameFile = try ExportLoader().load(IngestFixtures.path("invalid/duplicate-id-same-file/export.json"))
            #expect(sameFile.export.users.map(\.firstName) == ["Margaret", "John"])
        }

        private func fixtureText(_ fixture: InvalidFixture) throws -> String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: fixture.inputPath, isDirectory: &isDirectory)
            let files =
                isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: fixture.inputPath).map { fixture.inputPath + "/" + $0 } : [fixture.inputPath]
            return try files.map { String(decoding: try Data(contentsOf: URL(fileURLWithPath: $0)), as: UTF8.self) }.joined()
        }
    }

    /// Inputs made at test time: too big to commit, or needing permissions a checkout cannot keep.
    @Suite("Generated inputs")
    struct GeneratedInputTests {
        @Test func aStringLongerThan16MiBIsRefusedWithoutQuotingIt() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/export.json"
            var bytes = Array(#"{"users": [{"id": "u1", "firstName": ""#.utf8)
            let secret = Array("Margaret-secret-huge".utf8)
            bytes += secret
            bytes += [UInt8](repeating: UInt8(ascii: "x"), count: JSONParser.maxStringBytes + 1 - secret.count)
            bytes += Array(#"", "lastName": "Lee"}]}"#.utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: file))

            let result = try ExportLoader().load(file)
            #expect(result.diagnostics.map(\.description) == ["\(file):1:38: error: string longer than 16 MiB"])
            #expect(result.diagnostics.map(\.severity) == [.error])
            #expect(!result.diagnostics.contains { $0.description.contains("Margaret-secret") })
        }

        @Test func aMissingPathIsMissing() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.path + "/no-such-export.json"
            #expect(throws: IngestError.missing(path: path)) { try ExportLoader().load(path) }
            #expect(IngestError.missing(path: path).errorDescription == "\(path): error: no such file or directory")
        }

        @Test func anEmptyDirectoryHasNoExportFiles() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            #expect(throws: IngestError.noExportFiles(path: directory.path)) { try ExportLoader().load(directory.path) }
            #expect(
                IngestError.noExportFiles(path: directory.path).errorDescription
                    == "\(directory.path): error: no export files here; expected export.json or one of users.json, circles.json, tasks.json, health.json, updates.json"
            )
        }

        @Test func aDirectoryOfOtherJSONHasNoExportFiles() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try Data("[]".utf8).write(to: URL(fileURLWithPath: directory.path + "/notes.json"))
            #expect(throws: IngestError.noExportFiles(path: directory.path)) { try ExportLoader().load(directory.path) }
        }

        @Test func anUnreadableFileIsUnreadable() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/export.json"
            try Data(#"{"version": 1}"#.utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file) }
            // Root reads a file whatever its mode, so chmod 000 blocks nothing there: skip the assertion.
            if getuid() == 0 {
                #expect(try ExportLoader().load(file).diagnostics.isEmpty)
                return
            }
            #expect(throws: IngestError.unreadable(path: file, reason: "permission denied")) { try ExportLoader().load(file) }
            #expect(
                IngestError.unreadable(path: file, reason: "permission denied").errorDescription == "\(file): error: cannot read: permission denied")
        }

        @Test func aDirectoryNamedLikeAnExportFileIsUnreadable() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let imposter = directory.path + "/health.json"
            try FileManager.default.createDirectory(atPath: imposter, withIntermediateDirectories: false)
            try Data("[]".utf8).write(to: URL(fileURLWithPath: directory.path + "/users.json"))
            #expect(throws: IngestError.unreadable(path: imposter, reason: "it is a directory, not a file")) {
                try ExportLoader().load(directory.path)
            }
        }

        @Test func aDirectoryGivenAsTheExportFileIsReadAsADirectoryExport() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let named = directory.path + "/export.json"
            try FileManager.default.createDirectory(atPath: named, withIntermediateDirectories: false)
            #expect(throws: IngestError.noExportFiles(path: named)) { try ExportLoader().load(named) }
        }
    }

    /// A fresh directory under the system's temporary folder; call `remove()` (in a `defer`) when done.
    struct TemporaryDirectory {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-ingest-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension IngestTests.InvalidFixture {
    static let all: [Self] = [
        // JSON syntax: the line and column where the parser stands.
        Self("syntax-trailing-comma-array", [.error("%export.json:3:56: error: trailing comma before ']'; JSON allows no comma after the last item")]),
        Self("syntax-trailing-comma-object", [.error("%export.json:1:14: error: trailing comma before '}'; JSON allows no comma after the last item")]),
        Self("syntax-missing-colon", [.error("%export.json:2:12: error: unexpected character '\"'; expected ':' after a key")]),
        Self("syntax-unterminated-string", [.error("%export.json:2:15: error: unterminated string")]),
        Self("syntax-newline-in-string", [.error("%export.json:2:29: error: control character in a string (escape it as \\u000a)")]),
        Self("syntax-bad-escape", [.error("%export.json:2:22: error: invalid escape in a string")]),
        Self("syntax-bad-escape-non-ascii", [.error("%export.json:2:22: error: invalid escape in a string")]),
        Self("syntax-leading-zero", [.error("%export.json:2:15: error: invalid number: leading zero")]),
        Self("syntax-stray-character", [.error("%export.json:3:3: error: unexpected character '@'; expected a key in double quotes")]),
        Self("syntax-text-after-document", [.error("%export.json:2:1: error: unexpected text after the end of the JSON document")]),
        // The byte order mark is not a column an editor shows.
        Self("syntax-bom-trailing-comma", [.error("%export.json:1:14: error: trailing comma before '}'; JSON allows no comma after the last item")]),
        Self("invalid-utf8-in-string", [.error("%export.json:2:43: error: invalid UTF-8 byte sequence")]),
        Self("utf16le-with-bom", [.error("%export.json:1:1: error: the file is not UTF-8 (it looks like UTF-16 or binary data)")]),
        Self("utf16be-without-bom", [.error("%export.json:1:1: error: the file is not UTF-8 (it looks like UTF-16 or binary data)")]),
        Self("not-json-html", [.error("%export.json:1:1: error: not a JSON document: expected '{' or '[' at the start")]),
        Self(
            "not-json-plain-text", [.error("%export.json:3:1: error: not a JSON document: expected '{' or '[' at the start")],
            secret: "Margaret-secret-diagnosis"),
        Self("empty-file", [.error("%export.json:1:1: error: the file is empty; expected a JSON object or array")]),
        Self("whitespace-only", [.error("%export.json:3:1: error: the file is empty; expected a JSON object or array")]),
        Self("deep-nesting", [.error("%export.json:1:257: error: arrays and objects nested deeper than 256 levels")]),
        Self("duplicate-key", [.error("%export.json:3:3: error: duplicate key \"version\" in one object")]),

        // Values of the wrong shape: the key path and what was expected.
        Self(
            "top-level-array", [.error("%export.json: error: expected the export object with keys such as \"healthRecords\", found an array")]),
        Self(
            "wrong-type", [.error("%export.json: error: at healthRecords[0].data.severity: expected a number, found a string")],
            kept: ["healthRecords": 0, "circles": 1], secret: "Margaret-secret-severity"),
        Self(
            "privacy-level-missing", [.error("%export.json: error: at healthRecords[0].privacyLevel: required key is missing")],
            kept: ["healthRecords": 1]),
        Self(
            "privacy-level-unknown",
            [.error("%export.json: error: at healthRecords[1].privacyLevel: unknown value; expected one of private, restricted, caregivers, circle")],
            kept: ["healthRecords": 1], secret: "Margaret-secret-diagnosis"),
        Self(
            "update-visibility-level-missing", [.error("%export.json: error: at updates[0].visibleTo.level: required key is missing")],
            kept: ["updates": 0]),
        Self(
            "member-status-unknown",
            [.error("%export.json: error: at circles[0].members[1].status: unknown value; expected one of active, pending, inactive, removed")],
            kept: ["circles": 0, "users": 2], secret: "Margaret-secret-status"),
        Self(
            "member-role-unknown",
            [.error("%export.json: error: at circles[0].members[1].roles[1]: unknown role; expected one of careRecipient, caregiver, organizer, supporter")],
            kept: ["circles": 0], secret: "Margaret-secret-role"),
        Self(
            "duplicate-id-same-file", [.error("%export.json: error: at users[2].id: duplicate user id; first used at users[0]")],
            kept: ["users": 2]),
        Self(
            "duplicate-id-across-files", file: nil,
            [.error("%health.json: error: at healthRecords[1].id: duplicate health record id; first used at %export.json healthRecords[0]")],
            kept: ["healthRecords": 2]),
        Self(
            "task-category-unknown", [.warning("%export.json: warning: at tasks[0].category: unknown task category; shown as \"other\"")],
            kept: ["tasks": 1]),
        Self(
            "measurement-kind-unknown",
            [.warning("%export.json: warning: at healthRecords[0].data.kind: unknown measurement kind; shown as \"other\"")],
            kept: ["healthRecords": 1], secret: "Margaret-secret-kind"),
        Self(
            "goal-target-bad",
            [.error("%export.json: error: at healthRecords[0].data.targets[1].comparator: required key is missing (a target's \"value\" is one-sided: <, <=, > or >=)")],
            kept: ["healthRecords": 1], secret: "Margaret-secret-goal"),
        Self(
            "health-circle-unknown", [.error("%export.json: error: at healthRecords[0].careCircleId: unknown circle; the record is rejected")],
            kept: ["healthRecords": 0]),
        Self(
            "task-assignee-unknown", [.warning("%export.json: warning: at tasks[0].assignedTo.userId: unknown user; shown as \"unknown member\"")],
            kept: ["tasks": 1]),
        Self(
            "envelope-errors", file: nil,
            [.error("%health.json: error: at errors[0]: the API envelope reports an error: FORBIDDEN: the access token has expired")],
            kept: ["healthRecords": 0]),
        Self(
            "envelope-meta-status-error", file: nil, [.error("%tasks.json: error: at meta.status: the API envelope reports an error")]),
        Self(
            "envelope-data-missing", file: nil,
            [.error("%users.json: error: expected an array or an API envelope with a \"data\" array; the key \"data\" is missing")]),
        // The contract: each collection, in either form (file or directory), may be an envelope.
        Self(
            "envelope-in-export-object",
            [.error("%export.json: error: at tasks.errors[0]: the API envelope reports an error: RATE_LIMITED: too many requests")],
            kept: ["healthRecords": 1, "tasks": 0]),
        Self(
            "version-2", [.error("%export.json: error: at version: export format version 2 is newer than this carereport reads (1)")]),
        Self("format-wrong", [.error("%export.json: error: at format: not a care export; expected \"caresupport-export\"")]),
        Self(
            "timezone-unknown",
            [.error("%export.json: error: at timezone: unknown time zone; expected an IANA name such as \"Europe/London\"")]),
        Self(
            "date-bad",
            [
                .error("%export.json: error: at healthRecords[0].date: expected a date (YYYY-MM-DD) or an RFC 3339 date-time with offset"),
                .error("%export.json: error: at healthRecords[1].date: expected a date (YYYY-MM-DD) or an RFC 3339 date-time with offset"),
            ],
            kept: ["healthRecords": 0], secret: "Margaret-secret-date"),
        Self(
            "envelope-data-not-array", file: nil, [.error("%health.json: error: at data: expected an array, found an object")],
            kept: ["healthRecords": 0]),
        Self(
            "record-not-object", [.error("%export.json: error: at users[1]: expected an object, found a string")], kept: ["users": 1],
            secret: "Margaret-secret-user"),
        Self(
            "nested-key-path",
            [.error("%export.json: error: at healthRecords[0].data.administrations[1].status: unknown value; expected one of taken, skipped, missed")],
            kept: ["healthRecords": 0], secret: "Margaret-secret-dose-status"),
        Self(
            "task-circle-unknown", [.error("%export.json: error: at tasks[0].careCircleId: unknown circle; the task is rejected")],
            kept: ["tasks": 0]),
        Self(
            "unknown-file-name", file: nil, [.warning("%notes.json: warning: neither an export file name nor a FHIR bundle or resource; ignored")], kept: ["users": 1]),
    ]
}
