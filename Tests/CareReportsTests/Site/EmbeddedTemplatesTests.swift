import CareReports
import Foundation
import Templates
import Testing

/// The binary's embedded templates must be exactly the files under templates/.
@Suite struct EmbeddedTemplatesTests {
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("templates")

    @Test func embeddedCopyMatchesTemplatesFolder() throws {
        var onDisk: [String: String] = [:]
        let root = Self.templatesFolder.path
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            onDisk[relative] = try String(contentsOfFile: path, encoding: .utf8)
        }
        #expect(!onDisk.isEmpty)
        #expect(Set(onDisk.keys) == Set(EmbeddedTemplates.files.keys), "run scripts/embed-templates.py")
        for (path, text) in onDisk {
            #expect(EmbeddedTemplates.files[path] == text, "\(path) differs from its embedded copy: run scripts/embed-templates.py")
        }
    }

    /// Every built-in template parses, names only templates that exist, and uses no unknown transform.
    @Test func everyBuiltInTemplateParses() throws {
        let templates = EmbeddedTemplates.files.filter { $0.key.hasSuffix(".mustache") }
        #expect(templates.count > 30)
        #expect(throws: Never.self) { _ = try PageRenderer(templates: TemplateSet(defaults: EmbeddedTemplates.files)) }
    }
}
