import Foundation

/// Why the site could not be rendered; names the template, never the data.
public enum RenderError: Error, LocalizedError, Sendable, Equatable {
    case templateFolderMissing(String)
    case templateUnreadable(String)
    case templateSymlink(String)
    case templateSyntax(name: String, line: Int, column: Int, message: String)
    case templateMissing(String)
    /// A partial or variable that names nothing, at a file's line.
    case templateReference(file: String, line: Int, message: String)
    /// A templates folder whose files are not the expected ones.
    case templateFolder(path: String, message: String)

    public var errorDescription: String? {
        switch self {
        case .templateFolderMissing(let path): "\(path): error: no such templates folder"
        case .templateUnreadable(let path): "\(path): error: cannot read the template as UTF-8"
        case .templateSymlink(let path): "\(path): error: a symbolic link in the templates folder; copy the file in instead"
        case .templateSyntax(let name, let line, let column, let message): "\(name):\(line):\(column): error: \(message)"
        case .templateReference(let file, let line, let message): "\(file):\(line): error: \(message)"
        case .templateFolder(let path, let message): "\(path): error: \(message)"
        case .templateMissing(let name): "error: template \(name).mustache is missing"
        }
    }
}
