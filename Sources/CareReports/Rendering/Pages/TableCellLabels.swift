import Foundation

/// Gives each body cell of a `table.data` its column's heading as `data-label`, so that on a phone
/// the style sheet can show a row as stacked cells, each with its heading (`td::before`), instead of
/// a table cut at the screen's edge (where the flag and the range are). Done once over the written
/// page, for every template (a user's too), so no template has to repeat its headings.
enum TableCellLabels {
    /// `html` with `data-label` on the cells of every `<table class="data…">` that has a `<thead>`.
    static func label(_ html: String) -> String {
        String(decoding: label(Array(html.utf8)), as: UTF8.self)
    }

    /// ``label(_:)-(String)`` over a page's UTF-8 bytes (what ``PageRenderer`` renders into): the page
    /// itself when it has no data table, else one copy with the labels added, table by table in place
    /// (every cut is at an ASCII `<`, so the bytes stay whole scalars).
    static func label(_ page: [UInt8]) -> [UInt8] {
        page.withUnsafeBufferPointer { bytes -> [UInt8] in
            guard var table = find("<table class=\"data", in: bytes, from: 0) else { return page }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            var index = 0
            while true {
                let end = find("</table>", in: bytes, from: table) ?? bytes.count
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<table]))
                labelled(UnsafeBufferPointer(rebasing: bytes[table..<end]), into: &out)
                index = end
                guard let next = find("<table class=\"data", in: bytes, from: index) else { break }
                table = next
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...]))
            return out
        }
    }

    /// One table (from `<table` to before `</table>`) with its body cells labelled, appended to `out`.
    private static func labelled(_ table: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard let headStart = find("<thead", in: table, from: 0), let headEnd = find("</thead>", in: table, from: headStart) else {
            out.append(contentsOf: table)
            return
        }
        let headings = self.headings(UnsafeBufferPointer(rebasing: table[headStart..<headEnd]))
        guard headings.contains(where: { !$0.isEmpty }) else {
            out.append(contentsOf: table)
            return
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: table[..<headEnd]))
        var index = headEnd
        var column = 0
        while index < table.count {
            // Up to the next tag in one copy: only a tag can start a row or a cell.
            guard let tag = firstIndex(of: UInt8(ascii: "<"), in: table, from: index) else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: table[index...]))
                break
            }
            if tag > index {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: table[index..<tag]))
                index = tag
            }
            if starts("<tr", table, at: index), boundary(table, index + 3) {
                column = 0
            } else if starts("<td", table, at: index) || starts("<th", table, at: index), boundary(table, index + 3) {
                let close = firstIndex(of: UInt8(ascii: ">"), in: table, from: index) ?? table.count
                let attributes = UnsafeBufferPointer(rebasing: table[(index + 3)..<close])
                out.append(contentsOf: UnsafeBufferPointer(rebasing: table[index..<(index + 3)]))
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
    }

    /// The text of each column's heading (a heading spanning columns counted for each), already
    /// escaped as the page's text is, with quotes escaped for an attribute.
    private static func headings(_ head: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var index = 0
        while let cell = find("<th", in: head, from: index) {
            guard boundary(head, cell + 3) else { index = cell + 3; continue }
            let open = firstIndex(of: UInt8(ascii: ">"), in: head, from: cell) ?? head.count
            let next = [find("<th", in: head, from: open), find("</tr", in: head, from: open)].compactMap { $0 }.min() ?? head.count
            let text = plainText(UnsafeBufferPointer(rebasing: head[min(open + 1, head.count)..<next]))
            for _ in 0..<span(UnsafeBufferPointer(rebasing: head[(cell + 3)..<open])) { result.append(text) }
            index = next
        }
        return result
    }

    /// The cell's content without its tags, white space collapsed, `"` escaped.
    private static func plainText(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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

    /// Where `byte` first occurs in `bytes` at or after `start` (found by `memchr`).
    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress, let hit = memchr(base + start, Int32(byte), bytes.count - start) else {
            return nil
        }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// A cell's `colspan` (1 when absent or not a small number).
    private static func span(_ attributes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let at = find("colspan=\"", in: attributes, from: 0) else { return 1 }
        var value = 0
        for byte in attributes[(at + 9)...] {
            guard (0x30...0x39).contains(byte), value < 100 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        return max(1, min(value, 100))
    }

    /// Whether the tag name ends at `index` (`<td>` or `<td class…`, not `<tdx`).
    private static func boundary(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"): return true
        default: return false
        }
    }

    private static func starts(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        return true
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
