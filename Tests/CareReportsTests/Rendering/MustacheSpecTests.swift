import Foundation
import Testing

@testable import CareReports

/// Where the Mustache spec's JSON files are: `../shared/fixtures/mustache-spec` from the package root.
enum MustacheSpecFolder {
    static let path: String = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"]
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/mustache-spec").standardizedFileURL.path
    static let available = FileManager.default.fileExists(atPath: path + "/sections.json")
}

/// The template engine against the Mustache specification's own tests, read from
/// `../shared/fixtures/mustache-spec` beside the package root (found from this file's own path, so
/// from any checkout; not copied here; MUSTACHE_SPEC_DIR names another folder): every module
/// ``TemplateRenderer`` supports. Lambdas need code in the data and are not supported (nor can a
/// view model, which is plain data, hold one).
@Suite(.enabled(if: MustacheSpecFolder.available, "no Mustache spec at \(MustacheSpecFolder.path) (../shared/fixtures/mustache-spec beside the package root, or MUSTACHE_SPEC_DIR): the spec tests are skipped"))
struct MustacheSpecTests {
    static let folder = MustacheSpecFolder.path
    static let modules = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance", "~dynamic-names"]

    /// Spec tests whose expectations swift-mustache, the engine carereport used before, did not meet
    /// either (its own spec tests skip them): these must render as it did (``SwiftMustacheRenderings``).
    static let knownDifferences: Set<String> = ["~inheritance: Intrinsic indentation", "~inheritance: Nested block reindentation"]

    struct SpecFile: Decodable { let tests: [SpecTest] }
    struct SpecTest: Decodable {
        let name: String
        let data: SpecValue
        let template: String
        let expected: String
        let partials: [String: String]?
    }

    /// JSON as a template value: objects keep their keys in sorted order (look-ups are by name).
    struct SpecValue: Decodable {
        let value: TemplateValue

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var fields = TemplateObject()
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    let child = try object.decode(SpecValue.self, forKey: key)
                    if case .null = child.value { continue }
                    fields.add(key.stringValue, child.value)
                }
                self.value = (.object(fields))
            } else if var list = try? decoder.unkeyedContainer() {
                var items: [TemplateValue] = []
                while !list.isAtEnd { items.append(try list.decode(SpecValue.self).value) }
                self.value = (.list(items))
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    self.value = (.null)
                } else if let bool = try? single.decode(Bool.self) {
                    self.value = (.bool(bool))
                } else if let int = try? single.decode(Int.self) {
                    self.value = (.int(int))
                } else if let double = try? single.decode(Double.self) {
                    self.value = (.number(String(describing: double)))
                } else {
                    self.value = (.text(try single.decode(String.self)))
                }
            }
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static func load(_ module: String) throws -> [SpecTest]? {
        let path = folder + "/" + module + ".json"
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try JSONDecoder().decode(SpecFile.self, from: data).tests
    }

    @Test func theFolderIsFoundFromThisFilesPath() {
        #expect(Self.folder.hasSuffix("/shared/fixtures/mustache-spec") || ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] != nil)
        #expect(!Self.folder.contains("/Tests/"))
    }

    @Test(arguments: modules)
    func specModule(_ module: String) throws {
        let tests = try #require(try Self.load(module), "\(module).json is missing from \(Self.folder)")
        for test in tests {
            var compiled = ["test": try TemplateParser.parse(test.template)]
            for (name, text) in test.partials ?? [:] { compiled[name] = try TemplateParser.parse(text) }
            let rendered = try TemplateRenderer(templates: compiled).render(test.data.value, template: "test")
            if Self.knownDifferences.contains("\(module): \(test.name)") {
                let before = try #require(SwiftMustacheRenderings.all["spec \(module): \(test.name)"])
                #expect(rendered == before, "\(module): \(test.name)")
            } else {
                #expect(rendered == test.expected, "\(module): \(test.name)")
            }
        }
    }

}
