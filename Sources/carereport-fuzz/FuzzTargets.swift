import CareReports
import Foundation

/// The fuzz targets: each takes one input and traps (`precondition`) when an invariant breaks, so
/// libFuzzer (or the replayer) reports the input. `CAREREPORT_FUZZ` picks the target.
enum FuzzTargets {
    /// `ingest` reads a file as an export (JSON, and whatever its bytes look like); `ccda`, `zip` and
    /// `template` each go to one reader.
    enum Target: String, CaseIterable { case ingest, escaping, ccda, zip, template }

    static let target: Target = {
        let name = ProcessInfo.processInfo.environment["CAREREPORT_FUZZ"] ?? "ingest"
        guard let target = Target(rawValue: name) else {
            fatalError("CAREREPORT_FUZZ takes \(Target.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch target {
        case .ingest: ingest(bytes)
        case .escaping: escaping(bytes)
        case .ccda: ccda(bytes)
        case .zip: zip(bytes)
        case .template: template(bytes)
        }
    }

    /// The bytes as a C-CDA document: any mistake is a diagnostic naming the file, never a crash.
    static func ccda(_ bytes: UnsafeBufferPointer<UInt8>) {
        let (_, diagnostics) = CCDAImporter.read(UnsafeRawBufferPointer(bytes), file: "fuzz.xml")
        precondition(diagnostics.allSatisfy { $0.file == "fuzz.xml" }, "a C-CDA diagnostic without its file")
    }

    /// The bytes as an archive of clinical documents, read by the loader from a file as in real use:
    /// a tar (`ustar` at offset 257) or a gzip stream under a tar's name, anything else as a zip.
    static func zip(_ bytes: UnsafeBufferPointer<UInt8>) {
        let isGzip = bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
        let isTar = bytes.count >= 262 && Array(bytes[257..<262]) == Array("ustar".utf8)
        let path = scratch + (isGzip ? "/documents.tgz" : isTar ? "/documents.tar" : "/documents.zip")
        _ = FileManager.default.createFile(atPath: path, contents: Data(buffer: bytes))
        var loader = ExportLoader()
        loader.workers = 1
        _ = try? loader.load(path)
    }

    /// The bytes as a custom home page template: parsed and checked (nesting, partials, cycles);
    /// a mistake is a located error, never a crash.
    static func template(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let templates = TemplateSet(defaults: ["html/index.mustache": text, "html/layout.mustache": "{{$content}}{{/content}}"])
        do {
            _ = try PageRenderer(templates: templates)
        } catch {
            precondition(error.errorDescription?.contains("error:") == true, "a template mistake without its place")
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
        userMarkdown(text)
    }

    /// The text as user Markdown (an update, a note): links only to http, https, mailto or a page of
    /// the site itself, and no control, bidi override or noncharacter in what is written (but the
    /// isolation carereport puts around right-to-left text).
    static func userMarkdown(_ text: String) {
        let rendered = MarkdownRenderer().html(text)
        precondition(!rendered.unicodeScalars.contains { DisplayText.isDropped($0) && $0 != DisplayText.isolateStart && $0 != DisplayText.isolateEnd },
                     "a control or bidi override left in rendered Markdown")
        for piece in rendered.components(separatedBy: "href=\"").dropFirst() {
            let href = (piece.split(separator: "\"", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
                .replacingOccurrences(of: "&amp;", with: "&")
            precondition(isKeptLink(href), "a link that leaves the site: \(href)")
        }
    }

    /// http(s) to a host, or mailto with no line break nor header but subject and body; or a relative
    /// reference inside the site (no leading `/` or `?`, no backslash, no `..` segment, no other
    /// scheme): as written and once percent-decoded until stable.
    static func isKeptLink(_ href: String) -> Bool {
        var decoded = href
        while let next = decoded.removingPercentEncoding, next != decoded { decoded = next }
        return decoded == href ? isKeptLinkAsWritten(href) : isKeptLinkAsWritten(href) && isKeptLinkAsWritten(decoded)
    }

    private static func isKeptLinkAsWritten(_ href: String) -> Bool {
        let lower = String(String.UnicodeScalarView(href.lowercased().unicodeScalars.filter { $0.value > 0x20 && !$0.properties.isWhitespace }))
        if lower.hasPrefix("http:") || lower.hasPrefix("https:") {
            return !lower.contains("\\") && lower.drop { $0 != ":" }.dropFirst().hasPrefix("//") && !lower.contains(":///")
        }
        if lower.hasPrefix("mailto:") {
            let fields = lower.split(separator: "?", maxSplits: 1).dropFirst().first?.split(separator: "&") ?? []
            return !href.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
                && fields.allSatisfy { $0.hasPrefix("subject=") || $0.hasPrefix("body=") || $0 == "subject" || $0 == "body" }
        }
        guard let first = href.first, first != "/", first != "?", !href.contains("\\") else { return false }
        let path = href.prefix { $0 != "?" && $0 != "#" }
        if path.contains(":") && !path.contains("/") { return false }  // another scheme
        if let colon = path.firstIndex(of: ":"), let slash = path.firstIndex(of: "/"), colon < slash { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains {
            $0.replacingOccurrences(of: "%2e", with: ".", options: .caseInsensitive) == ".."
        }
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
