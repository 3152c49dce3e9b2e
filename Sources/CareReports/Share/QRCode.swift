import CQREncode
import Foundation

/// A QR code's module matrix, made by libqrencode (error correction M, as SMART Health Links
/// recommend; byte mode, the smallest version that holds the text).
public struct QRCode: Sendable, Equatable {
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row-major: true for a dark module.
    public let modules: [Bool]

    /// The code of `text`, or nil when it cannot be encoded (longer than version 40 holds at level M).
    public init?(_ text: String) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // The lowest bit of each byte is the module's colour (1 dark); the others are libqrencode's own.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }
}
