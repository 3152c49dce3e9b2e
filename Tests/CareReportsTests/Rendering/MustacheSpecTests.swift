import Foundation
import Mustache
import Testing

@testable import CareReports

/// The compiled templates against the Mustache specification's own tests (in
/// /work/shared/fixtures/mustache-spec, not copied here): every module ``TemplateRenderer`` supports.
/// Lambdas need code in the data and are not supported (nor used by carereport's templates).
@Suite struct MustacheSpecTests {
    static let folder = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] ?? "/work/shared/fixtures/mustache-spec"
    static let modules = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance", "~dynamic-names"]

    /// Spec tests whose expectations swift-mustache does not meet either (its own spec tests skip
    /// them): the compiled templates render these as swift-mustache does, which is checked instead.
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

    @Test(arguments: modules)
    func specModule(_ module: String) throws {
        guard let tests = try Self.load(module) else {
            print("skipped: the Mustache spec is not at \(Self.folder) (set MUSTACHE_SPEC_DIR)")
            return
        }
        for (index, test) in tests.enumerated() {
            var compiled = ["test": try TemplateParser.parse(test.template)]
            for (name, text) in test.partials ?? [:] { compiled[name] = try TemplateParser.parse(text) }
            let rendered = TemplateRenderer(templates: compiled).render(test.data.value, template: "test")
            if Self.knownDifferences.contains("\(module): \(test.name)") {
                #expect(rendered == (try Self.swiftMustache(module, index)), "\(module): \(test.name)")
            } else {
                #expect(rendered == test.expected, "\(module): \(test.name)")
            }
        }
    }

    /// The test's template rendered by swift-mustache over the JSON data as Foundation objects.
    static func swiftMustache(_ module: String, _ index: Int) throws -> String? {
        let data = try #require(FileManager.default.contents(atPath: folder + "/" + module + ".json"))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let test = try #require((file["tests"] as? [[String: Any]])?[index])
        var library = MustacheLibrary()
        try library.register(try #require(test["template"] as? String), named: "test")
        for (name, text) in test["partials"] as? [String: String] ?? [:] { try library.register(text, named: name) }
        return library.render(test["data"] as Any, withTemplate: "test")
    }
}
