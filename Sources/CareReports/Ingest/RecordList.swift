/// Decoded records in memory the decoder owns. Unlike an array, its records can be moved out (to
/// join the runs several workers decoded, or to hand them to the model) without copying,
/// retaining or releasing anything they hold.
final class RecordList<Item> {
    private var base: UnsafeMutablePointer<Item>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
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
        let larger = UnsafeMutablePointer<Item>.allocate(capacity: wanted)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = wanted
    }

    /// Destroys the records from `newCount` on.
    func truncate(to newCount: Int) {
        guard newCount < count else { return }
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Moves `other`'s records to the end of this list; `other` is left empty.
    func moveAppend(_ other: RecordList<Item>) {
        reserve(count + other.count)
        (base + count).moveInitialize(from: other.base, count: other.count)
        count += other.count
        other.count = 0
    }

    /// Reads the records in place.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Item>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Moves the records out into an array, leaving this list empty; those at the indexes in
    /// `dropped`, and those `keeps` refuses, are destroyed instead.
    func takeAll(dropping dropped: Set<Int> = [], keeps: (borrowing Item) -> Bool = { _ in true }) -> [Item] {
        let total = count
        // Asked once per record: a hash lookup for each would cost more than moving the record.
        let checksDropped = !dropped.isEmpty
        func taken(_ index: Int) -> Bool { !(checksDropped && dropped.contains(index)) && keeps(base[index]) }
        var wanted = 0
        for index in 0..<total where taken(index) { wanted += 1 }
        let result = [Item](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var written = 0
            for index in 0..<total {
                if written < wanted, taken(index) {
                    (buffer.baseAddress! + written).moveInitialize(from: base + index, count: 1)
                    written += 1
                } else {
                    (base + index).deinitialize(count: 1)
                }
            }
            initialized = written
        }
        count = 0
        return result
    }
}
