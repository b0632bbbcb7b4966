import ActorlintCLI
import ActorlintKit
import Testing

@Suite struct ArgumentsTests {
    private func parse(_ words: String...) throws -> Arguments {
        try Arguments.parse(words)
    }

    /// The usage error `words` produce; fails the test when they parse.
    private func usageError(_ words: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            let parsed = try Arguments.parse(words)
            Issue.record("expected a usage error for \(words), parsed \(parsed)", sourceLocation: sourceLocation)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func noWordsMeansCheckTheCurrentFolderWithDefaults() throws {
        let arguments = try parse()
        #expect(arguments.command == .check)
        #expect(arguments.paths.isEmpty)
        #expect(arguments.format == "text")
        #expect(arguments.failOn == .warning)
        #expect(arguments.color == "auto")
        #expect(!arguments.unsafeFixes && !arguments.diff && !arguments.help)
        #expect(arguments.configPath == nil && arguments.select.isEmpty && arguments.fileTimeout == nil)
        #expect(!arguments.noCache)
    }

    @Test(arguments: Arguments.Command.allCases) func everyCommandParsesByName(command: Arguments.Command) throws {
        // `migrate` needs its action.
        let words = command == .migrate ? [command.rawValue, "plan"] : [command.rawValue]
        #expect(try Arguments.parse(words).command == command)
    }

    @Test func pathsAfterTheCommandAreCollectedInOrder() throws {
        let arguments = try parse("check", "Sources", "Tests/A.swift", "--format", "json", "Other")
        #expect(arguments.paths == ["Sources", "Tests/A.swift", "Other"])
        #expect(arguments.format == "json")
    }

    @Test func pathsWithoutACommandMeanCheck() throws {
        // The first word must name a command; a flag first keeps the default command.
        let arguments = try parse("--format", "xcode", "Sources")
        #expect(arguments.command == .check)
        #expect(arguments.paths == ["Sources"])
    }

    @Test func doubleDashEndsTheOptions() throws {
        let arguments = try parse("check", "--", "--format", "-x.swift")
        #expect(arguments.paths == ["--format", "-x.swift"])
        #expect(arguments.format == "text")
    }

    @Test(arguments: ["text", "xcode", "json", "sarif", "github"])
    func checkAcceptsEveryOutputFormatInBothSpellings(format: String) throws {
        #expect(try parse("check", "--format", format).format == format)
        #expect(try parse("check", "--format=\(format)").format == format)
        #expect(try parse("fix", "--format=\(format)").format == format)
    }

    @Test func rulesHasItsOwnFormats() throws {
        #expect(try parse("rules", "--format", "markdown").format == "markdown")
        #expect(try parse("rules", "--format=json").format == "json")
        #expect(usageError("rules", "--format", "sarif").contains("unknown format 'sarif' for 'rules'"))
        #expect(usageError("check", "--format", "markdown").contains("expected one of: text, xcode, json, sarif, github"))
        #expect(usageError("explain", "--format", "xcode").contains("expected one of: text, json"))
    }

    @Test func failOnTakesWarningOrError() throws {
        #expect(try parse("check", "--fail-on", "error").failOn == .error)
        #expect(try parse("check", "--fail-on=warning").failOn == .warning)
        #expect(try parse("fix", "--fail-on=error").failOn == .error)
        #expect(usageError("check", "--fail-on", "note").contains("'--fail-on' takes 'warning' or 'error', not 'note'"))
        #expect(usageError("check", "--fail-on=fatal").contains("not 'fatal'"))
    }

    @Test func colorTakesAutoAlwaysOrNever() throws {
        for value in ["auto", "always", "never"] {
            #expect(try parse("check", "--color", value).color == value)
            #expect(try parse("fix", "--color=\(value)").color == value)
        }
        #expect(usageError("check", "--color", "sometimes").contains("'--color' takes 'auto', 'always' or 'never', not 'sometimes'"))
        #expect(usageError("check", "--color=").contains("not ''"))
    }

    @Test func fixSwitches() throws {
        let arguments = try parse("fix", "--unsafe-fixes", "--diff", "Sources")
        #expect(arguments.unsafeFixes && arguments.diff)
        #expect(arguments.paths == ["Sources"])
    }

    @Test func noCacheIsASwitchOfCheckFixAndExplain() throws {
        #expect(try parse("check", "--no-cache", "Sources").noCache)
        #expect(try parse("fix", "Sources", "--no-cache").noCache)
        #expect(try parse("explain", "--no-cache", "A.swift:1").noCache)
        #expect(try parse("check", "--no-cache").paths.isEmpty)
        #expect(usageError("check", "--no-cache=yes").contains("option '--no-cache' takes no value"))
        #expect(usageError("rules", "--no-cache").contains("option '--no-cache' does not apply to 'rules' (it goes with: check, fix, explain, migrate)"))
        #expect(usageError("check", "--nocache").contains("Did you mean '--no-cache'?"))
    }

    @Test func switchesTakeNoValue() {
        #expect(usageError("fix", "--diff=yes").contains("option '--diff' takes no value"))
        #expect(usageError("fix", "--unsafe-fixes=true").contains("option '--unsafe-fixes' takes no value"))
    }

    @Test func configAndFileTimeout() throws {
        let arguments = try parse("check", "--config", "ci/.actorlint.json", "--file-timeout=2.5")
        #expect(arguments.configPath == "ci/.actorlint.json")
        #expect(arguments.fileTimeout == 2.5)
        #expect(try parse("explain", "--config=x.json").configPath == "x.json")
        for bad in ["0", "-1", "soon", "nan"] {
            #expect(usageError("check", "--file-timeout=\(bad)").contains("'--file-timeout' takes a positive number of seconds"))
        }
    }

    @Test func passesIsForFixOnly() throws {
        #expect(try parse("fix").passes == 25)
        #expect(try parse("fix", "--passes", "1").passes == 1)
        for bad in ["0", "26", "two"] {
            #expect(usageError("fix", "--passes=\(bad)").contains("'--passes' takes a whole number from 1 to 25"))
        }
        #expect(usageError("check", "--passes", "1").contains("does not apply to 'check'"))
    }

    @Test func selectSplitsOnCommasAndAccumulates() throws {
        let arguments = try parse("check", "--select", "tasks,task-in-on-appear", "--select=modernize")
        #expect(arguments.select == ["tasks", "task-in-on-appear", "modernize"])
    }

    @Test func helpAndVersion() throws {
        #expect(try parse("--help").help)
        #expect(try parse("-h").help)
        let fixHelp = try parse("fix", "--help")
        #expect(fixHelp.help && fixHelp.command == .fix)
        #expect(try parse("--version").command == .version)
        #expect(try parse("check", "--version").command == .version)
    }

    @Test func unknownOptionSuggestsTheClosestOne() {
        let message = usageError("check", "--formt", "json")
        #expect(message.contains("unknown option '--formt'"))
        #expect(message.lowercased().contains("did you mean '--format'?"))
        #expect(usageError("check", "--fial-on=error").lowercased().contains("did you mean '--fail-on'?"))
        #expect(usageError("fix", "--unsafe-fix").lowercased().contains("did you mean '--unsafe-fixes'?"))
        // Nothing close: no suggestion rather than a random one.
        #expect(!usageError("check", "--zzzzzzzzzzzz").lowercased().contains("did you mean"))
        #expect(usageError("check", "-x").contains("unknown option '-x'"))
    }

    @Test func unknownCommandSuggestsTheClosestOne() {
        let message = usageError("chek", "Sources")
        #expect(message.contains("unknown command 'chek'"))
        #expect(message.lowercased().contains("did you mean 'check'?"))
        #expect(usageError("rulez").lowercased().contains("did you mean 'rules'?"))
    }

    @Test func optionsThatDoNotApplyToTheCommandAreRejected() {
        #expect(usageError("check", "--diff").contains("option '--diff' does not apply to 'check' (it goes with: fix, migrate)"))
        #expect(usageError("check", "--unsafe-fixes").contains("does not apply to 'check'"))
        #expect(usageError("rules", "--fail-on", "error").contains("option '--fail-on' does not apply to 'rules'"))
        #expect(usageError("rule", "--format=json", "x").contains("option '--format' does not apply to 'rule'"))
        #expect(usageError("explain", "--select", "all").contains("does not apply to 'explain'"))
    }

    @Test func missingValues() {
        for flag in ["--format", "--fail-on", "--color", "--config", "--select", "--file-timeout"] {
            #expect(usageError("check", flag).contains("option '\(flag)' needs a value"), "\(flag)")
        }
        // The next word is another option: the value was forgotten.
        #expect(usageError("check", "--config", "--format", "json").contains("option '--config' needs a value"))
    }

    @Test func rulesTakesNoPaths() {
        #expect(usageError("rules", "task-in-on-appear").contains("'actorlint rule task-in-on-appear'"))
    }
}
