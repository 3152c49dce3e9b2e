/// Which health sections a viewer's output has. A viewer who sees health records broadly (the care
/// recipient, caregivers and organizers allowed to view health) gets them all; any other viewer (a
/// supporter, or a member with `viewHealth` off) only those their visible records fill, and never the
/// visit summary, whose "not recorded" would be false for what is merely not shown (docs/privacy.md).
public struct HealthSections: Sendable, Hashable {
    public let medications: Bool
    public let labs: Bool
    public let visit: Bool

    public init(_ records: VisibleRecords) {
        let broad = records.viewer.seesHealthRecords
        var medications = false
        var labs = false
        for record in records.healthRecords {
            switch record.data {
            case .medication: medications = true
            case .document(let document) where document.labReport != nil: labs = true
            default: break
            }
        }
        self.medications = broad || medications
        self.labs = broad || labs
        self.visit = broad
    }
}

extension Viewer {
    /// True when the role alone lets the viewer see the circle's health records (rules H2, H3, H6, H7):
    /// otherwise only records that name them (H5) reach them.
    public var seesHealthRecords: Bool {
        if isCareRecipient { return true }
        if permissions.viewHealth == false { return false }
        return roles.contains(.caregiver) || roles.contains(.organizer)
    }

    /// Why a viewer without `seesHealthRecords` gets no visit summary, in words derivable from the role alone.
    public var healthRecordsWording: String {
        if permissions.viewHealth == false { return "health records are not shared with this member" }
        return "health records are not shared with supporters, except those that name them"
    }
}
