import ActorlintKit
import Foundation
import Testing

/// Lints Examples/ (a legacy-style app module) and compares the xcode-format output with
/// Golden/examples.txt. `ACTORLINT_UPDATE_GOLDEN=1 swift test --filter ExamplesGoldenTests`
/// rewrites the golden file instead; review its diff like any other change.
@Suite struct ExamplesGoldenTests {
    /// The repository root: this file is Tests/ActorlintTests/ExamplesGoldenTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path
    static let goldenPath = root + "/Tests/ActorlintTests/Golden/examples.txt"

    /// `actorlint check Examples --format xcode` as run from the repository root.
    static func lintExamples() -> CLIResult {
        var result = actorlint("check", root + "/Examples", "--format", "xcode")
        // Paths are reported as given: make them relative, as `.ci/run` sees them.
        result.output = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : String($0) }
            .joined(separator: "\n")
        return result
    }

    @Test func examplesMatchTheGoldenFile() throws {
        let result = Self.lintExamples()
        #expect(result.code == 1)
        #expect(result.errors.isEmpty)
        #expect(!result.output.contains("could not analyse"))
        if ProcessInfo.processInfo.environment["ACTORLINT_UPDATE_GOLDEN"] == "1" {
            try result.output.write(toFile: Self.goldenPath, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOfFile: Self.goldenPath, encoding: .utf8)
        #expect(result.output == golden, """
            Examples/ no longer lints as Golden/examples.txt says. If the change is intended, run
            ACTORLINT_UPDATE_GOLDEN=1 swift test --filter ExamplesGoldenTests and review the diff.
            \(UnifiedDiff.make(old: golden, new: result.output, path: "examples.txt"))
            """)
    }

    @Test func everyRuleFiresInTheExamples() {
        // Examples/ shows every habit actorlint knows: a new rule brings its own legacy code.
        let output = Self.lintExamples().output
        let fired = Set(output.split(separator: "\n").compactMap { line in
            line.split(separator: "[").last.map { String($0.dropLast()) }
        })
        for id in RuleRegistry.allIDs {
            #expect(fired.contains(id), "no finding of \(id) in Examples/: add the legacy code it catches")
        }
    }
}
