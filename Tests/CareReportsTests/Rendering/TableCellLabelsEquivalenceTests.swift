import Foundation
import Testing

@testable import CareReports

/// ``TableCellLabels`` labels a page's bytes in place, table by table, with no copy of each table
/// and no String in between; it must write exactly what the String implementation it replaced wrote
/// (kept below as the reference, as of commit 816967d), for any page: random pages drawn from table
/// markup (data and other tables, heads, spanning and quoted headings, cells that already have a
/// label, unclosed tags and tables), text with multi-byte scalars, and stray `<` and `>`.
@Suite struct TableCellLabelsEquivalenceTests {
    static let pieces: [String] = [
        #"<table class="data">"#, #"<table class="data wide">"#, #"<table class="calendar">"#, "<table>", "</table>",
        "<thead>", "</thead>", "<tbody>", "</tbody>", "<tr>", "</tr>", "<tr class=\"x\">", "<th>", #"<th scope="col">"#,
        #"<th colspan="2">"#, #"<th colspan="300">"#, #"<th colspan="x">"#, "</th>", "<td>", #"<td class="num">"#,
        #"<td data-label="Own">"#, #"<td colspan="3">"#, "</td>", "<thx>", "<tdx>", "<trx>", "<td", "<th", "<abbr>", "</abbr>",
        "Dose", " ", "\n", "\t", "\"as ordered\"", "é", "▲ High", "3.5–5.1", "😀", "<", ">", "&amp;", "\u{600}", "Value",
    ]

    static func randomPage(_ rng: inout EscapingSplitMix) -> String {
        var page = ""
        for _ in 0..<Int(rng.next() % 60) { page += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return page
    }

    @Test func labelsAsTheStringImplementationDid() {
        var rng = EscapingSplitMix(seed: 34)
        for _ in 0..<50_000 {
            let page = Self.randomPage(&rng)
            let expected = ReferenceTableCellLabels.label(page)
            #expect(TableCellLabels.label(Array(page.utf8)) == Array(expected.utf8), "\(page)")
            #expect(TableCellLabels.label(page) == expected, "\(page)")
        }
    }

    @Test func aPageWithoutDataTablesComesBackAsItIs() {
        for page in ["", "no table", #"<table class="calendar"><thead><tr><th>Mon</th></tr></thead></table>"#] {
            #expect(TableCellLabels.label(Array(page.utf8)) == Array(page.utf8))
        }
    }
}

/// TableCellLabels as it was, over a String (commit 816967d).
enum ReferenceTableCellLabels {
    static func label(_ html: String) -> String {
        // Over the page's UTF-8 bytes, in place (a search through `String`'s Foundation `contains`
        // made a UTF-16 copy of every page); the text between tables is copied as it is.
        var page = html
        return page.withUTF8 { bytes -> String in
            guard var table = find("<table class=\"data", in: bytes, from: 0) else { return html }
            var out = ""
            out.reserveCapacity(bytes.count + bytes.count / 8)
            var index = 0
            while true {
                let end = find("</table>", in: bytes, from: table) ?? bytes.count
                // Both ends are at an ASCII `<` (or the end): whole scalars of the page.
                out += Substring(html.utf8[html.utf8.index(html.utf8.startIndex, offsetBy: index)..<html.utf8.index(html.utf8.startIndex, offsetBy: table)])
                out += String(decoding: labelled(Array(bytes[table..<end])), as: UTF8.self)
                index = end
                guard let next = find("<table class=\"data", in: bytes, from: index) else { break }
                table = next
            }
            out += Substring(html.utf8[html.utf8.index(html.utf8.startIndex, offsetBy: index)...])
            return out
        }
    }

    /// One table (from `<table` to before `</table>`) with its body cells labelled.
    private static func labelled(_ table: [UInt8]) -> [UInt8] {
        guard let headStart = find("<thead", in: table, from: 0), let headEnd = find("</thead>", in: table, from: headStart) else {
            return table
        }
        let headings = self.headings(Array(table[headStart..<headEnd]))
        guard headings.contains(where: { !$0.isEmpty }) else { return table }
        var out = Array(table[..<headEnd])
        var index = headEnd
        var column = 0
        while index < table.count {
            // Up to the next tag in one copy: only a tag can start a row or a cell.
            guard let tag = table[index...].firstIndex(of: UInt8(ascii: "<")) else {
                out += table[index...]
                break
            }
            if tag > index {
                out += table[index..<tag]
                index = tag
            }
            if starts("<tr", table, at: index), boundary(table, index + 3) {
                column = 0
            } else if starts("<td", table, at: index) || starts("<th", table, at: index), boundary(table, index + 3) {
                let close = table[index...].firstIndex(of: UInt8(ascii: ">")) ?? table.count
                let attributes = Array(table[(index + 3)..<close])
                out += table[index..<(index + 3)]
                if starts("<td", table, at: index), column < headings.count, !headings[column].isEmpty,
                    find("data-label=", in: attributes, from: 0) == nil
                {
                    out.append(contentsOf: " data-label=\"".utf8)
                    out += headings[column]
                    out.append(UInt8(ascii: "\""))
                }
                column += span(attributes)
                index += 3
                continue
            }
            out.append(table[index])
            index += 1
        }
        return out
    }

    /// The text of each column's heading (a heading spanning columns counted for each), already
    /// escaped as the page's text is, with quotes escaped for an attribute.
    private static func headings(_ head: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var index = 0
        while let cell = find("<th", in: head, from: index) {
            guard boundary(head, cell + 3) else { index = cell + 3; continue }
            let open = head[cell...].firstIndex(of: UInt8(ascii: ">")) ?? head.count
            let next = [find("<th", in: head, from: open), find("</tr", in: head, from: open)].compactMap { $0 }.min() ?? head.count
            let text = plainText(Array(head[min(open + 1, head.count)..<next]))
            for _ in 0..<span(Array(head[(cell + 3)..<open])) { result.append(text) }
            index = next
        }
        return result
    }

    /// The cell's content without its tags, white space collapsed, `"` escaped.
    private static func plainText(_ content: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inTag = false
        var space = false
        for byte in content {
            switch byte {
            case UInt8(ascii: "<"): inTag = true
            case UInt8(ascii: ">") where inTag: inTag = false
            case _ where inTag: continue
            case 0x20, 0x09, 0x0A, 0x0D: space = !out.isEmpty
            default:
                if space { out.append(0x20); space = false }
                if byte == UInt8(ascii: "\"") { out += Array("&quot;".utf8) } else { out.append(byte) }
            }
        }
        return out
    }

    /// A cell's `colspan` (1 when absent or not a small number).
    private static func span(_ attributes: [UInt8]) -> Int {
        guard let at = find("colspan=\"", in: attributes, from: 0) else { return 1 }
        var value = 0
        for byte in attributes[(at + 9)...] {
            guard (0x30...0x39).contains(byte), value < 100 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        return max(1, min(value, 100))
    }

    /// Whether the tag name ends at `index` (`<td>` or `<td class…`, not `<tdx`).
    private static func boundary(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"): return true
        default: return false
        }
    }

    private static func starts(_ literal: StaticString, _ bytes: [UInt8], at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        return true
    }

    private static func find(_ literal: StaticString, in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { find(literal, in: $0, from: start) }
    }

    /// Where `literal` first occurs in `bytes` at or after `start` (its first byte found by `memchr`).
    private static func find(_ literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard count > 0, start >= 0, start <= bytes.count - count, let base = bytes.baseAddress else { return nil }
        let needle = literal.utf8Start
        let lastStart = bytes.count - count
        var index = start
        while index <= lastStart {
            guard let hit = memchr(base + index, Int32(needle[0]), lastStart - index + 1) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            // The next two bytes compared here first: most `<` start another tag (`<td`, `<tr`, `<a`).
            if count < 3 || (base[at + 1] == needle[1] && base[at + 2] == needle[2]), memcmp(base + at, needle, count) == 0 { return at }
            index = at + 1
        }
        return nil
    }
}
