@testable import ActorlintKit
import Foundation
import Testing
@Suite struct ZZDebugTests {
    @Test func dump() throws {
        let folder = try TemporaryDirectory()
        let files = ModuleOrderTests.twoModules()
        let paths = try ModuleOrderTests.written(files, in: folder)
        let project = ModuleOrderTests.project(["App", "Core"], in: folder)
        var linter = Linter(project: project, ruleIDs: Set(RuleRegistry.allIDs))
        linter.memoryBudget = 160 << 20
        linter.threads = 1
        let profile = LintProfile()
        linter.profile = profile
        _ = linter.run(paths: paths)
        print("RUN", profile.counters[.bytesKeptAtEnd] ?? -1, "KEPT", ModuleOrderTests.kept(paths, project: project),
              "PROJECT", MemoryEstimate.project(project))
        for rule in ["continuation-misuse", "cancellation-shown-as-error", "task-in-on-appear", "redundant-main-dispatch"] {
            var l = Linter(project: project, ruleIDs: [rule])
            l.memoryBudget = 160 << 20
            l.threads = 1
            let p = LintProfile()
            l.profile = p
            _ = l.run(paths: paths)
            print("RULE", rule, p.counters[.bytesKeptAtEnd] ?? -1)
        }
    }
}
