/// A JSON syntax error at a byte offset of the document; the message never quotes the document.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let offset: Int
    public let message: String
}

/// Line and column (both 1-based, column counted in characters) of a byte offset.
public struct LineColumn: Sendable, Equatable {
    public let line: Int
    public let column: Int

    /// Counts lines and UTF-8 characters up to `offset`; done only when an error is reported.
    /// A leading byte order mark is not a character an editor shows, so it takes no column.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.line = line
        self.column = column
    }
}
