/// Reads the entries of a gettext PO file: `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and
/// `msgstr[n]`, each a C string that may continue on the following lines; `#,` flags (`fuzzy`);
/// other comments are skipped.
enum POParser {
    struct RawEntry {
        var context: String?
        var msgid = ""
        var plural: String?
        var forms: [String] = []
        var fuzzy = false
        var line = 0
    }

    static func parse(_ text: String) throws(CatalogError) -> [RawEntry] {
        var entries: [RawEntry] = []
        var current = RawEntry()
        var started = false
        var fuzzyNext = false
        // Where the following continuation lines go.
        enum Field { case context, msgid, plural, form(Int) }
        var field: Field?

        func finish() {
            if started { entries.append(current) }
            current = RawEntry()
            started = false
        }

        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if line.hasPrefix("#,"), line.contains("fuzzy") { fuzzyNext = true }
                if line.hasPrefix("#~") { continue }
                continue
            }
            if line.hasPrefix("\"") {
                guard let field else { throw CatalogError(line: number, message: "a string outside any msgid or msgstr") }
                let value = try string(line, number)
                switch field {
                case .context: current.context = (current.context ?? "") + value
                case .msgid: current.msgid += value
                case .plural: current.plural = (current.plural ?? "") + value
                case .form(let index): current.forms[index] += value
                }
                continue
            }
            guard let space = line.firstIndex(of: " ") else { throw CatalogError(line: number, message: "expected a keyword and a string") }
            let keyword = String(line[..<space])
            let value = try string(line[line.index(after: space)...].trimmingCharacters(in: .whitespaces), number)
            switch keyword {
            case "msgctxt":
                finish()
                started = true
                current.context = value
                current.line = number
                field = .context
            case "msgid":
                if !(started && current.msgid.isEmpty && current.forms.isEmpty && current.context != nil) {
                    finish()
                    started = true
                }
                current.msgid = value
                current.line = number
                current.fuzzy = fuzzyNext
                fuzzyNext = false
                field = .msgid
            case "msgid_plural":
                guard started else { throw CatalogError(line: number, message: "msgid_plural without msgid") }
                current.plural = value
                field = .plural
            default:
                guard started else { throw CatalogError(line: number, message: "\(keyword) without msgid") }
                if keyword == "msgstr" {
                    current.forms = [value]
                    field = .form(0)
                } else if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()),
                    index == current.forms.count
                {
                    current.forms.append(value)
                    field = .form(index)
                } else {
                    throw CatalogError(line: number, message: "unknown keyword \(keyword)")
                }
            }
        }
        finish()
        return entries
    }

    /// The value of one quoted C string, escapes read.
    static func string(_ text: String, _ line: Int) throws(CatalogError) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            throw CatalogError(line: line, message: "expected a string in double quotes")
        }
        var result = String.UnicodeScalarView()
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            if scalar == "\\" {
                index += 1
                guard index < scalars.count - 1 else { throw CatalogError(line: line, message: "a backslash ends the string") }
                switch scalars[index] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                default: throw CatalogError(line: line, message: "unknown escape \\\(scalars[index])")
                }
            } else if scalar == "\"" {
                throw CatalogError(line: line, message: "an unescaped double quote inside the string")
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }
}
