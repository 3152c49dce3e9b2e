/// The privacy policy (docs/privacy.md): each function evaluates the rules in order, and the first
/// rule that matches decides. Where the policy is silent the answer is "hidden".
public enum PrivacyPolicy {
    /// Rules H1…H7 for a health record.
    public static func decide(_ record: HealthRecord, for viewer: Viewer) -> AccessDecision {
        guard record.careCircleId == viewer.circleId else { return .hidden(.H1, "another circle's record") }
        if viewer.isCareRecipient { return .visible(.H2, "the viewer is the care recipient") }
        if viewer.permissions.viewHealth == false { return .hidden(.H3, "the member may not view health records") }
        switch record.privacyLevel {
        case .private:
            return .hidden(.H4, "private record")
        case .restricted:
            let named = viewer.userId.map(record.visibleTo.contains) ?? false
            return .decide(.H5, named, named ? "restricted record shared with the viewer" : "restricted record not shared with the viewer")
        case .caregivers:
            let caregiver = viewer.has(.caregiver)
            return .decide(.H6, caregiver, caregiver ? "caregivers' record, the viewer is a caregiver" : "caregivers' record, the viewer is not a caregiver")
        case .circle:
            let allowed = viewer.has(.caregiver) || viewer.has(.organizer)
            return .decide(.H7, allowed, allowed ? "circle record, visible to caregivers and organizers" : "circle record, not shown to supporters")
        }
    }

    /// Rules T1…T4 for a task (its notes and completion details follow it).
    public static func decide(_ task: CareTask, for viewer: Viewer) -> AccessDecision {
        guard task.careCircleId == viewer.circleId else { return .hidden(.T1, "another circle's task") }
        if viewer.permissions.viewTasks == false { return .hidden(.T2, "the member may not view tasks") }
        if viewer.isCareRecipient || viewer.has(.caregiver) || viewer.has(.organizer) {
            return .visible(.T3, "care recipients, caregivers and organizers see every task")
        }
        if viewer.has(.supporter) {
            let assigned = viewer.userId != nil && task.assignedTo?.userId == viewer.userId
            return .decide(.T4, assigned, assigned ? "assigned to the viewer" : "not assigned to the viewer")
        }
        return .hidden(.T4, "no role that sees tasks")
    }

    /// Rules U1…U7 for an update (its comments follow it).
    public static func decide(_ update: CircleUpdate, for viewer: Viewer) -> AccessDecision {
        guard update.careCircleId == viewer.circleId else { return .hidden(.U1, "another circle's update") }
        if let userId = viewer.userId, update.authorId == userId { return .visible(.U2, "the viewer wrote it") }
        if viewer.permissions.viewUpdates == false { return .hidden(.U3, "the member may not view updates") }
        switch update.visibility.level {
        case .private:
            return .hidden(.U4, "private update")
        case .restricted:
            let named = viewer.userId.map(update.visibility.userIds.contains) ?? false
            let allowed = viewer.isCareRecipient || named
            return .decide(.U5, allowed, allowed ? "restricted update shared with the viewer" : "restricted update not shared with the viewer")
        case .caregivers:
            let allowed = viewer.isCareRecipient || viewer.has(.caregiver)
            return .decide(.U6, allowed, allowed ? "caregivers' update, the viewer may see it" : "caregivers' update, the viewer is not a caregiver")
        case .circle:
            return .visible(.U7, "circle update, every active member sees it")
        }
    }
}
