import Foundation

/// Why the site could not be rendered; names the template, never the data.
public enum RenderError: Error, LocalizedError, Sendable, Equatable {
    case templateFolderMissing(String)
    case templateUnreadable(String)
    case templateSymlink(String)
    /// A file of the templates folder that has other names (hard links) elsewhere.
    case templateHardLink(String)
    case templateSyntax(name: String, line: Int, column: Int, message: String)
    case templateMissing(String)
    /// A partial or variable that names nothing, at a file's line and column.
    case templateReference(file: String, line: Int, column: Int, message: String)
    /// A page model whose `encode(to:)` threw (a bug in carereport, not in the templates).
    case modelEncoding(type: String, template: String)
    /// A templates folder whose files are not the expected ones.
    case templateFolder(path: String, message: String)

    public var errorDescription: String? {
        switch self {
        case .templateFolderMissing(let path): "\(path): error: no such templates folder"
        case .templateUnreadable(let path): "\(path): error: cannot read the template as UTF-8"
        case .templateSymlink(let path): "\(path): error: a symbolic link in the templates folder; copy the file in instead"
        case .templateHardLink(let path): "\(path): error: a file with several hard links in the templates folder (it may be a file from elsewhere); copy the file in instead"
        case .templateSyntax(let name, let line, let column, let message): "\(name):\(line):\(column): error: \(message)"
        case .templateReference(let file, let line, let column, let message): "\(file):\(line):\(column): error: \(message)"
        case .modelEncoding(let type, let template): "error: internal: the page model \(type) for \(template) could not be read"
        case .templateFolder(let path, let message): "\(path): error: \(message)"
        case .templateMissing(let name): "error: template \(name).mustache is missing"
        }
    }
}
