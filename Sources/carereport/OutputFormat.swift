import ArgumentParser

/// `--format text|json` for commands whose output machines may read.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
