import ArgumentParser
import CareReports
import Foundation

/// `visit --share-url URL --share-dir DIR`: the reader's record, encrypted, published as a SMART
/// Health Link whose QR code prints on the summary (docs/sharing.md).
struct ShareOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The address where the --share-dir folder is served (https://...); prints a QR code that opens the reader's record there.", valueName: "url"))
    var shareURL: String?

    @Option(help: ArgumentHelp("The folder published at --share-url: the encrypted record and its viewer page are written into it.", valueName: "dir"), completion: .directory)
    var shareDir: String?

    @Flag(help: "Withdraw the shared link: a new key and file name, the old file deleted (the code printed before opens nothing).")
    var shareNewLink = false

    @Option(help: ArgumentHelp("The file holding the shared links' keys (mode 0600; default: CAREREPORT_SHARE_KEYS, else share-links in ~/.local/state/carereport).", valueName: "path"), completion: .file())
    var shareKeys: String?

    var isSharing: Bool { shareURL != nil }

    /// The options together, an address a browser's WebCrypto works at, the page outside the folder.
    func validate(out: String?, format: VisitFormat) throws {
        guard let shareURL else {
            if shareDir != nil || shareNewLink || shareKeys != nil {
                throw ValidationError("--share-dir, --share-new-link and --share-keys go with --share-url URL")
            }
            return
        }
        guard let shareDir else { throw ValidationError("--share-url needs --share-dir DIR: the folder served at that address") }
        guard format == .html else { throw ValidationError("--share-url prints a QR code on the HTML summary; it does not go with --format fhir") }
        guard let out else { throw ValidationError("--share-url needs --out FILE.html: the summary the QR code is printed on") }
        if IdKeyOption.isInside(out, shareDir) {
            throw ValidationError("--out \(out) is inside --share-dir \(shareDir): the printed page holds the link's key and must not be published; write it elsewhere")
        }
        guard let url = URL(string: shareURL), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil, url.user == nil
        else { throw ValidationError("--share-url takes an address such as https://care.example.org/record (no query, fragment or user)") }
        let local = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && local) else {
            throw ValidationError("--share-url must be https:// (a browser decrypts the record only on HTTPS or on this computer's localhost)")
        }
    }

    /// The address without a trailing slash.
    var base: String? {
        guard var base = shareURL else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
