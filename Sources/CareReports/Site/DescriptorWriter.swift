import Foundation

/// Writes a whole buffer to a file descriptor with write(2), again after EINTR and for short writes
/// (FileHandle stops the program when a write fails, so every writer of this project uses this).
public enum DescriptorWriter {
    /// The errno of the write that failed, or nil when every byte was written.
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
