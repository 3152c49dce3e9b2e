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
    /// The staging folder was removed (or replaced) by another process while this one wrote it.
    case stagingGone(String)
    /// A document of many could not be renamed into place after `placed` of `of` were.
    case partlyPlaced(String, placed: Int, of: Int)

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
        case .stagingGone(let path):
            "\(path): error: the staging folder was removed by another process while this run wrote it; nothing was put in place (the previous output is as it was). Is another carereport run cleaning up this folder?"
        case .partlyPlaced(let path, let placed, let total):
            "\(path): error: cannot be put in place; \(placed) of the \(total) files of this run were put in place before it, the others were not"
        case .symbolicLink(let path):
            "\(path): error: the output is a symbolic link; replacing it would leave the old site where it points. Give the real folder"
        }
    }
}
