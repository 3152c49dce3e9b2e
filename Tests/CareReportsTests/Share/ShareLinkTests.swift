import Crypto
import Foundation
import Testing

@testable import CareReports

/// Issue 44: the shared record's JWE, its SMART Health Link payload, its keys file and its QR code.
@Suite("Shared link")
struct ShareLinkTests {
    let key = ShareKey(bytes: Array(0..<32))!

    private func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("share-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The SMART Health Links specification's "Example Encryption": a SMART Health Card file
    /// encrypted by jose under the example payload's key.
    @Test func theSpecificationsExampleDecrypts() throws {
        let example = "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIiwiY3R5IjoiYXBwbGljYXRpb24vc21hcnQtaGVhbHRoLWNhcmQifQ..B9Bd5AW751az-gEx.iah6mxLb5TQe2ZfCwEUs4R1t8WoP0mnFc-TUzN1NIyzUeDwJNOcxv4CY8wV6ys4Dicnr3IhqTvVU1RbR-4eq1GCd4g96faV8_0MbHwXzP246Tz9BDLhQ2zlAjYqvvCi_JuWdyWqGhKeWGX1XibNHFzzVT0FmYensfKF4o0uSeZWQDKVEEhzMSKuALMpUkfwHcmCRfLT-ctANSxq-Zj0IIeT66XbztOomStjlfi-F-FaqBGZfHOARCVvT143CTYELLJCUdD4qUVkrNuLmRZrNuqVpY0g5BjABswkIoDmyoRJAEohuZCamZNA--p-uRqJjRefED1eMrKSppabV2ugaqoFlieujTOE-a3VKib9aC-lFsmLalkwh9ctr_FZqS9H46rqGjGcOxtAXalo1jkMPGupVsE1W-xIH14wbPCYcgfldH9SH7X60462kxD8OFdHpvnnfAvjQnaE4QDqasT5ySpBRtck4GVxs2IRBt62-kOlzoI8lHapLdwIms-Gdt7z38E47ZE3afE4IIbobPGz7wGvjbi3z234ARvGQ4jREgPQb1NRYAEtZlrZNzR6N7ofXD8jF502tw-QWI_Ox0jFP5tynIiMp-hG25ecQ0s4MzPHFC0ZABPamgg3MS-UILl76gMDCHS5Te_JAXZoC1HnkETw5M217SaG5ISAU0F5qETMREfTjZR9E45MDhnw7uY1vo2lffRB3ei1QqGuLh0gUnVU7TUfFYwcOqV15sb0t1lMj0mmyG5v-_dE9H6dYtRKJARltmdfSmc1HisBewx75Xh5ChJQ1hiCEDaZ1wqFjsFJ6SrKgJ7C1N7vx6QKx8YXwFH7ePG2qG39leT5JKZnqAvi9fqc6x-YwfhSjbRKGZoj2o55Fd2fbwtK6CXpiW6AekT7PUcl_7ynTq-DaQ_Yc29WwtmgapcCRNpfcMsoqCD4giu1V3Sj5DQLglwuk1gAMcuV5fo8JpABu2_is83WZ_GJ1WWMUxyZGq6u-EGuZrP96Yewb7-zfnt2lao_LJg1ef5cqDTW7-0MS27wkmLiIi0e-PYvS-UfWVHg1oNbR-MHXMVEQ6gqNg08IgEyPDSFCUbf75HuMILN80bQNtSlFj6FR7uNKHr8sigvKI80k.5flOKKmeqYm0TamwROr8Nw"
        let key = try #require(ShareKey(text: "rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q"))
        let (type, plaintext) = try CompactJWE.decrypt(example, key: key)
        #expect(type == "application/smart-health-card")
        let text = try #require(String(bytes: plaintext, encoding: .utf8))
        #expect(text.hasPrefix("{\n  \"verifiableCredential\": [\n    \"eyJ6aXAiOiJERUYiLCJhbGciOiJFUzI1NiIs"))
    }

    @Test func aFileIsCompactJWEWithTheHeaderTheSpecAsks() throws {
        let compact = try CompactJWE.encrypt(Array("{\"resourceType\":\"Bundle\"}".utf8), key: key)
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 5 && parts[1].isEmpty)
        let header = try #require(Base64URL.decode(parts[0]))
        #expect(String(decoding: header, as: UTF8.self) == "{\"alg\":\"dir\",\"enc\":\"A256GCM\",\"cty\":\"application/fhir+json\"}")
        #expect(Base64URL.decode(parts[2])?.count == 12 && Base64URL.decode(parts[4])?.count == 16)
        let (type, plaintext) = try CompactJWE.decrypt(compact, key: key)
        #expect(type == "application/fhir+json" && plaintext == Array("{\"resourceType\":\"Bundle\"}".utf8))
    }

    @Test func theIVIsTheHMACOfThePlaintextSoTheSameInputGivesTheSameBytes() throws {
        let record = Array("the same record".utf8)
        let first = try CompactJWE.encrypt(record, key: key)
        #expect(first == (try CompactJWE.encrypt(record, key: key)))
        let iv = Array(HMAC<SHA256>.authenticationCode(for: record, using: SymmetricKey(data: key.bytes)).prefix(12))
        #expect(first.split(separator: ".", omittingEmptySubsequences: false)[2] == Substring(Base64URL.encode(iv)))
        let other = try CompactJWE.encrypt(Array("another record".utf8), key: key)
        #expect(first.split(separator: ".", omittingEmptySubsequences: false)[2] != other.split(separator: ".", omittingEmptySubsequences: false)[2])
    }

    @Test func aChangedFileOrAnotherKeyIsRefused() throws {
        let compact = try CompactJWE.encrypt(Array("record".utf8), key: key)
        #expect(throws: CompactJWEError.notAuthentic) { try CompactJWE.decrypt(compact, key: ShareKey(bytes: Array(repeating: 7, count: 32))!) }
        var parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[3] = Base64URL.encode(Base64URL.decode(parts[3])!.map { $0 ^ 1 })
        #expect(throws: CompactJWEError.notAuthentic) { try CompactJWE.decrypt(parts.joined(separator: "."), key: key) }
        #expect(throws: CompactJWEError.malformed) { try CompactJWE.decrypt("a.b.c", key: key) }
    }

    @Test func base64urlHasNoPaddingAndRefusesTheOtherAlphabet() {
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xfb, 0xff])
        #expect(Base64URL.decode("+/8=") == nil)
        #expect(ShareKey(text: String(repeating: "A", count: 42)) == nil)
        #expect(ShareKey(text: String(repeating: "A", count: 43)) != nil)
        #expect(ShareKey.random().text.count == 43)
    }

    @Test func thePayloadIsMinifiedJSONWithFlagLU() throws {
        let payload = try ShareLinkPayload(url: "https://care.example.org/record/abc", key: key, label: "Record of Margaret \"Peggy\" Ashworth")
        #expect(payload.json == "{\"url\":\"https://care.example.org/record/abc\",\"key\":\"\(key.text)\",\"flag\":\"LU\",\"label\":\"Record of Margaret \\\"Peggy\\\" Ashworth\"}")
        let link = payload.link(viewer: "https://care.example.org/record/record-en.html")
        #expect(link.hasPrefix("https://care.example.org/record/record-en.html#shlink:/"))
        let encoded = String(link.split(separator: "/").last!)
        let decoded = try #require(Base64URL.decode(encoded))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(decoded)) as? [String: String])
        #expect(object == ["url": "https://care.example.org/record/abc", "key": key.text, "flag": "LU", "label": "Record of Margaret \"Peggy\" Ashworth"])
        #expect(ShareLinkPayload.flag == "LU" && !ShareLinkPayload.flag.contains("P"), "never P with U")
    }

    @Test func theURLIsAtMost128AndTheLabelAtMost80Characters() throws {
        let long = "https://care.example.org/" + String(repeating: "x", count: 104)
        #expect(throws: ShareLinkError.self) { try ShareLinkPayload(url: long, key: key, label: "x") }
        #expect((try? ShareLinkPayload(url: String(long.dropLast()), key: key, label: "x")) != nil)
        let label = try ShareLinkPayload(url: "https://a.example/b", key: key, label: String(repeating: "Margarita ", count: 12)).label
        #expect(label.count == 80 && label.hasSuffix("…"))
    }

    @Test func theKeysFileIsTheOwnersAloneAndKeepsOneLinkPerCircleAndReader() throws {
        let path = folder() + "/state/share-links"
        var keys = try ShareKeysFile.open(path)
        #expect(keys.entries.isEmpty)
        let first = ShareLinkEntry.new(circleId: "circle-margaret", readerId: "u-ellen")
        keys.replace(with: first)
        keys.replace(with: ShareLinkEntry.new(circleId: "circle-walter", readerId: "u-rosa"))
        try keys.save()
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        var again = try ShareKeysFile.open(path)
        #expect(again.entries.count == 2 && again.entry(circleId: "circle-margaret", readerId: "u-ellen") == first)
        let renewed = ShareLinkEntry.new(circleId: "circle-margaret", readerId: "u-ellen")
        #expect(again.replace(with: renewed) == first)
        #expect(again.entries.count == 2)
        chmod(path, 0o644)
        #expect(throws: ShareLinkError.self) { try ShareKeysFile.open(path) }
        #expect(throws: ShareLinkError.keysFileMalformed(path: "f", line: 2)) { try ShareKeysFile.parse("# heading\nnot a line\n", path: "f") }
    }

    @Test func theKeysFileIsTheOptionsElseTheVariablesElseTheStateFolders() throws {
        #expect(try ShareKeysLocation.path(option: "/k", environment: ["CAREREPORT_SHARE_KEYS": "/v", "HOME": "/h"]) == "/k")
        #expect(try ShareKeysLocation.path(option: nil, environment: ["CAREREPORT_SHARE_KEYS": "/v", "HOME": "/h"]) == "/v")
        #expect(try ShareKeysLocation.path(option: nil, environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/carereport/share-links")
        #expect(try ShareKeysLocation.path(option: nil, environment: ["HOME": "/h"]) == "/h/.local/state/carereport/share-links")
        #expect(throws: ShareLinkError.noStateFolder) { try ShareKeysLocation.path(option: nil, environment: [:]) }
    }

    @Test func publishingTwiceWritesTheSameFileAndANewLinkDeletesTheOld() throws {
        let root = folder()
        let publisher = SharedRecordPublisher(base: "https://care.example.org/record", folder: root + "/record", keysPath: root + "/keys")
        let record = Array("{\"resourceType\":\"Bundle\"}".utf8)
        let first = try publisher.publish(record: record, circleId: "c", readerId: "u", viewerPage: "record-en.html", label: "l", newLink: false)
        #expect(first.isNewLink)
        let name = String(first.payload.url.split(separator: "/").last!)
        let bytes = FileManager.default.contents(atPath: root + "/record/" + name)
        let second = try publisher.publish(record: record, circleId: "c", readerId: "u", viewerPage: "record-en.html", label: "l", newLink: false)
        #expect(!second.isNewLink && second.link == first.link)
        #expect(FileManager.default.contents(atPath: root + "/record/" + name) == bytes)
        let third = try publisher.publish(record: record, circleId: "c", readerId: "u", viewerPage: "record-en.html", label: "l", newLink: true)
        #expect(third.withdrawnFile == root + "/record/" + name)
        #expect(!FileManager.default.fileExists(atPath: root + "/record/" + name))
        #expect(third.payload.key != first.payload.key)
        let keysText = String(decoding: FileManager.default.contents(atPath: root + "/keys") ?? Data(), as: UTF8.self)
        #expect(!keysText.contains(first.payload.key.text) && keysText.contains(third.payload.key.text))
    }

    @Test func theQRCodeIsLevelMDrawnWithAQuietZone() throws {
        let small = try #require(QRCode("HELLO"))
        #expect(small.size == 21)
        let link = "https://care.example.org/record/record-en.html#shlink:/" + String(repeating: "e", count: 280)
        let code = try #require(QRCode(link))
        #expect(code.size <= 81, "a link of this length fits version 16 at level M")
        let svg = QRCodeSVG.svg(code, label: "QR code: <record>")
        #expect(svg.contains("viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
        #expect(svg.contains("aria-label=\"QR code: &lt;record&gt;\""))
    }
}
