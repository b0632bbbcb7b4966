import ActorlintKit
import Foundation
import Testing

/// `Actorlint`, the library's entry point, as a front end other than the command line uses it:
/// an editor's unsaved buffers, a build plugin's file list, fixes returned rather than written.
@Suite struct FrontDoorTests {
    private func options(_ change: (inout Actorlint.Options) -> Void = { _ in }) -> Actorlint.Options {
        var options = Actorlint.Options()
        options.cache = .off
        options.environment = testEnvironment
        change(&options)
        return options
    }

    @Test func anOverlayIsLintedInsteadOfTheFileOnDisk() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("Warm.swift", cleanSource)
        #expect(try Actorlint(options()).check([folder.path]).findings.isEmpty)
        let buffer = try Actorlint(options { $0.overlay[path] = detachedSource }).check([folder.path])
        #expect(buffer.findings.map(\.ruleID) == ["prefer-concurrent-over-detached"])
        #expect(buffer.findings.first?.path == path && buffer.findings.first?.range.start.line == 2)
        #expect(try folder.read("Warm.swift") == cleanSource)
    }

    @Test func givenFilesAreLintedInsteadOfTheFilesFound() throws {
        let folder = try TemporaryDirectory()
        let warm = try folder.write("Warm.swift", detachedSource)
        try folder.write("Other.swift", detachedSource)
        let result = try Actorlint(options { $0.files = [warm] }).check([folder.path])
        #expect(result.fileCount == 1)
        #expect(result.findings.map(\.path) == [warm])
        #expect(result.report().exitCode == 1)
        #expect(try Actorlint(options()).check([folder.path]).findings.count == 2)
    }

    @Test func anUnknownSelectorIsAnOptionError() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Warm.swift", detachedSource)
        #expect(throws: Actorlint.OptionError.unknownSelector("prefer-concurrent-over-detache", suggestion: "prefer-concurrent-over-detached")) {
            try Actorlint(options { $0.select = ["prefer-concurrent-over-detache"] }).check([folder.path])
        }
    }

    @Test func fixReturnsTheChangesAndWritesThemOnlyWithoutDiff() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("FeedView.swift", onAppearSource)
        let actorlint = Actorlint(options())
        // The view's only fix is unsafe.
        let safe = try actorlint.fix([folder.path])
        #expect(safe.changes.isEmpty && safe.appliedFixes == 0 && safe.remaining.count == 1)
        let preview = try actorlint.fix([folder.path], FixOptions(unsafe: true, diff: true))
        let change = try #require(preview.changes.first)
        #expect(preview.changes.count == 1 && preview.appliedFixes == 1 && preview.settled)
        #expect(change.path == path && change.original == onAppearSource && change.fixed.contains(".task {"))
        #expect(try folder.read("FeedView.swift") == onAppearSource, "a diff writes nothing")
        let applied = try actorlint.fix([folder.path], FixOptions(unsafe: true))
        #expect(applied.changes == preview.changes && applied.remaining.isEmpty && applied.report().exitCode == 0)
        #expect(try folder.read("FeedView.swift") == change.fixed)
    }

    @Test func explainSeesTheModulesOtherFiles() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "One", targets: [.executableTarget(name: "App")])
            """)
        try folder.write("Sources/App/Screen.swift", "@MainActor class Screen {}\n")
        let feed = try folder.write("Sources/App/Feed.swift", "final class Feed: Screen {\n    func refresh() {\n        print(1)\n    }\n}\n")
        let explanation = try Actorlint(options()).explain(path: feed, line: 3)
        #expect(explanation.result.isolation.jsonValue == "MainActor")
        #expect(explanation.location == feed + ":3")
        #expect(throws: AnalysisFailure.self) { try Actorlint(options()).explain(path: feed, line: 99) }
    }
}
