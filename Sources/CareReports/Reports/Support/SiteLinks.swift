/// File names for the site's pages, made once from visible records so every page links alike.
/// Paths have no extension: templates add `.html` or `.md`.
public struct SiteLinks: Sendable {
    public let weeks: [ISOWeek]
    public let medicationSlugs: [String: String]
    public let reportSlugs: [String: String]
    public let analyteSlugs: [String: String]

    public init(context: ReportContext, catalog: LabCatalog) {
        let records = context.records
        var weeks = Set<ISOWeek>()
        if let positions = records.positions {
            // The circle's facts hold each record's week, worked out once for every reader.
            let dates = positions.facts.recordDates(in: context.timeZone)
            // Records come mostly in date order: a week like the one before is not inserted again.
            var last: ISOWeek?
            func add(_ week: ISOWeek) {
                guard week != last else { return }
                weeks.insert(week)
                last = week
            }
            for position in positions.health { add(dates.health[position].week) }
            for position in positions.tasks { add(dates.taskWeeks[position]) }
            for position in positions.updates { add(dates.updateWeeks[position]) }
        } else {
            for record in records.healthRecords { weeks.insert(ISOWeek(containing: context.day(record.date))) }
            for task in records.tasks { weeks.insert(ISOWeek(containing: context.day(task.dueDate))) }
            for update in records.updates { weeks.insert(ISOWeek(containing: context.day(update.timestamp))) }
        }
        let (from, to) = context.period
        self.weeks = weeks.filter { week in from.map { week.sunday >= $0 } ?? true && to.map { week.monday <= $0 } ?? true }.sorted()

        var slugger = Slugger()
        var medications: [String: String] = [:]
        for record in records.healthRecords {
            guard case .medication(let medication) = record.data else { continue }
            medications[record.id] = slugger.slug("\(medication.name) \(context.day(medication.startDate))")
        }
        self.medicationSlugs = medications

        var reportSlugger = Slugger()
        var reports: [String: String] = [:]
        for report in catalog.reports.reversed() {
            reports[report.record.id] = reportSlugger.slug("\(context.day(report.collected)) \(report.record.title)")
        }
        self.reportSlugs = reports

        var analyteSlugger = Slugger()
        var analytes: [String: String] = [:]
        for analyte in catalog.analytes { analytes[analyte.key] = analyteSlugger.slug(analyte.name) }
        self.analyteSlugs = analytes
    }

    public func week(_ week: ISOWeek) -> String { "weeks/\(week)" }
    public func medication(_ recordId: String) -> String? { medicationSlugs[recordId].map { "medications/\($0)" } }
    public func report(_ recordId: String) -> String? { reportSlugs[recordId].map { "labs/\($0)" } }
    public func analyte(_ key: String) -> String? { analyteSlugs[key].map { "labs/analytes/\($0)" } }
}
