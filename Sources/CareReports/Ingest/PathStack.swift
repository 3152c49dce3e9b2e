/// The key path a decoder stands at, as a stack. It is pushed and popped for every field of every
/// record, so it lives in memory reached through a constant pointer: a change is a plain store,
/// without the runtime exclusivity check that each change to a class's array property costs.
/// One decoding context owns it, on one thread.
final class PathStack {
    private struct Storage {
        var base: UnsafeMutablePointer<PathComponent>
        var count: Int
        var capacity: Int
    }

    private let storage: UnsafeMutablePointer<Storage>

    init(_ root: [PathComponent] = []) {
        let capacity = max(16, root.count * 2)
        let base = UnsafeMutablePointer<PathComponent>.allocate(capacity: capacity)
        base.initialize(from: root, count: root.count)
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(base: base, count: root.count, capacity: capacity))
    }

    deinit {
        storage.pointee.base.deinitialize(count: storage.pointee.count)
        storage.pointee.base.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    @inline(__always)
    func push(_ component: PathComponent) {
        if storage.pointee.count == storage.pointee.capacity { grow() }
        (storage.pointee.base + storage.pointee.count).initialize(to: component)
        storage.pointee.count += 1
    }

    @inline(__always)
    func pop() {
        precondition(storage.pointee.count > 0, "key path popped past its root")
        storage.pointee.count -= 1
        (storage.pointee.base + storage.pointee.count).deinitialize(count: 1)
    }

    private func grow() {
        let capacity = storage.pointee.capacity * 2
        let larger = UnsafeMutablePointer<PathComponent>.allocate(capacity: capacity)
        larger.moveInitialize(from: storage.pointee.base, count: storage.pointee.count)
        storage.pointee.base.deallocate()
        storage.pointee.base = larger
        storage.pointee.capacity = capacity
    }

    /// The components from the root, for a diagnostic.
    var components: [PathComponent] { Array(UnsafeBufferPointer(start: storage.pointee.base, count: storage.pointee.count)) }
}

/// A count kept behind a constant pointer, for the same reason as `PathStack`.
final class Tally {
    private let value: UnsafeMutablePointer<Int>

    init() {
        value = .allocate(capacity: 1)
        value.initialize(to: 0)
    }

    deinit { value.deallocate() }

    var count: Int { value.pointee }

    func increment() { value.pointee += 1 }
}
