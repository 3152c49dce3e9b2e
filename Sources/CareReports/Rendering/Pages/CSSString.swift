/// Escapes text for a CSS string literal inside a `<style>` element: only letters, digits, spaces and
/// harmless punctuation stay as they are; everything else becomes a `\HEX ` escape, so no quote,
/// backslash, `<` or newline can end the string or the element. What ``DisplayText`` drops (controls,
/// bidi overrides and isolates, noncharacters) is dropped, not escaped: an escape would still put it
/// in the printed header.
public enum CSSString {
    /// `text` as the inside of a CSS string literal.
    public static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars where !DisplayText.isDropped(scalar) {
            let value = scalar.value
            let plain = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || " .,:;·-()/'".unicodeScalars.contains(scalar) || (value >= 0xA0 && value != 0x2028 && value != 0x2029)
            if plain {
                output.unicodeScalars.append(scalar)
            } else {
                output += "\\" + String(value, radix: 16, uppercase: true) + " "
            }
        }
        return output
    }
}
