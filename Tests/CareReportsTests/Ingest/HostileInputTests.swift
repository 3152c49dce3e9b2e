import Foundation
import Testing

@testable import CareReports

/// Issue 32: limits that keep hostile input from crashing, hanging or blowing up, each checked at the
/// unit that enforces it (Tests/cli/test_hostile_input.py runs the whole inputs through the binary).
@Suite struct HostileInputTests {
    // MARK: Quadratic paths

    @Test func aRepeatedKeyIsFoundPastTheSetThreshold() throws {
        let keys = (0..<(JSONParser.keySetThreshold * 4)).map { "\"k\($0)\":\($0)" }
        let many = "{" + keys.joined(separator: ",") + "}"
        let value = try JSONParser.parse(many)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys.count == JSONParser.keySetThreshold * 4)
        for repeated in ["k0", "k\(JSONParser.keySetThreshold)", "k\(JSONParser.keySetThreshold * 4 - 1)"] {
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{" + keys.joined(separator: ",") + ",\"\(repeated)\":1}") }
        }
        // A key written with an escape is the same key.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{" + keys.joined(separator: ",") + ",\"\\u006b5\":1}") }
    }

    @Test func manyKeysInOneObjectAreReadInLinearTime() throws {
        let many = "{" + (0..<200_000).map { "\"x\($0)\":1" }.joined(separator: ",") + "}"
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try JSONParser.parse(many) }
        #expect(elapsed < .seconds(10))
    }

    @Test func thePreScanCountsAttributesOutsideQuotesCommentsAndCDATA() {
        func problem(_ text: String) -> (String, Int)? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBytes { XMLPreScan.firstProblem(UnsafeRawBufferPointer($0)) }
        }
        let limit = XMLPreScan.maxAttributes
        let atLimit = (0..<limit).map { "a\($0)=\"x=y>\"" }.joined(separator: " ")
        #expect(problem("<r \(atLimit)/>") == nil)
        #expect(problem("<!-- <r \(atLimit) b=\"1\"/> --><r/>") == nil)
        #expect(problem("<r><![CDATA[<r \(atLimit) b='1'/>]]></r>") == nil)
        let over = "<?xml version=\"1.0\"?>\n<r>\n  <e \(atLimit) b='1'/></r>"
        guard let found = problem(over) else { Issue.record("no problem found"); return }
        #expect(found.0.hasPrefix("an element with more than \(limit) attributes"))
        var bytes = Array(over.utf8)
        let place = bytes.withUnsafeMutableBytes { XMLPreScan.place(of: found.1, in: UnsafeRawBufferPointer($0)) }
        #expect(place.line == 3 && place.column == 3)
    }

    @Test func thePreScanBoundsDepthAndTextAtTheirPlace() {
        func problem(_ text: String) -> (String, (line: Int, column: Int))? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBytes { raw in
                let buffer = UnsafeRawBufferPointer(raw)
                return XMLPreScan.firstProblem(buffer).map { ($0.message, XMLPreScan.place(of: $0.offset, in: buffer)) }
            }
        }
        let depth = XMLPreScan.maxDepth
        #expect(problem(String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)) == nil)
        // Closed and empty elements do not add up, however many there are.
        #expect(problem("<r>" + String(repeating: "<a/><b></b><!-- <c> --><?p <d>?>", count: depth * 4) + "</r>") == nil)
        let deep = "<r>\n" + String(repeating: "<a>", count: depth) + "x"
        let found = problem(deep)
        #expect(found?.0.hasPrefix("elements nested more than \(depth) deep") == true)
        #expect(found?.1.line == 2 && found?.1.column == (depth - 1) * 3 + 1)

        let limit = XMLPreScan.maxTextBytes
        #expect(problem("<r>" + String(repeating: "x", count: limit) + "</r>") == nil)
        // Text split by elements is several text nodes; one joined by a CDATA section is one.
        #expect(problem("<r>" + String(repeating: "x", count: limit) + "<b/>" + String(repeating: "y", count: 10) + "</r>") == nil)
        let joined = problem("<r>\n  " + String(repeating: "x", count: limit - 5) + "<![CDATA[yyyyyy]]></r>")
        #expect(joined?.0.hasPrefix("a text node longer than \(limit) bytes") == true)
        #expect(joined?.1.line == 1 && joined?.1.column == 4)  // the text node begins with the line break
    }

    @Test func libxml2IsNeverAskedToLiftItsLimits() {
        let huge: Int32 = 1 << 19  // XML_PARSE_HUGE
        let noEntities: Int32 = 1 << 1  // XML_PARSE_NOENT
        let loadDTD: Int32 = 1 << 2  // XML_PARSE_DTDLOAD
        #expect(CCDAImporter.parseOptions & (huge | noEntities | loadDTD) == 0)
    }

    @Test func anImportedDateOutsideThePlausibleYearsIsUnknown() {
        let document = CareDate.parse("2025-03-01T10:00:00Z")
        var warnings: [String] = []
        for (text, kept) in [("1899-12-31", false), ("1900-01-01", true), ("2030-12-31", true), ("2031-01-01", false), ("9999-12-31", false)] {
            guard let date = FHIRDate.parse(text) else { Issue.record("\(text) did not parse"); continue }
            let read = PlausibleDate.checked(date, after: document) { warnings.append($0) }
            #expect(read == (kept ? date : .unknown(filedOn: LocalDate(year: 2025, month: 3, day: 1)!)), "\(text)")
        }
        #expect(warnings.count == 3)
        #expect(warnings.allSatisfy { $0.hasPrefix("the date is outside 1900–2030") })
        // Without a document date the window ends with 2100, and an unknown date has no day to file it under.
        guard let late = HL7Time.parse("21010101") else { Issue.record("no date"); return }
        #expect(PlausibleDate.checked(late, after: nil) { _ in } == nil)
        #expect(PlausibleDate.checked(HL7Time.parse("20991231")!, after: nil) { _ in } != nil)
    }

    // MARK: Dates and numbers

    @Test func datesOutsideThePlausibleYearsAreRefused() {
        let zone = TimeZone(identifier: "UTC")!
        for (text, plausible) in [("0001-01-01", false), ("1899-12-31", false), ("1900-01-01", true), ("2025-04-18T08:00:00-07:00", true),
                                  ("2100-12-31", true), ("2101-01-01", false), ("9999-12-31T23:59:59Z", false)] {
            guard let date = CareDate.parse(text) else { Issue.record("\(text) did not parse"); continue }
            #expect(DecodingContext.isPlausible(date) == plausible, "\(text)")
            _ = date.localDay(in: zone)
        }
        // An instant is checked against the years' first and last second, without a calendar: the
        // same answer as its UTC day's year, at the edges and anywhere.
        for (seconds, plausible) in [(-2_208_988_800.0, true), (-2_208_988_800.001, false), (4_133_980_799.999, true), (4_133_980_800.0, false)] {
            #expect(DecodingContext.isPlausible(.instant(Date(timeIntervalSince1970: seconds))) == plausible, "\(seconds)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2.3e9...4.2e9, using: &generator))
            #expect(DecodingContext.isPlausible(.instant(date)) == (1900...2100).contains(LocalDate(date, in: zone).year), "\(date)")
        }
    }

    @Test func aCheckedCountNeverTraps() {
        #expect(ChartFormat.count(.nan, atMost: 10) == 0)
        #expect(ChartFormat.count(.infinity, atMost: 10) == 10)
        #expect(ChartFormat.count(-.infinity, atMost: 10) == 0)
        #expect(ChartFormat.count(1e308, atMost: 10) == 10)
        #expect(ChartFormat.count(-1e308, atMost: 10) == 0)
        #expect(ChartFormat.count(4.4, atMost: 10) == 4)
    }

    @Test func readingsOfPlusAndMinus1e308AreCharted() {
        let chart = LineChart(
            title: "Glucose", description: "Readings.", id: "g", unit: "mg/dL",
            series: [ChartSeries(name: "Glucose", points: [
                ChartPoint(x: 0, y: 1e308, label: "a"), ChartPoint(x: 1, y: -1e308, label: "b"), ChartPoint(x: 2, y: 120, label: "c"),
            ])])
        let svg = chart.svg()
        #expect(svg.hasPrefix("<svg"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    // MARK: Recursion with a limit

    @Test func sectionsNestedPastTheLimitAreALocatedError() {
        let depth = TemplateParser.maxNesting + 1
        let text = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        #expect(TemplateParserErrorTests.error(text) == "t:1:\(6 * TemplateParser.maxNesting + 1): error: {{#a}} opens a section nested more than \(TemplateParser.maxNesting) deep; no template needs that many")
        let within = String(repeating: "{{#a}}", count: depth - 1) + String(repeating: "{{/a}}", count: depth - 1)
        #expect(throws: Never.self) { try TemplateParser.parse(within) }
    }

    struct Page: Encodable { let circleName: String }
    struct Model: Encodable { let page: Page }

    @Test func aPartialNamedByTheDataThatIncludesItselfStops() throws {
        let templates = [
            "html.index": try TemplateParser.parse("<h1>{{page.circleName}}</h1>\n  {{>*page.circleName}}"),
            "html.other": try TemplateParser.parse("other"),
        ]
        let renderer = TemplateRenderer(templates: templates)
        let looping = try TemplateValueEncoder.encode(Model(page: Page(circleName: "html.index")))
        #expect(throws: TemplateRenderer.TooDeep(template: "html.index", at: TemplatePosition(line: 2, column: 3), tag: "{{>*page.circleName}}")) {
            try renderer.render(looping, template: "html.index")
        }
        let fine = try TemplateValueEncoder.encode(Model(page: Page(circleName: "html.other")))
        #expect(try renderer.render(fine, template: "html.index") == "<h1>html.other</h1>\n  other")
    }

    @Test func aLayoutIncludedFromItsOwnBlockStops() throws {
        let templates = [
            "html.layout": try TemplateParser.parse("<main>{{$content}}{{/content}}</main>"),
            "html.index": try TemplateParser.parse("{{<html.layout}}{{$content}}\n{{<html.layout}}{{/html.layout}}{{/content}}{{/html.layout}}"),
        ]
        let value = try TemplateValueEncoder.encode(Model(page: Page(circleName: "x")))
        #expect(throws: TemplateRenderer.TooDeep(template: "html.index", at: TemplatePosition(line: 2, column: 1), tag: "{{<html.layout}}")) {
            try TemplateRenderer(templates: templates).render(value, template: "html.index")
        }
    }

    @Test func panelsNestedPastTheLimitAreALocatedErrorNotACrash() throws {
        var entries: [String] = [#"{"fullUrl":"urn:uuid:p","resource":{"resourceType":"Patient","id":"p","name":[{"family":"Doe"}]}}"#]
        let depth = 5_000
        for index in 0..<depth {
            let member = index < depth - 1 ? #","hasMember":[{"reference":"urn:uuid:o\#(index + 1)"}]"# : #","valueQuantity":{"value":5,"unit":"mg"}"#
            entries.append(#"{"fullUrl":"urn:uuid:o\#(index)","resource":{"resourceType":"Observation","id":"o\#(index)","status":"final","code":{"text":"P"},"subject":{"reference":"urn:uuid:p"},"effectiveDateTime":"2025-01-02"\#(member)}}"#)
        }
        let bundle = try JSONParser.parse(#"{"resourceType":"Bundle","type":"collection","entry":["# + entries.joined(separator: ",") + "]}")
        let (_, diagnostics) = FHIRImporter.read(bundle, file: "deep.json")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.keyPath == "entry[\(FHIRBundleReader.maxPanelDepth)].resource.hasMember[0]")
    }
}

extension HostileInputTests {
    @Test func markdownWithinTheLimitsIsUnchanged() {
        for text in ["> quote\n> > nested\n\n- a\n  - b\n\n1. one\n**bold** and *em* ~~gone~~", String(repeating: "> ", count: MarkdownNesting.maxDepth) + "x",
                     String(repeating: "*", count: MarkdownNesting.maxRun) + "x"] {
            #expect(MarkdownNesting.bounded(text) == text)
        }
    }

    @Test func markdownPastTheLimitsKeepsItsTextBoundedInDepth() {
        let quotes = String(repeating: ">", count: 50_000) + " deep"
        let bounded = MarkdownNesting.bounded(quotes)
        #expect(bounded == String(repeating: ">", count: MarkdownNesting.maxDepth) + "\\" + String(repeating: ">", count: 50_000 - MarkdownNesting.maxDepth) + " deep")
        let html = MarkdownRenderer().html(quotes)
        #expect(html.components(separatedBy: "<blockquote>").count - 1 == MarkdownNesting.maxDepth)
        #expect(html.contains("&gt;&gt;&gt; deep"))
        let stars = String(repeating: "*", count: 40) + "x"
        #expect(MarkdownRenderer().html(stars).contains(String(repeating: "*", count: 40) + "x"))
    }
}
