import Foundation

/// Words for what is wrong with a path the user gave, naming the real cause and the fix.
enum PathProblems {
    /// The files of an export in the folder form.
    static let folderFiles: Set<String> = ["export.json", "users.json", "circles.json", "tasks.json", "health.json", "updates.json"]

    /// Set when `path` is one file of a folder-form export (`sample-data/users.json`), which read
    /// alone holds no circle: the folder is what to pass.
    static func partOfFolderExport(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        let name = (path as NSString).lastPathComponent
        guard folderFiles.contains(name), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return nil }
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        let siblings = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).intersection(folderFiles)
        guard siblings.count >= 2 else { return nil }
        return "\(path): error: this is one file of an export in the folder form (\(folder) holds \(siblings.sorted().joined(separator: ", "))); "
            + "pass the folder instead: \(folder)"
    }

    /// Why writing into `folder` failed, from the system's error number.
    static func reason(_ code: Int32, folder: String) -> String {
        switch code {
        case EACCES, EPERM: "\(folder) is not writable by this user (check its owner and permissions)"
        case EROFS: "\(folder) is on a read-only file system"
        case ENOSPC, EDQUOT: "no space left on the device (or over the quota)"
        case ENOENT: "\(folder) does not exist"
        default: String(cString: strerror(code))
        }
    }

    /// The writable-folder check before `generate` writes: the folder itself when it exists, else its parent.
    static func generateTarget(_ out: String) -> String? {
        let fileManager = FileManager.default
        let probe = fileManager.fileExists(atPath: out) ? out : ((out as NSString).deletingLastPathComponent.isEmpty ? "." : (out as NSString).deletingLastPathComponent)
        guard fileManager.fileExists(atPath: probe) else { return nil }
        guard access(probe, W_OK) != 0 else { return nil }
        return "\(out): error: cannot write the export: \(reason(errno, folder: probe))"
    }
}
