import Foundation

extension WeeklySummaryBuilder {
    /// One abnormal lab result as a Needs-attention line: a call today when critical, or newly
    /// abnormal and explained by a medicine active that week ("Potassium 5.3 mmol/L (range 3.5–5.1), on Lisinopril"); `since`
    /// carries a result of an earlier week that no newer result of the same test has replaced.
    func labItem(_ result: LabResult, report: LabReport, record: HealthRecord, since: LocalDate?) -> WeeklySummary.Attention? {
        guard let (flag, _) = LabFlagging.flag(of: result), LabFlagging.isAbnormal(flag) else { return nil }
        let words = context.words
        let flagWords = LabFlagging.words(flag, words)
        let known = context.day(WeeklySummaryBuilder.weekDate(of: record))
        // High against the lab's range but at the goal a doctor stated for it ("A1c above her goal of 7.5"): not a flag.
        if LabGoals.withinGoal(result, flag: flag, in: catalog, context: context, asOf: known) { return nil }
        let active = medicationsActive(in: ISOWeek(containing: known)).map(\.medication)
        let explaining = Triage.explaining(result.name, among: active)
        var values = [
            "test": result.name, "value": context.format.localized(LabUnitText.value(result)),
            "range": context.format.localized(LabValueText.range(result.referenceRange)),
        ]
        var text = words.t("{test} {value} (range {range})", values)
        if let explaining {
            values["medication"] = explaining.name
            text = words.t("{test} {value} (range {range}), on {medication}", values)
        }
        if let since {
            text = words.t("{result}, since {day}, not rechecked", ["result": text, "day": context.shortDay(since)])
        }
        if let (due, about) = WeeklySummaryBuilder.followUp(report, record: record, in: context), about.isEmpty || about.contains(result.name) {
            text = due >= context.today
                ? words.t("{result}; recheck due {due}", ["result": text, "due": context.format.day(due)])
                : words.t("{result}; recheck was due {due}", ["result": text, "due": context.format.day(due)])
        }
        var item = WeeklySummary.Attention(
            symbol: flagWords.symbol, kind: words.t("Lab result {flag}", ["flag": flagWords.label.lowercased()]), text: text, link: links.report(record.id))
        item.tier = flag == .criticalLow || flag == .criticalHigh || (explaining != nil && newlyAbnormal(result, record: record)) ? .callToday : .abnormal
        return item
    }

    /// True when the test's previous result (the one before this report) was normal or there was none.
    func newlyAbnormal(_ result: LabResult, record: HealthRecord) -> Bool {
        guard let points = catalog.analyte(LabValueText.analyteKey(result))?.points,
            let index = points.firstIndex(where: { $0.entry.record.id == record.id }), index > 0
        else { return true }
        guard let (flag, _) = LabFlagging.flag(of: points[index - 1].result) else { return true }
        return !LabFlagging.isAbnormal(flag)
    }

    /// Abnormal results of earlier weeks whose test has no newer result yet: they stay on this
    /// week's list (the home's) until rechecked.
    func openResultItems(_ week: ISOWeek) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        for analyte in catalog.analytes {
            let known = analyte.points.filter { context.day(WeeklySummaryBuilder.weekDate(of: $0.entry.record)) <= context.today }
            guard let latest = known.last else { continue }
            let day = context.day(WeeklySummaryBuilder.weekDate(of: latest.entry.record))
            guard day < week.monday,
                let item = labItem(latest.result, report: latest.entry.report, record: latest.entry.record, since: context.day(latest.entry.collected))
            else { continue }
            items.append(item)
        }
        return items
    }

    /// The day a report asks for a recheck ("recheck in 4 weeks", "repeat in 3 months", "repetir en
    /// 4 semanas", counted from the draw) and the names of the results its text speaks of (none
    /// named: the whole report).
    static func followUp(_ report: LabReport, record: HealthRecord, in context: ReportContext) -> (due: LocalDate, about: Set<String>)? {
        let texts = [report.conclusion ?? ""] + report.results.compactMap(\.note)
        let pattern = #"(?i)\b(?:recheck|re-check|repeat|retest|re-test|follow[- ]up|repetir|repita|control|controlar)\b[^.;]{0,30}?\b(?:in|en)\s+(\d{1,3}|one|two|three|four|six|una|un|dos|tres|cuatro|seis)\s+(days?|weeks?|months?|d[íi]as?|semanas?|mes(?:es)?)\b"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let numbers = ["one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "una": 1, "un": 1, "dos": 2, "tres": 3, "cuatro": 4, "seis": 6]
        for text in texts {
            let range = NSRange(text.startIndex..., in: text)
            guard let match = regex.firstMatch(in: text, range: range), let countRange = Range(match.range(at: 1), in: text),
                let unitRange = Range(match.range(at: 2), in: text)
            else { continue }
            let countText = text[countRange].lowercased()
            guard let count = Int(countText) ?? numbers[countText] else { continue }
            let unit = text[unitRange].lowercased()
            let days = unit.hasPrefix("d") ? count : count * 7
            let drawn = context.day(report.collectedAt ?? record.date)
            let due = unit.hasPrefix("m") ? drawn.adding(months: count) : drawn.adding(days: days)
            let lower = text.lowercased()
            let about = Set(report.results.map(\.name).filter { name in
                guard let word = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first(where: { $0.count >= 3 }) else { return false }
                return lower.range(of: #"\b"# + NSRegularExpression.escapedPattern(for: String(word)) + #"\b"#, options: .regularExpression) != nil
            })
            return (due, about)
        }
        return nil
    }
}
