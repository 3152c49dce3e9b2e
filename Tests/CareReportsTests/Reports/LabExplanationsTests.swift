import Foundation
import Templates
import Testing

@testable import CareReports

/// Tests explained in plain words (issue 16 item 3): the shipped text, how a test is found, and
/// what a page shows.
@Suite("Lab tests explained")
struct LabExplanationsTests {
    let shipped = LabExplanations(EmbeddedTemplates.files[LabExplanations.file] ?? "")

    @Test func theShippedTextCoversAtLeastFortyTestsInTwoOrThreeSentencesWithoutNumbers() {
        #expect(shipped.entries.count >= 40)
        // A digit not inside a name such as B12, T4, A1c or GLP-1 is a number.
        func quotesNumber(_ text: String) -> Bool {
            var previous: Character = " "
            for character in text {
                if character.isNumber && !(previous.isLetter || previous == "-" || previous.isNumber) { return true }
                previous = character
            }
            return false
        }
        for entry in shipped.entries {
            #expect(!entry.test.isEmpty && !entry.loinc.isEmpty && !entry.names.isEmpty, "\(entry.test)")
            let sentences = entry.text.split(separator: ". ").count
            #expect((2...3).contains(sentences), "\(entry.test): \(sentences) sentences")
            #expect(entry.text.hasSuffix("."), "\(entry.test)")
            // The range that counts is the one printed with the result: no numbers in the text.
            #expect(!quotesNumber(entry.text), "\(entry.test) quotes a number")
        }
        let codes = shipped.entries.flatMap(\.loinc)
        #expect(Set(codes).count == codes.count, "a LOINC code belongs to one test")
    }

    @Test func aTestIsFoundByCodeThenByName() {
        let table = LabExplanations("""
            # comment
            test: Potassium
            loinc: 2823-3
            names: potassium; kalium
            Potassium text.
            Second line.

            test: Empty
            loinc: 1-1
            """)
        #expect(table.entries.count == 1)
        #expect(table.text(loinc: "2823-3", name: "whatever") == "Potassium text. Second line.")
        #expect(table.text(loinc: nil, name: "  KALIUM ") == "Potassium text. Second line.")
        #expect(table.text(loinc: "9999-9", name: "Sodium") == nil)
        #expect(table.text(loinc: "1-1", name: "Empty") == nil)
    }

    @Test func everySampleAnalytePageOpensWithItsExplanation() throws {
        let context = try VisitFixture.context(try VisitFixture.sample())
        let catalog = LabCatalog(context)
        let builder = LabPageBuilder(context: context, links: SiteLinks(context: context, catalog: catalog), catalog: catalog, explanations: shipped)
        let pages = builder.analytePages()
        #expect(pages.count >= 20)
        for (_, page) in pages { #expect(page.explanation != nil, "\(page.name) has no explanation") }
        let potassium = try #require(pages.first { $0.1.name == "Potassium" }?.1)
        #expect(potassium.explanation?.hasPrefix("Potassium is a salt") == true)
    }
}
