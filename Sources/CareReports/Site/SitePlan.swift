/// Every file of a site as relative path and bytes, sorted by path: what the writer puts on disk.
public struct SitePlan: Sendable {
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]
    }

    public private(set) var files: [File] = []

    public init() {}

    public mutating func add(_ path: String, _ text: String) {
        files.append(File(path: path, bytes: Array(text.utf8)))
    }

    /// A file that is not text: an attachment copied into the site.
    public mutating func add(_ path: String, bytes: [UInt8]) {
        files.append(File(path: path, bytes: bytes))
    }

    /// The files sorted by path, so writing and hashing are deterministic.
    public var sorted: [File] { files.sorted { $0.path < $1.path } }

    public var paths: [String] { sorted.map(\.path) }
}
