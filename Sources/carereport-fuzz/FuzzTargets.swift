import CareReports
import Foundation

/// The fuzz targets: each takes one input and traps (`precondition`) when an invariant breaks, so
/// libFuzzer (or the replayer) reports the input. `CAREREPORT_FUZZ` picks the target.
enum FuzzTargets {
    enum Target: String { case ingest, escaping }

    static let target: Target = {
        let name = ProcessInfo.processInfo.environment["CAREREPORT_FUZZ"] ?? "ingest"
        guard let target = Target(rawValue: name) else { fatalError("CAREREPORT_FUZZ takes ingest or escaping") }
        return target
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch target {
        case .ingest: ingest(bytes)
        case .escaping: escaping(bytes)
        }
    }

    /// One file of any content read as an export: errors are fine, a crash or a hang is not. The
    /// bytes go through a file because the loader maps files (as it does in real use).
    static func ingest(_ bytes: UnsafeBufferPointer<UInt8>) {
        let path = scratch + "/export.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(buffer: bytes))
        var loader = ExportLoader()
        loader.workers = 1
        _ = try? loader.load(path)
    }

    /// The bytes as text (invalid UTF-8 repaired, as the JSON reader does): the escaped HTML holds
    /// no markup character but in its own references, no control character, no bidi override.
    static func escaping(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let html = HTMLEscaping.escape(text)
        for scalar in withoutIsolation(html).unicodeScalars {
            precondition(scalar != "<" && scalar != ">" && scalar != "\"" && scalar != "'", "markup character left in escaped HTML")
            precondition(!DisplayText.isDropped(scalar), "control or bidi override left in escaped HTML")
        }
        // References are checked scalar by scalar: a combining mark after `;` must not hide one.
        let scalars = Array(html.unicodeScalars)
        for index in scalars.indices where scalars[index] == "&" {
            let after = String(String.UnicodeScalarView(scalars[index..<min(index + 6, scalars.count)]))
            precondition(["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains { after.unicodeScalars.starts(with: $0.unicodeScalars) },
                         "a bare & in escaped HTML")
        }
        let markdown = MarkdownEscaping.tableCell(text)
        precondition(!withoutIsolation(markdown).unicodeScalars.contains { $0 == "\n" || $0 == "\r" || DisplayText.isDropped($0) },
                     "a line break or control in a table cell")
        let rendered = MarkdownRenderer().html("| a |\n| - |\n| " + markdown + " |\n")
        // An e-mail address still becomes a mailto: link showing the same text (by design); nothing else does.
        let links = rendered.components(separatedBy: "<a ").count - 1
        let mailLinks = rendered.components(separatedBy: "<a href=\"mailto:").count - 1
        precondition(!rendered.contains("<img") && links == mailLinks && !rendered.contains("raw HTML"), "escaped Markdown made markup")
        precondition(rendered.components(separatedBy: "<td").count == 2, "escaped Markdown split the table cell")
    }

    /// `text` without the isolation marks DisplayText puts around right-to-left text (and nowhere else).
    static func withoutIsolation(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.first == DisplayText.isolateStart, scalars.last == DisplayText.isolateEnd else { return text }
        return String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
    }

    static let scratch: String = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let path = base + "/carereport-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}
