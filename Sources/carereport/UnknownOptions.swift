import ArgumentParser
import Foundation

/// Reports an option the chosen command does not know before anything else is checked, so the
/// typo `--viewr u-ellen` says "unknown option --viewr; did you mean --viewer?" instead of a
/// complaint about the missing `--viewer`.
enum UnknownOptions {
    /// The first unknown long option in `arguments` (without the program name), with a suggestion.
    static func problem(in arguments: [String]) -> String? {
        let subcommands = CareReport.configuration.subcommands
        guard let name = arguments.first(where: { !$0.hasPrefix("-") }),
            let command = subcommands.first(where: { $0._commandName == name })
        else { return nil }
        let known = knownOptions(of: command)
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let option = String(argument.split(separator: "=", maxSplits: 1)[0])
            if known.contains(option) { continue }
            var message = "unknown option \(option) for carereport \(name)"
            if let guess = ViewerHints.closest(option, among: known.sorted()) { message += "; did you mean \(guess)?" }
            return message + " (carereport help \(name) lists its options)"
        }
        return nil
    }

    /// Every long option a command's help lists, with --help and --version.
    static func knownOptions(of command: ParsableCommand.Type) -> Set<String> {
        let help = CareReport.helpMessage(for: command, columns: 10_000)
        var names: Set<String> = ["--help", "--version"]
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*")
        let range = NSRange(help.startIndex..., in: help)
        for match in pattern.matches(in: help, range: range) {
            if let swiftRange = Range(match.range, in: help) { names.insert(String(help[swiftRange])) }
        }
        return names
    }
}
