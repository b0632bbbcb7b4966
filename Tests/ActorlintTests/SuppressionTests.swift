import ActorlintKit
import Foundation
import Testing

@Suite struct SuppressionTests {
    /// Findings for `code` as `rule@line`, with the default configuration unless one is given.
    private func findings(_ code: String, configuration: Configuration = .testing,
                          path: String = "Example.swift") -> [Finding] {
        Linter(configuration: configuration).findings(in: SourceFile(path: path, text: code), module: .plainSwift6)
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.ruleID)@\($0.range.start.line)" }
    }

    private let detached = "prefer-concurrent-over-detached"

    @Test func unsuppressedBaseline() {
        let code = """
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            @MainActor func b() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        #expect(summary(findings(code)) == ["\(detached)@1", "\(detached)@2"])
    }

    @Test func disableNextSilencesOnlyTheNextLine() {
        let code = """
            // actorlint:disable:next prefer-concurrent-over-detached
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            @MainActor func b() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        #expect(summary(findings(code)) == ["\(detached)@3"])
    }

    @Test func disableThisSilencesItsOwnLine() {
        let code = """
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } } // actorlint:disable:this prefer-concurrent-over-detached
            @MainActor func b() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        #expect(summary(findings(code)) == ["\(detached)@2"])
    }

    @Test func disableEnableRegion() {
        let code = """
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            // actorlint:disable prefer-concurrent-over-detached
            @MainActor func b() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            @MainActor func c() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            // actorlint:enable prefer-concurrent-over-detached
            @MainActor func d() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        #expect(summary(findings(code)) == ["\(detached)@1", "\(detached)@6"])
    }

    @Test func anUnclosedRegionRunsToTheEndOfTheFile() {
        let code = """
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            // actorlint:disable prefer-concurrent-over-detached
            @MainActor func b() { Task.detached { let v = load(); await MainActor.run { show(v) } } }

            @MainActor func c() {
                Task.detached { let v = load(); await MainActor.run { show(v) } }
            }
            """
        #expect(summary(findings(code)) == ["\(detached)@1"])
    }

    @Test func enableEndsOnlyTheRuleItNames() {
        let code = """
            // actorlint:disable prefer-concurrent-over-detached, task-in-on-appear
            struct V: View { var body: some View { Text("").onAppear { Task { await load() } } } }
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            // actorlint:enable task-in-on-appear
            @MainActor func b() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            struct W: View { var body: some View { Text("").onAppear { Task { await load() } } } }
            """
        #expect(summary(findings(code)) == ["task-in-on-appear@6"])
    }

    @Test func allSilencesEveryRule() {
        let code = """
            // actorlint:disable:next all
            struct V: View { var body: some View { Text("").onAppear { Task { _ = await Task.detached { load() }.value } } } }
            struct W: View { var body: some View { Text("").onAppear { Task { _ = await Task.detached { load() }.value } } } }
            """
        #expect(summary(findings(code)) == ["task-in-on-appear@3", "\(detached)@3"])
    }

    @Test(arguments: [
        "task-in-on-appear, prefer-concurrent-over-detached",
        "task-in-on-appear,prefer-concurrent-over-detached",
        "task-in-on-appear prefer-concurrent-over-detached",
    ])
    func severalIDsInOneDirective(ids: String) {
        let code = """
            // actorlint:disable:next \(ids)
            struct V: View { var body: some View { Text("").onAppear { Task { _ = await Task.detached { load() }.value } } } }
            """
        #expect(findings(code).isEmpty)
        let one = """
            // actorlint:disable:next task-in-on-appear
            struct V: View { var body: some View { Text("").onAppear { Task { _ = await Task.detached { load() }.value } } } }
            """
        #expect(summary(findings(one)) == ["\(detached)@2"])
    }

    @Test func unusedSuppressionIsReportedAtTheComment() throws {
        let code = """
            func add(_ a: Int, _ b: Int) -> Int {
                // actorlint:disable:next prefer-concurrent-over-detached
                a + b
            }
            """
        let found = findings(code)
        #expect(summary(found) == ["unused-suppression@2"])
        let finding = try #require(found.first)
        #expect(finding.range.start.column == 5)
        #expect(finding.severity == .warning)
        #expect(finding.message == "This suppression silences nothing: no prefer-concurrent-over-detached finding on the lines it covers; remove it.")
    }

    @Test func unusedRegionAndAllAreReported() {
        let code = """
            // actorlint:disable task-in-on-appear
            let x = 1
            // actorlint:enable task-in-on-appear
            let y = 2 // actorlint:disable:this all
            """
        #expect(summary(findings(code)) == ["unused-suppression@1", "unused-suppression@4"])
    }

    @Test func unknownRuleIsReportedWithASuggestion() throws {
        let code = """
            // actorlint:disable:next prefer-concurent-over-detached
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        let found = findings(code)
        // The misspelt id silences nothing, so the real finding stays.
        #expect(summary(found) == ["unused-suppression@1", "\(detached)@2"])
        #expect(found.first?.message == "This suppression names unknown rule 'prefer-concurent-over-detached'; did you mean 'prefer-concurrent-over-detached'?.")
    }

    @Test func unknownRuleNextToAUsedOneIsStillReported() {
        let code = """
            // actorlint:disable:next prefer-concurrent-over-detached, task-in-onappear
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        let found = findings(code)
        #expect(summary(found) == ["unused-suppression@1"])
        #expect(found.first?.message.contains("unknown rule 'task-in-onappear'; did you mean 'task-in-on-appear'?") == true)
    }

    @Test func misspeltDirectiveIsReported() {
        let code = """
            // actorlint:disable-next prefer-concurrent-over-detached
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            """
        let found = findings(code)
        #expect(summary(found) == ["unused-suppression@1", "\(detached)@2"])
        #expect(found.first?.message == "Unknown suppression directive 'actorlint:disable-next'; did you mean 'actorlint:disable:next'?")
    }

    @Test func directiveWithoutRuleIDsIsReported() {
        let found = findings("// actorlint:disable:next\n@MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }\n")
        #expect(summary(found) == ["unused-suppression@1", "\(detached)@2"])
        #expect(found.first?.message.contains("names no rule") == true)
    }

    @Test func aSuppressionForARuleThatIsNotEnabledIsNotReported() {
        var configuration = Configuration.testing
        configuration.select = ["task-in-on-appear", "unused-suppression"]
        let code = """
            // actorlint:disable:next prefer-concurrent-over-detached
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            // actorlint:disable:next prefer-concurrent-over-detached
            let x = 1
            """
        #expect(findings(code, configuration: configuration).isEmpty)
    }

    @Test func nothingIsReportedWhenUnusedSuppressionIsOff() {
        var configuration = Configuration.testing
        configuration.ignore = ["unused-suppression"]
        #expect(findings("// actorlint:disable:next task-in-on-appear\nlet x = 1\n", configuration: configuration).isEmpty)
    }

    @Test func unusedSuppressionFollowsItsConfiguredSeverityAndPerPathIgnores() throws {
        var configuration = Configuration.testing
        configuration.severity["unused-suppression"] = .note
        let code = "// actorlint:disable:next task-in-on-appear\nlet x = 1\n"
        #expect(findings(code, configuration: configuration).map(\.severity) == [.note])
        configuration.perPath = [(GlobPattern("Legacy/**"), ["unused-suppression"])]
        #expect(findings(code, configuration: configuration, path: "Legacy/Old.swift").isEmpty)
        #expect(findings(code, configuration: configuration, path: "New/Old.swift").count == 1)
    }

    @Test func commentsThatMerelyMentionActorlintAreIgnored() {
        let code = """
            // actorlint is our linter; see the README.
            /* actorlint:disable:next prefer-concurrent-over-detached */
            @MainActor func a() { Task.detached { let v = load(); await MainActor.run { show(v) } } }
            let text = "// actorlint:disable:next all"
            """
        #expect(summary(findings(code)) == ["\(detached)@3"])
    }

    @Test func unusedSuppressionFailsTheCLIRun() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("Old.swift", "// actorlint:disable:next task-in-on-appear\nlet x = 1\n")
        let result = actorlint("check", folder.path, "--format", "xcode")
        #expect(result.code == 1)
        #expect(result.output.hasPrefix("\(path):1:1: warning: This suppression silences nothing"))
        #expect(result.output.hasSuffix("[unused-suppression]\n"))
    }
}
