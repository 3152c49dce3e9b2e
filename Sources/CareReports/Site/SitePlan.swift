/// Every file of a site as relative path and bytes, sorted by path: what the writer puts on disk.
public struct SitePlan: Sendable {
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]
    }

    public private(set) var files: [File] = []

    public init() {}

    /// A file made elsewhere (a rendered page's bytes).
    public mutating func add(_ file: File) {
        files.append(file)
    }

    public mutating func add(_ path: String, _ text: String) {
        files.append(File(path: path, bytes: Array(text.utf8)))
    }

    /// A file given as its bytes: an attachment copied into the site, a page rendered into UTF-8.
    public mutating func add(_ path: String, bytes: [UInt8]) {
        files.append(File(path: path, bytes: bytes))
    }

    /// The files sorted by path, so writing and hashing are deterministic.
    public var sorted: [File] { files.sorted { $0.path < $1.path } }

    public var paths: [String] { sorted.map(\.path) }
}
