import Foundation

/// Quoted-printable content transfer encoding (RFC 2045 section 6.7) for UTF-8 text bodies.
public enum QuotedPrintable {
    /// Encodes text as quoted-printable with CRLF line ends.
    ///
    /// Any line ending in the input (CRLF, CR or LF) becomes a hard CRLF break. Encoded lines are at most
    /// 76 characters, continued with a soft break (`=` at the end of the line). `=`, control characters,
    /// non-ASCII bytes and a space or tab at the end of a line are written as `=XX`. So that the body survives
    /// mail transport unchanged, an encoded line never starts with `From ` (mbox would quote it: `F` becomes
    /// `=46`) or with `.` (a lone dot ends the message for `sendmail` without `-i`, and SMTP doubles it:
    /// `.` becomes `=2E`). The output is pure ASCII and never contains `=_`, which the boundary relies on.
    public static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        let bytes = Array(text.utf8)
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D || byte == 0x0A {
                encodeLine(bytes[lineStart..<index], into: &out)
                out += [0x0D, 0x0A]
                if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                lineStart = index
            } else {
                index += 1
            }
        }
        encodeLine(bytes[lineStart..<bytes.count], into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let fromSpace = Array("From ".utf8)

    /// Encodes one line (without its line break). A UTF-8 sequence is kept on one encoded line, so even a
    /// decoder that works line by line sees whole characters.
    private static func encodeLine(_ line: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var column = 0
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            var unitEnd = index + 1
            if byte >= 0xC0 {
                while unitEnd < line.endIndex && unitEnd - index < 4 && line[unitEnd] & 0xC0 == 0x80 { unitEnd += 1 }
            }
            let isLast = unitEnd == line.endIndex
            var literal: Bool
            switch byte {
            case 0x3D: literal = false  // "="
            case 33...126: literal = true
            case 0x20, 0x09: literal = !isLast
            default: literal = false
            }
            if literal && column == 0 {
                if byte == UInt8(ascii: ".") { literal = false }
                if byte == UInt8(ascii: "F") && line[index...].starts(with: fromSpace) { literal = false }
            }
            let length = literal ? 1 : 3 * (unitEnd - index)
            // The last character of the line may reach column 76; any other must leave room for the soft break.
            if column > 0 && column + length > (isLast ? 76 : 75) {
                out += [UInt8(ascii: "="), 0x0D, 0x0A]
                column = 0
                continue  // re-decide at column 0 (a leading "." or "From " is encoded there)
            }
            if literal {
                out.append(byte)
            } else {
                for part in line[index..<unitEnd] {
                    out.append(UInt8(ascii: "="))
                    out += Array(hexByte(part).utf8)
                }
            }
            column += length
            index = unitEnd
        }
    }

    /// Two uppercase hex digits, as RFC 2045 requires.
    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
