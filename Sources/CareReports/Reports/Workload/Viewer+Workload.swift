extension Viewer {
    /// True when the viewer's site has the workload page: caregivers and organizers, who see every
    /// task of the circle (rule T3), unless `viewTasks` is off for them (T2). Supporters see only
    /// their own tasks (T4), and the care recipient is the one cared for, so neither gets the page
    /// or a link to it.
    public var seesWorkload: Bool {
        guard permissions.viewTasks != false else { return false }
        return roles.contains(.caregiver) || roles.contains(.organizer)
    }

    /// True when the workload page counts dose-log entries: only for viewers whose role shows them
    /// the circle's medication records (rule H6: caregivers). An organizer sees circle-level records
    /// only (H7), a part of the dose logs that would pass for the whole: someone giving every dose
    /// on a caregivers-level medication would seem to do nothing. So organizers get no dose counts.
    public var countsDosesOnWorkload: Bool {
        seesHealthRecords && (isCareRecipient || roles.contains(.caregiver))
    }
}
