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

/// What `check` and `fix` share: configuration, project settings, discovery, the linter.
struct Session {
    let arguments: Arguments
    let linter: Linter
    let files: [String]
    let discoveryFailures: [AnalysisFailure]

    init(_ arguments: Arguments, environment: [String: String]) throws {
        let paths = arguments.paths.isEmpty ? ["."] : arguments.paths
        var configuration = Configuration()
        if let path = arguments.configPath ?? Configuration.find(from: paths[0]) {
            configuration = try Configuration.load(path: path)
        }
        if !arguments.select.isEmpty {
            for selector in arguments.select where !Configuration.isKnownSelector(selector) {
                let hint = Suggestion.closest(to: selector, in: RuleRegistry.allIDs).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown rule, category or set '\(selector)' in --select.\(hint) 'actorlint rules' lists them.")
            }
            configuration.select = arguments.select
        }
        if let timeout = arguments.fileTimeout { configuration.fileTimeout = timeout }
        let base = configuration.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        // The files and the projects are found in the same trees: each directory is listed once.
        let listings = DirectoryListings()
        let discovery = FileDiscovery(excludes: configuration.exclude, base: base).discover(paths, listings: listings)
        self.arguments = arguments
        self.files = discovery.files
        self.discoveryFailures = discovery.failures
        let cache = arguments.noCache ? nil
            : ResultCache.defaultDirectory(forPaths: paths, configurationPath: configuration.path, environment: environment)
                .map { ResultCache(directory: $0) }
        var linter = Linter(configuration: configuration, project: ProjectLoader.load(for: paths, cache: cache, listings: listings))
        linter.cache = cache
        self.linter = linter
    }

    func color(_ console: Console) -> Bool {
        arguments.color == "always" || (arguments.color == "auto" && console.isTerminal)
    }
}

struct Check {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        let session = try Session(arguments, environment: console.environment)
        let run = session.linter.run(paths: session.files)
        let report = Report(findings: run.findings, failures: session.discoveryFailures + run.failures,
                            fileCount: session.files.count, sourceLines: run.sourceLines, failOn: arguments.failOn)
        let format = OutputFormat(rawValue: arguments.format) ?? .text
        console.out(format.reporter(color: session.color(console)).render(report))
        return report.exitCode
    }
}
