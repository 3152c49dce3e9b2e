import Foundation
import Glibc

/// The templates and assets a site is rendered with: the embedded defaults, with any file of the
/// same name from a user's folder taking their place.
public struct TemplateSet: Sendable {
    /// File contents by relative path, e.g. `html/week.mustache`, `assets/site.css`.
    public internal(set) var files: [String: String] {
        didSet { chartsAnswer = Locked(nil) }
    }
    /// Where a file came from, by relative path, when it came from a user's folder.
    public private(set) var origins: [String: String] = [:]
    /// `digestShowsCharts`, worked out once for these files (a new one whenever they change).
    private var chartsAnswer = Locked<Bool?>(nil)

    public init(defaults: [String: String]) {
        self.files = defaults
    }

    /// Whether a digest's templates may show a measurement chart (the built-in ones do not): false
    /// only when no template of `digest/` names a chart and each includes no partial and has no
    /// parent but `digest.` templates, with the usual delimiters. The digest's charts are then not drawn.
    public var digestShowsCharts: Bool {
        chartsAnswer.withLock { answer in
            if answer == nil { answer = Self.digestMayShowCharts(files) }
            return answer!
        }
    }

    static func digestMayShowCharts(_ files: [String: String]) -> Bool {
        files.contains { path, text in
            guard path.hasPrefix("digest/") else { return false }
            let bytes = Array(text.utf8)
            if bytes.firstRange(of: Array("chart".utf8)) != nil || bytes.firstRange(of: Array("{{=".utf8)) != nil { return true }
            // Every partial tag, `{{> name}}`, and every parent, `{{< name}}`, must name a digest template.
            for opening in ["{{>", "{{<"] {
                var rest = bytes[...]
                while let tag = rest.firstRange(of: Array(opening.utf8)) {
                    rest = rest[tag.upperBound...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                    if !rest.starts(with: Array("digest.".utf8)) { return true }
                }
            }
            return false
        }
    }

    /// The path to name in an error about the template `name` (`html.index`): the user's file, else
    /// the default's path in the templates folder (`templates/html/index.mustache`).
    public func path(ofTemplate name: String) -> String {
        let relative = Self.relativePath(ofTemplate: name)
        return origins[relative] ?? "templates/\(relative) (built in)"
    }

    /// `html/index.mustache` for the template `html.index`.
    private static func relativePath(ofTemplate name: String) -> String {
        name.replacingOccurrences(of: ".", with: "/") + ".mustache"
    }

    /// Largest template or asset file read from a templates folder (the built-in ones are under 40 KB).
    public static let maxFileBytes = 4 << 20

    /// Replaces defaults with the files found under `directory` (same relative paths).
    public mutating func override(from directory: String) throws(RenderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .templateFolderMissing(directory)
        }
        guard let walker = FileManager.default.enumerator(atPath: directory) else { throw .templateFolderMissing(directory) }
        var matched = 0
        var strays: [String] = []
        while let relative = walker.nextObject() as? String {
            let path = (directory as NSString).appendingPathComponent(relative)
            // A link could bring any file of the machine into the site: refuse it, file or folder.
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { throw .templateSymlink(path) }
            // A hard link is the same file under another name, maybe outside the folder: refuse it too.
            if status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 { throw .templateHardLink(path) }
            if status.st_size > Self.maxFileBytes {
                throw .templateFolder(path: path, message: "larger than \(Self.maxFileBytes >> 20) MiB, more than any template needs; it is not read")
            }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            guard relative.hasSuffix(".mustache") || relative.hasPrefix("assets/") || relative.hasPrefix("text/") else { continue }
            if files[relative] == nil {
                // A misnamed template would be ignored and the default used: say so instead.
                if relative.hasSuffix(".mustache") || relative.hasSuffix(".css") { strays.append(relative) }
                continue
            }
            matched += 1
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw .templateUnreadable(path)
            }
            files[relative] = text
            origins[relative] = path
        }
        let expected = files.keys.filter { $0.hasSuffix(".mustache") || $0.hasPrefix("assets/") }.sorted()
        if let stray = strays.sorted().first {
            let name = (stray as NSString).lastPathComponent
            let sameName = expected.first { ($0 as NSString).lastPathComponent == name }
            let guess = sameName.map { "; in a templates folder it belongs at \($0) (pass the folder that holds html/, md/, digest/ and assets/)" }
                ?? Spelling.closest(stray, among: expected).map { "; did you mean \($0)?" } ?? ""
            throw .templateFolder(
                path: (directory as NSString).appendingPathComponent(stray),
                message: "not a template carereport uses, so it would be ignored\(guess)")
        }
        if matched == 0 {
            throw .templateFolder(
                path: directory,
                message: "holds none of the template files (html/index.mustache, md/index.mustache, digest/text.mustache, assets/site.css, …); "
                    + "pass the folder that holds html/, md/, digest/ and assets/ (carereport templates DIR writes one)")
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
