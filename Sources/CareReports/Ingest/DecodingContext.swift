/// Walks one file's JSON tree, tracking the key path and collecting diagnostics.
final class DecodingContext {
    let file: String
    private let path: PathStack
    private(set) var diagnostics: [Diagnostic] = []
    private let errors = Tally()

    init(file: String, root: [PathComponent] = []) {
        self.file = file
        self.path = PathStack(root)
    }

    var currentPath: String { path.components.rendered }

    var errorCount: Int { errors.count }

    func error(_ message: String) {
        errors.increment()
        diagnostics.append(Diagnostic(.error, file: file, keyPath: currentPath, message: message))
    }

    func warning(_ message: String) {
        diagnostics.append(Diagnostic(.warning, file: file, keyPath: currentPath, message: message))
    }

    /// Runs `body` with `component` appended to the key path.
    func at<T>(_ component: PathComponent, _ body: () -> T) -> T {
        path.push(component)
        defer { path.pop() }
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
