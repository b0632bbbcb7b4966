import ActorlintCLI
import ActorlintKit
import Foundation
import Testing

/// The command line end to end, in-process, on temporary folders.
@Suite struct CLITests {
    private func json(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "not a JSON object:\n\(text)", sourceLocation: sourceLocation)
    }

    // MARK: Exit codes

    @Test func cleanCodeExitsZero() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Clean.swift", cleanSource)
        let result = actorlint("check", folder.path)
        #expect(result.code == 0)
        #expect(result.output.contains("No findings in 1 file."))
        #expect(result.errors.isEmpty)
    }

    @Test func findingsExitOne() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Warm.swift", detachedSource)
        try folder.write("Clean.swift", cleanSource)
        let result = actorlint("check", folder.path)
        #expect(result.code == 1)
        #expect(result.output.contains("Found 1 finding in 2 files."))
    }

    @Test func failOnErrorIgnoresWarnings() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Warm.swift", detachedSource)
        #expect(actorlint("check", folder.path, "--fail-on", "error").code == 0)
        // Still reported, only not failing.
        #expect(actorlint("check", folder.path, "--fail-on", "error").output.contains("[prefer-concurrent-over-detached]"))
    }

    @Test func usageErrorsExitTwoOnStandardError() {
        let result = actorlint("check", "--formt", "json")
        #expect(result.code == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("error: unknown option '--formt'"))
    }

    @Test func unreadableInputExitsThreeAndNamesIt() throws {
        let folder = try TemporaryDirectory()
        let bad = try folder.write("Latin1.swift", data: Data([0x6C, 0x65, 0x74, 0x20, 0xE9, 0x0A]))
        try folder.write("Warm.swift", detachedSource)
        let result = actorlint("check", folder.path, "--format", "xcode")
        #expect(result.code == 3)
        #expect(result.output.contains("\(bad): error: could not analyse: not valid UTF-8 (first bad byte at offset 4)"))
        // The other file was still analysed.
        #expect(result.output.contains("Warm.swift:2:5: warning:"))
    }

    @Test func missingPathExitsThree() throws {
        let folder = try TemporaryDirectory()
        let result = actorlint("check", folder.url("Nope.swift"))
        #expect(result.code == 3)
        #expect(result.output.contains("\(folder.url("Nope.swift")): error: could not analyse: no such file or directory"))
    }

    // MARK: Formats

    @Test func jsonHasTheDocumentedShape() throws {
        let folder = try TemporaryDirectory()
        let warm = try folder.write("Warm.swift", detachedSource)
        let view = try folder.write("FeedView.swift", onAppearSource)
        let result = actorlint("check", folder.path, "--format", "json")
        #expect(result.code == 1)
        let root = try json(result.output)
        // `failures` is part of the contract too: exit 3 must name its files in every format.
        #expect(Set(root.keys) == ["version", "findings", "failures", "summary"])
        #expect(root["version"] as? String == ActorlintVersion.current)
        #expect((root["failures"] as? [Any])?.isEmpty == true)
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        let keys: Set<String> = ["rule", "severity", "message", "path", "line", "column", "endLine", "endColumn", "fix"]
        for finding in findings { #expect(Set(finding.keys) == keys) }

        // Sorted by path: FeedView.swift first.
        let task = findings[0]
        #expect(task["rule"] as? String == "task-in-on-appear")
        #expect(task["path"] as? String == view)
        #expect(task["severity"] as? String == "warning")
        #expect(task["line"] as? Int == 5 && task["column"] as? Int == 13)
        #expect(task["endLine"] as? Int == 5 && task["endColumn"] as? Int == 17)
        let fix = try #require(task["fix"] as? [String: Any])
        #expect(Set(fix.keys) == ["safety", "title", "edits"])
        #expect(fix["safety"] as? String == "unsafe")
        let edits = try #require(fix["edits"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(Set(edits[0].keys) == ["start", "end", "replacement"])
        #expect((edits[0]["replacement"] as? String)?.hasPrefix("task {") == true)

        let detached = findings[1]
        #expect(detached["rule"] as? String == "prefer-concurrent-over-detached")
        #expect(detached["path"] as? String == warm)
        #expect(detached["line"] as? Int == 2 && detached["column"] as? Int == 5)
        #expect(detached["endLine"] as? Int == 2 && detached["endColumn"] as? Int == 18)
        #expect(detached["fix"] is NSNull)
        #expect((detached["message"] as? String)?.contains("detached task") == true)

        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 2)
        #expect(summary["findings"] as? Int == 2)
        #expect(summary["warnings"] as? Int == 2)
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["failures"] as? Int == 0)
        let fixable = try #require(summary["fixable"] as? [String: Any])
        #expect(fixable["safe"] as? Int == 0 && fixable["unsafe"] as? Int == 1)
    }

    @Test func jsonListsFailures() throws {
        let folder = try TemporaryDirectory()
        let bad = try folder.write("Bad.swift", data: Data([0xFF]))
        let result = actorlint("check", folder.path, "--format", "json")
        #expect(result.code == 3)
        let failures = try #require(try json(result.output)["failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures.first?["path"] as? String == bad)
        #expect((failures.first?["reason"] as? String)?.contains("not valid UTF-8") == true)
    }

    @Test func sarifIsVersion210WithRuleMetadata() throws {
        let folder = try TemporaryDirectory()
        // A space in the path: SARIF locations are URIs and must be percent-encoded.
        try folder.write("My App/Warm.swift", detachedSource)
        let result = actorlint("check", folder.path, "--format", "sarif")
        #expect(result.code == 1)
        let root = try json(result.output)
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let tool = try #require(runs[0]["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "actorlint")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == RuleRegistry.allIDs)
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                let text = (rule[key] as? [String: Any])?["text"] as? String
                #expect(text?.isEmpty == false, "\(rule["id"] ?? "?") has no \(key).text")
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["note", "warning", "error"].contains(level ?? ""), "\(rule["id"] ?? "?") level \(level ?? "nil")")
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let only = results[0]
        #expect(only["ruleId"] as? String == "prefer-concurrent-over-detached")
        #expect(only["level"] as? String == "warning")
        let index = try #require(only["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "prefer-concurrent-over-detached")
        #expect(((only["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        let locations = try #require(only["locations"] as? [[String: Any]])
        let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
        let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String
        #expect(uri == folder.url("My%20App/Warm.swift"))
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 2 && region["startColumn"] as? Int == 5)
        #expect(region["endLine"] as? Int == 2 && region["endColumn"] as? Int == 18)
    }

    @Test func xcodeLinesHaveTheCompilerShape() throws {
        let folder = try TemporaryDirectory()
        let warm = try folder.write("Warm.swift", detachedSource)
        try folder.write("FeedView.swift", onAppearSource)
        let result = actorlint("check", folder.path, "--format", "xcode")
        #expect(result.code == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let shape = /^(\/[^:]+):(\d+):(\d+): (warning|error|note): (.+) \[([a-z-]+)\]$/
        for line in lines { #expect(line.wholeMatch(of: shape) != nil, "\(line)") }
        #expect(lines[1].hasPrefix("\(warm):2:5: warning: This detached task leaves"))
        #expect(lines[1].hasSuffix(" [prefer-concurrent-over-detached]"))
    }

    @Test func githubAnnotations() throws {
        let folder = try TemporaryDirectory()
        let warm = try folder.write("Warm.swift", detachedSource)
        let result = actorlint("check", folder.path, "--format", "github")
        #expect(result.code == 1)
        let line = result.output.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("::warning file=\(warm),line=2,col=5,endLine=2,endColumn=18,title=actorlint%3A prefer-concurrent-over-detached::This detached task leaves"))
    }

    @Test func githubEscapesPropertyAndMessageSeparators() {
        let finding = Finding(ruleID: "x", severity: .error, message: "50% done\nnext", path: "a,b:c.swift",
                              range: SourceRange(start: SourcePosition(line: 1, column: 1, offset: 0),
                                                 end: SourcePosition(line: 1, column: 2, offset: 1)))
        let text = GitHubReporter().render(Report(findings: [finding], fileCount: 1))
        #expect(text == "::error file=a%2Cb%3Ac.swift,line=1,col=1,endLine=1,endColumn=2,title=actorlint%3A x::50%25 done%0Anext\n")
    }

    @Test func textShowsTheSourceLineACaretAndASummary() throws {
        let folder = try TemporaryDirectory()
        let warm = try folder.write("Warm.swift", detachedSource)
        let result = actorlint("check", folder.path, "--color", "never")
        #expect(result.code == 1)
        let expected = """
            \(warm):2:5: warning: This detached task leaves
            """
        #expect(result.output.hasPrefix(expected))
        #expect(result.output.contains(" [prefer-concurrent-over-detached]\n  |\n2 |     Task.detached { let warm = load(); await MainActor.run { show(warm) } }\n  |     ^^^^^^^^^^^^^\n"))
        #expect(result.output.hasSuffix("\nFound 1 finding in 1 file.\n"))
        #expect(!result.output.contains("\u{1B}["))
    }

    @Test func textMentionsAvailableFixes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("FeedView.swift", onAppearSource)
        let result = actorlint("check", folder.path, "--color", "never")
        #expect(result.output.contains("  fix (unsafe, with --unsafe-fixes): Replace with `.task { }`\n"))
        #expect(result.output.hasSuffix("Found 1 finding in 1 file. 1 more with `actorlint fix --unsafe-fixes`.\n"))
    }

    @Test func colorAlwaysPaintsAndNeverDoesNot() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Warm.swift", detachedSource)
        #expect(actorlint("check", folder.path, "--color", "always").output.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        #expect(!actorlint("check", folder.path, "--color=never").output.contains("\u{1B}"))
        // auto: the captured console is not a terminal.
        #expect(!actorlint("check", folder.path).output.contains("\u{1B}"))
    }

    // MARK: Rule documentation, version, help

    @Test func rulesListsEveryRule() {
        let result = actorlint("rules")
        #expect(result.code == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == RuleRegistry.allIDs.count)
        for (line, id) in zip(lines, RuleRegistry.allIDs) { #expect(line.hasPrefix(id + " ")) }
    }

    @Test func rulesMarkdownIsTheReadmeTable() {
        let result = actorlint("rules", "--format", "markdown")
        #expect(result.code == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "| id | category | set | precision | summary | fix |")
        #expect(lines.count == 2 + RuleRegistry.allIDs.count)
        #expect(lines.contains { $0.hasPrefix("| `task-in-on-appear` | tasks | preview | ") && $0.hasSuffix(" | unsafe |") })
    }

    @Test func rulesJSONParses() throws {
        let result = actorlint("rules", "--format", "json")
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == RuleRegistry.allIDs)
    }

    @Test func ruleDocumentsOneRule() {
        let result = actorlint("rule", "task-in-on-appear")
        #expect(result.code == 0)
        for heading in ["task-in-on-appear  [tasks, ", "What it does", "Why it matters", "Measured precision\n  ", "Fix\n  unsafe:", "Example (↓", "Use instead"] {
            #expect(result.output.contains(heading), "\(heading)")
        }
        // What, why, one example and what to use instead; the full sets are the tests.
        for id in RuleRegistry.allIDs {
            let lines = actorlint("rule", id).output.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines < 120, "`actorlint rule \(id)` prints \(lines) lines")
        }
    }

    @Test func unknownRuleExitsTwoWithASuggestion() {
        let result = actorlint("rule", "task-on-appear")
        #expect(result.code == 2)
        #expect(result.errors.contains("unknown rule 'task-on-appear'. Did you mean 'task-in-on-appear'?"))
        #expect(actorlint("rule").code == 2)
    }

    @Test func versionAndHelp() {
        let version = actorlint("--version")
        #expect(version.code == 0)
        #expect(version.output == "actorlint \(ActorlintVersion.current)\n")
        let help = actorlint("--help")
        #expect(help.code == 0)
        for part in ["USAGE: actorlint <command>", "check [PATH…]", "--format FORMAT", "EXIT CODES"] {
            #expect(help.output.contains(part), "\(part)")
        }
        #expect(actorlint("fix", "--help").output.hasPrefix("USAGE: actorlint fix"))
        #expect(actorlint("help").output == help.output)
    }
}

/// `fix` checks the whole run again after each round of fixes, with the project read again, so
/// a fix that makes another file's finding fixable is finished in the same run.
@Suite struct FixRoundsTests {
    @Test func aManifestFixAndTheSourceFixItRevealsLandInOneRun() throws {
        let package = try TemporaryDirectory()
        try package.write("Package.swift", """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Reader", targets: [
                .executableTarget(name: "App"),
            ])
            """)
        try package.write("Sources/App/Post.swift", """
            import SwiftUI

            struct Post: Codable, Sendable {
                let id: Int
            }

            struct PostView: View {
                var body: some View { Text("Post") }
            }

            @concurrent func decodePosts(_ data: Data) async throws -> [Post] {
                try JSONDecoder().decode([Post].self, from: data)
            }
            """)
        let check = actorlint("check", package.path, "--select", "all", "--no-cache", "--format", "json")
        #expect(!check.output.contains("nonisolated-model-type"), "before: only the manifest finding")
        let first = actorlint("fix", package.path, "--select", "all", "--unsafe-fixes", "--no-cache")
        #expect(first.errors.contains("Applied 2 fixes in 2 files; 0 findings remain."), "\(first.errors)")
        #expect(try package.read("Package.swift").contains(".defaultIsolation(MainActor.self)"))
        #expect(try package.read("Sources/App/Post.swift").contains("nonisolated struct Post"))
        let second = actorlint("fix", package.path, "--select", "all", "--unsafe-fixes", "--no-cache")
        #expect(second.errors.contains("Applied 0 fixes in 0 files"), "\(second.errors)")
    }
}
