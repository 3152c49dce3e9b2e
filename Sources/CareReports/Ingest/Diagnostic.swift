/// A problem found in the input: where it is (file, and line and column or key path) and what is
/// wrong. Messages name keys and expectations, never the health content of a value.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    public let severity: Severity
    public let file: String
    public let line: Int?
    public let column: Int?
    public let keyPath: String?
    public let message: String

    public init(_ severity: Severity, file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// `FILE:LINE:COL: error: MESSAGE` or `FILE: error: at KEY.PATH: MESSAGE`.
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
        if let keyPath, !keyPath.isEmpty { return "\(file): \(severity.rawValue): at \(keyPath): \(message)" }
        return "\(file): \(severity.rawValue): \(message)"
    }

    /// The same problem raised to an error (for `validate --strict`).
    public var asError: Diagnostic {
        Diagnostic(.error, file: file, line: line, column: column, keyPath: keyPath, message: message)
    }
}
