extension TemplateLocalizer {
    /// Where the character at `line` and `column` (both from 1, in characters) of `source` localised
    /// for `words` came from in `source` itself: a template mistake is reported at the place in the
    /// file the user wrote, not in the text the pre-pass made of it. A place inside a marker's
    /// placeholder binding (`|name={{page.nmae}}`) maps to that binding; one in the translated
    /// words, to the marker. Markers never span lines, so the line is the same; nil when the two
    /// texts do not line up (the place is then reported as it is).
    static func originalPlace(line: Int, column: Int, in source: String, words: Localizer) -> Int? {
        let kind = Kind(source: source)
        let originalLines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard line >= 1, line <= originalLines.count else { return nil }
        let original = Array(originalLines[line - 1])
        var produced = 0  // characters of the localised line written so far
        var index = 0
        let target = column - 1
        while index < original.count {
            // A marker starts here when "[[" opens one that parses (as `localize` reads them).
            if original[index] == "[", index + 1 < original.count, original[index + 1] == "[",
                let close = Self.close(original, from: index + 2)
            {
                let inside = String(original[(index + 2)..<close])
                if inside == "lang" {
                    let length = words.language.count
                    if target < produced + length { return index + 1 }
                    produced += length
                    index = close + 2
                    continue
                }
                if let marker = parse(Substring(inside)) {
                    let (length, bindingAt) = spans(marker, kind: kind, words: words)
                    if target < produced + length {
                        let offset = target - produced
                        // The binding's text in the marker source, at the same offset within it.
                        for (name, start, count) in bindingAt where offset >= start && offset < start + count {
                            let key = "|\(name)="
                            if let at = Self.find(Array(key), in: original, from: index + 2, to: close) {
                                return at + key.count + (offset - start) + 1
                            }
                        }
                        return index + 1
                    }
                    produced += length
                    index = close + 2
                    continue
                }
            }
            if produced == target { return index + 1 }
            produced += 1
            index += 1
        }
        return produced == target ? index + 1 : nil
    }

    /// The end of the marker opened just before `from`: the first "]]".
    private static func close(_ text: [Character], from: Int) -> Int? {
        var index = from
        while index + 1 < text.count {
            if text[index] == "]" && text[index + 1] == "]" { return index }
            index += 1
        }
        return nil
    }

    private static func find(_ needle: [Character], in text: [Character], from: Int, to end: Int) -> Int? {
        guard !needle.isEmpty, end - needle.count >= from else { return nil }
        for start in from...(end - needle.count) where Array(text[start..<(start + needle.count)]) == needle { return start }
        return nil
    }

    /// The marker's replacement length in characters and, for each binding filled in, where its
    /// value stands in the replacement (name, start, length).
    private static func spans(_ marker: Marker, kind: Kind, words: Localizer) -> (Int, [(String, Int, Int)]) {
        // The replacement with each binding's value swapped for a unique token, to find where each lands.
        var tokens: [String: String] = [:]
        for (position, name) in marker.bindings.keys.sorted().enumerated() { tokens[name] = "\u{E000}\(position)\u{E001}" }
        let unfilled = Marker(msgid: marker.msgid, context: marker.context, bindings: tokens)
        let withTokens = Array(text(unfilled, kind: kind, words: words))
        var result: [(String, Int, Int)] = []
        var produced = 0
        var index = 0
        let names = marker.bindings.keys.sorted()
        while index < withTokens.count {
            if withTokens[index] == "\u{E000}", let end = withTokens[index...].firstIndex(of: "\u{E001}"),
                let position = Int(String(withTokens[(index + 1)..<end])), position < names.count
            {
                let name = names[position]
                let count = marker.bindings[name]!.count
                result.append((name, produced, count))
                produced += count
                index = end + 1
                continue
            }
            produced += 1
            index += 1
        }
        return (produced, result)
    }
}
