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

    func collected(_ entry: LabCatalog.Entry) -> String { context.format.date(entry.collected) }

    public func index() -> LabIndexPage {
        let reports = catalog.reports.compactMap { entry -> LabIndexPage.ReportRow? in
            guard let link = links.report(entry.record.id) else { return nil }
            return LabIndexPage.ReportRow(
                title: entry.record.title, link: link, collected: collected(entry), laboratory: entry.report.laboratory ?? "",
                status: LabWording.status(of: entry.report, context.words), results: entry.report.results.count,
                abnormal: entry.report.results.filter { FlagView($0).map { $0.cssClass != "flag-normal" } ?? false }.count)
        }
        var days: [LocalDate] = []
        for entry in catalog.reports.reversed() where !days.contains(context.day(entry.collected)) { days.append(context.day(entry.collected)) }
        let matrix = catalog.analytes.compactMap { analyte -> LabIndexPage.MatrixRow? in
            guard let link = links.analyte(analyte.key) else { return nil }
            let cells = days.map { day -> LabIndexPage.MatrixCell in
                guard let point = analyte.points.last(where: { context.day($0.entry.collected) == day }) else { return .init(text: "", flag: nil) }
                let result = point.result
                let status = point.entry.report.status(of: point.result)
                return .init(
                    text: context.format.localized(LabUnitText.value(result, context.words)), flag: FlagView(result, context.words),
                    status: status == .final ? nil : LabWording.status(status, context.words))
            }
            return .init(analyte: analyte.name, link: link, cells: cells)
        }
        return LabIndexPage(
            page: PageChrome(title: context.words.t("Lab reports"), link: "labs/index", section: "labs", context: context), reports: reports,
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
        let words = context.words
        let format = context.format
        fact(words.t("Laboratory"), report.laboratory)
        fact(words.t("Ordered by"), report.orderedBy)
        fact(words.t("Collected"), report.collectedAt.map(context.format.dateTime))
        fact(words.t("Reported"), report.reportedAt.map(context.format.dateTime))
        fact(words.t("Status"), LabWording.status(of: report, words))
        var warnings: [String] = []
        let rows = report.results.map { result -> LabReportPage.Row in
            let analyte = catalog.analyte(LabValueText.analyteKey(result))
            let earlier = analyte?.points.last { point in
                point.collected.resolved(in: context.timeZone) < entry.collected.resolved(in: context.timeZone)
            }
            var change = ""
            var previous = earlier.map { format.localized(LabUnitText.value($0.result, context.words)) } ?? ""
            if let earlier, case .number(let now) = result.value, case .number = earlier.result.value {
                let unit = result.unit ?? ""
                if let before = LabUnits.number(earlier.result, in: unit) {
                    let delta = now - before
                    change = delta == 0 ? words.t("no change") : (delta > 0 ? "+" : "−") + format.number(abs(delta), maxDecimals: 3)
                    if (earlier.result.unit ?? "") != unit {
                        previous += " = \(format.number(before, maxDecimals: 3)) \(LabUnitText.display(unit, context.words))"
                        warnings.append(words.t(
                            "{test} is in {unit} here but was in {earlierUnit} before; the previous value is converted to compare them",
                            ["test": result.name, "unit": unitName(unit), "earlierUnit": unitName(earlier.result.unit)]))
                    }
                } else {
                    change = words.t("not compared: different unit")
                    warnings.append(words.t(
                        "{test} is in {unit} here but was in {earlierUnit} before; values are not compared",
                        ["test": result.name, "unit": unitName(unit), "earlierUnit": unitName(earlier.result.unit)]))
                }
            }
            // A result whose own status differs from the report's says it beside its value.
            let own = report.status(of: result)
            var stated = own == report.statedStatus || own == .final && report.statedStatus == nil ? "" : " (\(LabWording.status(own, words)))"
            // So does a result whose own date is not the report's ("2024", "date unknown").
            if let date = result.date, date != entry.collected { stated += " (\(format.date(date)))" }
            return LabReportPage.Row(
                name: result.name, link: links.analyte(LabValueText.analyteKey(result)), value: format.localized(LabValueText.value(result)) + stated,
                unit: result.isText ? "" : LabUnitText.display(result.unit, context.words), range: format.localized(LabValueText.range(result.referenceRange)), flag: FlagView(result, words),
                previous: earlier.map { "\(previous) (\(context.format.date($0.collected)))" } ?? "", change: change,
                note: result.note)
        }
        return LabReportPage(
            page: PageChrome(title: entry.record.title, link: link, section: "labs", context: context), title: entry.record.title,
            facts: facts, panel: report.panel?.name ?? words.t("Results"), rows: rows,
            notIncluded: LabReportWording.notIncluded(report.resultsNotIncluded, words), warnings: warnings,
            conclusion: context.rich(report.conclusion), description: context.rich(entry.record.description),
            attachments: AttachmentView.views(entry.record.attachments, context))
    }

    public func analytePages() -> [(link: String, page: AnalytePage)] {
        catalog.analytes.compactMap { analyte in
            guard let link = links.analyte(analyte.key) else { return nil }
            let units = analyte.units
            let unit = analyte.unit
            let words = context.words
            let format = context.format
            let shownName = LabUnitText.display(unit, context.words).isEmpty ? words.t("the values without a unit") : LabUnitText.display(unit, context.words)
            var warnings: [String] = []
            if units.count > 1 {
                let listed = units.map(unitName).joined(separator: ", ")
                let left = analyte.unconvertible.map(unitName)
                warnings.append(
                    left.isEmpty
                        ? words.t(
                            "This test was reported in different units ({units}); the chart shows every value in {unit}, converted where needed.",
                            ["units": listed, "unit": shownName])
                        : words.t(
                            "This test was reported in different units ({units}); the chart shows {unit} only: values in {others} cannot be converted.",
                            ["units": listed, "unit": shownName, "others": left.joined(separator: ", ")]))
            }
            let rows = analyte.points.map { point in
                var shownUnit = LabUnitText.display(point.result.unit, context.words)
                if (point.result.unit ?? "") != unit, let converted = LabUnits.number(point.result, in: unit) {
                    shownUnit += " (= \(format.number(converted, maxDecimals: 1)) \(LabUnitText.display(unit, context.words)))"
                }
                return AnalytePage.Row(
                    date: context.format.date(point.collected), report: point.entry.record.title, link: links.report(point.entry.record.id),
                    value: format.localized(LabValueText.value(point.result)), unit: shownUnit,
                    range: format.localized(LabValueText.range(point.result.referenceRange)), flag: FlagView(point.result, words),
                    note: point.result.note)
            }
            let loinc = analyte.key.hasPrefix("loinc:") ? String(analyte.key.dropFirst(6)) : nil
            let page = AnalytePage(
                page: PageChrome(title: analyte.name, link: link, section: "labs", context: context), name: analyte.name,
                loinc: loinc, chart: charts.analyteChart(analyte, id: "trend"), rows: rows, warnings: warnings,
                explanation: explanations.text(loinc: loinc, name: analyte.name).map { words.lookup($0) })
            return (link, page)
        }
    }

    /// A unit named in a sentence: as displayed, or "no unit".
    private func unitName(_ unit: String?) -> String {
        let shown = LabUnitText.display(unit, context.words)
        return shown.isEmpty ? context.words.t("no unit") : shown
    }
}
