import Foundation

/// Why an address or header cannot go into a mail message; messages are lowercase with no final period.
public enum MailError: Error, LocalizedError, Sendable, Equatable {
    /// The address was empty or only whitespace.
    case emptyAddress
    /// The address contains CR, LF or another control character (a header injection attempt or a paste error).
    case controlCharacter(String)
    /// The address is not `Name <local@domain>` or `local@domain`; the second value says why.
    case malformedAddress(String, String)
    /// The extra header's name is not printable ASCII without spaces or colons.
    case invalidHeaderName(String)
    /// The extra header names a field the message builder writes itself.
    case reservedHeader(String)
    /// The extra header's value contains CR, LF or another control character.
    case headerControlCharacter(String)

    public var errorDescription: String? {
        switch self {
        case .emptyAddress:
            "invalid address: it is empty"
        case .controlCharacter(let input):
            "invalid address \"\(MailError.escaped(input))\": it contains a line break or control character"
        case .malformedAddress(let input, let reason):
            "invalid address \"\(MailError.escaped(input))\": \(reason)"
        case .invalidHeaderName(let name):
            "invalid header name \"\(MailError.escaped(name))\": use printable ASCII without spaces or colons"
        case .reservedHeader(let name):
            "header \"\(MailError.escaped(name))\" is written by carereport itself and cannot be added"
        case .headerControlCharacter(let name):
            "header \"\(MailError.escaped(name))\" has a value with a line break or control character"
        }
    }

    /// Shows control characters as escapes so an error message is always one line.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default:
                if MailText.isControl(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
