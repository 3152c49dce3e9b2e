import Foundation
import Templates
import Testing

@testable import CareReports

/// The dose history across orders, the medication pages' links between them and the digest's
/// "changed" line (issue 13 item 3), from hr-med-lisinopril-10 and hr-med-lisinopril-20.
@Suite("Dose history")
struct DoseHistoryTests {
    let zone = TimeZone(identifier: "America/Los_Angeles")!

    func order(_ id: String, _ dose: Double, start: String, end: String? = nil, status: Medication.Status = .active) -> DoseHistory.Order {
        let medication = Medication(
            name: "Lisinopril", strength: "\(Int(dose)) mg", dose: Quantity(value: dose, unit: "mg"),
            schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!]), startDate: CareDate.parse(start)!,
            endDate: end.flatMap(CareDate.parse), status: status)
        let record = HealthRecord(
            id: id, title: id, date: CareDate.parse(start)!, careRecipientId: "p", careCircleId: "c",
            createdBy: Actor(userId: "u", role: .caregiver), privacyLevel: .caregivers, data: .medication(medication))
        return (record: record, medication: medication)
    }

    @Test func ordersOfOneMedicineFormOneChainWithDatedSteps() {
        let history = DoseHistory([order("b", 20, start: "2025-02-24"), order("a", 10, start: "2025-01-06", end: "2025-02-23", status: .stopped)], timeZone: zone)
        #expect(history.chains.count == 1)
        let chain = try! #require(history.chain(containing: "a"))
        #expect(chain.recordIds == ["a", "b"])
        #expect(chain.changes.map(\.words) == ["started 10 mg", "increased 10 → 20 mg"])
        #expect(chain.changes[1].day == LocalDate(year: 2025, month: 2, day: 24) && chain.changes[1].isDoseChange)
    }

    @Test func decreaseGapAndHold() {
        let history = DoseHistory([
            order("a", 20, start: "2025-01-06", end: "2025-01-31", status: .stopped),
            order("b", 10, start: "2025-02-01", end: "2025-02-10", status: .stopped),
            order("c", 10, start: "2025-03-01", status: .onHold),
        ], timeZone: zone)
        let kinds = history.chains[0].changes.map(\.kind)
        #expect(kinds == [.started, .decreased, .stopped, .restarted, .onHold])
    }

    @Test func anOrderTheViewerCannotSeeLeavesNoTrace() throws {
        // Only the 20 mg order given: its history starts with it, and names no earlier dose.
        let history = DoseHistory([order("b", 20, start: "2025-02-24")], timeZone: zone)
        #expect(history.chains[0].changes.map(\.words) == ["started 20 mg"])
    }

    @Test("the two lisinopril pages link each other")
    func medicationPagesLinkEachOther() throws {
        let context = try VisitFixture.context(try VisitFixture.sample())
        let links = SiteLinks(context: context, catalog: LabCatalog(context))
        let pages = Dictionary(uniqueKeysWithValues: MedicationPageBuilder(context: context, links: links).pages().map { ($0.link, $0.page) })
        let old = try #require(pages["medications/lisinopril-2025-01-06"])
        let new = try #require(pages["medications/lisinopril-2025-02-24"])
        #expect(old.doseChanges.map(\.link) == ["medications/lisinopril-2025-02-24"])
        #expect(new.doseChanges.map(\.link) == ["medications/lisinopril-2025-01-06"])
        #expect(old.doseChanges.first?.text == "increased 10 → 20 mg on Mon 24 Feb 2025")
        let html = try LocalizedRenderers.renderer(for: TemplateSet(defaults: EmbeddedTemplates.files), words: .english).render(old, template: "html.medication")
        #expect(html.contains("Dose changed:</strong> increased 10 → 20 mg on Mon 24 Feb 2025; see the new order, <a href=\"../medications/lisinopril-2025-02-24.html\">"))
    }

    @Test("the digest of week 9 has a changed line for the lisinopril increase; week 10 has none")
    func digestChangedLine() throws {
        let context = try VisitFixture.context(try VisitFixture.sample())
        let week9 = DigestBuilder(context: context).build(try #require(ISOWeek("2025-W09")))
        #expect(week9.changes == ["Lisinopril increased 10 → 20 mg on Mon 24 Feb 2025 (Dr. Anh Nguyen)"])
        let text = try LocalizedRenderers.renderer(for: TemplateSet(defaults: EmbeddedTemplates.files), words: .english).render(week9, template: "digest.text")
        #expect(text.contains("- Changed: Lisinopril increased 10 → 20 mg"))
        #expect(DigestBuilder(context: context).build(try #require(ISOWeek("2025-W10"))).changes.isEmpty)
    }
}
