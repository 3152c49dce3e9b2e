import ArgumentParser
import CareReports
import Foundation

/// `visit --share-url URL --share-dir DIR`: the reader's IPS (the bytes `--format fhir` writes),
/// encrypted into DIR as a SMART Health Link's file, the viewer page beside it, and the QR code
/// that opens it for the summary (privacy policy rule 8; docs/sharing.md).
extension CareReport.Visit {
    /// The largest QR code printed (version 25, 117 modules: at 32 mm a module is still 0.25 mm).
    static let largestQRCode = 117

    func share(
        record: String, summary: VisitSummary, viewer: Viewer, context: ReportContext, templates: TemplateSet, renderer: PageRenderer
    ) throws -> VisitSummary.SharedLink {
        guard let base = shareOptions.base, let folder = shareOptions.shareDir else { throw ExitCode(70) }
        do {
            let keysPath = try ShareKeysLocation.path(option: shareOptions.shareKeys, environment: ProcessInfo.processInfo.environment)
            if IdKeyOption.isInside(keysPath, folder) { throw ShareLinkError.keysFileInsideOutput(path: keysPath, output: folder) }
            if let out, IdKeyOption.isInside(keysPath, out) { throw ShareLinkError.keysFileInsideOutput(path: keysPath, output: out) }
            let words = context.words
            let label = ShareLinkWording.label(patientName: summary.patientName, asOf: context.format.day(context.today), words: words)
            let page = ShareViewerPage.pageName(language: words.language)
            let publisher = SharedRecordPublisher(base: base, folder: folder, keysPath: keysPath)
            let publication = try publisher.publish(
                record: Array(record.utf8), circleId: viewer.circleId, readerId: viewer.userId ?? "role:" + viewer.roles.sorted().map(\.rawValue).joined(separator: "+"),
                viewerPage: page, label: label, newLink: shareOptions.shareNewLink)
            let viewerPage = try SiteOutput.render { try renderer.render(ShareViewerPage(templates: templates), template: ShareViewerPage.template) }
            try publisher.writeViewerFile(page, viewerPage)
            try publisher.writeViewerFile(ShareViewerPage.scriptName, templates.files[ShareViewerPage.scriptFile] ?? "")
            guard let code = QRCode(publication.link), code.size <= Self.largestQRCode else {
                throw ShareLinkError.qrTooLong(length: publication.link.count)
            }
            if let withdrawn = publication.withdrawnFile {
                Console.error("withdrew the shared link printed before: deleted \(withdrawn); print this summary again for the new one")
            } else if publication.isNewLink {
                Console.error("made a shared link for \(viewer); its key is kept in \(keysPath) (mode 0600), never in \(folder)")
            }
            let address = base.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
            return VisitSummary.SharedLink(
                qr: QRCodeSVG.svg(code, label: ShareLinkWording.codeName(label: publication.payload.label, words: words)),
                label: publication.payload.label, address: address, templates: templates)
        } catch let error as ShareLinkError {
            Console.error(error.description)
            Console.error("error: the summary was not written")
            switch error {
            case .keysFileUnreadable, .keysFileReadableByOthers, .keysFileMalformed: throw ExitCode(66)
            case .urlTooLong, .qrTooLong: throw ExitCode(64)
            default: throw ExitCode(73)
            }
        }
    }
}
