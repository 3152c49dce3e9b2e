import CLibXML2

/// Every entry of every C-CDA section gets one outcome (``LedgerLine``). The records an entry
/// became are known from ``makeID(_:kind:)`` (each record's id is made from a node inside its
/// entry), the entries left out on purpose from ``omit(_:_:)``, and the reason an entry made no
/// record from the first warning said inside it.
///
/// The rule for an entry that cannot be read as a structured fact: its section's narrative (the
/// human-readable text C-CDA requires to carry every entry's meaning) is kept, titled by the
/// section's own title, and the entry is shown there, "as written in the source document". Only an
/// entry whose section has no narrative either is `unread`, and its section is named on the pages
/// as one not shown.
struct CCDAEntryTracker {
    /// The ids of the records each section entry became.
    var records: [xmlNodePtr: [String]] = [:]
    /// Why an entry was left out on purpose (entered in error).
    var omitted: [xmlNodePtr: String] = [:]
    /// The first warning said inside each entry.
    var notes: [xmlNodePtr: String] = [:]
    /// Entries read in part: a record was made, but a result inside it could not be read.
    var partlyRead: Set<xmlNodePtr> = []

    /// The `entry` element of a section that holds `node` (itself included), if any.
    static func entry(of node: xmlNodePtr) -> xmlNodePtr? {
        var current: xmlNodePtr? = node
        while let element = current, element.pointee.type == XML_ELEMENT_NODE {
            if String(cString: element.pointee.name) == "entry", let parent = element.pointee.parent,
                parent.pointee.type == XML_ELEMENT_NODE, String(cString: parent.pointee.name) == "section"
            {
                return element
            }
            current = element.pointee.parent
        }
        return nil
    }

    func isAccounted(_ entry: xmlNodePtr) -> Bool { records[entry] != nil || omitted[entry] != nil }
}

extension CCDAReader {
    /// Notes that `node`'s entry is left out on purpose, and why.
    mutating func omit(_ node: CCDANode, _ reason: String) {
        guard let entry = CCDAEntryTracker.entry(of: node.pointer), tracker.omitted[entry] == nil else { return }
        tracker.omitted[entry] = reason
    }

    /// Keeps the section's narrative for the entries nothing was read from (see the type's rule);
    /// returns the entries still unaccounted for (no narrative to show them by).
    mutating func accountForUnreadEntries(_ section: CCDANode, title: String?) -> [CCDANode] {
        var unread: [CCDANode] = []
        for entry in section.children("entry") where !tracker.isAccounted(entry.pointer) {
            // An entry that states nothing at all is left out, said so in the ledger.
            if let statement = entry.firstElementChild, Self.statesNothing(statement) {
                tracker.omitted[entry.pointer] = "the entry states nothing (no code, value, text, product or component)"
            } else {
                unread.append(entry)
            }
        }
        // An entry read in part (a result organizer with a result of a type not read) also keeps
        // the narrative, which carries the result the record lacks.
        let partly = section.children("entry").filter { tracker.partlyRead.contains($0.pointer) && tracker.records[$0.pointer] != nil }
        guard !unread.isEmpty || !partly.isEmpty else { return [] }
        guard let id = keepNarrative(section, title: title) else { return unread }
        for entry in unread { tracker.records[entry.pointer] = [id] }
        for entry in partly where tracker.records[entry.pointer]?.contains(id) == false { tracker.records[entry.pointer]!.append(id) }
        narrativeFallbacks.insert(id)
        return []
    }

    /// True for a clinical statement with nothing in it but identifiers and template ids (an
    /// organizer with no component, an empty `<observation/>` of an example).
    static func statesNothing(_ statement: CCDANode) -> Bool {
        var child = statement.pointer.pointee.children
        while let current = child {
            let node = CCDANode(pointer: current, namespaced: statement.namespaced)
            if node.isHL7Element, !["templateId", "id", "statusCode"].contains(node.name) { return false }
            child = current.pointee.next
        }
        return true
    }

    /// Sections whose entries are not for a clinician's summary, and what they hold instead.
    static let administrativeSections: [String: String] = [
        "121181": "DICOM object catalogue: references to image files, not health facts",
        "48768-6": "payers: insurance, not health facts",
    ]

    /// One line per entry of every section, in document order.
    func ledger(sections: [CCDANode]) -> [LedgerLine] {
        let places = Dictionary(records.map { ($0.id, LedgerPlace.of($0.data)) }, uniquingKeysWith: { first, _ in first })
        var lines: [LedgerLine] = []
        for section in sections {
            let entries = section.children("entry")
            guard !entries.isEmpty else { continue }
            let code = section.child("code")?.value("code")
            let title = section.child("title")?.text ?? code.flatMap { CCDAReader.sectionNames[$0] }
            let sectionPath = section.path
            for (position, entry) in entries.enumerated() {
                let path = sectionPath + (entries.count > 1 ? "/entry[\(position + 1)]" : "/entry")
                let statement = entry.firstElementChild
                let kind = statement.map { node in node.name + (node.value("moodCode").map { " \($0)" } ?? "") } ?? "empty entry"
                let line: LedgerLine
                if let reason = tracker.omitted[entry.pointer], tracker.records[entry.pointer] == nil {
                    line = LedgerLine(document: file, sectionCode: code, sectionTitle: title, entry: path, kind: kind, outcome: .omitted, reason: reason)
                } else if let ids = tracker.records[entry.pointer], let first = ids.first {
                    let asWritten = narrativeFallbacks.contains(first)
                    let inPart = !asWritten && tracker.partlyRead.contains(entry.pointer)
                    let note = tracker.notes[entry.pointer] ?? kind
                    let reason: String? =
                        asWritten ? "not a structured fact carereport reads (\(note)); shown in the section's narrative as written"
                        : inPart && ids.contains(where: narrativeFallbacks.contains)
                            ? "read in part: a result is not a structured fact carereport reads (\(note)); it is shown in the section's narrative as written"
                        : inPart ? "read in part: a result is not a structured fact carereport reads (\(note)) and its section has no narrative" : nil
                    line = LedgerLine(
                        document: file, sectionCode: code, sectionTitle: title, entry: path, kind: kind, outcome: .shown,
                        reason: reason,
                        place: places[first] ?? "documents", record: ids.joined(separator: " "))
                } else if let catalogue = code.flatMap({ Self.administrativeSections[$0] }) {
                    line = LedgerLine(document: file, sectionCode: code, sectionTitle: title, entry: path, kind: kind, outcome: .unread, reason: catalogue)
                } else {
                    line = LedgerLine(
                        document: file, sectionCode: code, sectionTitle: title, entry: path, kind: kind, outcome: .unread,
                        reason: tracker.notes[entry.pointer] ?? "\(kind) in a section with no narrative")
                }
                lines.append(line)
            }
        }
        return lines
    }
}
