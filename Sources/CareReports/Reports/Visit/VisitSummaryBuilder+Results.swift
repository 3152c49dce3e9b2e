import Foundation

extension VisitSummaryBuilder {
    /// The latest result of every test the viewer may see, whatever its date (the date says how
    /// old it is): those out of range or unflagged in a table, most serious first; the normal ones
    /// compressed into one line per day. Each carries the previous result as reported, never a
    /// difference computed from it (a value such as ">60" is a limit, not a number).
    func resultRows() -> ([VisitSummary.ResultRow], [VisitSummary.NormalGroup]) {
        var rows: [(rank: Int, instant: Date, row: VisitSummary.ResultRow)] = []
        // Normal results grouped by their date as shown: a day, a month or year, or "date unknown"
        // (an unknown date is filed under the document's day for ordering only, never shown as it).
        var normal: [(date: String, instant: Date, name: String, text: String)] = []
        for analyte in catalog.analytes {
            guard let latest = analyte.points.last else { continue }
            let result = latest.result
            let shownDate = when(latest.collected)
            let instant = latest.collected.resolved(in: context.timeZone)
            let pending = Self.isPending(result)
            // A result whose value says "pending" is not said pending twice.
            let status = pending ? "" : statusWords(latest)
            let format = context.format
            let value = format.localized(LabUnitText.value(result, context.words))
            // A result not yet given is never listed as normal.
            let rank = pending ? 1 : severityRank(result)
            if rank == 0 {
                normal.append((shownDate, instant, result.name, value + (status.isEmpty ? "" : " (\(status))")))
                continue
            }
            let previous = analyte.points.dropLast().last { $0.collected.resolved(in: context.timeZone) < instant }
            let previousText = previous.map { point in
                return "\(format.localized(LabUnitText.value(point.result, context.words))) (\(when(point.collected)))"
                    + converted(point.result, to: result)
            } ?? context.words.t("none", context: "previous result")
            var row = VisitSummary.ResultRow(
                name: result.name, value: value, range: format.localized(LabValueText.range(result.referenceRange)), flag: FlagView(result, context.words),
                remark: pending ? context.words.t("pending", context: "lab report")
                    : rank == 2 ? context.words.t("not as expected") : rank == 1 ? context.words.t("no range given") : nil,
                status: status.isEmpty ? nil : status, date: shownDate, previous: previousText)
            row.note = resultNote(latest)
            rows.append((rank, instant, row))
        }
        let table = rows.sorted { a, b in
            if a.rank != b.rank { return a.rank > b.rank }
            if a.instant != b.instant { return a.instant > b.instant }
            return a.row.name.lowercased() < b.row.name.lowercased()
        }.map(\.row)
        let days = Dictionary(grouping: normal) { $0.date }
        let newest = days.mapValues { $0.map(\.instant).max()! }
        let groups = days.keys.sorted { (newest[$0]!, $0) > (newest[$1]!, $1) }.map { day in
            VisitSummary.NormalGroup(
                date: day,
                items: days[day]!.sorted { ($0.instant, $0.name.lowercased()) < ($1.instant, $1.name.lowercased()) }
                    .map { "\($0.name) \($0.text)" }.joined(separator: "; "))
        }
        return (table, groups)
    }

    /// ` = 8.2 mmol/L` when an earlier result was reported in another unit that carereport can
    /// convert, so the two can be compared at a glance; nothing otherwise (a comparator such as
    /// `<5` is a limit and stays as reported).
    func converted(_ earlier: LabResult, to latest: LabResult) -> String {
        let unit = latest.unit ?? ""
        guard LabUnits.normalized(earlier.unit ?? "") != LabUnits.normalized(unit), !unit.isEmpty, earlier.comparator == nil,
            let value = LabUnits.number(earlier, in: unit)
        else { return "" }
        // No more precise than the latest result is written: 7.4 mmol/L beside "= 8.2", not "= 8.21".
        let written = LabValueText.value(latest)
        let decimals = written.firstIndex(of: ".").map { written.distance(from: $0, to: written.endIndex) - 1 } ?? 0
        return " = \(context.format.number(value, maxDecimals: decimals)) \(LabUnitText.display(unit, context.words))"
    }

    /// 0 normal; 1 not flagged; 2 a text result that differs from its expected text; 3 abnormal,
    /// low or high; 4 critical.
    func severityRank(_ result: LabResult) -> Int {
        if let (flag, _) = LabFlagging.flag(of: result) {
            switch flag {
            case .normal: break
            case .criticalLow, .criticalHigh: return 4
            case .low, .high, .abnormal: return 3
            }
            return 0
        }
        if case .text(let text) = result.value, let expected = result.referenceRange?.text {
            return text.trimmingSpaces().lowercased() == expected.trimmingSpaces().lowercased() ? 0 : 2
        }
        return 1
    }

    /// True for a result not yet given (its value says "pending").
    static func isPending(_ result: LabResult) -> Bool {
        if case .text(let text) = result.value { return text.lowercased().hasPrefix("pending") }
        return false
    }

    /// The result's own status in words when it is not final (its report's when it states none);
    /// "pending" for a result not yet given.
    func statusWords(_ point: LabCatalog.Point) -> String {
        if Self.isPending(point.result) { return context.words.t("pending", context: "lab report") }
        let status = point.entry.report.status(of: point.result)
        return status == .final ? "" : LabWording.status(status, context.words)
    }
}
