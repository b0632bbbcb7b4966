import ActorlintKit
import Foundation
import Testing

/// Slow inputs found by fuzzing and by probing the parser with shapes near them, kept in
/// Tests/ActorlintTests/Fuzz/*.input (not .swift: they are not part of the test target). Each
/// takes the toolchain's parser from 10 s to minutes; the pipeline must name the file as not
/// analysed, quickly, instead of spending its time limit on it (or hanging without one).
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz").path

    static let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".input") }.sorted()

    /// What NestingCheck says about each input.
    static let expected = [
        // 44 s with nothing else running: a bare `@` makes every level parse several ways.
        "bare-at-after-bracket.input": "line 1 has 10 `[`, 0 `(` and 10 `@` without an attribute name in a row, worth 30 `[` (the limit is 15)",
        // Comments are trivia: the parser sees 20 `[` in a row.
        "brackets-between-comments.input": "line 1 has 20 `[` in a row (the limit is 15)",
        // Over 30 s.
        "paren-bare-at-bracket.input": "line 1 has 8 `[`, 8 `(` and 8 `@` without an attribute name in a row, worth 32 `[` (the limit is 15)",
    ]

    @Test func everyInputHasAnExpectation() {
        #expect(Self.inputs == Self.expected.keys.sorted())
    }

    @Test(arguments: inputs)
    func thePipelineNamesTheInputAsNotAnalysedWithinTheTimeLimit(name: String) throws {
        let text = try String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
        let problem = try #require(NestingCheck.problem(in: text))
        #expect(problem == Self.expected[name])

        let folder = try TemporaryDirectory()
        let path = try folder.write("Input.swift", text)
        try folder.write("Warm.swift", detachedSource)
        let clock = ContinuousClock()
        let start = clock.now
        let result = actorlint("check", folder.path, "--format", "xcode")
        #expect(clock.now - start < .seconds(10), "the default per-file limit is 10 s")
        #expect(result.code == 3)
        #expect(result.output.contains("\(path): error: could not analyse: not analysed: \(problem), which makes the Swift parser take exponential time"), "\(result.output)")
        #expect(result.output.contains("\(folder.url("Warm.swift")):2:5: warning:"), "the other file was analysed")
    }
}

@Suite struct BareAttributeNestingTests {
    @Test func realAttributesBreakTheRun() {
        let code = "let handlers: [(@MainActor @Sendable () -> Void)] = [{ @MainActor in }]\n"
        #expect(NestingCheck.problem(in: String(repeating: code, count: 20)) == nil)
        #expect(NestingCheck.problem(in: "f(" + String(repeating: "[@escaping ", count: 20)) == nil)
    }

    @Test func parenthesesCountOnlyBesideABareAt() {
        #expect(NestingCheck.problem(in: "let x = " + String(repeating: "(", count: 40)) == nil)
        #expect(NestingCheck.problem(in: "let x = " + String(repeating: "(@", count: 5)) == nil)
        #expect(NestingCheck.problem(in: "let x = " + String(repeating: "(@", count: 6))
            == "line 1 has 0 `[`, 6 `(` and 6 `@` without an attribute name in a row, worth 18 `[` (the limit is 15)")
    }

    @Test func blockCommentsDoNotBreakTheRun() {
        #expect(NestingCheck.problem(in: "let x = " + String(repeating: "[ /* c */ ", count: 16)) == "line 1 has 16 `[` in a row (the limit is 15)")
    }
}
