import Foundation

/// What swift-mustache (2.1, the engine carereport ran before its own) rendered for the feature
/// probe in ``CompiledTemplateTests`` and for the two spec tests it fails, recorded once at commit
/// b143b25 by a throwaway program linking it (Snapshots/swift-mustache-renderings.json). The
/// project no longer depends on swift-mustache; these are the bytes its renderer must keep.
enum SwiftMustacheRenderings {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/swift-mustache-renderings.json")

    static let all: [String: String] = {
        guard let data = FileManager.default.contents(atPath: file.path),
            let decoded = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return decoded
    }()
}
