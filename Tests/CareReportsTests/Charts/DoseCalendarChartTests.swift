import Foundation
import Testing
@testable import CareReports

@Suite("Dose calendar")
struct DoseCalendarChartTests {
    @Test("the SVG and table are well formed")
    func wellFormed() {
        let calendar = ChartSamples.doses()
        XMLCheck.expectWellFormed(calendar.svg(), "dose calendar")
        XMLCheck.expectWellFormed(calendar.table().html(), "dose table")
    }

    @Test("accessible name and description")
    func accessible() {
        let svg = ChartSamples.doses(id: "met").svg()
        #expect(svg.contains(#"role="img""#))
        #expect(svg.contains(#"aria-labelledby="met-title met-desc""#))
        #expect(svg.contains(#"<title id="met-title">Metformin 500 mg, 5–14 March</title>"#))
        #expect(svg.contains(#"<desc id="met-desc">"#))
        #expect(svg.contains(#"width="100%""#))
        #expect(svg.contains("font-family:inherit"))
    }

    @Test("a dose due after the export: three dots, named in its title and the legend, never blank")
    func afterExport() {
        let day = DoseDay(day: 20_196, label: "Fri 18 Apr 2025", shortLabel: "18", cells: [DoseCell(.takenOnTime), DoseCell(.afterExport)], month: "Apr 2025")
        let svg = DoseCalendar(title: "Metformin", description: "d", id: "m", slots: [DoseSlot(label: "08:00"), DoseSlot(label: "20:00")], days: [day]).svg()
        #expect(svg.contains(#"<g class="dose-symbol dose-after"><title>Fri 18 Apr 2025, 20:00: after the export, not known</title><circle"#))
        #expect(svg.contains(">after the export, not known (1)</text>"))
        #expect(!svg.contains("20:00: not scheduled"))
    }

    @Test("each status has its own class and shape, with a legend in words")
    func statuses() {
        let svg = ChartSamples.doses().svg()
        for status in DoseStatus.allCases where status != .afterExport {
            #expect(svg.contains("dose-symbol \(status.className)"), "\(status)")
        }
        #expect(svg.contains(">taken on time (12)</text>"))
        #expect(svg.contains(">taken late (2)</text>"))
        #expect(svg.contains(">missed (2)</text>"))
        #expect(svg.contains(">skipped (1)</text>"))
        #expect(svg.contains(">as-needed use (2)</text>"))
        #expect(svg.contains(">not recorded (2)</text>"))
        #expect(svg.contains(">blank: not scheduled</text>"))
        // Shapes differ, not only classes: the missed cross and skipped dash are strokes, taken is a filled circle.
        #expect(svg.contains(#"<g class="dose-symbol dose-taken"><title>Wed 5 Mar 2025, 08:00: taken on time</title><circle"#))
        #expect(svg.contains(#"<g class="dose-symbol dose-missed"><title>Sun 9 Mar 2025, 08:00: missed</title><path"#))
    }

    @Test("every cell carries a title with day, slot and status")
    func cellTitles() {
        let calendar = ChartSamples.doses()
        let svg = calendar.svg()
        // One per cell plus the chart's own title.
        #expect(svg.occurrences(of: "<title") == calendar.days.count * calendar.slots.count + 1)
        #expect(svg.contains("<title>Fri 7 Mar 2025, 08:00: taken late (at 09:40)</title>"))
        #expect(svg.contains("<title>Thu 6 Mar 2025, As needed: as-needed use (1 use)</title>"))
        #expect(svg.contains("<title>Wed 5 Mar 2025, As needed: not scheduled</title>"))
    }

    @Test("days sit in Monday–Sunday columns; days outside the data are shaded")
    func weekLayout() {
        #expect(DoseDay(day: 0, label: "", shortLabel: "", cells: []).weekday == 3)  // 1970-01-01 was a Thursday
        #expect(DoseDay(day: 20_152, label: "", shortLabel: "", cells: []).weekday == 2)  // 2025-03-05, Wednesday
        #expect(DoseDay(day: -1, label: "", shortLabel: "", cells: []).weekday == 2)
        #expect(DoseDay(day: 20_150, label: "", shortLabel: "", cells: []).week == DoseDay(day: 20_156, label: "", shortLabel: "", cells: []).week)
        #expect(DoseDay(day: 20_157, label: "", shortLabel: "", cells: []).week == DoseDay(day: 20_150, label: "", shortLabel: "", cells: []).week + 1)
        let svg = ChartSamples.doses().svg()
        // Wed 5 … Fri 14 March spans two weeks: Mon, Tue of the first and Sat, Sun of the second are outside.
        #expect(svg.occurrences(of: "<g class=\"dose-week\">") == 2)
        #expect(svg.occurrences(of: "dose-cell dose-outside") == 4)
        #expect(svg.occurrences(of: ">Mon</text>") == 1)
    }

    @Test("the table has one row per day and statuses in words")
    func table() {
        let table = ChartSamples.doses().table()
        #expect(table.rows.count == 10)
        #expect(table.columns == ["Day", "08:00", "20:00", "As needed"])
        #expect(table.rows[2].header == "Fri 7 Mar 2025")
        #expect(table.rows[2].cells.map(\.text) == ["taken late (at 09:40)", "taken on time", "not scheduled"])
        let html = table.html()
        #expect(html.occurrences(of: "<th scope=\"row\">") == 10)
        #expect(html.occurrences(of: "<th scope=\"col\">") == 4)
    }

    @Test("days are placed by date, not by input order; missing cells are not scheduled")
    func unordered() {
        var calendar = ChartSamples.doses()
        calendar.days.reverse()
        calendar.days[0].cells = []
        #expect(calendar.table().rows.first?.header == "Wed 5 Mar 2025")
        #expect(calendar.table().rows.last?.cells.map(\.text) == ["not scheduled", "not scheduled", "not scheduled"])
        XMLCheck.expectWellFormed(calendar.svg(), "reversed")
    }

    @Test("hostile text is escaped")
    func escaping() {
        let hostile = #"<b>"Bob's" & co</b>"#
        let calendar = DoseCalendar(
            title: hostile, description: hostile, id: "x", slots: [DoseSlot(label: hostile)],
            days: [DoseDay(day: 20_152, label: hostile, shortLabel: hostile, cells: [DoseCell(.missed, detail: hostile)])],
            weekdayNames: [hostile, "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        for text in [calendar.svg(), calendar.table().html()] {
            #expect(!text.contains("<b>"))
            XMLCheck.expectWellFormed(text, "hostile")
        }
        #expect(calendar.table().html().contains("&lt;b&gt;&quot;Bob&#39;s&quot; &amp; co&lt;/b&gt;"))
    }

    @Test("no days or no slots: an empty state")
    func empty() {
        for calendar in [
            DoseCalendar(title: "t", description: "d", id: "e", slots: [DoseSlot(label: "08:00")], days: []),
            DoseCalendar(title: "t", description: "d", id: "e", slots: [], days: [DoseDay(day: 1, label: "a", shortLabel: "a", cells: [])]),
        ] {
            #expect(calendar.isEmpty)
            let svg = calendar.svg()
            #expect(svg.contains("No doses scheduled in this period."))
            #expect(svg.contains(#"aria-labelledby="e-title e-desc""#))
            XMLCheck.expectWellFormed(svg, "empty")
        }
    }

    @Test("deterministic, colours only through classes")
    func deterministic() {
        let svg = ChartSamples.doses().svg()
        #expect(svg == ChartSamples.doses().svg())
        #expect(svg.range(of: #"#[0-9a-fA-F]{3,8}\b|rgba?\("#, options: .regularExpression) == nil)
        #expect(svg.range(of: #"(fill|stroke)="(?!currentColor"|none")[^"]*""#, options: .regularExpression) == nil)
        #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("<style"))
    }
}
