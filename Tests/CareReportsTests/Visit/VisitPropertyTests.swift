import Foundation
import PropertyBased
import Templates
import Testing

@testable import CareReports

/// Over generated exports of any length and seed, for every active member of every circle: each
/// test's latest visible result is on the visit summary (name and value, in the table or the normal
/// line), and no value of a lab report the viewer may not see is.
@Suite("Visit summary properties")
struct VisitPropertyTests {
    static let now = CareDate.parse(ExportGenerator.exportedAt)!.resolved(in: TimeZone(identifier: ExportGenerator.timeZoneName)!)

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// How a result can appear on the page: a table row, or an item of a normal line.
    static func appearances(_ result: LabResult) -> [String] {
        let value = LabUnitText.value(result)
        return ["<th scope=\"row\">\(escaped(result.name))</th><td>\(escaped(value))", escaped("\(result.name) \(value)")]
    }

    @Test("every test's latest visible result appears; no hidden report's value does")
    func latestVisibleResultsAndNothingHidden() async throws {
        let renderer = try LocalizedRenderers.renderer(for: TemplateSet(defaults: EmbeddedTemplates.files), words: .english)
        let seeds = Generator<(UInt64, Int), Shrink.None<(UInt64, Int)>>(run: { rng in
            (UInt64.random(in: 1...1_000_000, using: &rng), Int.random(in: 2...30, using: &rng))
        })
        await propertyCheck(count: 6, input: seeds) { (seed, weeks) in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-visit-\(seed)-\(weeks)").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let export: CareExport
            do {
                _ = try ExportGenerator(circles: 2, weeks: weeks, seed: seed).write(to: directory)
                export = try ExportLoader().load(directory).export
            } catch {
                Issue.record("generation failed: \(error)")
                return
            }
            var (analytesChecked, hiddenChecked) = (0, 0)
            for circle in export.circles {
                for member in circle.members where member.status == .active {
                    let request = ViewerRequest(.member(userId: member.userId, narrowedTo: nil), circleId: circle.id)
                    guard let viewer = try? request.resolve(in: export),
                        let records = PrivacyPolicy.visibleRecords(for: viewer, in: export)
                    else { continue }
                    let context = ReportContext(records: records, now: Self.now)
                    guard let html = try? renderer.render(VisitSummaryBuilder(context: context).build(), template: "html.visit") else {
                        Issue.record("render failed")
                        continue
                    }
                    // The phone layout's column headings on each cell (data-label) are not what this checks.
                    let plain = html.replacingOccurrences(of: #" data-label="[^"]*""#, with: "", options: .regularExpression)
                    let counts = check(plain, context: context, export: export, circle: circle.id, seed: seed, weeks: weeks, viewer: member.userId)
                    analytesChecked += counts.analytes
                    hiddenChecked += counts.hidden
                }
            }
            // Not vacuous: some viewers see results and some do not see some reports.
            #expect(analytesChecked > 0 && hiddenChecked > 0, "seed \(seed), \(weeks) weeks: \(analytesChecked) analytes, \(hiddenChecked) hidden reports")
        }
    }

    func check(_ html: String, context: ReportContext, export: CareExport, circle: String, seed: UInt64, weeks: Int, viewer: String)
        -> (analytes: Int, hidden: Int)
    {
        var hidden = 0
        let catalog = LabCatalog(context)
        var shown = Set<String>()
        for analyte in catalog.analytes {
            guard let latest = analyte.points.last?.result else { continue }
            let forms = Self.appearances(latest)
            shown.formUnion(forms)
            #expect(forms.contains { html.contains($0) },
                    "seed \(seed), \(weeks) weeks, \(viewer): \(analyte.name) \(LabValueText.value(latest)) is not on the page")
        }
        let visible = Set(context.records.healthRecords.map(\.id))
        for record in export.healthRecords where record.careCircleId == circle && !visible.contains(record.id) {
            guard case .document(let document) = record.data, let report = document.labReport else { continue }
            hidden += 1
            #expect(!html.contains(Self.escaped(record.title)), "seed \(seed), \(viewer): hidden report \(record.id) is named")
            for result in report.results {
                for form in Self.appearances(result) where !shown.contains(form) {
                    #expect(!html.contains(form), "seed \(seed), \(viewer): hidden \(record.id) shows \(form)")
                }
            }
        }
        return (catalog.analytes.count, hidden)
    }
}
