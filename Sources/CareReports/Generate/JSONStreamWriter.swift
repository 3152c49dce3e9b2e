import Foundation

/// Writes JSON to a file through a 1 MiB buffer, value by value: nothing of the document is kept
/// but the buffer and a stack of "needs a comma" flags, so a file of any size costs the same memory.
final class JSONStreamWriter {
    static let bufferSize = 1 << 20

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var needsComma: [Bool] = [false]
    private(set) var bytesWritten = 0
    /// Offset of each day's UTC offset, in minutes, keyed by days since 1970 (filled on demand).
    private let zone: TimeZone
    private var offsets: [Int: Int] = [:]

    init(path: String, zone: TimeZone) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw GeneratorError.cannotWrite(path)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw GeneratorError.cannotWrite(path) }
        self.handle = handle
        self.zone = zone
        buffer.reserveCapacity(Self.bufferSize + 4096)
    }

    /// Writes out what is buffered and closes the file.
    func close() throws {
        try flush()
        try handle.close()
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        bytesWritten += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes when the buffer is full; called between records, so a record is never split
    /// across an error.
    func flushIfFull() throws {
        if buffer.count >= Self.bufferSize { try flush() }
    }

    // MARK: structure

    private func separate() {
        if needsComma[needsComma.count - 1] { buffer.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    func beginObject() {
        separate()
        buffer.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    func endObject() {
        needsComma.removeLast()
        buffer.append(UInt8(ascii: "}"))
    }

    func beginArray() {
        separate()
        buffer.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    func endArray() {
        needsComma.removeLast()
        buffer.append(UInt8(ascii: "]"))
    }

    /// An object that is one record of a collection: on a line of its own.
    func beginRecord() {
        separate()
        buffer.append(0x0A)
        buffer.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    /// A line break between records, so line numbers in diagnostics mean something.
    func newline() { buffer.append(0x0A) }

    /// `"name":` — the next value written belongs to it.
    func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        buffer.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma[needsComma.count - 1] = false  // the value follows without a comma
    }

    // MARK: values (after `key`, or as array elements)

    func string(_ text: String) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: buffer.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x09: buffer.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    func int(_ value: Int) {
        separate()
        appendDigits(value)
    }

    /// A decimal with one fractional digit, from tenths (713 → `71.3`); exact, whatever the platform.
    func tenths(_ value: Int) {
        separate()
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        let magnitude = abs(value)
        appendDigits(magnitude / 10)
        buffer.append(UInt8(ascii: "."))
        buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
    }

    func bool(_ value: Bool) {
        separate()
        if value {
            buffer.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            buffer.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// `"YYYY-MM-DD"`: a local calendar day.
    func day(_ daysSinceEpoch: Int) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        appendDay(LocalDate(daysSinceEpoch: daysSinceEpoch))
        buffer.append(UInt8(ascii: "\""))
    }

    /// `"YYYY-MM-DDTHH:MM:00-07:00"`: local wall-clock time `minute` minutes after midnight of
    /// `daysSinceEpoch` (may run into the next days), with the zone's offset on that day.
    func dateTime(_ daysSinceEpoch: Int, minute: Int) {
        let day = daysSinceEpoch + Int((Double(minute) / 1440).rounded(.down))
        let minuteOfDay = ((minute % 1440) + 1440) % 1440
        separate()
        buffer.append(UInt8(ascii: "\""))
        appendDay(LocalDate(daysSinceEpoch: day))
        buffer.append(UInt8(ascii: "T"))
        appendTwo(minuteOfDay / 60)
        buffer.append(UInt8(ascii: ":"))
        appendTwo(minuteOfDay % 60)
        buffer.append(contentsOf: [UInt8(ascii: ":"), 0x30, 0x30])
        let offset = offsetMinutes(day)
        if offset == 0 {
            buffer.append(UInt8(ascii: "Z"))
        } else {
            buffer.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendTwo(abs(offset) / 60)
            buffer.append(UInt8(ascii: ":"))
            appendTwo(abs(offset) % 60)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `"HH:MM"`.
    func timeOfDay(_ minute: Int) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        appendTwo(minute / 60)
        buffer.append(UInt8(ascii: ":"))
        appendTwo(minute % 60)
        buffer.append(UInt8(ascii: "\""))
    }

    // MARK: key and value together

    func field(_ name: StaticString, _ text: String) { key(name); string(text) }
    func field(_ name: StaticString, int value: Int) { key(name); int(value) }
    func field(_ name: StaticString, tenths value: Int) { key(name); tenths(value) }
    func field(_ name: StaticString, bool value: Bool) { key(name); bool(value) }
    func field(_ name: StaticString, day value: Int) { key(name); day(value) }
    func field(_ name: StaticString, day: Int, minute: Int) { key(name); dateTime(day, minute: minute) }
    func emptyArray(_ name: StaticString) { key(name); beginArray(); endArray() }

    // MARK: digits

    private func appendDigits(_ value: Int) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
            appendDigits(-value)
            return
        }
        if value >= 10 { appendDigits(value / 10) }
        buffer.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private func appendTwo(_ value: Int) {
        buffer.append(UInt8(ascii: "0") + UInt8(value / 10))
        buffer.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private func appendDay(_ date: LocalDate) {
        let year = date.year
        buffer.append(UInt8(ascii: "0") + UInt8(year / 1000 % 10))
        buffer.append(UInt8(ascii: "0") + UInt8(year / 100 % 10))
        appendTwo(year % 100)
        buffer.append(UInt8(ascii: "-"))
        appendTwo(date.month)
        buffer.append(UInt8(ascii: "-"))
        appendTwo(date.day)
    }

    /// The zone's offset at local noon of the day (every time the generator writes is between
    /// 05:00 and 23:00, clear of the 02:00 daylight-saving switch).
    private func offsetMinutes(_ day: Int) -> Int {
        if let known = offsets[day] { return known }
        let noon = Date(timeIntervalSince1970: Double(day) * 86_400 + 12 * 3600)
        let offset = zone.secondsFromGMT(for: noon) / 60
        offsets[day] = offset
        return offset
    }
}

/// Why a generation failed.
public enum GeneratorError: Error, CustomStringConvertible {
    case cannotWrite(String)
    case badArgument(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write \(path)"
        case .badArgument(let message): message
        }
    }
}
