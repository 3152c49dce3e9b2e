import Foundation

/// One mailbox: an ASCII `local@domain` address with an optional display name (any Unicode text).
///
/// Parsed from `--to`/`--from` strings: `Name <a@b.org>`, `"Name, Jr." <a@b.org>` or `a@b.org`.
/// Line breaks and control characters anywhere are rejected (header injection). Only the common dot-atom
/// form is accepted: no quoted local parts, no domain literals, no comments, no non-ASCII addresses.
public struct MailAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The `local@domain` part, as given.
    public let address: String
    /// The display name, unquoted; nil when there is none.
    public let displayName: String?

    /// Validates the address and display name.
    public init(address: String, displayName: String? = nil) throws {
        let raw = displayName.map { "\($0) <\(address)>" } ?? address
        if (address + (displayName ?? "")).unicodeScalars.contains(where: MailText.isControl) {
            throw MailError.controlCharacter(raw)
        }
        try MailAddress.validate(addrSpec: address, input: raw)
        let name = displayName.map(MailText.singleLine)
        self.address = address
        self.displayName = (name?.isEmpty ?? true) ? nil : name
    }

    /// Parses `Name <local@domain>`, `"Quoted, Name" <local@domain>`, `<local@domain>` or `local@domain`.
    public init(parsing input: String) throws {
        if input.unicodeScalars.contains(where: MailText.isControl) {
            throw MailError.controlCharacter(input)
        }
        let text = input.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { throw MailError.emptyAddress }
        guard text.hasSuffix(">") else {
            if text.contains("<") || text.contains(">") {
                throw MailError.malformedAddress(input, "expected Name <local@domain>")
            }
            try self.init(address: text, displayName: nil)
            return
        }
        guard let open = text.lastIndex(of: "<") else {
            throw MailError.malformedAddress(input, "expected Name <local@domain>")
        }
        let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        var name = text[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2 && name.hasPrefix("\"") && name.hasSuffix("\"") {
            var unquoted = ""
            var escaping = false
            for character in name.dropFirst().dropLast() {
                if escaping {
                    unquoted.append(character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == "\"" {
                    throw MailError.malformedAddress(input, "the display name has an unescaped quote")
                } else {
                    unquoted.append(character)
                }
            }
            if escaping { throw MailError.malformedAddress(input, "the display name ends in a backslash") }
            name = unquoted
        } else if name.contains("\"") || name.contains("<") || name.contains(">") {
            throw MailError.malformedAddress(input, "quote the display name if it contains \", < or >")
        }
        try self.init(address: address, displayName: name.isEmpty ? nil : name)
    }

    /// Parses a comma-separated list, e.g. `--to "Ann <ann@example.org>, bob@example.org"`; commas inside
    /// quotes or angle brackets do not split. Empty items are rejected.
    public static func parseList(_ input: String) throws -> [MailAddress] {
        if input.unicodeScalars.contains(where: MailText.isControl) {
            throw MailError.controlCharacter(input)
        }
        var items: [String] = []
        var current = ""
        var inQuotes = false
        var inAngle = false
        var escaping = false
        for character in input {
            if escaping {
                escaping = false
            } else if inQuotes && character == "\\" {
                escaping = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if !inQuotes && character == "<" {
                inAngle = true
            } else if !inQuotes && character == ">" {
                inAngle = false
            } else if !inQuotes && !inAngle && character == "," {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return try items.map { try MailAddress(parsing: $0) }
    }

    /// `Name <local@domain>` or `local@domain`, unencoded (for messages and logs, not for headers).
    public var description: String {
        displayName.map { "\($0) <\(address)>" } ?? address
    }

    /// Header tokens: the display name (atoms, a quoted-string or RFC 2047 encoded-words) and `<address>`.
    func headerTokens(header: String) -> [String] {
        guard let displayName else { return [address] }
        return HeaderEncoding.phraseTokens(displayName, header: header) + ["<\(address)>"]
    }

    private static func validate(addrSpec: String, input: String) throws {
        func fail(_ reason: String) -> MailError { .malformedAddress(input, reason) }
        if addrSpec.isEmpty { throw fail("the address is empty") }
        if !addrSpec.unicodeScalars.allSatisfy({ $0.isASCII }) {
            throw fail("non-ASCII addresses are not supported")
        }
        if addrSpec.utf8.count > 254 { throw fail("the address is longer than 254 characters") }
        let parts = addrSpec.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw fail("expected exactly one @ in local@domain") }
        let local = parts[0]
        let domain = parts[1]
        if local.isEmpty || local.utf8.count > 64 { throw fail("the part before @ must be 1 to 64 characters") }
        let localAtoms = local.split(separator: ".", omittingEmptySubsequences: false)
        if localAtoms.contains(where: { $0.isEmpty || !$0.unicodeScalars.allSatisfy(MailText.isAtext) }) {
            throw fail("the part before @ has a character that is not allowed")
        }
        if domain.isEmpty { throw fail("the domain after @ is missing") }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            let valid = !label.isEmpty && label.utf8.count <= 63
                && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy(MailAddress.isHostCharacter)
            if !valid { throw fail("the domain after @ is not a valid host name") }
        }
    }

    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-": true
        default: false
        }
    }
}
