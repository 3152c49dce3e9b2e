import Testing

@testable import CareReports

/// Every body cell of a `table.data` gets its column's heading as `data-label` (what a phone shows
/// beside the cell when the row is stacked); other tables and text are left as they are.
@Suite struct TableCellLabelsTests {
    @Test func eachBodyCellGetsItsColumnsHeading() {
        let html = """
            <p>before</p><table class="data"><caption>Results</caption>
            <thead><tr><th scope="col">Test</th><th scope="col" class="num">Value</th><th scope="col">Reference <abbr>range</abbr></th><th scope="col">Flag</th></tr></thead>
            <tbody><tr><th scope="row">Potassium</th><td class="num">5.3</td><td>3.5–5.1</td><td><span class="flag">▲ High</span></td></tr>
            <tr><th scope="row">Sodium</th><td class="num">136</td><td>135–145</td><td></td></tr></tbody></table><p>after</p>
            """
        let labelled = TableCellLabels.label(html)
        #expect(labelled.contains(#"<td data-label="Value" class="num">5.3</td><td data-label="Reference range">3.5–5.1</td><td data-label="Flag"><span"#))
        #expect(labelled.contains(#"<td data-label="Value" class="num">136</td><td data-label="Reference range">135–145</td><td data-label="Flag"></td>"#))
        #expect(labelled.contains(#"<th scope="row">Potassium</th>"#))
        #expect(labelled.hasPrefix("<p>before</p>") && labelled.hasSuffix("</table><p>after</p>"))
    }

    @Test func aSpanningHeadingLabelsEachOfItsColumnsAndQuotesAreEscaped() {
        let html = #"<table class="data"><thead><tr><th colspan="2">Dose "as ordered"</th><th>When</th></tr></thead><tbody><tr><td>1</td><td>mg</td><td colspan="1">Mon</td></tr></tbody></table>"#
        let labelled = TableCellLabels.label(html)
        #expect(labelled.contains(#"<td data-label="Dose &quot;as ordered&quot;">1</td><td data-label="Dose &quot;as ordered&quot;">mg</td><td data-label="When" colspan="1">Mon</td>"#))
    }

    @Test func tablesWithoutHeadingsOrNotDataTablesAreUnchanged() {
        for html in [
            #"<table class="calendar"><thead><tr><th>Mon</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>"#,
            #"<table class="data"><tbody><tr><td>1</td></tr></tbody></table>"#,
            #"<table class="data"><thead><tr><th>A</th></tr></thead><tbody><tr><td data-label="Own">1</td></tr></tbody></table>"#,
            "no table at all",
        ] {
            #expect(TableCellLabels.label(html) == html)
        }
    }
}
