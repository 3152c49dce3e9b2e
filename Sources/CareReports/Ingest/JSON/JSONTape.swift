/// One token of a parsed JSON document. Tokens are in document order; a container is followed by
/// its contents (an object by key, value, key, value...), so a value and everything inside it are
/// one contiguous run of tokens. Nothing is copied out of the document: strings and numbers are
/// byte ranges of it, turned into Swift values only when a reader asks (see `JSONNode`).
struct JSONToken {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    /// Strings: the first byte after the opening quote; every other kind: its first byte.
    var offset: Int
    /// Numbers: the value's bit pattern (converted once, when read); arrays: elements; objects:
    /// pairs in the low half, and in the high half a filter of their keys (`keyBit`), so looking
    /// for a key that is absent is usually one test.
    var payload: UInt64
    /// Strings: content bytes; numbers: bytes; containers: how many tokens follow inside.
    var length: UInt32
    var kind: Kind
    /// Strings: whether the content holds an escape (and must be unescaped when read).
    var escaped: Bool
    /// Objects: where (in tokens after this one) the key after the last one looked up stands;
    /// readers ask for keys mostly in document order, so a lookup starts there.
    var hint: UInt16 = 0

    /// The bit a key sets in its object's filter: from its length and last byte. An escaped key's
    /// bytes are not its text, so an object with one has every bit set.
    @inline(__always)
    static func keyBit(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        1 << ((UInt64(count) &* 31 &+ UInt64(count > 0 ? bytes[count - 1] : 0)) & 31)
    }

    @inline(__always) var isContainer: Bool { kind == .array || kind == .object }

    /// This token and the tokens inside it.
    @inline(__always) var span: Int { isContainer ? Int(length) + 1 : 1 }
}

/// Token storage a parser fills and nodes read; reused from one document (or record) to the next,
/// so a stream of records is parsed with no allocation once it has grown to the largest record.
public final class JSONTape {
    private(set) var base: UnsafeMutablePointer<JSONToken>
    private(set) var capacity: Int

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Doubles the storage, keeping the first `count` tokens.
    func grow(keeping count: Int) {
        let larger = UnsafeMutablePointer<JSONToken>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    deinit { base.deallocate() }
}
