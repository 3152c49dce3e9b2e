import Foundation
import Templates

@testable import CareReports

/// The sample export as the visit-summary tests read it: viewer u-ellen in circle-margaret, now
/// Fri 18 Apr 2025 18:00 (the demo's "now"), with helpers to change one record for a case.
enum VisitFixture {
    static let now = CareDate.parse("2025-04-18T18:00:00-07:00")!.resolved(in: TimeZone(identifier: "America/Los_Angeles")!)

    static var samplePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-data").path
    }

    static func sample() throws -> CareExport { try ExportLoader().load(samplePath).export }

    static func context(_ export: CareExport, viewer: String = "u-ellen", circle: String = "circle-margaret") throws -> ReportContext {
        let resolved = try ViewerRequest(.member(userId: viewer, narrowedTo: nil), circleId: circle).resolve(in: export)
        return ReportContext(records: PrivacyPolicy.visibleRecords(for: resolved, in: export)!, now: now)
    }

    static func summary(_ export: CareExport, since: LocalDate? = nil, viewer: String = "u-ellen") throws -> VisitSummary {
        VisitSummaryBuilder(context: try context(export, viewer: viewer), since: since).build()
    }

    static func html(_ summary: VisitSummary) throws -> String {
        try LocalizedRenderers.renderer(for: TemplateSet(defaults: EmbeddedTemplates.files), words: .english).render(summary, template: "html.visit")
    }

    /// The export with one health record's data replaced.
    static func replacing(_ id: String, in export: CareExport, _ change: (HealthData) -> HealthData) -> CareExport {
        var copy = export
        copy.healthRecords = export.healthRecords.map { record in
            guard record.id == id else { return record }
            return HealthRecord(
                id: record.id, title: record.title, description: record.description, date: record.date,
                careRecipientId: record.careRecipientId, careCircleId: record.careCircleId, createdBy: record.createdBy,
                privacyLevel: record.privacyLevel, visibleTo: record.visibleTo, data: change(record.data),
                attachments: record.attachments, importedFrom: record.importedFrom)
        }
        return copy
    }

    static func withStatus(_ status: Medication.Status, _ m: Medication) -> Medication {
        Medication(
            name: m.name, strength: m.strength, dose: m.dose, form: m.form, route: m.route, schedule: m.schedule,
            asNeeded: m.asNeeded, maxDailyDoses: m.maxDailyDoses, startDate: m.startDate, endDate: m.endDate, status: status,
            prescriber: m.prescriber, reason: m.reason, instructions: m.instructions, rxnorm: m.rxnorm,
            administrations: m.administrations)
    }

    static func withSpecialty(_ specialty: String?, provider: String, _ a: Appointment) -> Appointment {
        Appointment(
            provider: provider, specialty: specialty, location: a.location, start: a.start, end: a.end, purpose: a.purpose,
            status: a.status, outcome: a.outcome, followUpDate: a.followUpDate)
    }
}
