import Foundation
import Glibc

/// The templates and assets a site is rendered with: the embedded defaults, with any file of the
/// same name from a user's folder taking their place.
public struct TemplateSet: Sendable {
    /// File contents by relative path, e.g. `html/week.mustache`, `assets/site.css`.
    public private(set) var files: [String: String]

    public init(defaults: [String: String]) {
        self.files = defaults
    }

    /// Replaces defaults with the files found under `directory` (same relative paths).
    public mutating func override(from directory: String) throws(RenderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .templateFolderMissing(directory)
        }
        guard let walker = FileManager.default.enumerator(atPath: directory) else { throw .templateFolderMissing(directory) }
        while let relative = walker.nextObject() as? String {
            let path = (directory as NSString).appendingPathComponent(relative)
            // A link could bring any file of the machine into the site: refuse it, file or folder.
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { throw .templateSymlink(path) }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            guard relative.hasSuffix(".mustache") || relative.hasPrefix("assets/") || relative.hasPrefix("text/") else { continue }
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw .templateUnreadable(path)
            }
            files[relative] = text
        }
    }

    /// Mustache templates by name: the path without `.mustache`, with `.` for `/` (`html.week`).
    var templates: [String: String] {
        var result: [String: String] = [:]
        for (path, text) in files where path.hasSuffix(".mustache") {
            result[path.dropLast(9).replacingOccurrences(of: "/", with: ".")] = text
        }
        return result
    }

    /// Static assets by path (e.g. `assets/site.css`).
    var assets: [String: String] {
        files.filter { $0.key.hasPrefix("assets/") }
    }
}
