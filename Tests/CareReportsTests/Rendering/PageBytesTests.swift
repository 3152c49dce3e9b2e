import Templates
import Testing

@testable import CareReports

/// Pages are rendered into UTF-8 bytes and a page's formats from one encoding of its model: the
/// same text as rendering each template on its own, and a standalone partial's indentation decided
/// as the String rendering decided it (after a line feed that is its own `Character`).
@Suite struct PageBytesTests {
    static let templates = TemplateSet(defaults: EmbeddedTemplates.files)

    @Test func severalTemplatesAtOnceGiveWhatEachGivesAlone() throws {
        let renderer = try PageRenderer(templates: Self.templates)
        let export = try VisitFixture.sample()
        let viewers = ReaderCircles.viewers(of: "u-rosa", in: export)
        let contexts = viewers.compactMap { viewer in
            PrivacyPolicy.visibleRecords(for: viewer, in: export).map { ReportContext(records: $0, now: VisitFixture.now) }
        }
        try #require(!contexts.isEmpty)
        let overviews = contexts.map { CircleOverview(context: $0, folder: CirclePath.folder($0.records.circle.id), keepsItems: true) }
        let home = ReaderHomePage(readerName: "Rosa <Delgado> & \"co\"", circles: overviews, moment: .init(contexts[0]))
        let names = ["html.reader-home", "md.reader-home"]
        let together = try renderer.render(home, templates: names)
        let alone = try names.map { try renderer.render(home, template: $0) }
        #expect(together == alone)
        #expect(together[0].contains("data-label=") || !together[0].contains("<table class=\"data"), "HTML tables labelled")
        #expect(together[0].contains("Rosa &lt;Delgado&gt; &amp; &quot;co&quot;"))
        // The sample's sites, week pages included, through the same path as a build.
        for context in contexts {
            let catalog = LabCatalog(context)
            let links = SiteLinks(context: context, catalog: catalog)
            let weekly = WeeklySummaryBuilder(context: context, links: links, catalog: catalog)
            try #require(!links.weeks.isEmpty)
            for week in links.weeks {
                let summary = weekly.build(week)
                let pages = try renderer.render(summary, templates: ["html.week", "md.week"])
                #expect(pages == [try renderer.render(summary, template: "html.week"), try renderer.render(summary, template: "md.week")])
            }
        }
    }

    @Test func aMissingTemplateAmongSeveralIsTheSameError() throws {
        let renderer = try PageRenderer(templates: Self.templates)
        var alone: RenderError?
        do { _ = try renderer.render(["a": "b"], template: "md.no-such") } catch { alone = error }
        var together: RenderError?
        do { _ = try renderer.render(["a": "b"], templates: ["md.no-such", "html.index"]) } catch { together = error }
        #expect(alone != nil && together == alone)
    }

    @Test func aPageIsKeptInAnArrayOfItsOwnSize() {
        var page: [UInt8] = []
        page.reserveCapacity(65_536)
        page.append(contentsOf: "<p>é</p>".utf8)
        let fitted = PageRenderer.fitted(page)
        #expect(fitted == page && fitted.capacity < 1_024)
        let full = [UInt8](repeating: 0x61, count: 4_096)
        #expect(PageRenderer.fitted(full) == full)
    }

    @Test func aLineFeedEndsTheTextAsTheStringsLastCharacterSays() {
        var rng = EscapingSplitMix(seed: 61)
        let scalars: [Unicode.Scalar] = ["\n", "\r", "a", "\u{301}", "\u{600}", "\u{200D}", "é", "😀", " "]
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 6) { text.append(scalars[Int(rng.next() % UInt64(scalars.count))]) }
            let string = String(text)
            #expect(TemplateRenderer.endsWithLineFeed(Array(string.utf8)) == (string.last == "\n"), "\(Array(string.unicodeScalars))")
        }
    }
}
