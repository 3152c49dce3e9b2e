/// Folds the warnings of one imported document that say the same thing into one line: the first,
/// with how many there were ("(12 times; the first here)"). Errors and warnings with a line and
/// column are kept as they are.
enum WarningFolding {
    static func fold(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .warning && diagnostic.line == nil {
            counts[diagnostic.message, default: 0] += 1
        }
        var seen: Set<String> = []
        return diagnostics.compactMap { diagnostic in
            guard diagnostic.severity == .warning, diagnostic.line == nil, let count = counts[diagnostic.message] else { return diagnostic }
            guard seen.insert(diagnostic.message).inserted else { return nil }
            guard count > 1 else { return diagnostic }
            return Diagnostic(
                .warning, file: diagnostic.file, keyPath: diagnostic.keyPath,
                message: diagnostic.message + " (\(count) times; the first here)")
        }
    }
}
