import Foundation
import Templates
import Testing

@testable import CareReports

/// Issue 34: a digest's measurement charts are drawn only when its templates may show them (the
/// built-in ones do not): a template of `digest/` that names a chart, includes a partial or has a
/// parent from outside `digest/`, or changes its delimiters has them drawn as before.
@Suite struct DigestChartsTests {
    static let defaults = EmbeddedTemplates.files

    static func with(_ path: String, _ edit: (String) -> String) -> TemplateSet {
        var files = defaults
        files[path] = edit(files[path] ?? "")
        return TemplateSet(defaults: files)
    }

    @Test func theBuiltInDigestShowsNoChart() {
        #expect(Self.defaults.keys.contains("digest/html-body.mustache"))
        #expect(!TemplateSet(defaults: Self.defaults).digestShowsCharts)
        // Only digest templates count: the site's week page draws charts.
        #expect(Self.defaults["html/week.mustache"]?.contains("chart") == true)
    }

    @Test(arguments: [
        ("digest/html-body.mustache", "{{#measurements}}{{{chart}}}{{/measurements}}", true),
        ("digest/text-body.mustache", "{{>html.week}}", true),
        ("digest/text.mustache", "{{> \tmd.week}}", true),
        ("digest/text.mustache", "{{=<% %>=}}<%#measurements%><%kind%><%/measurements%>", true),
        ("digest/text.mustache", "{{>*dynamic}}", true),
        ("digest/text.mustache", "{{> digest.text-body}}", false),
        ("digest/html-body.mustache", "{{<html.week}}{{/html.week}}", true),
        ("digest/html.mustache", "{{< digest.html-body}}{{/digest.html-body}}", false),
        ("html/week.mustache", "no chart here", false),
    ])
    func aTemplateThatMayShowAChartHasThemDrawn(_ path: String, _ added: String, _ shows: Bool) {
        #expect(Self.with(path) { $0 + added }.digestShowsCharts == shows)
    }

    @Test func anOverriddenFileIsLookedAtAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("digest"), withIntermediateDirectories: true)
        let body = (Self.defaults["digest/html-body.mustache"] ?? "") + "{{#measurements}}{{{chart}}}{{/measurements}}"
        try body.write(to: folder.appendingPathComponent("digest/html-body.mustache"), atomically: true, encoding: .utf8)
        var set = TemplateSet(defaults: Self.defaults)
        try set.override(from: folder.path)
        #expect(set.digestShowsCharts)
    }
}
