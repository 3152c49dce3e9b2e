extension ExportDecoder {
    /// Where a decoded record came from, for diagnostics raised after decoding (the key path is
    /// spelled out only when a diagnostic needs it).
    struct Origin {
        let file: String
        let collection: String
        var index: Int

        var keyPath: String { "\(collection)[\(index)]" }
    }

    /// Decoded users or circles beside their origins, kept apart so the records can be handed on without copying.
    struct Collection<Item> {
        let items = RecordList<Item>()
        let origins = RecordList<Origin>()

        /// Records decoded.
        var count: Int { origins.count }

        func append(_ item: consuming Item, _ origin: Origin) {
            items.append(item)
            origins.append(origin)
        }

        func moveAppend(_ other: Self) {
            items.moveAppend(other.items)
            origins.moveAppend(other.origins)
        }

        func reserveCapacity(for others: [Self]) {
            let total = others.reduce(count) { $0 + $1.count }
            items.reserveCapacity(total)
            origins.reserveCapacity(total)
        }

        func shiftIndexes(by offset: Int) { origins.shiftIndexes(by: offset) }

        func truncate(to count: Int) {
            items.truncate(to: count)
            origins.truncate(to: count)
        }
    }

    /// Decoded tasks, health records or updates: every record's origin, and the records kept.
    /// When some are not kept (`separateReferences`), every record's references too: record `n`
    /// is then references[n] and origins[n], and the kept ones are in `items`, in the same order.
    /// When `recordsOffsets`, offsets[n] is where record `n` starts in its file, to read it again.
    struct ScopedCollection<Item: CircleScoped> {
        let separateReferences: Bool
        let recordsOffsets: Bool
        let items = RecordList<Item>()
        let references = RecordList<Item.References>()
        let origins = RecordList<Origin>()
        let offsets = RecordList<Int>()

        init(separateReferences: Bool, recordsOffsets: Bool = false) {
            self.separateReferences = separateReferences
            self.recordsOffsets = recordsOffsets
        }

        /// Records decoded, kept or not.
        var count: Int { origins.count }

        func append(_ item: consuming Item, _ origin: Origin, offset: Int, keep: Bool) {
            if separateReferences { references.append(item.references(kept: keep)) }
            if recordsOffsets { offsets.append(offset) }
            origins.append(origin)
            if keep { items.append(item) }
        }

        /// Runs `records` on the records when every one is kept, else `references` on the references.
        func read<Result>(
            records: (UnsafeBufferPointer<Item>) -> Result, references: (UnsafeBufferPointer<Item.References>) -> Result
        ) -> Result {
            separateReferences ? self.references.withUnsafeBufferPointer(references) : items.withUnsafeBufferPointer(records)
        }

        func moveAppend(_ other: Self) {
            items.moveAppend(other.items)
            references.moveAppend(other.references)
            offsets.moveAppend(other.offsets)
            origins.moveAppend(other.origins)
        }

        func reserveCapacity(for others: [Self]) {
            let total = others.reduce(count) { $0 + $1.count }
            items.reserveCapacity(others.reduce(items.count) { $0 + $1.items.count })
            if separateReferences { references.reserveCapacity(total) }
            if recordsOffsets { offsets.reserveCapacity(total) }
            origins.reserveCapacity(total)
        }

        func shiftIndexes(by offset: Int) { origins.shiftIndexes(by: offset) }

        func truncate(to count: Int) {
            guard count < self.count else { return }
            let kept = read(records: { _ in count }, references: { references in references[..<count].reduce(0) { $0 + ($1.isKept ? 1 : 0) } })
            items.truncate(to: kept)
            references.truncate(to: separateReferences ? count : 0)
            offsets.truncate(to: recordsOffsets ? count : 0)
            origins.truncate(to: count)
        }

        /// The kept records in order, leaving the collection empty: those whose flag in `valid`
        /// (one per record decoded, kept or not) is true.
        func takeKept(_ valid: [Bool]) -> [Item] {
            guard separateReferences else { return items.takeAll(keeping: valid) }
            var itemFlags: [Bool] = []
            itemFlags.reserveCapacity(items.count)
            references.withUnsafeBufferPointer { references in
                for index in references.indices where references[index].isKept { itemFlags.append(valid[index]) }
            }
            return items.takeAll(keeping: itemFlags)
        }
    }
}

extension RecordList where Item == ExportDecoder.Origin {
    /// Adds `offset` to every origin's index.
    func shiftIndexes(by offset: Int) {
        withUnsafeBufferPointer { origins in
            let origins = UnsafeMutableBufferPointer(mutating: origins)
            for position in origins.indices { origins[position].index += offset }
        }
    }
}
