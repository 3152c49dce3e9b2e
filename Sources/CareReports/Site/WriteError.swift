import Foundation

/// Why the output could not be written (exit status 73); the previous output is left as it was.
public enum WriteError: Error, LocalizedError, Sendable, Equatable {
    case notASite(String)
    case cannotCreate(String, String)
    case cannotWrite(String, String)
    case cannotSwap(String, String)
    case symbolicLink(String)
    /// The output's parent folder cannot take the staging folder: (parent, output name, reason).
    case parentNotWritable(String, String, String)
    /// `--out` names a file where a folder is wanted.
    case notAFolder(String)
    /// A document's path names a folder.
    case isAFolder(String)

    public var errorDescription: String? {
        switch self {
        case .notASite(let path):
            "\(path): error: the folder holds files carereport did not write; refusing to replace it (choose an empty or new folder)"
        case .cannotCreate(let path, let reason): "\(path): error: cannot create: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): error: cannot write: \(reason)"
        case .cannotSwap(let path, let reason): "\(path): error: cannot put the new site in place: \(reason)"
        case .parentNotWritable(let parent, let name, let reason):
            "\(parent): error: cannot write \(name) here: \(reason). carereport writes the new \(name) beside it in this folder and swaps it in whole, so this folder (not only \(name)) must be writable"
        case .notAFolder(let path):
            "\(path): error: is a file, not a folder; --out takes the folder to write the site into (a new or empty one, or an earlier site)"
        case .isAFolder(let path):
            "\(path): error: is a folder; --out takes the file to write, such as \(path)/visit.html"
        case .symbolicLink(let path):
            "\(path): error: the output is a symbolic link; replacing it would leave the old site where it points. Give the real folder"
        }
    }
}
