@testable import CareReports
import Foundation
import Testing

/// The early signs' counts and the circle's facts: found by halving the sorted readings, and by
/// position in the circle's facts, they are what a pass over the reader's own records gives.
@Suite struct EarlySignsTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let start = Date(timeIntervalSince1970: 1_740_000_000)  // 19 Feb 2025

    static func record(_ id: String, at date: Date, _ data: HealthData, _ level: PrivacyLevel = .circle, visibleTo: [String] = []) -> HealthRecord {
        HealthRecord(
            id: id, title: "record \(id)", date: .instant(date), careRecipientId: "u-rec", careCircleId: PolicyTable.circle,
            createdBy: Actor(userId: "u-cg", role: .caregiver), privacyLevel: level, visibleTo: visibleTo, data: data)
    }

    /// Readings of blood pressure and temperature, some at the same instant and some exactly at
    /// the medicine's start, and lisinopril started on the tenth day (its start restarts the usual).
    static func export() -> CareExport {
        var records: [HealthRecord] = []
        var generator = SystemRandomNumberGenerator()
        let medicineStart = LocalDate(start.addingTimeInterval(10 * 86_400), in: zone).midnight(in: zone)
        for number in 0..<160 {
            var moment = start.addingTimeInterval(Double(Int.random(in: 0..<(30 * 24), using: &generator)) * 3_600)
            if number % 17 == 0 { moment = medicineStart }
            let reading: CareReports.Measurement = number % 3 == 0
                ? CareReports.Measurement(kind: .temperature, value: 36.5 + Double(number % 7) / 10, unit: "°C")
                : CareReports.Measurement(kind: .bloodPressure, systolic: 120 + Double(number % 30), diastolic: 80, unit: "mmHg")
            records.append(record("m-\(number)", at: moment, .measurement(reading), number % 5 == 0 ? .restricted : .circle, visibleTo: ["u-cg"]))
        }
        records.append(record("med", at: medicineStart, .medication(Medication(
            name: "Lisinopril", strength: "10 mg", dose: Quantity(value: 10, unit: "mg"), startDate: .instant(medicineStart)))))
        return CareExport(
            timeZone: zone, exportedAt: start.addingTimeInterval(40 * 86_400),
            users: ["u-rec", "u-cg", "u-cg2"].map { User(id: $0, firstName: $0, lastName: "X") },
            circles: [
                CareCircle(
                    id: PolicyTable.circle, name: "Circle", careRecipient: CareRecipient(userId: "u-rec", firstName: "R", lastName: "X"),
                    members: [
                        CircleMember(userId: "u-rec", roles: [.careRecipient]), CircleMember(userId: "u-cg", roles: [.caregiver]),
                        CircleMember(userId: "u-cg2", roles: [.caregiver]),
                    ])
            ],
            healthRecords: records.shuffled(using: &generator))
    }

    @Test func readingsSinceAChangeAreCountedAsByAPass() throws {
        let export = Self.export()
        let facts = CircleFacts(of: export, circle: PolicyTable.circle)
        for reader in ["u-cg", "u-cg2"] {
            let viewer = Viewer(circleId: PolicyTable.circle, userId: reader, roles: [.caregiver])
            let now = Self.start.addingTimeInterval(40 * 86_400)
            for facts in [facts, nil] {
                let records = try #require(PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts))
                #expect((records.positions != nil) == (facts != nil))
                let context = ReportContext(records: records, now: now)
                let signs = EarlySigns(context, changes: MedicationChangeMarks(context: context))
                var counted = 0
                for record in records.healthRecords {
                    guard case .measurement(let reading) = record.data else { continue }
                    let moment = record.date.resolved(in: Self.zone)
                    for at in [moment, moment.addingTimeInterval(-1), moment.addingTimeInterval(0.5)] {
                        let count = signs.readingsSinceChange(reading.kind, at: at)
                        #expect(count == Self.readingsSinceChangeByPass(signs, reading.kind, at: at), "\(reader) \(record.id)")
                        if count != nil { counted += 1 }
                    }
                }
                #expect(counted > 50)
            }
        }
    }

    /// With the circle's facts, a reader's readings (found by position, sorted once for the circle)
    /// flag exactly what the reader's own records alone flag.
    @Test func factsGiveEachReaderTheFlagsOfTheirOwnRecords() throws {
        let export = Self.export()
        let facts = CircleFacts(of: export, circle: PolicyTable.circle)
        for reader in ["u-cg", "u-cg2"] {
            let viewer = Viewer(circleId: PolicyTable.circle, userId: reader, roles: [.caregiver])
            let now = Self.start.addingTimeInterval(40 * 86_400)
            let shared = ReportContext(records: try #require(PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts)), now: now)
            let own = ReportContext(records: try #require(PrivacyPolicy.visibleRecords(for: viewer, in: export)), now: now)
            let (a, b) = (EarlySigns(shared), EarlySigns(own))
            for record in own.records.healthRecords {
                guard case .measurement(let reading) = record.data else { continue }
                #expect(a.flag(record, reading) == b.flag(record, reading), "\(reader) \(record.id)")
                #expect(a.systolicUsual(before: record.date.resolved(in: Self.zone), unit: "mmHg")
                    == b.systolicUsual(before: record.date.resolved(in: Self.zone), unit: "mmHg"))
            }
        }
    }

    /// The readings of `kind` since the regimen's last change up to `moment`, by a pass over every reading.
    static func readingsSinceChangeByPass(_ signs: EarlySigns, _ kind: CareReports.Measurement.Kind, at moment: Date) -> Int? {
        guard let start = signs.regimenStart(kind, at: moment) else { return nil }
        return (0..<signs.measurements.count).map { signs.measurements[$0] }
            .filter { $0.measurement.kind == kind && $0.date >= start && $0.date <= moment }.count
    }
}
