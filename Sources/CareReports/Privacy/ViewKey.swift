/// What a viewer's outputs of one circle are computed from, as the privacy policy decided it: the
/// circle, the roles and the member's own restrictions (which pages and sections a reader has), every
/// record the policy let through (health records, tasks, updates, by id, in the export's order), the
/// language and display preferences, and, where names depend on who reads (a supporter or organizer
/// sees "First L." for others but their own name in full), the reader's id.
///
/// Two viewers with equal keys get the same computed summaries, word for word, except what names the
/// reader ("Written for …"): an `--all-members` run computes those once per distinct key and says
/// the personal parts per reader. The key is made from the policy's outcomes, never from a role's
/// name: two caregivers differ as soon as one restricted record names only one of them.
public struct ViewKey: Hashable, Sendable {
    let circleId: String
    let roles: Set<Role>
    let permissions: MemberPermissions
    /// The ids of the visible records, each as its UTF-8 length and bytes (ids equal as Unicode but
    /// not in bytes are different records), health records, then tasks, then updates.
    let records: [UInt8]
    let counts: [Int]
    /// The reader's id when names depend on it (see `PersonNames`); nil when everyone is named in full.
    let namedFor: String?
    /// True for a generic `--role` viewer (no member), whose outputs say "any caregiver of the circle".
    let generic: Bool
    let language: String
    let display: ReaderPreferences
    /// `records` hashed once, in bulk: a key is hashed on every look-up and again when the table
    /// grows, and hashing the ids byte by byte cost more than the look-up.
    private let fingerprint: Int

    /// The key of `records` read in `language` with `display`.
    public init(_ records: VisibleRecords, language: String, display: ReaderPreferences) {
        let viewer = records.viewer
        circleId = viewer.circleId
        roles = viewer.roles
        permissions = viewer.permissions
        var bytes: [UInt8] = []
        func add(_ id: String) {
            let utf8 = id.utf8
            var length = utf8.count
            repeat {
                bytes.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
                length >>= 7
            } while length > 0
            bytes.append(contentsOf: utf8)
        }
        records.healthRecords.forEach { add($0.id) }
        records.tasks.forEach { add($0.id) }
        records.updates.forEach { add($0.id) }
        self.records = bytes
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        fingerprint = hasher.finalize()
        counts = [records.healthRecords.count, records.tasks.count, records.updates.count]
        namedFor = PersonNames.namesEveryoneInFull(viewer) ? nil : viewer.userId
        generic = viewer.userId == nil
        self.language = language
        self.display = display
    }

    public static func == (a: ViewKey, b: ViewKey) -> Bool {
        a.fingerprint == b.fingerprint && a.records == b.records && a.counts == b.counts && a.circleId == b.circleId
            && a.roles == b.roles && a.permissions == b.permissions && a.namedFor == b.namedFor && a.generic == b.generic
            && a.language == b.language && a.display == b.display
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
        hasher.combine(circleId)
        hasher.combine(namedFor)
        hasher.combine(language)
    }
}
