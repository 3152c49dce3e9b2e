/// The checks of an export's tasks, health records and updates made when their circle is read for
/// output, not when the export is first read (`ExportLoader.streamedRead(_:choosing:deferChecks:)`):
/// the first reading then only indexes each record by its id and circle, and each record is decoded
/// once in all. A record passes when decoding it and checking its references against the users and
/// circles (`ReferenceChecker`) say nothing at all, not even a warning; anything else means the
/// export must be read again with every check, to say what is wrong exactly as `validate` does
/// (`IngestError.needsFullChecks`).
struct DeferredChecks: @unchecked Sendable {
    /// The export's valid users and circles.
    let people: KnownPeople
    /// The first reading's seed and mask of id hashes (for `CircleRun.digest`).
    let seed: UInt64
    let hashMask: UInt64

    /// Whether every one of these decoded records passes the reference checks with nothing to say.
    func pass(tasks: [CareTask], health: [HealthRecord], updates: [CircleUpdate]) -> Bool {
        var quiet = true
        let listen: (Diagnostic.Severity, String, String) -> Void = { _, _, _ in quiet = false }
        for task in tasks where !ReferenceChecker.checkTask(task, circles: people.circles, users: people.users, report: listen) {
            return false
        }
        for record in health
        where !ReferenceChecker.checkHealthRecord(
            record, circles: people.circles, recipients: people.recipients, users: people.users, report: listen)
        {
            return false
        }
        for update in updates where !ReferenceChecker.checkUpdate(update, circles: people.circles, users: people.users, report: listen) {
            return false
        }
        return quiet
    }
}
