import Glibc

/// Decoded records in memory the decoder owns. Unlike an array, its records can be moved out (to
/// join the runs several workers decoded, or to hand them to the model) without copying,
/// retaining or releasing anything they hold. It grows with `realloc`, which for a large list
/// remaps pages instead of copying them and never holds the old and the new storage at once:
/// the model's records (structs of strings, arrays and enums) are bitwise movable, as every
/// Swift value without a weak reference or a fixed address is. Its bookkeeping sits behind a
/// constant pointer (see `PathStack`), so appending a record costs no runtime exclusivity check.
final class RecordList<Item> {
    private struct Header {
        var base: UnsafeMutablePointer<Item>
        var capacity: Int
        var count: Int
    }

    private let header: UnsafeMutablePointer<Header>

    private var base: UnsafeMutablePointer<Item> {
        get { header.pointee.base }
        set { header.pointee.base = newValue }
    }
    private var capacity: Int {
        get { header.pointee.capacity }
        set { header.pointee.capacity = newValue }
    }
    private(set) var count: Int {
        get { header.pointee.count }
        set { header.pointee.count = newValue }
    }

    init(capacity: Int = 16) {
        let capacity = max(capacity, 1)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: Self.storage(resizing: nil, to: capacity), capacity: capacity, count: 0))
    }

    deinit {
        base.deinitialize(count: count)
        free(base)
        header.deinitialize(count: 1)
        header.deallocate()
    }

    private static func storage(resizing old: UnsafeMutablePointer<Item>?, to capacity: Int) -> UnsafeMutablePointer<Item> {
        // malloc's alignment (16 bytes on the platforms this runs on) covers every model type.
        precondition(MemoryLayout<Item>.alignment <= 16, "record type aligned beyond what realloc gives")
        let bytes = MemoryLayout<Item>.stride * capacity
        guard let raw = realloc(old, max(bytes, 1)) else { fatalError("out of memory for \(capacity) records") }
        return raw.bindMemory(to: Item.self, capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Item {
        precondition(index >= 0 && index < count, "record index out of range")
        return base[index]
    }
    var indices: Range<Int> { 0..<count }

    func append(_ item: consuming Item) {
        if count == capacity { reserve(capacity * 2) }
        (base + count).initialize(to: item)
        count += 1
    }

    private func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        base = Self.storage(resizing: base, to: wanted)
        capacity = wanted
    }

    /// Makes room for `total` records in all.
    func reserveCapacity(_ total: Int) { reserve(total) }

    /// Destroys the records from `newCount` on.
    func truncate(to newCount: Int) {
        guard newCount < count else { return }
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Moves `other`'s records to the end of this list; `other` is left empty.
    func moveAppend(_ other: RecordList<Item>) {
        if count == 0, other.count > capacity {
            // Nothing here yet: take the other list's storage instead of moving its records.
            swap(&base, &other.base)
            swap(&capacity, &other.capacity)
            swap(&count, &other.count)
            return
        }
        reserve(count + other.count)
        (base + count).moveInitialize(from: other.base, count: other.count)
        count += other.count
        other.count = 0
    }

    /// Reads the records in place.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Item>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Moves the records out into an array, leaving this list empty: those whose flag in `kept`
    /// is true, in order; the others are destroyed. Runs of kept records move in one step each.
    func takeAll(keeping kept: [Bool]) -> [Item] {
        precondition(kept.count == count, "one flag per record")
        let total = count
        let wanted = kept.reduce(0) { $0 + ($1 ? 1 : 0) }
        let result = [Item](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var written = 0
            var index = 0
            while index < total {
                var end = index
                while end < total, kept[end] == kept[index] { end += 1 }
                if kept[index] {
                    (buffer.baseAddress! + written).moveInitialize(from: base + index, count: end - index)
                    written += end - index
                } else {
                    (base + index).deinitialize(count: end - index)
                }
                index = end
            }
            initialized = written
        }
        count = 0
        return result
    }
}
