import Foundation

/// Builds the lab index, one page per report and one per analyte.
public struct LabPageBuilder: Sendable {
    let context: ReportContext
    let links: SiteLinks
    let catalog: LabCatalog
    let charts: ChartFactory

    public init(context: ReportContext, links: SiteLinks, catalog: LabCatalog) {
        self.context = context
        self.links = links
        self.catalog = catalog
        self.charts = ChartFactory(context: context)
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
                let results = analyte.points.filter { context.day($0.entry.collected) == day }.map(\.result)
                guard let result = results.last else { return .init(text: "", flag: nil) }
                return .init(text: LabValueText.value(result), flag: FlagView(result))
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
            if let earlier, case .number(let now) = result.value, case .number(let before) = earlier.result.value {
                if earlier.result.unit == result.unit {
                    let delta = now - before
                    change = delta == 0 ? "no change" : (delta > 0 ? "+" : "−") + DisplayFormat.number(abs(delta), maxDecimals: 3)
                } else {
                    change = "different unit"
                    warnings.append("\(result.name) is in \(result.unit ?? "no unit") here but was in \(earlier.result.unit ?? "no unit") before; values are not compared")
                }
            }
            return LabReportPage.Row(
                name: result.name, link: links.analyte(LabValueText.analyteKey(result)), value: LabValueText.value(result),
                unit: result.unit ?? "", range: LabValueText.range(result.referenceRange), flag: FlagView(result),
                previous: earlier.map { "\(LabValueText.value($0.result)) (\(collected($0.entry)))" } ?? "", change: change,
                note: result.note)
        }
        return LabReportPage(
            page: PageChrome(title: entry.record.title, link: link, section: "labs", context: context), title: entry.record.title,
            facts: facts, panel: report.panel?.name ?? "Results", rows: rows, warnings: warnings,
            conclusion: context.rich(report.conclusion), description: context.rich(entry.record.description))
    }

    public func analytePages() -> [(link: String, page: AnalytePage)] {
        catalog.analytes.compactMap { analyte in
            guard let link = links.analyte(analyte.key) else { return nil }
            let units = analyte.units
            var warnings: [String] = []
            if units.count > 1 {
                warnings.append("This test was reported in different units (\(units.map { $0.isEmpty ? "no unit" : $0 }.joined(separator: ", "))); the chart shows \(units[0].isEmpty ? "the values without a unit" : units[0]) only.")
            }
            let rows = analyte.points.map { point in
                AnalytePage.Row(
                    date: collected(point.entry), report: point.entry.record.title, link: links.report(point.entry.record.id),
                    value: LabValueText.value(point.result), unit: point.result.unit ?? "",
                    range: LabValueText.range(point.result.referenceRange), flag: FlagView(point.result),
                    note: point.result.note)
            }
            let loinc = analyte.key.hasPrefix("loinc:") ? String(analyte.key.dropFirst(6)) : nil
            let page = AnalytePage(
                page: PageChrome(title: analyte.name, link: link, section: "labs", context: context), name: analyte.name,
                loinc: loinc, chart: charts.analyteChart(analyte, id: "trend"), rows: rows, warnings: warnings)
            return (link, page)
        }
    }
}
