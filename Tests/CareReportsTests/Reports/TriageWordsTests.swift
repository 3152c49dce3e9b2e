import Foundation
import Testing

@testable import CareReports

/// Issue 31: the words that flag a fall, fainting, confusion, fever or chest pain in every shipped
/// language, as whole phrases; the triage of medicines and lab results; calendar months.
@Suite("Triage and warning words")
struct TriageWordsTests {
    @Test(arguments: [
        ("Se cayó en el baño al levantarse", WarningWords.Sign.fall),
        ("Found him on the floor by the bed", .fall),
        ("She had a near-fall on the stairs", .fall),
        ("Tropezó con la alfombra", .fall),
        ("Fainted in the kitchen", .fainting),
        ("Tuvo un desmayo en misa", .fainting),
        ("Muddled about the day and the time", .confusion),
        ("Muy confundida por la tarde", .confusion),
        ("Fiebre de 38 por la noche", .fever),
        ("Short of breath on the stairs", .chest),
        ("Dolor en el pecho al caminar", .chest),
        ("Dizzy on standing", .dizziness),
        ("Mareada al levantarse", .dizziness),
    ])
    func aWarningIsFoundInEitherLanguage(text: String, sign: WarningWords.Sign) {
        #expect(WarningWords.signs(in: text).contains(sign), "\(text)")
    }

    @Test(arguments: [
        "Blood pressure falls when he stands up, so he sits first.",
        "She fell asleep in her chair after lunch.",
        "Fall prevention class at the senior centre",
        "Football on TV; waterfall photos from the trip",
        "La presión baja cuando se levanta",
        "Riesgo de caídas revisado con la enfermera",
        "No fever today, no chest pain",
        "Sin fiebre ni dolor de pecho",
    ])
    func otherUsesOfTheWordsAreNotWarnings(text: String) {
        let signs = WarningWords.signs(in: text)
        #expect(!signs.contains(.fall) && !signs.contains(.fever) && !signs.contains(.chest), "\(text): \(signs)")
    }

    @Test func aMissedDoseMattersForAnticoagulantsInsulinAndAntiepileptics() {
        func medication(_ name: String) -> Medication { Medication(name: name, startDate: CareDate.parse("2025-01-06")!, status: .active) }
        #expect(Triage.missedDoseMatters(medication("Warfarin")))
        #expect(Triage.missedDoseMatters(medication("Insulin glargine")))
        #expect(Triage.missedDoseMatters(medication("Levetiracetam")))
        #expect(!Triage.missedDoseMatters(medication("Atorvastatin")))
        #expect(!Triage.missedDoseMatters(medication("Lisinopril")))
    }

    @Test func aLabResultIsExplainedByAMedicineThatRaisesIt() {
        let lisinopril = Medication(name: "Lisinopril", startDate: CareDate.parse("2025-01-06")!, status: .active)
        let metformin = Medication(name: "Metformin", startDate: CareDate.parse("2025-01-06")!, status: .active)
        #expect(Triage.explaining("Potassium", among: [metformin, lisinopril])?.name == "Lisinopril")
        #expect(Triage.explaining("Potassium", among: [metformin]) == nil)
        #expect(Triage.explaining("Creatinine", among: [metformin]) == nil, "metformin does not raise creatinine")
        #expect(Triage.explaining("Hemoglobin A1c", among: [lisinopril]) == nil)
    }

    @Test func theTriageOrderPutsCallsFirstAndChoresLast() {
        let tiers: [Triage] = [.staleChores, .tasks, .missedDoses, .abnormal, .callToday]
        #expect(tiers.sorted() == [.callToday, .abnormal, .missedDoses, .tasks, .staleChores])
    }

    @Test func addingMonthsKeepsTheDayOrTheMonthsLast() {
        #expect(LocalDate(year: 2025, month: 1, day: 31)!.adding(months: 1) == LocalDate(year: 2025, month: 2, day: 28)!)
        #expect(LocalDate(year: 2025, month: 4, day: 8)!.adding(months: 3) == LocalDate(year: 2025, month: 7, day: 8)!)
        #expect(LocalDate(year: 2025, month: 11, day: 15)!.adding(months: 2) == LocalDate(year: 2026, month: 1, day: 15)!)
    }
}
