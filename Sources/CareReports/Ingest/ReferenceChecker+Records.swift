/// The checks of one task, health record or update against the users and circles, shared by the
/// checker of a whole export and by the checks made as each record is read (`StreamedChecks`).
/// `report` gets each problem's severity, key (below the record) and message; each returns false
/// when the record is rejected.
extension ReferenceChecker {
    static func checkTask(
        _ task: some TaskReferencing, circles: IdIndex, users: IdIndex, report: (Diagnostic.Severity, String, String) -> Void
    ) -> Bool {
        guard circles.contains(task.careCircleId) else {
            report(.error, "careCircleId", "unknown circle; the task is rejected")
            return false
        }
        checkUser(task.creatorId, "createdBy.userId", known: users, report)
        if let assignee = task.assigneeId { checkUser(assignee, "assignedTo.userId", known: users, report) }
        return true
    }

    static func checkHealthRecord(
        _ record: some HealthRecordReferencing, circles: IdIndex, recipients: [String], users: IdIndex,
        report: (Diagnostic.Severity, String, String) -> Void
    ) -> Bool {
        guard let place = circles.value(for: record.careCircleId) else {
            report(.error, "careCircleId", "unknown circle; the record is rejected")
            return false
        }
        if record.careRecipientId != recipients[place] {
            report(.warning, "careRecipientId", "not the care recipient of the record's circle")
        }
        for (position, id) in record.visibleTo.enumerated() {
            checkUser(id, "visibleTo[\(position)]", known: users, report)
        }
        return true
    }

    static func checkUpdate(
        _ update: some UpdateReferencing, circles: IdIndex, users: IdIndex, report: (Diagnostic.Severity, String, String) -> Void
    ) -> Bool {
        if !circles.contains(update.careCircleId) {
            report(.warning, "careCircleId", "unknown circle; the update is shown to nobody")
        }
        checkUser(update.authorId, "authorId", known: users, report)
        return true
    }

    private static func checkUser(
        _ id: String, _ key: String, known: IdIndex, _ report: (Diagnostic.Severity, String, String) -> Void
    ) {
        if !known.contains(id) { report(.warning, key, "unknown user; shown as \"unknown member\"") }
    }
}
