import CFileSwap

/// The version carereport reports and the commit it was built from.
public enum BuildInfo {
    /// The release's version number.
    public static let version = "0.1.0"

    /// The commit `make` stamped into the build (`scripts/stamp-commit.sh`), nil for a plain `swift build`.
    public static var commit: String? {
        let stamped = String(cString: cfileswap_build_commit())
        return stamped.isEmpty ? nil : stamped
    }

    /// `0.1.0 (commit 1a2b3c4d5e6f)`, or `0.1.0 (commit not recorded: built without make)`.
    public static var versionLine: String {
        "\(version) (" + (commit.map { "commit \($0)" } ?? "commit not recorded: built without make") + ")"
    }
}
