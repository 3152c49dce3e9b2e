import Foundation
import Testing

@testable import CareReports

/// The matching and verdict rules of docs/reconciliation.md, on names and orders made here.
@Suite("Medicines compared across sources")
struct MedicineMatchingTests {
    static let zone = TimeZone(identifier: "UTC")!
    static let start = LocalDate(year: 2025, month: 1, day: 6)!
    static let document = SourceDocument(recordPrefix: "doc1:", circleId: "c", name: "Discharge summary", date: .day(LocalDate(year: 2025, month: 4, day: 1)!))

    static func name(_ text: String, strength: String? = nil, form: String? = nil) -> MedicineName {
        MedicineName(Medication(name: text, strength: strength, form: form, startDate: .day(start)))
    }

    @Test("an RxNorm name is taken apart: ingredient, salt, strength, form, brand")
    func rxnormNames() {
        let metformin = Self.name("metformin hydrochloride 500 MG Oral Tablet")
        #expect(metformin.key == "metformin" && metformin.salts == ["hydrochloride"] && metformin.form == "tablet")
        #expect(metformin.strength == Quantity(value: 500, unit: "mg"))
        let lipitor = Self.name("atorvastatin 20 MG Oral Tablet [Lipitor]")
        #expect(lipitor.key == "atorvastatin" && lipitor.brand == "lipitor")
        let combination = Self.name("lisinopril 10 MG / hydrochlorothiazide 12.5 MG Oral Tablet")
        #expect(combination.ingredients == ["hydrochlorothiazide", "lisinopril"] && combination.strength == nil)
        let extended = Self.name("24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet")
        #expect(extended.key == "metformin" && extended.form == "extended release tablet")
        #expect(Self.name("Nitrofurantoin (macrocrystals)", strength: "100 mg").salts == ["macrocrystals"])
        #expect(Self.name("Sodium chloride 0.9 % Injectable Solution").key == "sodium chloride", "a name of salt words alone is the ingredient")
        let family = Self.name("Metformin", strength: "500 mg", form: "tablet")
        #expect(family.key == "metformin" && family.salts.isEmpty && family.form == "tablet" && family.strength == Quantity(value: 500, unit: "mg"))
    }

    @Test("a salt stated on one side only matches; two different salts or forms are uncertain")
    func uncertainMatches() {
        #expect(!MedicineGroups.uncertain(Self.name("Metformin", form: "tablet"), Self.name("metformin hydrochloride 500 MG Oral Tablet")))
        #expect(MedicineGroups.uncertain(Self.name("metoprolol tartrate 25 MG Oral Tablet"), Self.name("metoprolol succinate 25 MG Oral Tablet")))
        #expect(MedicineGroups.uncertain(Self.name("Metformin", form: "tablet"),
                                         Self.name("24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet")))
    }

    @Test("doses compare in milligrams and doses a day; a dose not stated is not compared")
    func doses() {
        let tablet = Medication(name: "metformin hydrochloride 500 MG Oral Tablet", dose: Quantity(value: 1, unit: "{tbl}"),
                                frequency: DoseFrequency(count: 2, period: 1, unit: .day), startDate: .day(Self.start))
        let family = Medication(name: "Metformin", dose: Quantity(value: 500, unit: "mg"),
                                schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!]), startDate: .day(Self.start))
        let a = DoseComparison(tablet, name: MedicineName(tablet))
        let b = DoseComparison(family, name: MedicineName(family))
        #expect(a.amount == Quantity(value: 500, unit: "mg") && a.perDay == 2 && !a.differs(from: b) && a.comparable(with: b))
        let grams = Medication(name: "Metformin", dose: Quantity(value: 1, unit: "g"), frequency: DoseFrequency(count: 1, period: 12, unit: .hour),
                               startDate: .day(Self.start))
        let c = DoseComparison(grams, name: MedicineName(grams))
        #expect(c.amount == Quantity(value: 1000, unit: "mg") && c.perDay == 2 && c.differs(from: b))
        let unstated = Medication(name: "Metformin", startDate: .day(Self.start))
        let d = DoseComparison(unstated, name: MedicineName(unstated))
        #expect(!d.differs(from: b) && !d.comparable(with: b))
        let drops = Medication(name: "Metformin", dose: Quantity(value: 5, unit: "mL"),
                               schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!]), startDate: .day(Self.start))
        let e = DoseComparison(drops, name: MedicineName(drops))
        #expect(!e.differs(from: b) && !e.comparable(with: b), "5 mL and 500 mg do not convert: not compared, never a difference")
    }

    static func statement(_ id: String, _ medication: Medication, source: MedicationSource) -> SourceStatement {
        let record = HealthRecord(
            id: id, title: medication.name, date: medication.startDate, careRecipientId: "p", careCircleId: "c",
            createdBy: Actor(userId: "u", role: .caregiver), privacyLevel: .caregivers, data: .medication(medication),
            importedFrom: source == .family ? nil : "FHIR R4")
        let chain = DoseHistory([(record: record, medication: medication)], timeZone: zone).chains[0]
        return SourceStatement(source: source, chain: chain, name: MedicineName(medication))
    }

    @Test("a brand in brackets names its ingredient in every source; an RxNorm code shared matches any names")
    func grouping() {
        let lipitor = Self.statement("f1", Medication(name: "Lipitor", startDate: .day(Self.start)), source: .family)
        let atorvastatin = Self.statement(
            "doc1:1", Medication(name: "atorvastatin 20 MG Oral Tablet [Lipitor]", startDate: .day(Self.start)), source: .document(Self.document))
        let coded = Self.statement("f2", Medication(name: "Glucophage", startDate: .day(Self.start), rxnorm: "861007"), source: .family)
        let named = Self.statement(
            "doc1:2", Medication(name: "metformin hydrochloride 500 MG Oral Tablet", startDate: .day(Self.start), rxnorm: "861007"),
            source: .document(Self.document))
        let groups = MedicineGroups([[lipitor, coded], [atorvastatin, named]]).groups
        #expect(groups.map { $0.map(\.record.id) } == [["f1", "doc1:1"], ["f2", "doc1:2"]])
    }

    @Test("stopped in the document and still given: the doses after its day, counted and dated")
    func stoppedButGiven() {
        let day = LocalDate(year: 2025, month: 4, day: 1)!
        let doses = (0..<4).map { offset in
            Administration(takenAt: .instant(day.adding(days: offset).midnight(in: Self.zone).addingTimeInterval(8 * 3600)), status: .taken)
        }
        let family = Self.statement(
            "f1", Medication(name: "Metformin", dose: Quantity(value: 500, unit: "mg"), startDate: .day(Self.start), administrations: doses),
            source: .family)
        let held = Self.statement(
            "doc1:1", Medication(name: "metformin hydrochloride 500 MG Oral Tablet", startDate: .day(Self.start), status: .onHold),
            source: .document(Self.document))
        let medicine = MedicationReconciliation.compare(
            key: "metformin", family: family, document: held, against: Self.document, day: day, older: [], zone: Self.zone)
        #expect(medicine.verdict == .stoppedButGiven && medicine.tier == .callToday)
        #expect(medicine.given.count == 3, "the doses of 2, 3 and 4 Apr: the document's own day is the hospital's")
        #expect(medicine.given.first == day.adding(days: 1).midnight(in: Self.zone).addingTimeInterval(8 * 3600))
        let missing = MedicationReconciliation.compare(
            key: "metformin", family: family, document: nil, against: Self.document, day: day, older: [], zone: Self.zone)
        #expect(missing.verdict == .notOnDocument && missing.tier == .abnormal)
        let new = MedicationReconciliation.compare(
            key: "metformin", family: nil, document: held, against: Self.document, day: day, older: [], zone: Self.zone)
        #expect(new.verdict == .same && new.tier == nil, "held in the document, never in the family's records: agreed, nothing to call about")
    }
}
