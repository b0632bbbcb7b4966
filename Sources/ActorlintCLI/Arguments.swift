import ActorlintKit

/// A command line that cannot be run: exit 2 with a message that says what to do.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The parsed command line. Hand-written: no argument-parsing package can be fetched here.
public struct Arguments: Equatable {
    public enum Command: String, CaseIterable, Equatable, Sendable {
        case check, fix, explain, rules, rule, help, version
    }

    public var command: Command = .check
    public var paths: [String] = []
    public var format: String = "text"
    public var failOn: Severity = .warning
    public var color: String = "auto"
    public var unsafeFixes = false
    public var diff = false
    public var configPath: String?
    public var select: [String] = []
    public var fileTimeout: Double?
    /// `--swift-version X.Y`: the compiler that builds the checked project.
    public var swiftVersion: String?
    /// `fix --passes N`: rounds of fixes, each on the text the last one left.
    public var passes = Fixer.maximumPasses
    /// `--no-cache`: neither read nor write the results cache.
    public var noCache = false
    /// `--help`, alone or after a command.
    public var help = false

    static let flags: [String: [Command]] = [
        "--format": [.check, .fix, .explain, .rules], "--fail-on": [.check, .fix], "--color": [.check, .fix],
        "--unsafe-fixes": [.fix], "--diff": [.fix], "--config": [.check, .fix, .explain],
        "--select": [.check, .fix], "--file-timeout": [.check, .fix], "--passes": [.fix],
        "--no-cache": [.check, .fix, .explain], "--swift-version": [.check, .fix, .explain],
        "--help": Command.allCases, "--version": Command.allCases,
    ]
    /// Flags that are switches: `--diff=yes` is a mistake, not a value to ignore.
    static let switches: Set<String> = ["--help", "--version", "--unsafe-fixes", "--diff", "--no-cache"]

    public static func parse(_ words: [String]) throws(UsageError) -> Arguments {
        var arguments = Arguments()
        var rest = words[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard let command = Command(rawValue: first) else {
                let hint = Suggestion.closest(to: first, in: ["check", "fix", "explain", "rules", "rule"]).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown command '\(first)'.\(hint) Run 'actorlint --help' for the commands.")
            }
            arguments.command = command
            rest = rest.dropFirst()
        }
        while let word = rest.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                arguments.paths.append(word)
                continue
            }
            if word == "--" { arguments.paths += rest; break }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let commands = flags[name] else {
                // Sorted: on a tie the suggestion must not depend on dictionary order.
                let hint = Suggestion.closest(to: name, in: flags.keys.sorted()).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(name)'.\(hint)")
            }
            guard commands.contains(arguments.command) else {
                throw UsageError("option '\(name)' does not apply to '\(arguments.command.rawValue)' (it goes with: \(commands.map(\.rawValue).joined(separator: ", "))).")
            }
            if inlineValue != nil, switches.contains(name) {
                throw UsageError("option '\(name)' takes no value.")
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                // `--config --diff` forgot the value; taking `--diff` as a file name would hide that.
                guard let next = rest.first, !(next.hasPrefix("--") && next.count > 2) else {
                    throw UsageError("option '\(name)' needs a value.")
                }
                rest = rest.dropFirst()
                return next
            }
            switch name {
            case "--help": arguments.help = true
            case "--version": arguments.command = .version
            case "--format":
                arguments.format = try value()
                let allowed = arguments.command == .rules ? ["text", "markdown", "json"]
                    : arguments.command == .explain ? ["text", "json"] : OutputFormat.allCases.map(\.rawValue)
                guard allowed.contains(arguments.format) else {
                    throw UsageError("unknown format '\(arguments.format)' for '\(arguments.command.rawValue)'; expected one of: \(allowed.joined(separator: ", ")).")
                }
            case "--fail-on":
                let level = try value()
                guard let severity = Severity(rawValue: level), severity != .note else {
                    throw UsageError("'--fail-on' takes 'warning' or 'error', not '\(level)'.")
                }
                arguments.failOn = severity
            case "--color":
                arguments.color = try value()
                guard ["auto", "always", "never"].contains(arguments.color) else {
                    throw UsageError("'--color' takes 'auto', 'always' or 'never', not '\(arguments.color)'.")
                }
            case "--unsafe-fixes": arguments.unsafeFixes = true
            case "--diff": arguments.diff = true
            case "--no-cache": arguments.noCache = true
            case "--config": arguments.configPath = try value()
            case "--select": arguments.select += try value().split(separator: ",").map(String.init)
            case "--swift-version":
                let text = try value()
                guard CompilerVersion.isVersion(text) else {
                    throw UsageError("'--swift-version' takes the version of the Swift compiler that builds the project, such as 6.4, not '\(text)'.")
                }
                arguments.swiftVersion = text
            case "--passes":
                let text = try value()
                guard let passes = Int(text), (1...Fixer.maximumPasses).contains(passes) else {
                    throw UsageError("'--passes' takes a whole number from 1 to \(Fixer.maximumPasses), not '\(text)'.")
                }
                arguments.passes = passes
            case "--file-timeout":
                let text = try value()
                guard let seconds = Double(text), seconds > 0 else {
                    throw UsageError("'--file-timeout' takes a positive number of seconds, not '\(text)'.")
                }
                arguments.fileTimeout = seconds
            default: break
            }
        }
        if arguments.command == .rules, !arguments.paths.isEmpty {
            throw UsageError("'actorlint rules' takes no arguments; 'actorlint rule \(arguments.paths[0])' documents one rule.")
        }
        return arguments
    }
}
