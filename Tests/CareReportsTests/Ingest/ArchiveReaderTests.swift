import Testing

@testable import CareReports

@Suite("Archive entry paths and zip detection")
struct ArchiveReaderTests {
    @Test("paths inside the archive are kept, cleaned; absolute, drive and climbing paths are refused", arguments: [
        ("IHE_XDM/SUBSET01/DOC0001.XML", "IHE_XDM/SUBSET01/DOC0001.XML"),
        ("./export//Patient.ndjson", "export/Patient.ndjson"),
        ("a\\b.json", "a/b.json"),
        ("../evil.json", nil), ("a/../../evil.json", nil), ("a/../b.json", nil), ("/etc/passwd", nil),
        ("\\\\server\\share\\x.json", nil), ("C:\\Windows\\x.json", nil), ("c:x.json", nil), ("", nil), ("./", nil),
        ("Befund-Müller.json", "Befund-Müller.json"), ("病历/病历.json", "病历/病历.json"), ("notes/a:b.json", "notes/a:b.json"),
        ("é:/x.json", "é:/x.json"),
    ] as [(String, String?)])
    func insidePath(name: String, expected: String?) {
        #expect(ArchiveReader.insidePath(name) == expected)
    }

    @Test("a zip is told by its first bytes")
    func looksLikeZip() {
        for (bytes, expected) in [([0x50, 0x4B, 3, 4] as [UInt8], true), ([0x50, 0x4B, 5, 6], true), ([0x7B, 0x22, 0, 0], false), ([0x50], false)] {
            #expect(bytes.withUnsafeBufferPointer(ArchiveReader.looksLikeZip) == expected)
        }
    }

    @Test("a file that is not an archive is an error, not a crash")
    func notAnArchive() {
        let (entries, diagnostics) = ArchiveReader().read("/dev/null/none.zip")
        #expect(entries == nil)
        #expect(diagnostics.map(\.severity) == [.error])
    }
}

@Suite("Archive entries repeated")
struct ArchiveEntryFilterTests {
    @Test("the same bytes, or a name equal but for case or Unicode normalisation, are read once")
    func repeats() {
        var filter = ArchiveEntryFilter()
        #expect(filter.repeated("Visit.xml", Array("one".utf8)) == nil)
        #expect(filter.repeated("copy.xml", Array("one".utf8))?.contains("same bytes as Visit.xml") == true)
        #expect(filter.repeated("VISIT.xml", Array("two".utf8))?.contains("normalisation or case") == true)
        #expect(filter.repeated("Befund-Mu\u{308}ller.xml", Array("three".utf8)) == nil)
        #expect(filter.repeated("Befund-M\u{FC}ller.xml", Array("four".utf8))?.contains("normalisation or case") == true)
        #expect(filter.repeated("other.xml", Array("five".utf8)) == nil)
        #expect(filter.repeated("empty-1", []) == nil)
        #expect(filter.repeated("empty-2", []) == nil, "empty entries hold no document: only their names count")
    }
}
