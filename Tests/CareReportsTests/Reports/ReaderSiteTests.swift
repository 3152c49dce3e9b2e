import Foundation
import Templates
import Testing

@testable import CareReports

/// Issue 23: one reader, every circle. The reader's home, caseload and digest render the same
/// bytes through the compiled templates as through swift-mustache; circle folders never collide;
/// each circle's part is built from that circle's records under the reader's role there.
@Suite struct ReaderSiteTests {
    static let templates = TemplateSet(defaults: EmbeddedTemplates.files)

    private static func rosaContexts() throws -> [ReportContext] {
        let export = try VisitFixture.sample()
        let viewers = ReaderCircles.viewers(of: "u-rosa", in: export)
        return viewers.compactMap { viewer in
            PrivacyPolicy.visibleRecords(for: viewer, in: export).map { ReportContext(records: $0, now: VisitFixture.now) }
        }
    }

    @Test func rosaReadsTwoCirclesUnderHerRoleInEach() throws {
        let export = try VisitFixture.sample()
        let viewers = ReaderCircles.viewers(of: "u-rosa", in: export)
        #expect(viewers.map(\.circleId) == ["circle-margaret", "circle-walter"])
        #expect(viewers.map(\.roles) == [[.supporter], [.caregiver]])
        #expect(ReaderCircles.viewers(of: "u-rosa", narrowedTo: .caregiver, in: export).map(\.circleId) == ["circle-walter"])
        #expect(ReaderCircles.viewers(of: "u-linda", in: export).isEmpty, "removed: no circle")
        #expect(ReaderCircles.viewers(of: "u-tom", in: export).isEmpty, "pending: no circle")
    }

    @Test func homeAndDigestRenderEveryCircle() throws {
        let renderer = try PageRenderer(templates: Self.templates)
        let contexts = try Self.rosaContexts()
        for keepsItems in [true, false] {
            let overviews = contexts.map { context in
                CircleOverview(context: context, folder: CirclePath.folder(context.records.circle.id), keepsItems: keepsItems)
            }
            let home = ReaderHomePage(readerName: "Rosa Delgado", circles: overviews, moment: .init(contexts[0]))
            for template in ["html.reader-home", "md.reader-home"] {
                let a = try renderer.render(home, template: template)
                #expect(a.contains("Walter"))
            }
        }
        for week in ["last", "2025-W14"] {
            let isoWeek = try #require(DigestBuilder.week(week, today: contexts[0].today))
            var digests: [Digest] = []
            for context in contexts {
                var digest = DigestBuilder(context: context).build(isoWeek)
                digest.palette = Self.templates.mailPalette
                digests.append(digest)
            }
            var combined = ReaderDigest(readerName: "Rosa Delgado", circles: digests)
            combined.palette = Self.templates.mailPalette
            #expect(combined.attentionCount == digests.reduce(0) { $0 + $1.summary.attention.count })
            for template in ["digest.reader-text", "digest.reader-html"] {
                let a = try renderer.render(combined, template: template)
                #expect(a.contains("Walter") && a.contains("Margaret"), "\(week) \(template): a section per circle")
            }
        }
    }

    @Test func aCaseloadFromFiveCirclesKeepsCountsOnly() throws {
        let context = try Self.rosaContexts()[1]
        let overview = CircleOverview(context: context, folder: "c/x", keepsItems: true)
        let five = ReaderHomePage(readerName: "N", circles: Array(repeating: overview, count: 5), moment: .init(context))
        let four = ReaderHomePage(readerName: "N", circles: Array(repeating: overview, count: 4), moment: .init(context))
        #expect(five.caseload && five.attention.isEmpty && five.circles.allSatisfy(\.attention.isEmpty))
        #expect(!four.caseload)
        #expect(four.attention.count == 4 * overview.attention.count)
    }

    @Test func circleFoldersNeverCollide() {
        #expect(CirclePath.folder("circle-walter") == "c/circle-walter")
        #expect(CirclePath.slug("g12") == "g12")
        let ids = ["a", "A", "a.b", "a-b", "a~b", "a_b", "Circle.One", "circle-one", String(repeating: "x", count: 128), String(repeating: "x", count: 127)]
        let slugs = ids.map(CirclePath.slug)
        #expect(Set(slugs).count == ids.count, "\(slugs)")
        #expect(Set(slugs.map { $0.lowercased() }).count == ids.count, "distinct on a file system that ignores case")
        for slug in slugs {
            #expect(slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) })
            #expect(!slug.hasPrefix(".") && slug.utf8.count <= 72)
        }
        // An id that looks like another's hashed slug is changed too (it holds a "."), so it cannot take its place.
        let hashed = CirclePath.slug("A")
        #expect(CirclePath.slug(hashed) != hashed)
    }

    @Test func readersSplitOverShardsByTheirUserId() {
        let shards = (0..<3).map { Shard(index: $0, count: 3)! }
        for id in ["u-rosa", "g0-manager", "g1-u2", "u-ellen"] {
            #expect(shards.filter { $0.contains(reader: id) }.count == 1)
            #expect(shards[Int(Shard.fnv1a64(id) % 3)].contains(reader: id))
        }
    }
}
