import Foundation
import Templates
import Testing

@testable import CareReports

/// The translation catalogue: PO reading, plural rules, placeholders, the template pre-pass and the
/// dates and numbers written for a language.
@Suite struct LocalizationTests {
    static let spanish: Localizer = {
        let translations = try! Translations(poFiles: EmbeddedTranslations.files)
        return translations.localizer(for: "es-MX").localizer
    }()

    @Test func pluralRulesOfThePOHeaderAreEvaluated() throws {
        let english = try #require(PluralRule(header: " nplurals=2; plural=(n != 1);"))
        #expect(english.count == 2 && english.form(for: 1) == 0 && english.form(for: 0) == 1 && english.form(for: 5) == 1)
        let french = try #require(PluralRule(header: "nplurals=2; plural=(n > 1);"))
        #expect(french.form(for: 0) == 0 && french.form(for: 1) == 0 && french.form(for: 2) == 1)
        // Polish: one, few, many.
        let polish = try #require(PluralRule(header: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        #expect([1, 2, 4, 5, 12, 22, 25, 112].map(polish.form) == [0, 1, 1, 2, 2, 1, 2, 2])
        let japanese = try #require(PluralRule(header: "nplurals=1; plural=0;"))
        #expect(japanese.form(for: 7) == 0)
        #expect(PluralRule(header: "nplurals=2; plural=(n != 1") == nil)
        #expect(PluralRule(header: "nplurals=2; plural=system(\"rm\");") == nil)
    }

    @Test func aPOFileIsReadWithContextsPluralsEscapesAndFuzzyEntriesLeftOut() throws {
        let po = #"""
            # comment
            msgid ""
            msgstr ""
            "Plural-Forms: nplurals=2; plural=(n != 1);\n"

            msgctxt "weekday"
            msgid "Mon"
            msgstr "lun"

            msgid "Say \"hi\""
            msgstr ""
            "Diga "
            "\"hola\""

            msgid "{count} result"
            msgid_plural "{count} results"
            msgstr[0] "{count} resultado"
            msgstr[1] "{count} resultados"

            #, fuzzy
            msgid "Open"
            msgstr "Abierto"
            """#
        let catalog = try MessageCatalog(language: "es", po: po)
        #expect(catalog.translation("Mon", context: "weekday") == "lun")
        #expect(catalog.translation("Mon") == nil)
        #expect(catalog.translation("Say \"hi\"") == "Diga \"hola\"")
        #expect(catalog.translation("{count} result", plural: "{count} results", count: 1) == "{count} resultado")
        #expect(catalog.translation("{count} result", plural: "{count} results", count: 3) == "{count} resultados")
        #expect(catalog.translation("Open") == nil)
    }

    @Test func aBrokenPOFileSaysTheLine() {
        #expect(throws: CatalogError(line: 2, message: "unknown keyword msgstrr")) {
            try MessageCatalog(language: "xx", po: "msgid \"a\"\nmsgstrr \"b\"\n")
        }
        #expect(throws: CatalogError(line: 1, message: "msgstr without msgid")) {
            try MessageCatalog(language: "xx", po: "msgstr \"b\"\n")
        }
        let missingForm = "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\nmsgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\n"
        #expect(throws: CatalogError(line: 4, message: "\"a\" needs 2 plural forms")) { try MessageCatalog(language: "xx", po: missingForm) }
    }

    @Test func placeholdersAreFilledOnceByName() {
        #expect(Localizer.fill("{a} and {b}", ["a": "{b}", "b": "2"]) == "{b} and 2")
        #expect(Localizer.fill("{missing} stays", [:]) == "{missing} stays")
        #expect(Localizer.placeholders("Week {number}, {year}") == ["number", "year"])
        #expect(Localizer.english.n("{count} result", "{count} results", count: 1) == "1 result")
        #expect(Localizer.english.n("{count} result", "{count} results", count: 2) == "2 results")
        #expect(Self.spanish.n("{count} result", "{count} results", count: 2) == "2 resultados")
        #expect(Self.spanish.t("Needs attention") == "Requiere atención")
        #expect(Self.spanish.t("a text that no catalogue has") == "a text that no catalogue has")
    }

    @Test func theLanguageIsThePrimarySubtagAndAnUnknownOneIsEnglishWithAWarning() throws {
        let translations = try Translations(poFiles: EmbeddedTranslations.files)
        #expect(translations.languages == ["en", "es"])
        #expect(translations.localizer(for: "es-US").localizer.language == "es")
        #expect(translations.localizer(for: "ES_mx").localizer.language == "es")
        #expect(translations.localizer(for: "en-GB").warning == nil)
        #expect(translations.localizer(for: nil).localizer.isEnglish)
        let (fallback, warning) = translations.localizer(for: "fr-CA")
        #expect(fallback.isEnglish && warning?.contains("fr-CA") == true && warning?.contains("\n") == false)
    }

    @Test func templateMarkersAreReplacedAndEscapedForTheTemplatesKind() {
        let html = "<html lang=\"[[lang]]\"><p title=\"[[t:Site]]\">[[t:Written for {name} on {date}|name={{who}}|date={{when}}]]</p>[[[t:details]]]"
        #expect(TemplateLocalizer.localize(html, words: .english)
            == "<html lang=\"en\"><p title=\"Site\">Written for {{who}} on {{when}}</p>[details]")
        #expect(TemplateLocalizer.localize(html, words: Self.spanish)
            == "<html lang=\"es\"><p title=\"Sitio\">Escrito para {{who}} el {{when}}</p>[detalles]")
        let markdown = "{{% CONTENT_TYPE: MARKDOWN }}\n[[t:▲ high, ▼ low, * worked out from the range.]]"
        #expect(TemplateLocalizer.localize(markdown, words: .english).hasSuffix("▲ high, ▼ low, \\* worked out from the range."))
        #expect(TemplateLocalizer.localize(markdown, words: Self.spanish).hasSuffix("▲ alto, ▼ bajo, \\* calculado a partir del rango."))
        #expect(TemplateLocalizer.markers(in: html).map(\.msgid) == ["Site", "Written for {name} on {date}", "details"])
    }

    @Test func aTranslationCannotOpenAMustacheTag() throws {
        let catalog = try MessageCatalog(language: "xx", po: "msgid \"Site\"\nmsgstr \"{{#evil}}\"\n")
        let words = Localizer(language: "xx", catalog: catalog)
        #expect(TemplateLocalizer.localize("<p>[[t:Site]]</p>", words: words) == "<p>Site</p>")
    }

    @Test func datesAndNumbersAreWrittenForTheLanguage() {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        let spanish = DisplayFormat(timeZone: zone, words: Self.spanish)
        let english = DisplayFormat(timeZone: zone)
        let day = LocalDate(year: 2025, month: 4, day: 18)!
        #expect(spanish.day(day) == "vie 18 abr 2025")
        #expect(english.day(day) == "Fri 18 Apr 2025")
        #expect(spanish.number(5.3) == "5,3" && english.number(5.3) == "5.3")
        #expect(spanish.percent(0.86) == "86\u{A0}%" && english.percent(0.86) == "86%")
        #expect(spanish.month(9) == "sept" && spanish.weekday(3) == "mié")
    }

    @Test func readerPreferencesChooseTheClassOfThePage() {
        #expect(ReaderPreferences.standard.htmlClass == "")
        #expect(ReaderPreferences(language: "es", theme: .dark, largeText: true).htmlClass == "theme-dark text-large")
        #expect(ReaderPreferences(theme: .light).htmlClass == "theme-light")
    }
}
