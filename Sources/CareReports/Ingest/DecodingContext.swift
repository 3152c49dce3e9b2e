/// Walks one file's JSON tree, tracking the key path and collecting diagnostics.
final class DecodingContext {
    let file: String
    private(set) var path: [PathComponent] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var errorCount = 0

    init(file: String, root: [PathComponent] = []) {
        self.file = file
        self.path = root
    }

    var currentPath: String { path.rendered }

    func error(_ message: String) {
        errorCount += 1
        diagnostics.append(Diagnostic(.error, file: file, keyPath: path.rendered, message: message))
    }

    func warning(_ message: String) {
        diagnostics.append(Diagnostic(.warning, file: file, keyPath: path.rendered, message: message))
    }

    /// Runs `body` with `component` appended to the key path.
    func at<T>(_ component: PathComponent, _ body: () -> T) -> T {
        path.append(component)
        defer { path.removeLast() }
        return body()
    }

    func at<T>(_ key: String, _ body: () -> T) -> T { at(.key(key), body) }

    /// Decodes one record; returns nil (the record is rejected) when any error was reported inside it.
    func record<T>(_ index: Int, _ body: () -> T?) -> T? {
        let before = errorCount
        let value = at(.index(index), body)
        return errorCount == before ? value : nil
    }
}
