import Foundation

/// Why the output could not be written (exit status 73); the previous output is left as it was.
public enum WriteError: Error, LocalizedError, Sendable, Equatable {
    case notASite(String)
    case cannotCreate(String, String)
    case cannotWrite(String, String)
    case cannotSwap(String, String)
    case symbolicLink(String)

    public var errorDescription: String? {
        switch self {
        case .notASite(let path):
            "\(path): error: the folder holds files carereport did not write; refusing to replace it (choose an empty or new folder)"
        case .cannotCreate(let path, let reason): "\(path): error: cannot create: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): error: cannot write: \(reason)"
        case .cannotSwap(let path, let reason): "\(path): error: cannot put the new site in place: \(reason)"
        case .symbolicLink(let path):
            "\(path): error: the output is a symbolic link; replacing it would leave the old site where it points. Give the real folder"
        }
    }
}
