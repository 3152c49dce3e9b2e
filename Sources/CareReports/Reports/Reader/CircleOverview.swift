import Foundation

/// One circle of a reader's site of several circles, as its home page and caseload show it: what
/// needs attention this week, overdue tasks, missed doses (only where the reader may see doses),
/// the next appointment and the last update. Made from that circle's visible records only, so
/// nothing of one circle can reach another's row. Small: a caseload of 500 circles keeps 500 of these,
/// never the circles' records.
public struct CircleOverview: Sendable, Encodable {
    /// One thing needing attention, saying which circle and person it concerns.
    public struct Item: Sendable, Encodable {
        public let circleName: String
        public let recipientName: String
        public let symbol: String
        public let kind: String
        public let text: String
        /// The page it links to, from the reader's site root, without extension.
        public let link: String?
        /// Its place in the triage order, for ordering items across circles.
        var tier: Triage = .abnormal

        enum CodingKeys: String, CodingKey { case circleName, recipientName, symbol, kind, text, link }
    }

    /// A page of the circle, from the reader's site root (without extension).
    public struct Link: Sendable, Encodable {
        public let label: String
        public let link: String
        /// The visit summary is written in HTML only.
        public let htmlOnly: Bool
    }

    /// The circle's id (for ordering and file names only; never shown).
    let circleId: String
    public let circleName: String
    public let recipientName: String
    /// The reader's role in this circle, in words ("caregiver").
    public let role: String
    /// The circle's home page, from the reader's site root, without extension.
    public let home: String
    public let attentionCount: Int
    /// "3 things need attention this week.", "Nothing needs attention this week." (a whole sentence).
    public let attentionText: String
    public let overdueTasks: Int
    /// The count of doses missed or not recorded this week, as text; "—" where the reader is not shown doses.
    public let missedDoses: String
    /// Why there is a dash instead of a count, in words from the reader's role alone.
    public let missedDosesNote: String?
    public let nextAppointment: String?
    /// The latest appointment held, as "{title}, {when}".
    public let lastVisit: String?
    /// "2 of 3 goals on track" (every current goal counted, judged or not); nil with no goals.
    public let goalsOnTrack: String?
    public let lastUpdate: String?
    public let links: [Link]
    /// The items needing attention (left empty in a caseload, which shows counts only).
    public internal(set) var attention: [Item]

    /// The overview of the circle `context` holds, whose pages are in `folder` of the reader's site.
    public init(context: ReportContext, folder: String, keepsItems: Bool) {
        let records = context.records
        let catalog = LabCatalog(context)
        let links = SiteLinks(context: context, catalog: catalog)
        let weekly = WeeklySummaryBuilder(context: context, links: links, catalog: catalog)
        let week = ISOWeek(containing: context.today)
        let summary = weekly.build(week)
        let prefix = folder + "/"
        let words = context.words
        circleId = records.circle.id
        circleName = records.circle.name
        recipientName = context.names.recipientName
        role = PageChrome.list(records.viewer.roles.sorted().map { PageChrome.roleName($0, words) }, words)
        home = prefix + "index"
        attentionCount = summary.attention.count
        attentionText = summary.attention.isEmpty
            ? words.t("Nothing needs attention this week.")
            : words.n("{count} thing needs attention this week.", "{count} things need attention this week.", count: summary.attention.count)
        overdueTasks = summary.tasksOverdue.count
        if records.viewer.seesHealthRecords {
            let slots = weekly.medicationsActive(in: week).flatMap { $0.slots(in: week) }
            if slots.isEmpty {
                // "0" would read as "every dose taken" where no dose was due (one wording whether
                // none was scheduled or none is visible: it tells nothing of hidden records).
                missedDoses = "—"
                missedDosesNote = words.t("No doses were scheduled this week.")
            } else {
                let adherence = Adherence(slots)
                missedDoses = "\(adherence.missed + adherence.notRecorded)"
                missedDosesNote = nil
            }
        } else {
            missedDoses = "—"
            missedDosesNote = words.t("Doses are not shown to you in this circle.")
        }
        let zone = context.timeZone
        let coming = records.healthRecords.compactMap { record -> (HealthRecord, Appointment)? in
            guard case .appointment(let appointment) = record.data, appointment.status == .scheduled,
                appointment.start.resolved(in: zone) >= context.dataUntil
            else { return nil }
            return (record, appointment)
        }
        .min { ($0.1.start.resolved(in: zone), $0.0.id) < ($1.1.start.resolved(in: zone), $1.0.id) }
        nextAppointment = coming.map { words.t("{title}, {when}", ["title": $0.0.title, "when": context.format.dateTime($0.1.start)]) }
        let held = records.healthRecords.compactMap { record -> (HealthRecord, Appointment)? in
            guard case .appointment(let appointment) = record.data, appointment.status == .completed,
                appointment.start.resolved(in: zone) <= context.dataUntil
            else { return nil }
            return (record, appointment)
        }
        .max { ($0.1.start.resolved(in: zone), $0.0.id) < ($1.1.start.resolved(in: zone), $1.0.id) }
        lastVisit = held.map { words.t("{title}, {when}", ["title": $0.0.title, "when": context.format.dateTime($0.1.start)]) }
        let goals = GoalBoard(context).current
        goalsOnTrack = goals.isEmpty ? nil : words.n(
            "{met} of {count} goal on track", "{met} of {count} goals on track", count: goals.count, context: "goal",
            ["met": "\(goals.filter { $0.judgement?.verdict == .onTrack }.count)"])
        // The latest update the data speaks for: none after "now" (or the export), as everywhere else.
        lastUpdate = records.updates.filter { $0.timestamp.resolved(in: zone) <= context.dataUntil }
            .max { ($0.timestamp.resolved(in: zone), $0.id) < ($1.timestamp.resolved(in: zone), $1.id) }
            .map { context.format.dateTime($0.timestamp) }
        var pages = [Link(label: words.t("Weekly summaries"), link: prefix + "weeks/index", htmlOnly: false)]
        if context.sections.medications { pages.append(Link(label: words.t("Medications"), link: prefix + "medications/index", htmlOnly: false)) }
        if context.sections.labs { pages.append(Link(label: words.t("Labs"), link: prefix + "labs/index", htmlOnly: false)) }
        if records.viewer.seesWorkload { pages.append(Link(label: words.t("Workload"), link: prefix + WorkloadPageBuilder.link, htmlOnly: false)) }
        if context.sections.visit { pages.append(Link(label: words.t("Visit summary"), link: prefix + "visit", htmlOnly: true)) }
        self.links = pages
        let (name, recipient) = (circleName, recipientName)
        attention = keepsItems
            ? summary.attention.map { item -> Item in
                var row = Item(circleName: name, recipientName: recipient, symbol: item.symbol, kind: item.kind, text: item.text, link: item.link.map { prefix + $0 })
                row.tier = item.tier
                return row
            } : []
    }

    /// Caseload order: most needing attention first, then most overdue tasks, most missed doses,
    /// then by the person's name (and the circle id, so the order is total).
    static func attentionFirst(_ a: CircleOverview, _ b: CircleOverview) -> Bool {
        let (missedA, missedB) = (Int(a.missedDoses) ?? 0, Int(b.missedDoses) ?? 0)
        return (-a.attentionCount, -a.overdueTasks, -missedA, a.recipientName, a.circleName, a.circleId)
            < (-b.attentionCount, -b.overdueTasks, -missedB, b.recipientName, b.circleName, b.circleId)
    }
}
