import ArgumentParser
import CareReports
import Foundation
import Templates

extension CareReport {
    struct Visit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the printable doctor-visit summary as one self-contained HTML file.",
            discussion: """
                The summary a clinician reads, in International Patient Summary order: medication \
                reconciliation (dose history across orders, doses taken and on time, as-needed use against \
                the daily maximum and the minimum gap), allergies, problems, the latest result of every \
                test (out of range first, each with its date and the previous result), vital signs, \
                symptoms, falls and near-falls, appointments and the family's questions. The period \
                starts on the day of the last completed visit with the next appointment's specialty or \
                provider, else 90 days ago; --since overrides it. It prints on two pages, A4 or Letter, \
                with the patient's name, date of birth, period and date on every page (see \
                docs/visit-summary.md). It is about one person: a --viewer who is an active member of \
                several circles gets the one circle where they may see health records, else names it with \
                --circle (exit 64 lists their circles).

                Examples:
                  carereport visit sample-data --viewer u-ellen --out visit.html
                  carereport visit sample-data --viewer u-ellen --since 2025-01-28
                  chromium --headless --print-to-pdf=visit.pdf visit.html
                  carereport visit sample-data --viewer u-ellen --format fhir --out visit.json

                --format fhir writes the same summary as an HL7 International Patient Summary \
                (a FHIR R4 Bundle of type document) for a clinic's record system.

                --share-url and --share-dir publish that document, encrypted, into the folder \
                served at the address (--share-url https://care.example.org/record --share-dir \
                site/record), with a viewer page, and print a QR code on the summary that \
                opens it (a SMART Health Link; its key is kept in --share-keys, never in the \
                folder). Whoever holds the paper can open the record; --share-new-link withdraws \
                it (docs/sharing.md).
                """
        )

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle, resource or NDJSON, C-CDA XML, or a .zip of them).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

        @OptionGroup var idKeyOption: IdKeyOption

        @OptionGroup var viewerOptions: ViewerOptions

        @Option(help: ArgumentHelp("Start of the period (YYYY-MM-DD); default: the day of the last visit with the next appointment's specialty or provider, else 90 days ago.", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
        var out: String?

        @Option(help: ArgumentHelp("html: the printable page; fhir: an HL7 International Patient Summary bundle (JSON).", valueName: "format"))
        var format: VisitFormat = .html

        @OptionGroup var nowOption: NowOption

        @OptionGroup var languageOption: LanguageOption

        @OptionGroup(title: "Sharing the record with a QR code") var shareOptions: ShareOptions

        @Option(help: ArgumentHelp("A folder of templates that replace the defaults by name.", valueName: "dir"), completion: .directory)
        var templates: String?

        func validate() throws {
            try viewerOptions.requireSingleViewer()
            if out == nil, isatty(STDOUT_FILENO) == 1 {
                throw ValidationError("visit writes a whole HTML page: give --out FILE.html (or redirect standard output to a file)")
            }
            if let since, CareDate.parse(since).flatMap({ if case .day = $0 { true } else { nil } }) == nil {
                throw ValidationError("--since takes a date as YYYY-MM-DD")
            }
            try shareOptions.validate(out: out, format: format)
        }

        func run() throws {
            try idKeyOption.install(output: shareOptions.shareDir ?? out)
            let export = try ExportInput.load(
                input, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient, circle: viewerOptions.circle,
                warnings: .show(strict: nowOption.strict))
            let viewer = try chooseViewer(in: export)
            let now = try nowOption.resolve(for: export)
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export) else { throw ExitCode(70) }
            let reader = languageOption.reader(viewer, in: export)
            let context = ReportContext(records: records, now: now, words: reader.words, display: reader.display)
            guard context.sections.visit else {
                Console.error(
                    "error: no visit summary for \(viewer): \(viewer.healthRecordsWording), so it would call what is hidden \"not recorded\"; nothing was written")
                throw ExitCode(67)
            }
            var sinceDay: LocalDate?
            if let since, case .day(let day)? = CareDate.parse(since) { sinceDay = day }
            if format == .fhir {
                let bundle = try SiteOutput.render { IPSBundleBuilder(context: context, since: sinceDay).json() }
                try SiteOutput.emit(bundle, to: out)
                return
            }
            let html = try SiteOutput.render { () throws -> String in
                var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
                if let templates { try templateSet.override(from: templates) }
                let renderer = try LocalizedRenderers.renderer(for: templateSet, words: context.words)
                var summary = VisitSummaryBuilder(context: context, since: sinceDay).build(styles: templateSet.visitStyles)
                if shareOptions.isSharing {
                    let record = IPSBundleBuilder(context: context, since: sinceDay).json()
                    summary.share = try share(record: record, summary: summary, viewer: viewer, context: context, templates: templateSet, renderer: renderer)
                }
                return try renderer.render(summary, template: "html.visit")
            }
            try SiteOutput.emit(html, to: out)
        }
    }
}

extension CareReport.Visit {
    /// The viewer: a visit summary is about one patient, so a `--viewer` active in several circles
    /// without `--circle` gets the one circle where they may see health records, or, when there are
    /// several (or none), a usage error (64) that lists their circles to choose from.
    func chooseViewer(in export: CareExport) throws -> Viewer {
        guard let userId = viewerOptions.viewer, viewerOptions.circle == nil else { return try viewerOptions.resolve(in: export) }
        let viewers = ReaderCircles.viewers(of: userId, narrowedTo: viewerOptions.asRole, in: export)
        guard viewers.count >= 2 else { return try viewerOptions.resolve(in: export) }
        let withHealth = viewers.filter(\.seesHealthRecords)
        if withHealth.count == 1 { return withHealth[0] }
        let choices = viewers.map { "\($0.circleId) (\($0.roles.sorted().map(\.rawValue).joined(separator: "+")))" }.joined(separator: ", ")
        Console.error("error: \(userId) is an active member of \(viewers.count) circles and a visit summary is about one person; choose one with --circle: \(choices); nothing was written")
        throw ExitCode(64)
    }
}

/// `visit --format`: the printable page or the FHIR document.
enum VisitFormat: String, ExpressibleByArgument, CaseIterable {
    case html, fhir
}
