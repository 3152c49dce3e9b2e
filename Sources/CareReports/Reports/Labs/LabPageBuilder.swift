import Foundation

/// Builds the lab index, one page per report and one per analyte.
public struct LabPageBuilder: Sendable {
    let context: ReportContext
    let links: SiteLinks
    let catalog: LabCatalog
    let charts: ChartFactory
    let explanations: LabExplanations

    /// `explanations`: the plain-words text for the top of each test's page (none by default).
    public init(context: ReportContext, links: SiteLinks, catalog: LabCatalog, explanations: LabExplanations = LabExplanations("")) {
        self.context = context
        self.links = links
        self.catalog = catalog
        self.charts = ChartFactory(context: context)
        self.explanations = explanations
    }

    func collected(_ entry: LabCatalog.Entry) -> String { context.format.day(context.day(entry.collected)) }

    public func index() -> LabIndexPage {
        let reports = catalog.reports.compactMap { entry -> LabIndexPage.ReportRow? in
            guard let link = links.report(entry.record.id) else { return nil }
            return LabIndexPage.ReportRow(
                title: entry.record.title, link: link, collected: collected(entry), laboratory: entry.report.laboratory ?? "",
                status: entry.report.status.rawValue, results: entry.report.results.count,
                abnormal: entry.report.results.filter { FlagView($0).map { $0.label != "Normal" } ?? false }.count)
        }
        var days: [LocalDate] = []
        for entry in catalog.reports.reversed() where !days.contains(context.day(entry.collected)) { days.append(context.day(entry.collected)) }
        let matrix = catalog.analytes.compactMap { analyte -> LabIndexPage.MatrixRow? in
            guard let link = links.analyte(analyte.key) else { return nil }
            let cells = days.map { day -> LabIndexPage.MatrixCell in
                guard let point = analyte.points.last(where: { context.day($0.entry.collected) == day }) else { return .init(text: "", flag: nil) }
                let result = point.result
                let status = point.entry.report.status
                return .init(
                    text: LabUnitText.value(result), flag: FlagView(result),
                    status: status == .final ? nil : status.rawValue)
            }
            return .init(analyte: analyte.name, link: link, cells: cells)
        }
        return LabIndexPage(
            page: PageChrome(title: "Lab reports", link: "labs/index", section: "labs", context: context), reports: reports,
            dates: days.map { context.format.shortDay($0) + " \($0.year)" }, matrix: matrix)
    }

    public func reportPages() -> [(link: String, page: LabReportPage)] {
        catalog.reports.compactMap { entry in
            guard let link = links.report(entry.record.id) else { return nil }
            return (link, reportPage(entry, link: link))
        }
    }

    private func reportPage(_ entry: LabCatalog.Entry, link: String) -> LabReportPage {
        let report = entry.report
        var facts: [MedicationPage.Fact] = []
        func fact(_ label: String, _ value: String?) { if let value, !value.isEmpty { facts.append(.init(label: label, value: value)) } }
        fact("Laboratory", report.laboratory)
        fact("Ordered by", report.orderedBy)
        fact("Collected", report.collectedAt.map(context.format.dateTime))
        fact("Reported", report.reportedAt.map(context.format.dateTime))
        fact("Status", report.status.rawValue)
        var warnings: [String] = []
        let rows = report.results.map { result -> LabReportPage.Row in
            let analyte = catalog.analyte(LabValueText.analyteKey(result))
            let earlier = analyte?.points.last { point in
                point.entry.collected.resolved(in: context.timeZone) < entry.collected.resolved(in: context.timeZone)
            }
            var change = ""
            var previous = earlier.map { LabUnitText.value($0.result) } ?? ""
            if let earlier, case .number(let now) = result.value, case .number = earlier.result.value {
                let unit = result.unit ?? ""
                if let before = LabUnits.number(earlier.result, in: unit) {
                    let delta = now - before
                    change = delta == 0 ? "no change" : (delta > 0 ? "+" : "−") + DisplayFormat.number(abs(delta), maxDecimals: 3)
                    if (earlier.result.unit ?? "") != unit {
                        previous += " = \(DisplayFormat.number(before, maxDecimals: 3)) \(LabUnitText.display(unit))"
                        warnings.append("\(result.name) is in \(unitName(unit)) here but was in \(unitName(earlier.result.unit)) before; the previous value is converted to compare them")
                    }
                } else {
                    change = "not compared: different unit"
                    warnings.append("\(result.name) is in \(unitName(unit)) here but was in \(unitName(earlier.result.unit)) before; values are not compared")
                }
            }
            return LabReportPage.Row(
                name: result.name, link: links.analyte(LabValueText.analyteKey(result)), value: LabValueText.value(result),
                unit: LabUnitText.display(result.unit), range: LabValueText.range(result.referenceRange), flag: FlagView(result),
                previous: earlier.map { "\(previous) (\(collected($0.entry)))" } ?? "", change: change,
                note: result.note)
        }
        return LabReportPage(
            page: PageChrome(title: entry.record.title, link: link, section: "labs", context: context), title: entry.record.title,
            facts: facts, panel: report.panel?.name ?? "Results", rows: rows, warnings: warnings,
            conclusion: context.rich(report.conclusion), description: context.rich(entry.record.description),
            attachments: AttachmentView.views(entry.record.attachments, context))
    }

    public func analytePages() -> [(link: String, page: AnalytePage)] {
        catalog.analytes.compactMap { analyte in
            guard let link = links.analyte(analyte.key) else { return nil }
            let units = analyte.units
            let unit = analyte.unit
            let shownName = LabUnitText.display(unit).isEmpty ? "the values without a unit" : LabUnitText.display(unit)
            var warnings: [String] = []
            if units.count > 1 {
                let listed = units.map(unitName).joined(separator: ", ")
                let left = analyte.unconvertible.map(unitName)
                warnings.append(
                    left.isEmpty
                        ? "This test was reported in different units (\(listed)); the chart shows every value in \(shownName), converted where needed."
                        : "This test was reported in different units (\(listed)); the chart shows \(shownName) only: values in \(left.joined(separator: ", ")) cannot be converted.")
            }
            let rows = analyte.points.map { point in
                var shownUnit = LabUnitText.display(point.result.unit)
                if (point.result.unit ?? "") != unit, let converted = LabUnits.number(point.result, in: unit) {
                    shownUnit += " (= \(DisplayFormat.number(converted, maxDecimals: 1)) \(LabUnitText.display(unit)))"
                }
                return AnalytePage.Row(
                    date: collected(point.entry), report: point.entry.record.title, link: links.report(point.entry.record.id),
                    value: LabValueText.value(point.result), unit: shownUnit,
                    range: LabValueText.range(point.result.referenceRange), flag: FlagView(point.result),
                    note: point.result.note)
            }
            let loinc = analyte.key.hasPrefix("loinc:") ? String(analyte.key.dropFirst(6)) : nil
            let page = AnalytePage(
                page: PageChrome(title: analyte.name, link: link, section: "labs", context: context), name: analyte.name,
                loinc: loinc, chart: charts.analyteChart(analyte, id: "trend"), rows: rows, warnings: warnings,
                explanation: explanations.text(loinc: loinc, name: analyte.name))
            return (link, page)
        }
    }

    /// A unit named in a sentence: as displayed, or "no unit".
    private func unitName(_ unit: String?) -> String {
        let shown = LabUnitText.display(unit)
        return shown.isEmpty ? "no unit" : shown
    }
}
