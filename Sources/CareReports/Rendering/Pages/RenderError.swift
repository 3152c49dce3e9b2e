import Foundation

/// Why the site could not be rendered; names the template, never the data.
public enum RenderError: Error, LocalizedError, Sendable, Equatable {
    case templateFolderMissing(String)
    case templateUnreadable(String)
    case templateSymlink(String)
    case templateSyntax(name: String, line: Int, column: Int, message: String)
    case templateMissing(String)

    public var errorDescription: String? {
        switch self {
        case .templateFolderMissing(let path): "\(path): error: no such templates folder"
        case .templateUnreadable(let path): "\(path): error: cannot read the template as UTF-8"
        case .templateSymlink(let path): "\(path): error: a symbolic link in the templates folder; copy the file in instead"
        case .templateSyntax(let name, let line, let column, let message): "\(name).mustache:\(line):\(column): error: \(message)"
        case .templateMissing(let name): "error: template \(name).mustache is missing"
        }
    }
}
