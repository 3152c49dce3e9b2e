import Foundation
import Testing

@testable import CareReports

/// The installation's secret key of every derived name (privacy policy rule 6, issue 41 item 1).
@Suite("Installation key")
struct InstallationKeyTests {
    let key = InstallationKey(bytes: Array("a test key of the installation".utf8))

    private func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("id-key-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theCodeIsHMACSHA256() {
        // RFC 4231, test case 2.
        let code = InstallationKey(bytes: Array("Jefe".utf8)).authenticationCode(Array("what do ya want for nothing?".utf8))
        #expect(InstallationKeyFile.hex(code) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func namesDependOnTheKeyNotOnlyOnTheId() {
        let name = OpaqueId.make("task", "task-pick-up-lisinopril", circle: "circle-margaret", key: key)
        #expect(name.range(of: "^[0-9a-f]{20}$", options: .regularExpression) != nil)
        #expect(name == OpaqueId.make("task", "task-pick-up-lisinopril", circle: "circle-margaret", key: key))
        let other = InstallationKey(bytes: Array("another installation's key".utf8))
        #expect(name != OpaqueId.make("task", "task-pick-up-lisinopril", circle: "circle-margaret", key: other))
        // The key carereport shipped before: a name must not be what anyone can compute from the id.
        let shipped = InstallationKey(bytes: Array("carereport opaque ids v1".utf8))
        #expect(name != OpaqueId.make("task", "task-pick-up-lisinopril", circle: "circle-margaret", key: shipped))
    }

    @Test func theFirstUseMakesAPrivateRandomKeyThatLaterRunsRead() throws {
        let state = folder()
        let first = try InstallationKeySource.resolve(fileOption: nil, environment: ["XDG_STATE_HOME": state, "HOME": "/nonexistent"])
        let path = state + "/carereport/id-key"
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(state + "/carereport", &info) == 0 && info.st_mode & 0o077 == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.range(of: "^[0-9a-f]{64}\n$", options: .regularExpression) != nil)
        let again = try InstallationKeySource.resolve(fileOption: nil, environment: ["XDG_STATE_HOME": state])
        #expect(OpaqueId.make("task", "t", circle: "c", key: first) == OpaqueId.make("task", "t", circle: "c", key: again))
        let elsewhere = try InstallationKeySource.resolve(fileOption: nil, environment: ["XDG_STATE_HOME": folder()])
        #expect(OpaqueId.make("task", "t", circle: "c", key: first) != OpaqueId.make("task", "t", circle: "c", key: elsewhere))
    }

    @Test func theHomeFolderIsUsedWithoutXDGStateHome() throws {
        let home = folder()
        _ = try InstallationKeySource.resolve(fileOption: nil, environment: ["HOME": home])
        #expect(FileManager.default.fileExists(atPath: home + "/.local/state/carereport/id-key"))
        #expect(throws: InstallationKeyError.noStateFolder) {
            try InstallationKeySource.resolve(fileOption: nil, environment: [:])
        }
    }

    @Test func runsStartingTogetherEndWithOneKey() throws {
        let state = folder()
        let names = Locked<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let key = try! InstallationKeySource.resolve(fileOption: nil, environment: ["XDG_STATE_HOME": state])
            names.withLock { _ = $0.insert(OpaqueId.make("task", "t", circle: "c", key: key)) }
        }
        #expect(names.withLock { $0.count } == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: state + "/carereport")
        #expect(left == ["id-key"], "no temporary file is left behind")
    }

    @Test func aKeyFileOthersMayReadIsRefused() throws {
        let path = folder() + "/key"
        _ = FileManager.default.createFile(atPath: path, contents: Data(String(repeating: "ab", count: 32).utf8), attributes: [.posixPermissions: 0o644])
        #expect(throws: InstallationKeyError.readableByOthers(path: path, mode: 0o100644)) {
            try InstallationKeySource.resolve(fileOption: path, environment: [:])
        }
        let error = InstallationKeyError.readableByOthers(path: path, mode: 0o100644)
        #expect(error.description.contains("chmod 600"))
        chmod(path, 0o600)
        let given = try InstallationKeySource.resolve(fileOption: nil, environment: ["CAREREPORT_ID_KEY_FILE": path])
        let asText = InstallationKey(bytes: Array(String(repeating: "ab", count: 32).utf8))
        #expect(OpaqueId.make("task", "t", circle: "c", key: given) == OpaqueId.make("task", "t", circle: "c", key: asText))
    }

    @Test func theOptionComesBeforeTheVariables() throws {
        let path = folder() + "/key"
        _ = FileManager.default.createFile(atPath: path, contents: Data("a key given in a file of its own\n".utf8), attributes: [.posixPermissions: 0o600])
        let environment = ["CAREREPORT_ID_KEY": "the key in the environment", "XDG_STATE_HOME": folder()]
        let fromFile = try InstallationKeySource.resolve(fileOption: path, environment: environment)
        let fromVariable = try InstallationKeySource.resolve(fileOption: nil, environment: environment)
        #expect(OpaqueId.make("k", "i", circle: "c", key: fromFile) == OpaqueId.make("k", "i", circle: "c", key: InstallationKey(bytes: Array("a key given in a file of its own".utf8))))
        #expect(OpaqueId.make("k", "i", circle: "c", key: fromVariable) == OpaqueId.make("k", "i", circle: "c", key: InstallationKey(bytes: Array("the key in the environment".utf8))))
        #expect(throws: InstallationKeyError.tooShort(source: "CAREREPORT_ID_KEY")) {
            try InstallationKeySource.resolve(fileOption: nil, environment: ["CAREREPORT_ID_KEY": "short"])
        }
    }
}
