extension JSONParser {
    static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

extension JSONParser {
    /// Checks a string starting at the opening quote (UTF-8, escapes, control characters, length)
    /// and moves past it; returns where its content starts, how many bytes it has, and whether it
    /// holds an escape. Plain ASCII is checked eight bytes at a time.
    mutating func scanString() throws(JSONSyntaxError) -> (offset: Int, length: Int, escaped: Bool) {
        let start = index
        index += 1
        let contentStart = index
        var plain = true
        let base = bytes.baseAddress!
        while true {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let special = Self.specialBytes(word)
                if special != 0 {
                    index += special.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            if index - contentStart > Self.maxStringBytes {
                index = start
                throw error("string longer than \(Self.maxStringBytes >> 20) MiB")
            }
            guard index < bytes.count else {
                index = start
                throw error("unterminated string")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                plain = false
                // Every escape is a backslash and one ASCII byte (`unescape` checks which); skipping a
                // non-ASCII one would land inside a character and report valid UTF-8 as invalid.
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { throw error("invalid escape in a string") }
                index += 2
                continue
            }
            if byte < 0x20 { throw error("control character in a string (escape it as \\u00\(byte < 16 ? "0" : "")\(String(byte, radix: 16)))") }
            if byte < 0x80 {
                index += 1
            } else {
                try skipMultibyteScalar()
            }
        }
        let contentEnd = index
        index += 1
        if !plain { _ = try Self.unescape(UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]), at: contentStart) }
        return (contentStart, contentEnd - contentStart, !plain)
    }

    /// Marks (in the high bit of each byte) the bytes of `word` a string scan must stop at: a quote,
    /// a backslash, a control character or a non-ASCII byte. The lowest mark is exact; marks above
    /// it may be false, which only costs a byte-by-byte step.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
        let quote = zeroBytes(word ^ (ones &* 0x22))
        let backslash = zeroBytes(word ^ (ones &* 0x5C))
        let control = (word &- ones &* 0x20) & ~word & high
        return quote | backslash | control | (word & high)
    }

    /// Checks one UTF-8 encoded scalar of two to four bytes at `index` and moves past it.
    private mutating func skipMultibyteScalar() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
        default: throw error("invalid UTF-8 byte sequence")
        }
        guard index + length <= bytes.count else { throw error("invalid UTF-8 byte sequence") }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { throw error("invalid UTF-8 byte sequence") }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw error("invalid UTF-8 byte sequence")
        }
        index += length
    }

    /// The text of a string's content with its escapes replaced; errors carry the file offset.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, at base: Int) throws(JSONSyntaxError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var position = 0
        func fail(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: base + position, message: message) }
        func hex4(_ at: Int) throws(JSONSyntaxError) -> UInt32 {
            guard at + 4 <= raw.count else { throw fail("incomplete \\u escape") }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = raw[at + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw fail("invalid \\u escape")
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            guard position + 1 < raw.count else { throw fail("incomplete escape") }
            let escaped = raw[position + 1]
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(position + 2)
                var consumed = 6
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 7 < raw.count, raw[position + 6] == UInt8(ascii: "\\"), raw[position + 7] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate in a \\u escape") }
                    let low = try hex4(position + 8)
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    consumed = 12
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate in a \\u escape")
                }
                output.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                position += consumed
                continue
            default: throw fail("invalid escape in a string")
            }
            position += 2
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Parses a number; exact for up to 15 significant digits and small exponents, else via the
    /// standard library's correctly rounded conversion.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number: leading zero") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        if digits == 0 { digits = 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                fractionDigits += 1
                index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if !hasExponent, digits <= 15, fractionDigits <= 22 {
            let value = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
