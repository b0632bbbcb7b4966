import ActorlintCLI
import ActorlintKit
import Foundation
import Testing

@Suite struct ConfigurationTests {
    /// The configuration error `json` produces; fails the test when it parses.
    private func configurationError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigurationError? {
        do {
            _ = try Configuration.parse(Data(json.utf8), path: "/p/.actorlint.json")
            Issue.record("expected a configuration error for \(json)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    private func parse(_ json: String) throws -> Configuration {
        try Configuration.parse(Data(json.utf8), path: "/p/.actorlint.json")
    }

    // MARK: Finding the file

    @Test func foundUpwardFromTheCheckedPath() throws {
        let folder = try TemporaryDirectory()
        let config = try folder.write(".actorlint.json", "{}")
        try folder.write("App/Sources/Feed/Model.swift", cleanSource)
        #expect(Configuration.find(from: folder.url("App/Sources/Feed")) == config)
        #expect(Configuration.find(from: folder.url("App/Sources/Feed/Model.swift")) == config)
        #expect(Configuration.find(from: folder.path) == config)
        // The nearest one wins.
        let inner = try folder.write("App/.actorlint.json", "{}")
        #expect(Configuration.find(from: folder.url("App/Sources/Feed")) == inner)
    }

    @Test func theCLIUsesTheConfigurationAboveTheCheckedFolder() throws {
        let folder = try TemporaryDirectory()
        try folder.write(".actorlint.json", #"{"select": ["all"], "ignore": ["prefer-concurrent-over-detached"]}"#)
        try folder.write("App/Warm.swift", detachedSource)
        #expect(actorlint("check", folder.url("App")).code == 0)
        #expect(actorlint("check", folder.url("App/Warm.swift")).code == 0)
        // --config replaces the search.
        let empty = try folder.write("other.json", #"{"select": ["all"]}"#)
        #expect(actorlint("check", folder.url("App"), "--config", empty).code == 1)
    }

    // MARK: Selection

    @Test func selectorsExpandToRuleIDs() throws {
        #expect(try parse(#"{"select": ["task-in-on-appear"]}"#).enabledRuleIDs == ["task-in-on-appear"])
        let rules = RuleRegistry.descriptions
        let tasks = Set(rules.filter { $0.category == .tasks }.map(\.id))
        let defaults = Set(rules.filter { $0.set == .default }.map(\.id)).union(["unused-suppression"])
        #expect(tasks.contains("task-in-on-appear") && tasks.contains("prefer-concurrent-over-detached"))
        #expect(try parse(#"{"select": ["tasks"]}"#).enabledRuleIDs == tasks)
        #expect(try parse(#"{"select": ["all"]}"#).enabledRuleIDs == Set(RuleRegistry.allIDs))
        #expect(try parse("{}").enabledRuleIDs == defaults)
        #expect(try parse(#"{"select": ["all"], "ignore": ["tasks"]}"#).enabledRuleIDs == Set(RuleRegistry.allIDs).subtracting(tasks))
        #expect(try parse(#"{"ignore": ["task-in-on-appear"]}"#).enabledRuleIDs == defaults.subtracting(["task-in-on-appear"]))
        #expect(try parse(#"{"select": ["suppression"]}"#).enabledRuleIDs == ["unused-suppression"])
    }

    @Test func setsAndCategoriesWithoutRulesYetAreStillValid() throws {
        // `modernize` and `captures` are documented selectors before any rule joins them.
        #expect(try parse(#"{"select": ["default", "modernize"], "ignore": ["captures"]}"#).select == ["default", "modernize"])
        #expect(Configuration.isKnownSelector("continuations"))
        #expect(!Configuration.isKnownSelector("continuation"))
    }

    @Test func selectionThroughTheCLI() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Warm.swift", detachedSource)
        try folder.write("FeedView.swift", onAppearSource)
        func rules(_ config: String, _ extra: String...) throws -> [String] {
            try folder.write(".actorlint.json", config)
            let result = actorlint(["check", folder.path, "--format", "xcode"] + extra)
            return result.output.split(separator: "\n").compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
        }
        #expect(try rules(#"{"select": ["default", "preview"]}"#) == ["task-in-on-appear", "prefer-concurrent-over-detached"])
        #expect(try rules(#"{"select": ["task-in-on-appear"]}"#) == ["task-in-on-appear"])
        #expect(try rules(#"{"ignore": ["tasks"]}"#) == [])
        #expect(try rules(#"{"select": ["all"], "ignore": ["task-in-on-appear"]}"#) == ["prefer-concurrent-over-detached"])
        // --select overrides the file's select; its ignore still applies.
        #expect(try rules(#"{"ignore": ["task-in-on-appear"]}"#, "--select", "tasks") == ["prefer-concurrent-over-detached"])
    }

    // MARK: Severity

    @Test func severityOverrides() throws {
        let folder = try TemporaryDirectory()
        let warm = try folder.write("Warm.swift", detachedSource)
        try folder.write(".actorlint.json", #"{"select": ["all"], "severity": {"prefer-concurrent-over-detached": "error"}}"#)
        let result = actorlint("check", folder.path, "--format", "xcode", "--fail-on", "error")
        #expect(result.code == 1)
        #expect(result.output.hasPrefix("\(warm):2:5: error: "))
        try folder.write(".actorlint.json", #"{"select": ["all"], "severity": {"tasks": "note"}}"#)
        let note = actorlint("check", folder.path, "--format", "xcode")
        #expect(note.code == 0, "a note is below the default failing severity")
        #expect(note.output.hasPrefix("\(warm):2:5: note: "))
    }

    @Test func theMostSpecificSeveritySelectorWins() throws {
        // JSON objects are unordered: precedence must come from the selectors, not key order.
        for json in [#"{"severity": {"tasks": "note", "task-in-on-appear": "error", "all": "warning"}}"#,
                     #"{"severity": {"task-in-on-appear": "error", "all": "warning", "tasks": "note"}}"#] {
            let configuration = try parse(json)
            #expect(configuration.severity["task-in-on-appear"] == .error)
            #expect(configuration.severity["prefer-concurrent-over-detached"] == .note)
            #expect(configuration.severity["unused-suppression"] == .warning)
        }
    }

    // MARK: Excludes and per-path ignores

    @Test func excludesAreRelativeToTheConfigurationFolder() throws {
        let folder = try TemporaryDirectory()
        try folder.write(".actorlint.json", #"{"select": ["all"], "exclude": ["Generated/**", "*.generated.swift", "Vendor"]}"#)
        try folder.write("Generated/API/Client.swift", detachedSource)
        try folder.write("Sources/Model.generated.swift", detachedSource)
        try folder.write("Sources/Vendor/Lib.swift", detachedSource)
        let kept = try folder.write("Sources/Warm.swift", detachedSource)
        // Checked by absolute path: the excludes still apply, relative to the config's folder.
        let result = actorlint("check", folder.path, "--format", "xcode")
        #expect(result.output.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) } == [kept])
        let fromBelow = actorlint("check", folder.url("Sources"), "--format", "json")
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(fromBelow.output.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 1)
    }

    @Test func perPathIgnores() throws {
        let folder = try TemporaryDirectory()
        try folder.write(".actorlint.json", #"{"select": ["all"], "per-path": {"Legacy/**": ["prefer-concurrent-over-detached"], "*View.swift": ["tasks"]}}"#)
        try folder.write("Legacy/Old.swift", detachedSource)
        try folder.write("UI/FeedView.swift", onAppearSource)
        let kept = try folder.write("Sources/Warm.swift", detachedSource)
        let result = actorlint("check", folder.path, "--format", "xcode")
        #expect(result.output.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) } == [kept])
        let configuration = try parse(#"{"per-path": {"Tests/**": ["task-in-on-appear"]}}"#)
        #expect(!configuration.keeps("task-in-on-appear", at: "Tests/UI/FeedTests.swift"))
        #expect(configuration.keeps("task-in-on-appear", at: "Sources/Tests.swift"))
        #expect(configuration.keeps("prefer-concurrent-over-detached", at: "Tests/UI/FeedTests.swift"))
    }

    // MARK: Errors

    @Test func unknownKeyNamesTheLineAndSuggests() throws {
        let found = configurationError("""
            {
              "select": ["all"],
              "exclud": ["Generated/**"]
            }
            """)
        let error = try #require(found)
        #expect(error.path == "/p/.actorlint.json")
        #expect(error.line == 3)
        #expect(error.message.contains("unknown key 'exclud'; did you mean 'exclude'?"))
        #expect(error.description.hasPrefix("/p/.actorlint.json:3: error: unknown key"))
    }

    @Test func unknownRuleIDNamesTheLineAndSuggests() throws {
        let found = configurationError("""
            {
              "ignore": [
                "task-in-onappear"
              ]
            }
            """)
        let error = try #require(found)
        #expect(error.line == 3)
        #expect(error.message.contains("unknown rule, category or set 'task-in-onappear' in 'ignore'; did you mean 'task-in-on-appear'?"))
        #expect(self.configurationError(#"{"severity": {"prefer-detached": "error"}}"#)?.message.contains("in 'severity'") == true)
        #expect(self.configurationError(#"{"per-path": {"Tests/**": ["nope-rule"]}}"#)?.message.contains("in 'per-path'") == true)
    }

    @Test func malformedJSONNamesTheLine() throws {
        let error = try #require(configurationError("""
            {
              "select": ["all"]
              "ignore": []
            }
            """))
        #expect(error.message.hasPrefix("malformed JSON"))
        #expect(error.line == 3)
        #expect(self.configurationError("{\n  \"select\": [\"all\"\n")?.line == 2, "unexpected end: the last line")
        #expect(self.configurationError("")?.line == 1)
        #expect(self.configurationError("[1, 2]")?.message == "expected a JSON object at the top level")
    }

    @Test(arguments: [
        (#"{"select": "all"}"#, "'select' must be an array of strings"),
        (#"{"ignore": ["tasks", 3]}"#, "'ignore' must be an array of strings"),
        (#"{"exclude": {"a": 1}}"#, "'exclude' must be an array of strings"),
        (#"{"severity": ["error"]}"#, "'severity' must map rule ids to"),
        (#"{"severity": {"tasks": "fatal"}}"#, "severity of 'tasks' must be \"note\", \"warning\" or \"error\""),
        (#"{"severity": {"tasks": 2}}"#, "severity of 'tasks' must be"),
        (#"{"per-path": ["Tests/**"]}"#, "'per-path' must map globs to arrays of rule ids"),
        (#"{"per-path": {"Tests/**": "tasks"}}"#, "'per-path' entry 'Tests/**' must be an array of rule ids"),
        (#"{"file-timeout": "10"}"#, "'file-timeout' must be a positive number of seconds"),
        (#"{"file-timeout": -1}"#, "'file-timeout' must be a positive number of seconds"),
        (#"{"file-timeout": true}"#, "'file-timeout' must be a positive number of seconds"),
    ])
    func wrongValueTypes(json: String, message: String) throws {
        let error = try #require(configurationError("{\n\n" + json.dropFirst()))
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.line == 3, "the line of the offending key")
    }

    @Test func goodValuesParse() throws {
        let configuration = try parse(#"{"file-timeout": 2.5, "exclude": ["a/"], "severity": {"all": "note"}}"#)
        #expect(configuration.fileTimeout == 2.5)
        #expect(try parse(#"{"file-timeout": 10}"#).fileTimeout == 10)
        #expect(configuration.exclude == [GlobPattern("a")])
        #expect(configuration.severity.count == RuleRegistry.allIDs.count)
    }

    @Test func configurationErrorsExitTwoThroughTheCLI() throws {
        let folder = try TemporaryDirectory()
        let config = try folder.write(".actorlint.json", "{\n  \"selct\": [\"all\"]\n}\n")
        try folder.write("Warm.swift", detachedSource)
        let result = actorlint("check", folder.path)
        #expect(result.code == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("\(config):2: error: unknown key 'selct'; did you mean 'select'?"))
        try folder.write(".actorlint.json", "{ nope")
        let malformed = actorlint("fix", folder.path)
        #expect(malformed.code == 2)
        #expect(malformed.errors.hasPrefix("\(config):1: error: malformed JSON"))
        let missing = actorlint("check", folder.path, "--config", folder.url("absent.json"))
        #expect(missing.code == 2)
        #expect(missing.errors.contains("absent.json: error: cannot read the configuration file"))
    }

    @Test func unknownSelectorOnTheCommandLineIsAUsageError() throws {
        let folder = try TemporaryDirectory()
        let result = actorlint("check", folder.path, "--select", "task-in-onappear")
        #expect(result.code == 2)
        #expect(result.errors.contains("Did you mean 'task-in-on-appear'?"))
    }
}

@Suite struct GlobPatternTests {
    @Test(arguments: [
        // A pattern without `/` matches any one component.
        ("*.swift", "Sources/App/Model.swift", true),
        ("*.generated.swift", "Sources/API.generated.swift", true),
        ("*.generated.swift", "Sources/API.swift", false),
        ("Generated", "App/Generated/A.swift", true),
        ("Generated", "App/GeneratedCode/A.swift", false),
        // `*` stays within a component.
        ("Sources/*.swift", "Sources/A.swift", true),
        ("Sources/*.swift", "Sources/Sub/A.swift", false),
        ("Sources/*/A.swift", "Sources/Sub/A.swift", true),
        // `**` spans any number of components, including none.
        ("Generated/**", "Generated/A.swift", true),
        ("Generated/**", "Generated/Deep/Er/A.swift", true),
        ("Generated/**", "Other/Generated/A.swift", false),
        ("**/Generated/*.swift", "Generated/A.swift", true),
        ("**/Generated/*.swift", "a/b/Generated/A.swift", true),
        ("Sources/**/Mocks/*.swift", "Sources/Mocks/M.swift", true),
        ("Sources/**/Mocks/*.swift", "Sources/A/B/Mocks/M.swift", true),
        ("Sources/**/Mocks/*.swift", "Sources/A/B/Mock/M.swift", false),
        // `?` is exactly one character.
        ("File?.swift", "File1.swift", true),
        ("File?.swift", "File.swift", false),
        ("File?.swift", "File12.swift", false),
        // A directory pattern also matches what is below it; a trailing `/` is the same pattern.
        ("Vendor/Lib", "Vendor/Lib/Sources/X.swift", true),
        ("Vendor/Lib/", "Vendor/Lib/Sources/X.swift", true),
        ("Vendor/Lib", "Vendor/Library/X.swift", false),
        // Component patterns: stars anywhere, backtracking.
        ("*Tests*", "App/FeedTests/X.swift", true),
        ("a*b*c", "aXbYbZc", true),
        ("a*b*c", "aXbYbZ", false),
        ("*", "anything.swift", true),
        // A literal `*` in a name is still matched by a wildcard.
        ("*a", "*ba", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(GlobPattern(pattern).matches(path) == expected, "\(pattern) vs \(path)")
    }
}
