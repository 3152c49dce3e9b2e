import Foundation

/// Small shared helpers for the mail builder: hashing, character classes and whitespace clean-up.
enum MailText {
    /// 64-bit FNV-1a: tiny, stable across platforms and runs (unlike `Hasher`), good enough for ids and boundaries.
    static func fnv1a64<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Lowercase hex with leading zeros (16 digits).
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// C0 controls, DEL, C1 controls and the Unicode line/paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029
    }

    /// `atext` from RFC 5322 3.2.3: the characters allowed in an atom without quoting.
    static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", "/", "=", "?", "^", "_", "`", "{", "|", "}", "~": true
        default: false
        }
    }

    /// Turns every run of whitespace and control characters (CR and LF included) into one space and trims the ends,
    /// so text from the data can never start a new header line; drops the bidi controls and
    /// noncharacters that ``DisplayText`` drops, so no Subject or name displays reversed.
    static func singleLine(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if !isControl(scalar), DisplayText.isDropped(scalar) { continue }
            if isControl(scalar) || scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out += " " }
                pendingSpace = false
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
