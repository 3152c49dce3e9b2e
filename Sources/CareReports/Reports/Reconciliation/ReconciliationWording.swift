import Foundation

/// A comparison's verdict and its evidence in the reader's words (docs/reconciliation.md,
/// "What the pages say"): each sentence one catalogue message, the sources named by title and
/// day, the doses counted and dated.
struct ReconciliationWording {
    let context: ReportContext
    let medications: MedicationPageBuilder

    /// True in a table whose introduction names the only document compared (see `source`).
    var brief = false

    init(context: ReportContext, medications: MedicationPageBuilder) {
        self.context = context
        self.medications = medications
    }

    var words: Localizer { context.words }

    /// The symbol beside the verdict's words, so no colour carries it alone.
    static func symbol(_ verdict: ReconciledMedicine.Verdict) -> String {
        switch verdict {
        case .same, .olderListOnly: "="
        case .differs: "≠"
        case .newInDocument: "+"
        case .notOnDocument: "?"
        case .stoppedButGiven: "!"
        }
    }

    /// "Stopped in the document, still given", "Dose or schedule differs" …
    func label(_ medicine: ReconciledMedicine) -> String {
        switch medicine.verdict {
        case .same: sameLabel(medicine)
        case .differs: words.t("Dose or schedule differs")
        case .newInDocument: medicine.given.count == 0 ? words.t("New in the document, not given since") : words.t("New in the document")
        case .notOnDocument: words.t("Given, not on the document's list")
        case .stoppedButGiven:
            medicine.document?.medication.status == .onHold ? words.t("Held in the document, still given") : words.t("Stopped in the document, still given")
        case .olderListOnly: words.t("Only on an older list")
        }
    }

    /// Agreement: the same dose in both, held or stopped in the document and not given since, or
    /// stopped in the family's records and not on the list.
    func sameLabel(_ medicine: ReconciledMedicine) -> String {
        guard let document = medicine.document else { return words.t("Stopped in the family's records") }
        switch document.medication.status {
        case .active: return words.t("The same in both")
        case .onHold: return words.t("Held in the document, not given since")
        case .stopped: return medicine.family == nil ? words.t("Stopped in the document") : words.t("Stopped in both")
        // MedicationReconciliation compares none of them; should one reach here, it is said as what it is.
        case .planned, .notTaken, .unknown: return medications.statusText(document.medication)
        }
    }

    /// "Discharge summary, Riverside General Hospital (1 Apr)"; in a table under an introduction
    /// that names the only document (`brief`), "List of 1 Apr".
    func source(_ document: SourceDocument) -> String {
        guard let date = document.date else { return document.name }
        if brief { return words.t("List of {day}", ["day": day(context.day(date))]) }
        return words.t("{document} ({day})", ["document": document.name, "day": day(context.day(date))])
    }

    /// "Discharge summary, Riverside General Hospital (Tue 1 Apr 2025)": the full date, for a record written out.
    func fullSource(_ document: SourceDocument) -> String {
        guard let date = document.date else { return document.name }
        return words.t("{document} ({day})", ["document": document.name, "day": context.format.date(date)])
    }

    func day(_ day: LocalDate) -> String { context.shortDay(day) }

    /// "Fri 18 Apr", with the year when it is another year's.
    func weekdayDay(_ instant: Date) -> String {
        let local = LocalDate(instant, in: context.timeZone)
        return "\(context.format.weekday(local.isoWeekday)) \(day(local))"
    }

    /// "20 mg once a day", "500 mg, 08:00, 20:00": the dose and schedule a source states.
    func dose(_ statement: SourceStatement) -> String {
        let medication = statement.medication
        let amount = medication.dose.map { DoseText.amount($0, context.format, high: medication.doseHigh) } ?? medication.strength
        let schedule = medications.scheduleText(medication)
        return [amount, schedule.isEmpty ? nil : schedule].compactMap { $0 }.joined(separator: ", ")
    }

    /// The sentences of evidence: what each source says, the doses counted, what to ask.
    func evidence(_ medicine: ReconciledMedicine) -> [String] {
        var lines: [String] = []
        let against = source(medicine.against)
        let familyDose = medicine.family.map(dose) ?? ""
        let last = medicine.lastGiven.map(weekdayDay) ?? words.t("none logged")
        switch medicine.verdict {
        case .same:
            if let document = medicine.document, medicine.family != nil, document.medication.status == .active {
                lines.append(words.t("{source}: {documentDose}; the family gives {familyDose}.", [
                    "source": against, "documentDose": dose(document), "familyDose": familyDose]))
                if !medicine.doseCompared { lines.append(words.t("The dose could not be compared: one source does not state it, or states it in another unit.")) }
            } else if let document = medicine.document {
                lines.append(document.medication.status == .onHold
                    ? words.t("{source}: held; no dose logged since.", ["source": against])
                    : words.t("{source}: stopped; no dose logged since.", ["source": against]))
            } else {
                lines.append(words.t("Not on {source}; stopped in the family's records.", ["source": against]))
            }
        case .differs:
            lines.append(words.t("{source}: {documentDose}; the family gives {familyDose}, last dose {last}.", [
                "source": against, "documentDose": medicine.document.map(dose) ?? "", "familyDose": familyDose, "last": last]))
        case .newInDocument:
            let stated = medicine.document.map(dose) ?? ""
            lines.append(medicine.given.count == 0
                ? words.t("{source}: {documentDose}; no dose logged since.", ["source": against, "documentDose": stated])
                : words.n("{source}: {documentDose}; {count} dose logged since.", "{source}: {documentDose}; {count} doses logged since.",
                          count: medicine.given.count, ["source": against, "documentDose": stated]))
        case .notOnDocument:
            lines.append(words.t("The family gives {familyDose}, last dose {last}; not on {source}: ask the doctor whether to continue.", [
                "familyDose": familyDose, "last": last, "source": against]))
        case .stoppedButGiven:
            let values = ["source": against, "first": medicine.given.first.map(weekdayDay) ?? "", "last": medicine.given.last.map(weekdayDay) ?? ""]
            let held = medicine.document?.medication.status == .onHold
            if medicine.given.count == 1 {
                lines.append(held ? words.t("{source}: held; still logged as given: one dose since, on {first}.", values)
                    : words.t("{source}: stopped; still logged as given: one dose since, on {first}.", values))
            } else {
                lines.append(held
                    ? words.n("{source}: held; still logged as given: {count} dose since, the first {first}, the last {last}.",
                              "{source}: held; still logged as given: {count} doses since, the first {first}, the last {last}.",
                              count: medicine.given.count, values)
                    : words.n("{source}: stopped; still logged as given: {count} dose since, the first {first}, the last {last}.",
                              "{source}: stopped; still logged as given: {count} doses since, the first {first}, the last {last}.",
                              count: medicine.given.count, values))
            }
        case .olderListOnly:
            break
        }
        // What the document says of a medicine it holds or stops, in its own words.
        if let document = medicine.document, document.medication.status != .active, medicine.family != nil,
            let said = document.medication.instructions, !said.isEmpty {
            lines.append(words.t("The document says: {words}", ["words": context.text.renderer.plainText(said)]))
        }
        if let (a, b) = medicine.uncertain {
            lines.append(words.t("{first} and {second} may not be the same product (same ingredient, a different salt or form): ask the pharmacist.", [
                "first": a, "second": b]))
        }
        if let (changeDay, change) = medicine.changeAfterDocument {
            lines.append(words.t("{source} is older than the change logged on {day} ({change}).", [
                "source": against, "day": day(changeDay), "change": change.words(context.format)]))
        }
        for statement in medicine.older {
            guard let document = statement.source.document else { continue }
            let stated = statement.medication.status == .active ? dose(statement) : medications.statusText(statement.medication)
            lines.append(words.t("Earlier, {source}: {documentDose}.", ["source": source(document), "documentDose": stated]))
        }
        return lines
    }

    /// "The family's records; Discharge summary, … (1 Apr)": every source that names the medicine.
    func sources(_ medicine: ReconciledMedicine) -> String {
        medicine.statements.map { statement in
            statement.source.document.map(source) ?? words.t("the family's records and dose log")
        }.joined(separator: "; ")
    }

    /// "Compared: the family's medication records and dose log, and Discharge summary, … (1 Apr)."
    func intro(_ reconciliation: MedicationReconciliation) -> String {
        let names = reconciliation.documents.map(source)
        return words.n(
            "Each medicine compared across the family's records with their dose log and {count} document: {documents}.",
            "Each medicine compared across the family's records with their dose log and {count} documents, the newest first: {documents}.",
            count: names.count, ["documents": names.joined(separator: "; ")])
    }
}
