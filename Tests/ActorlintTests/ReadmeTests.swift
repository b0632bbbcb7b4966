import ActorlintCLI
import Foundation
import Testing

/// The README's rule table is generated from the registry; this keeps it current.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func ruleTableMatchesTheRegistry() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin -->\n"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let table = String(readme[begin.upperBound..<end.lowerBound])
        let console = Console(capture: true)
        #expect(ActorlintCommand.run(["rules", "--format", "markdown"], console: console) == 0)
        #expect(table == console.output, "README.md's rule table is stale: replace it with `actorlint rules --format markdown`")
    }

    @Test func readmeGivesTheTwoFreshMachineCommands() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift run actorlint check Examples"))
        #expect(readme.contains("swift test"))
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nswift test\n"), ".ci/run must run the README's test command")
    }
}
