import ActorlintCLI
@testable import ActorlintKit
import Foundation
import Testing

/// The README's rule table and docs/rules.md are generated from the registry; this keeps them
/// current. `ACTORLINT_UPDATE_GOLDEN=1 swift test --filter ReadmeTests` writes them.
@Suite struct ReadmeTests {
    static var updating: Bool { ProcessInfo.processInfo.environment["ACTORLINT_UPDATE_GOLDEN"] == "1" }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func ruleTableMatchesTheRegistry() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin -->\n"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let table = String(readme[begin.upperBound..<end.lowerBound])
        let console = Console(capture: true)
        #expect(ActorlintCommand.run(["rules", "--format", "markdown"], console: console) == 0)
        if Self.updating {
            let updated = readme.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: console.output)
            try updated.write(to: Self.root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
            return
        }
        #expect(table == console.output, "README.md's rule table is stale: replace it with `actorlint rules --format markdown`")
    }

    @Test func rulesDocumentMatchesTheRegistry() throws {
        let path = Self.root.appendingPathComponent("docs/rules.md")
        let generated = RuleDocumentation.document(RuleRegistry.descriptions + [UnusedSuppression.description])
        if Self.updating { try generated.write(to: path, atomically: true, encoding: .utf8); return }
        let saved = try String(contentsOf: path, encoding: .utf8)
        #expect(saved == generated, "docs/rules.md is stale: ACTORLINT_UPDATE_GOLDEN=1 swift test --filter ReadmeTests")
    }

    @Test func readmeGivesTheTwoFreshMachineCommands() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift run actorlint check Examples"))
        #expect(readme.contains("swift test"))
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nswift test\n"), ".ci/run must run the README's test command")
    }
}
