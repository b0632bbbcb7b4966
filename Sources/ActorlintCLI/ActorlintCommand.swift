import ActorlintKit
import Foundation

/// The `actorlint` command: parses arguments and dispatches to a subcommand.
public enum ActorlintCommand {
    public static func run(_ words: [String], console: Console) -> Int32 {
        do {
            let arguments = try Arguments.parse(words)
            if arguments.help || arguments.command == .help {
                console.out(Help.text(for: arguments.command))
                return 0
            }
            switch arguments.command {
            case .version: console.out("actorlint \(ActorlintVersion.current)\n"); return 0
            case .check: return try Check(arguments: arguments, console: console).run()
            case .fix: return try FixCommand(arguments: arguments, console: console).run()
            case .explain: return try Explain(arguments: arguments, console: console).run()
            case .rules: return RulesCommand.list(format: arguments.format, console: console)
            case .rule: return try RulesCommand.show(arguments.paths, console: console)
            case .help: return 0
            }
        } catch let error as UsageError {
            console.err("error: \(error.description)\n")
            return 2
        } catch let error as ConfigurationError {
            console.err("\(error.description)\n")
            return 2
        } catch {
            console.err("error: \(error)\n")
            return 2
        }
    }
}

extension Arguments {
    /// The library's options for what the command line says.
    func options(environment: [String: String]) -> Actorlint.Options {
        var options = Actorlint.Options()
        options.configurationPath = configPath
        options.select = select
        options.fileTimeout = fileTimeout
        options.swiftVersion = swiftVersion.map { CompilerVersion.stated($0, by: "with --swift-version") }
        options.cache = noCache ? .off : .standard
        options.environment = environment
        return options
    }

    func color(_ console: Console) -> Bool {
        color == "always" || (color == "auto" && console.isTerminal)
    }

    /// Runs `body`, turning the library's option errors into usage errors (exit 2).
    func running<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch Actorlint.OptionError.unknownSelector(let selector, let suggestion) {
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown rule, category or set '\(selector)' in --select.\(hint) 'actorlint rules' lists them.")
        }
    }
}

struct Check {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        let actorlint = Actorlint(arguments.options(environment: console.environment))
        let report = try arguments.running { try actorlint.check(arguments.paths) }.report(failOn: arguments.failOn)
        let format = OutputFormat(rawValue: arguments.format) ?? .text
        console.out(format.reporter(color: arguments.color(console)).render(report))
        return report.exitCode
    }
}
