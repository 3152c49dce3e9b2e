import Foundation
import Testing

@testable import CareReports

/// The clinical cases of issue 12, each with the sample records it was seen with (viewer u-ellen,
/// circle-margaret, now Fri 18 Apr 2025 18:00; the next appointment is the cardiology consult on
/// 24 Apr, and no cardiology visit came before it).
@Suite("Visit summary: clinical cases")
struct VisitSummaryClinicalTests {
    func row(_ summary: VisitSummary, _ name: String) -> VisitSummary.ResultRow? { summary.results.first { $0.name == name } }

    @Test("hr-lab-2025-04-08-cmp: same-day reports are all kept, potassium, eGFR and creatinine flagged first")
    func sameDayReportsAreKept() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        let potassium = try #require(row(summary, "Potassium"))
        #expect(potassium.value == "5.3 mmol/L" && potassium.flag?.label == "High" && potassium.date == "8 Apr")
        #expect(potassium.previous == "4.6 mmol/L (21 Jan)")
        #expect(row(summary, "eGFR (CKD-EPI 2021)")?.value == "48 mL/min/1.73 m²")
        #expect(row(summary, "eGFR (CKD-EPI 2021)")?.flag?.label == "Low")
        #expect(row(summary, "Creatinine")?.value == "1.1 mg/dL")
        // The same morning's lipid panel and urine report are there too, the urine one marked preliminary.
        let normal = summary.normalResults.map(\.items).joined(separator: "; ")
        #expect(normal.contains("Sodium 136 mmol/L") && normal.contains("HDL cholesterol 55 mg/dL"))
        #expect(normal.contains("Nitrite Negative (preliminary)"))
        // Abnormal rows come before every normal result; the corrected CBC says so in words.
        #expect(summary.results.allSatisfy { $0.flag?.label != "Normal" })
        #expect(row(summary, "WBC")?.status == "corrected")
        // The text result that differs from its expected text is not called normal: flagged, as on the lab pages.
        #expect(row(summary, "Protein, urine")?.flag?.label == "Abnormal")
    }

    @Test("hr-lab-2025-04-08-cmp: glucose came back in mmol/L after mg/dL in January; the previous value is also given in mmol/L")
    func previousResultInAnotherUnitIsConverted() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        let glucose = try #require(row(summary, "Glucose"))
        #expect(glucose.value == "7.4 mmol/L")
        // 148 mg/dL / 18.016 = 8.21 mmol/L, given as precisely as the latest value: glucose went
        // down, which "148 mg/dL" alone beside 7.4 hides.
        #expect(glucose.previous == "148 mg/dL (21 Jan) = 8.2 mmol/L")
        // Same unit: nothing added.
        #expect(row(summary, "Potassium")?.previous == "4.6 mmol/L (21 Jan)")
    }

    @Test("hr-lab-2025-02-10-cbc: when April's reports fall in the period, February's high WBC still shows, dated")
    func olderAbnormalResultsStillShow() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample(), since: LocalDate(year: 2025, month: 4, day: 1))
        let wbc = try #require(row(summary, "WBC"))
        #expect(wbc.value == "11.8 ×10³/µL" && wbc.date == "10 Feb" && wbc.flag?.label == "High")
        #expect(row(summary, "Hemoglobin")?.flag?.label == "Low")
    }

    @Test("the period: the last 90 days when no earlier visit matches the next appointment")
    func defaultPeriodIsNinetyDaysWithoutAMatchingVisit() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        #expect(summary.period == "Sat 18 Jan 2025 to Fri 18 Apr 2025")
        #expect(summary.periodReason.contains("90 days"))
        #expect(summary.nextAppointment?.contains("Cardiology") == true)
    }

    @Test("the period: from the first instant of the day of the last visit with the same specialty (BP 137/84 at 07:39 on 15 Apr counts)")
    func periodStartsOnTheMatchingVisitsDay() throws {
        let export = VisitFixture.replacing("hr-appt-2025-04-24-cardiology", in: try VisitFixture.sample()) { data in
            guard case .appointment(let a) = data else { return data }
            return .appointment(VisitFixture.withSpecialty("Internal medicine", provider: "Dr. Anh Nguyen", a))
        }
        let summary = try VisitFixture.summary(export)
        #expect(summary.period == "Tue 15 Apr 2025 to Fri 18 Apr 2025")
        #expect(summary.periodReason.contains("Internal medicine"))
        let pressure = try #require(summary.vitals.first { $0.kind.hasPrefix("Blood pressure") })
        #expect(pressure.readings >= 2)
        #expect(pressure.highest.hasPrefix("137/84"))
    }

    @Test("hr-pulse-2025-03-01: the pulse has its row, with 104/min as the highest")
    func pulseRow() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        let pulse = try #require(summary.vitals.first { $0.kind.hasPrefix("Heart rate") })
        #expect(pulse.highest == "104 (1 Mar)" && pulse.readings == 3)
    }

    @Test("readings in another unit get their own row, never a lowest of 7 among values in mg/dL")
    func unitsAreNotMixed() throws {
        let export = VisitFixture.replacing("hr-glucose-2025-04-17", in: try VisitFixture.sample()) { data in
            guard case .measurement(let m) = data else { return data }
            return .measurement(Measurement(kind: m.kind, value: 7.0, unit: "mmol/L", loinc: m.loinc, context: m.context))
        }
        let summary = try VisitFixture.summary(export)
        let glucose = summary.vitals.filter { $0.kind.hasPrefix("Blood glucose") }
        #expect(glucose.map(\.kind) == ["Blood glucose, mg/dL", "Blood glucose, mmol/L"])
        #expect(glucose.first?.lowest == "64 (27 Mar)")
    }

    @Test("hr-med-lisinopril-10 and -20: one medicine, increased 10 → 20 mg on 24 Feb, not a stopped drug beside a new one")
    func lisinoprilIncrease() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        let lisinopril = try #require(summary.medications.first { $0.name.hasPrefix("Lisinopril") })
        #expect(lisinopril.history.contains("increased 10 → 20 mg on 24 Feb"))
        #expect(summary.medications.filter { $0.name.hasPrefix("Lisinopril") }.count == 1)
        #expect(!summary.stoppedMedications.contains { $0.name.hasPrefix("Lisinopril") })
        #expect(lisinopril.adherence.hasPrefix("taken ") && lisinopril.adherence.contains("on time"))
    }

    @Test("hr-med-atorvastatin set onHold: it is shown, marked on hold")
    func onHoldMedicationIsShown() throws {
        let export = VisitFixture.replacing("hr-med-atorvastatin", in: try VisitFixture.sample()) { data in
            guard case .medication(let m) = data else { return data }
            return .medication(VisitFixture.withStatus(.onHold, m))
        }
        let summary = try VisitFixture.summary(export)
        let atorvastatin = try #require(summary.medications.first { $0.name.hasPrefix("Atorvastatin") })
        #expect(atorvastatin.status == "on hold")
        #expect(atorvastatin.history.contains("on hold"))
        #expect(try VisitFixture.html(summary).contains("on hold"))
    }

    @Test("hr-med-acetaminophen-prn: 5 doses, 2500 mg on 5 Apr against at most 4 a day; under 4 h apart four times")
    func asNeededAgainstTheMaximumAndTheGap() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        let acetaminophen = try #require(summary.medications.first { $0.name.hasPrefix("Acetaminophen") })
        #expect(acetaminophen.warnings.contains { $0.contains("over the maximum of 4 a day") && $0.contains("5 (2500 mg) on 5 Apr") })
        #expect(acetaminophen.warnings.contains { $0.contains("under 4 h apart 4 times") && $0.contains("5 Apr (4)") })
    }

    @Test("hr-sym-2025-03-01-dizzy, hr-sym-2025-04-05-knee, hr-note-near-fall: symptoms and falls of the period, most severe first")
    func symptomsAndFalls() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        let names = summary.symptoms.map(\.name)
        #expect(names.contains("Dizzy on standing after the dose increase"))
        #expect(names.contains("Left knee swollen after the garden centre walk"))
        let severities = summary.symptoms.map { Int($0.worst.split(separator: " ")[0])! }
        #expect(severities == severities.sorted(by: >))
        #expect(summary.falls.map(\.text) == ["Near-fall in the bathroom on Sunday morning"])
    }

    @Test("Resolved problems end with a full stop, not a stray semicolon")
    func resolvedProblemsSentence() throws {
        let summary = try VisitFixture.summary(try VisitFixture.sample())
        // The date known of a resolved problem is its onset, and it is said to be (issue 40).
        #expect(summary.pastProblems == "Urinary tract infection (onset 9 Feb).")
        let html = try VisitFixture.html(summary)
        #expect(!html.contains("; </p>") && !html.contains(";</p>"))
    }

    @Test("a problem without an onset has no dangling comma (Walter's hypertension)")
    func problemWithoutOnset() throws {
        let context = try VisitFixture.context(try VisitFixture.sample(), viewer: "u-rosa", circle: "circle-walter")
        let summary = VisitSummaryBuilder(context: context).build()
        #expect(summary.problems.map(\.text) == ["Essential hypertension"] && summary.problems[0].detail == nil)
        #expect(!(try VisitFixture.html(summary)).contains("</strong>, </li>"))
    }

    @Test("every section says which period it covers")
    func sectionsNameTheirPeriod() throws {
        let html = try VisitFixture.html(try VisitFixture.summary(try VisitFixture.sample()))
        for heading in ["meds-heading", "allergies-heading", "problems-heading", "results-heading", "vitals-heading", "symptoms-heading",
                        "appointments-heading", "immunizations-heading", "questions-heading"] {
            let start = try #require(html.range(of: "id=\"\(heading)\""))
            let line = html[start.upperBound...].prefix { $0 != "\n" }
            #expect(line.contains("class=\"period\""), "\(heading) has no period")
        }
    }

    @Test("trend thresholds fit the measure: 0.4 °C is a rise, 3 % of a temperature is not the yardstick")
    func temperatureTrendIsAbsolute() {
        let readings = [36.5, 36.6, 36.9, 37.0].map { Measurement(kind: .temperature, value: $0, unit: "°C") }
        #expect(VitalTrend.words(.temperature, readings).hasPrefix("↑ rising"))
        let steady = [36.5, 36.6, 36.6, 36.7].map { Measurement(kind: .temperature, value: $0, unit: "°C") }
        #expect(VitalTrend.words(.temperature, steady).hasPrefix("→ steady"))
        let pressure = [(150, 90), (148, 88), (140, 84), (138, 82)].map {
            Measurement(kind: .bloodPressure, systolic: Double($0.0), diastolic: Double($0.1), unit: "mmHg")
        }
        #expect(VitalTrend.words(.bloodPressure, pressure).hasPrefix("↓ falling"))
        // Whole-number means keep their last zero: 140/80, not 14/8.
        let round = [(150, 90), (151, 90), (140, 80), (140.4, 80)].map {
            Measurement(kind: .bloodPressure, systolic: Double($0.0), diastolic: Double($0.1), unit: "mmHg")
        }
        #expect(VitalTrend.words(.bloodPressure, round) == "↓ falling (average 151/90 → 140/80)")
    }
}
