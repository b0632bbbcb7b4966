import ActorlintKit
import Foundation
import Testing

/// What each rule says on its triggering examples, as a user reads it: the range, the message and
/// the fix title, kept in `Golden/rules/<id>.txt` (ruff's snapshots). The example tests check
/// where findings start; these make every change of wording or span show up in review.
/// `ACTORLINT_UPDATE_GOLDEN=1 swift test --filter RuleSnapshotTests` rewrites them.
@Suite struct RuleSnapshotTests {
    static let folder = ExamplesGoldenTests.root + "/Tests/ActorlintTests/Golden/rules"

    static func snapshot(_ rule: RuleDescription) -> String {
        var out = "# \(rule.id): the findings of its triggering examples\n"
        for (number, example) in rule.triggering.enumerated() {
            let code = example.markedOffsets.code
            let found = RuleExamplesTests.findings(code, rule: rule.id, settings: example.settings,
                                                   fileName: example.fileName, otherFiles: example.otherFiles)
            for finding in found {
                let range = finding.range
                out += "\nexample \(number + 1), \(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)\n"
                out += "  \(finding.message)\n"
                if let fix = finding.fix { out += "  fix (\(fix.safety.rawValue)): \(fix.title)\n" }
            }
        }
        return out
    }

    @Test(arguments: RuleExamplesTests.ids) func messagesAndRangesMatchTheSnapshot(id: String) throws {
        let text = Self.snapshot(RuleExamplesTests.description(id))
        let path = Self.folder + "/\(id).txt"
        if ProcessInfo.processInfo.environment["ACTORLINT_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == saved, """
            \(id) reports differently from Golden/rules/\(id).txt. If the change is intended, run
            ACTORLINT_UPDATE_GOLDEN=1 swift test --filter RuleSnapshotTests and review the diff.
            \(UnifiedDiff.make(old: saved, new: text, path: "\(id).txt"))
            """)
    }

    @Test func everySnapshotBelongsToARule() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
        #expect(Set(files) == Set(RuleExamplesTests.ids.map { "\($0).txt" }))
    }
}
