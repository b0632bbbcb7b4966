@testable import ActorlintKit
import Foundation
import Testing

/// Modules analysed in import order: what a module sees of the others (the modules it imports,
/// directly or not), the cancellation reach that flows the other way (from the modules that
/// import it), and that trees need not be parsed twice when each module fits the budget.
@Suite struct ModuleOrderTests {
    @Test func importsAreReadFromTheLinesAtTheTop() {
        let header = """
            // Copyright: import NotThis
            /* import NorThis
               import NorThisEither */
            import Foundation
            @testable import App
            @_spi(Internal) public import Core.Submodule
            import struct Models.Track
            @preconcurrency import Legacy;
            #if canImport(UIKit)
            import UIKit
            #endif

            @MainActor
            let text = "import"
            import AfterTheCode
            """
        // Imports after the first line of code are not looked for: they only order the work.
        #expect(ModuleOrder.imports(in: Array(header.utf8)) == ["Foundation", "App", "Core", "Models", "Legacy", "UIKit"])
        let spellings = "\t/* a */ \r\nimport\tTabbed\r\n  /* one\n */ import AfterComment\n" +
            "public\n@_exported import Exported;import Second\nimport\n@available(iOS 17, *)\nimport Late"
        // A comment closing on its line leaves the line's code behind it unread; an import with
        // no name is skipped; a declaration's attribute ends the imports.
        #expect(ModuleOrder.imports(in: Array(spellings.utf8)) == ["Tabbed", "Exported"])
    }

    @Test func dependenciesComeFirstAndCyclesKeepTheGivenOrder() {
        // 0 imports 2, 2 imports 1; 3 and 4 import each other.
        #expect(ModuleOrder.sorted(dependencies: [[2], [], [1], [4], [3]]) == [1, 2, 0, 4, 3])
    }

    static let core = """
        @MainActor
        public final class Model {
            public var count = 0
        }

        """

    static func extensionFile(importing module: String?) -> String {
        (module.map { "import \($0)\n" } ?? "") + """
            import Dispatch

            extension Model {
                func refresh() {
                    DispatchQueue.main.async { self.count += 1 }
                }
            }

            """
    }

    /// `budget`: the room for trees (the run's kept state is added to it), unless `memoryBudget`
    /// is given. `idleModules`: modules of the project with no files.
    func run(_ files: [String: String], modules: [String], budget: Int = 160 << 20, memoryBudget: Int? = nil,
             idleModules: Int = 0, threads: Int = 2, cache: Bool = false, project projectPath: String? = nil,
             in folder: TemporaryDirectory) throws -> (run: Linter.Run, counters: [LintProfile.Counter: Int]) {
        let paths = try Self.written(files, in: folder)
        let project = Self.project(modules, idle: idleModules, projectPath: projectPath, in: folder)
        var linter = Linter(project: project, ruleIDs: Set(RuleRegistry.allIDs))
        linter.memoryBudget = memoryBudget ?? budget + Self.kept(paths, project: project)
        linter.threads = threads
        if cache { linter.cache = ResultCache(directory: folder.url(".build/actorlint-cache")) }
        let profile = LintProfile()
        linter.profile = profile
        return (linter.run(paths: paths), profile.counters)
    }

    /// Writes `files` (path: text) into `folder` and finds them as a run does.
    static func written(_ files: [String: String], in folder: TemporaryDirectory) throws -> [String] {
        for (path, text) in files { try folder.write(path, text) }
        return FileDiscovery().discover([folder.url("Sources")]).files
    }

    /// What a text's tree takes (`SourceFile.treeBytes`).
    static func tree(_ text: String) -> Int { SourceFile(path: "F.swift", text: text).treeBytes }

    /// `modules`, each with its folder under `Sources`, then `idle` modules with none.
    static func project(_ modules: [String], idle: Int = 0, projectPath: String? = nil,
                        in folder: TemporaryDirectory) -> ProjectModel {
        ProjectModel(modules: (modules + (0..<idle).map { "Idle\($0)" }).map { ModuleSettings(name: $0, projectPath: projectPath) },
                     roots: modules.enumerated().map { (folder.url("Sources/\($1)"), $0) })
    }

    /// What a run of `paths` keeps to its end (`MemoryEstimate`), once every module is indexed:
    /// `run` adds it to the budget it is given, so that budget is the room left for trees.
    static func kept(_ paths: [String], project: ProjectModel) -> Int {
        let modules = Dictionary(grouping: paths) { project.settings(forAbsolutePath: $0).key }
        let indexes = modules.values.map { paths in
            MemoryEstimate.index(ProjectIndex(files: paths.sorted().compactMap { try? Linter().load($0) }))
        }
        return MemoryEstimate.project(project) + paths.map { MemoryEstimate.slot(path: $0, absolute: $0) }.reduce(0, +)
            + indexes.reduce(0, +)
    }

    @Test func aModuleSeesTheTypesOfTheModulesItImportsOnly() throws {
        // `App` lists first, so without the order it would be summarized before `Core`.
        let imported = try run(["Sources/App/Model+Refresh.swift": Self.extensionFile(importing: "Core"),
                                "Sources/Core/Model.swift": Self.core],
                               modules: ["App", "Core"], in: TemporaryDirectory())
        #expect(imported.run.findings.map(\.ruleID).contains("redundant-main-dispatch"))
        // Without `import Core`, `Model` is not `Core`'s: nothing says the closure's code is main-actor code.
        let separate = try run(["Sources/App/Model+Refresh.swift": Self.extensionFile(importing: nil),
                                "Sources/Core/Model.swift": Self.core],
                               modules: ["App", "Core"], in: TemporaryDirectory())
        #expect(!separate.run.findings.map(\.ruleID).contains("redundant-main-dispatch"))
    }

    /// Tree budget for one module's files held at once, with the largest file's summary in
    /// flight (its parse and walk, guessed from its size) or its rules' walk.
    static func room(for texts: [String]) -> Int {
        let trees = texts.map(tree)
        let guesses = texts.map { SourceFile.treeBytes(sourceBytes: $0.utf8.count) }
        return trees.reduce(0, +) + 2 * guesses.max()! + trees.max()!
    }

    /// The room the larger of `App`'s and `Core`'s files take (`room(for:)`).
    static func moduleRoom(_ files: [String: String]) -> Int {
        ["App", "Core"].map { module in room(for: files.filter { $0.key.hasPrefix("Sources/\(module)/") }.map(\.value)) }.max()!
    }

    /// `App` alone: the model, its extension, and six fillers as in `twoModules`.
    static func oneModule() -> [String: String] {
        var files = ["Sources/App/Model.swift": Self.core, "Sources/App/Model+Refresh.swift": Self.extensionFile(importing: nil)]
        for index in 0..<6 {
            files["Sources/App/Other\(index).swift"] = String(repeating: "let a\(index) = 1 // await\n", count: 40)
        }
        return files
    }

    /// `App`, which imports `Core`, and `Core`, each with six fillers of some 40 KB of tree. The
    /// fillers hold a word rules look for (`await`): a file no rule runs on holds no tree.
    static func twoModules() -> [String: String] {
        var files = ["Sources/App/Model+Refresh.swift": Self.extensionFile(importing: "Core"),
                     "Sources/Core/Model.swift": Self.core]
        for index in 0..<6 {
            files["Sources/App/Other\(index).swift"] = String(repeating: "let a\(index) = 1 // await\n", count: 40)
            files["Sources/Core/Other\(index).swift"] = String(repeating: "let b\(index) = 1 // await\n", count: 40)
        }
        return files
    }

    @Test func eachModuleIsAnalysedBeforeTheNextIsParsedSoNoTreeIsParsedTwice() throws {
        // Room for one module's trees, not for both: analysed module by module, none is dropped
        // (one thread: with two, the next module's first file may be parsed meanwhile).
        let files = Self.twoModules()
        let budget = Self.moduleRoom(files)
        #expect(budget < files.values.map(Self.tree).reduce(0, +))
        let folder = try TemporaryDirectory()
        let streamed = try run(files, modules: ["App", "Core"], budget: budget, threads: 1, in: folder)
        #expect(streamed.counters[.filesParsedAgain, default: 0] == 0)
        #expect(streamed.run.findings.map(\.ruleID).contains("redundant-main-dispatch"))
        // With less room, the module's last trees held are given up and parsed again.
        let cramped = try run(files, modules: ["App", "Core"], budget: budget / 2, threads: 1, in: folder)
        #expect(cramped.counters[.filesParsedAgain, default: 0] > 0)
        #expect(cramped.run.findings == streamed.run.findings)
    }

    @Test func whatTheRunKeepsComesOutOfTheBudget() throws {
        // The least budget with which no file is parsed again (one thread: the same every
        // run). The same budget with a larger project model (modules with no files, as
        // SwiftPM's fixtures have by the hundred) leaves the trees less: some are parsed again,
        // with the same findings.
        let files = Self.twoModules()
        let folder = try TemporaryDirectory()
        let run = { (budget: Int, idle: Int) in
            try self.run(files, modules: ["App", "Core"], memoryBudget: budget, idleModules: idle, threads: 1, in: folder)
        }
        let paths = try Self.written(files, in: folder)
        let project = Self.project(["App", "Core"], in: folder)
        var (low, high) = (0, 2 * Self.kept(paths, project: project) + Self.moduleRoom(files))
        #expect(try run(high, 0).counters[.filesParsedAgain, default: 0] == 0)
        while high - low > 1 {
            let middle = (low + high) / 2
            if try run(middle, 0).counters[.filesParsedAgain, default: 0] == 0 { high = middle } else { low = middle }
        }
        let roomy = try run(high, 0)
        #expect(roomy.counters[.bytesKeptAtEnd] == Self.kept(paths, project: project))
        let crowded = try run(high, 40)
        #expect(crowded.counters[.mostKeptKiB, default: 0]
            > roomy.counters[.mostKeptKiB, default: .max])
        #expect(crowded.counters[.filesParsedAgain, default: 0] > 0)
        #expect(!crowded.run.findings.isEmpty && crowded.run.findings == roomy.run.findings)
    }

    @Test func summariesCountUntilTheirModuleIsIndexed() throws {
        // Four files declaring the same thirty types: their summaries hold 120 entries, the
        // index 30. The kept state peaks before the index replaces the summaries, and ends as
        // the project, the slots and the index.
        let types = (0..<30).map { "struct T\($0) {}\n" }.joined()
        let files = Dictionary(uniqueKeysWithValues: (0..<4).map { ("Sources/App/F\($0).swift", types) })
        let folder = try TemporaryDirectory()
        let outcome = try run(files, modules: ["App"], threads: 1, in: folder)
        let paths = FileDiscovery().discover([folder.url("Sources")]).files
        #expect(outcome.counters[.bytesKeptAtEnd] == Self.kept(paths, project: Self.project(["App"], in: folder)))
        #expect(outcome.counters[.mostKeptKiB, default: 0] > outcome.counters[.bytesKeptAtEnd, default: .max] >> 10)
    }

    @Test func treesKeepAQuarterOfTheBudgetHoweverMuchTheRunKeeps() throws {
        // A project model larger than the whole budget (thousands of modules with no files)
        // leaves the trees a quarter of it, not nothing: a quarter that holds a module's trees,
        // and no file is parsed again.
        let files = Self.twoModules()
        let folder = try TemporaryDirectory()
        let paths = try Self.written(files, in: folder)
        let room = Self.moduleRoom(files)
        var idle = 0
        while Self.kept(paths, project: Self.project(["App", "Core"], idle: idle, in: folder)) <= 4 * room { idle += 1_000 }
        let crowded = try run(files, modules: ["App", "Core"], memoryBudget: 4 * room, idleModules: idle, threads: 1, in: folder)
        #expect(crowded.counters[.mostKeptKiB, default: 0] > (4 * room) >> 10)
        #expect(crowded.counters[.filesParsedAgain, default: 0] == 0)
        #expect(crowded.counters[.mostTreesHeldKiB, default: 0] > 0)
    }

    @Test func heldTreesMakeRoomForTheParseInFlight() throws {
        // Six fillers fill the budget; the last file's summary then needs room for its parse
        // and walk: the trees held last are given up (and parsed again for their rules).
        var files = Self.oneModule()
        let last = String(repeating: "let z = 1 // await\n", count: 60)
        files["Sources/App/Zlast.swift"] = last
        let held = files.filter { $0.key != "Sources/App/Zlast.swift" }.values
            .map(Self.tree).reduce(0, +)
        let budget = held + 10_000
        #expect(held + 2 * SourceFile.treeBytes(sourceBytes: last.utf8.count) > budget)
        let folder = try TemporaryDirectory()
        let roomy = try run(files, modules: ["App"], threads: 1, in: folder)
        let tight = try run(files, modules: ["App"], budget: budget, threads: 1, in: folder)
        #expect(roomy.counters[.filesParsedAgain, default: 0] == 0)
        #expect(tight.counters[.heldTreesGivenUp, default: 0] > 0)
        #expect(tight.counters[.filesParsedAgain, default: 0]
            == tight.counters[.heldTreesGivenUp, default: 0] + tight.counters[.treesDroppedBeforeAnalysis, default: 0])
        #expect(tight.counters[.mostTreesHeldOrInFlightKiB, default: .max] <= budget >> 10)
        #expect(!tight.run.findings.isEmpty && tight.run.findings == roomy.run.findings)
    }

    @Test func theRulesWalkOfAHeldTreeTakesRoomToo() throws {
        // Room for every tree of the module and nothing more: the summaries fit (each guessed
        // smaller than the tree before it), but the rules' walk of the first tree analysed
        // needs room, so a tree held is given up.
        let files = Self.oneModule()
        let trees = files.values.map(Self.tree)
        let guesses = files.values.map { SourceFile.treeBytes(sourceBytes: $0.utf8.count) }
        #expect(2 * guesses.max()! < trees.max()!)
        let budget = trees.reduce(0, +)
        let folder = try TemporaryDirectory()
        let roomy = try run(files, modules: ["App"], threads: 1, in: folder)
        let tight = try run(files, modules: ["App"], budget: budget, threads: 1, in: folder)
        #expect(tight.counters[.treesDroppedBeforeAnalysis, default: 0] == 0)
        #expect(tight.counters[.heldTreesGivenUp, default: 0] > 0)
        #expect(tight.counters[.mostTreesHeldOrInFlightKiB, default: .max] <= budget >> 10)
        #expect(!tight.run.findings.isEmpty && tight.run.findings == roomy.run.findings)
    }

    @Test func twoThreadsKeepTreesHeldAndInFlightWithinTheBudget() throws {
        // Whatever the two threads' timing: never more than the budget once the jobs in flight
        // alone cannot need more (each reserves at most twice its tree or its guess), and the
        // same findings.
        let files = Self.twoModules()
        let jobs = files.values.map { max(Self.tree($0),
                                          SourceFile.treeBytes(sourceBytes: $0.utf8.count)) }
        let folder = try TemporaryDirectory()
        let roomy = try run(files, modules: ["App", "Core"], threads: 2, in: folder)
        let inFlight = 2 * 2 * jobs.max()!
        #expect(inFlight + jobs.max()! < jobs.reduce(0, +))
        for budget in [inFlight, inFlight + jobs.max()!, jobs.reduce(0, +) / 2] where budget >= inFlight {
            for _ in 0..<3 {
                let tight = try run(files, modules: ["App", "Core"], budget: budget, threads: 2, in: folder)
                #expect(tight.counters[.mostTreesHeldOrInFlightKiB, default: .max] <= budget >> 10)
                #expect(tight.run.findings == roomy.run.findings)
            }
        }
    }

    @Test func manifestsWaitingForTheSettleStepHoldNoTree() throws {
        // A manifest is analysed only once every module is indexed. Were its tree held until
        // then, it would take room the next module's trees need, and they would be parsed twice.
        let elements = (0..<300).map(String.init).joined(separator: ", ")
        let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\")\n"
            + "let numbers = [\(elements)]\n"
        let source = String(repeating: "let a = 1 // await\n", count: 40)
        let files = ["Sources/A/Package.swift": manifest, "Sources/A/Small.swift": "let s = 1\n",
                     "Sources/B/One.swift": source, "Sources/B/Two.swift": source]
        let budget = Self.room(for: [source, source])
        // Held, the manifest would fit, but leave no room for the second file's summary.
        #expect(Self.tree(manifest) > 2 * Self.tree(source) && Self.tree(manifest) + Self.tree(source) < budget)
        let streamed = try run(files, modules: ["A", "B"], budget: budget, threads: 1, in: TemporaryDirectory())
        #expect(streamed.counters[.filesParsedAgain, default: 0] == 0)
        #expect(streamed.counters[.manifestsParsedAgain, default: 0] == 1)
    }

    /// `Feed.load()` catches every error into `errorMessage`; it runs in a cancelled task only
    /// because `App`'s view awaits it in `.task`, which `Feed` is analysed before.
    static let feedModel = """
        import Observation

        @MainActor @Observable
        public final class FeedModel {
            public var errorMessage: String?
            public func load() async {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    errorMessage = error.localizedDescription
                }
            }
        }

        """

    static func screen(awaiting call: String) -> String {
        """
        import Feed
        import SwiftUI

        struct FeedScreen: View {
            let model: FeedModel
            var body: some View {
                Text("Feed").task { await model.\(call)() }
            }
        }

        """
    }

    @Test func cancellationReachFlowsFromTheModulesThatImportAModule() throws {
        let folder = try TemporaryDirectory()
        let awaited = try run(["Sources/App/FeedScreen.swift": Self.screen(awaiting: "load"),
                               "Sources/Feed/FeedModel.swift": Self.feedModel],
                              modules: ["App", "Feed"], cache: true, in: folder)
        let finding = awaited.run.findings.first { $0.ruleID == "cancellation-shown-as-error" }
        #expect(finding?.path.hasSuffix("FeedModel.swift") == true)
        #expect(finding?.message.contains("awaited from the `.task` closure at FeedScreen.swift:7") == true)
        #expect(awaited.counters[.filesAnalysedAgainForReach] == 1)
        // The cached findings of `Feed` rest on `App`'s reach: when `App` stops awaiting
        // `load`, `Feed`'s unchanged file is analysed again and the finding goes.
        let other = try run(["Sources/App/FeedScreen.swift": Self.screen(awaiting: "refresh")],
                            modules: ["App", "Feed"], cache: true, in: folder)
        #expect(!other.run.findings.contains { $0.ruleID == "cancellation-shown-as-error" })
        #expect(other.counters[.findingsFromCache, default: 0] == 1)
        #expect(other.counters[.filesAnalysedAgainForReach] == 1)
        // And back: the reach confirms the answers cached by the last run.
        let again = try run(["Sources/App/FeedScreen.swift": Self.screen(awaiting: "refresh")],
                            modules: ["App", "Feed"], cache: true, in: folder)
        #expect(again.counters[.filesAnalysedAgainForReach, default: 0] == 0)
        #expect(again.counters[.findingsFromCache, default: 0] == 2 && again.run.findings == other.run.findings)
    }

    @Test func cachedFindingsOfAModuleNoLongerImportedAreCheckedToo() throws {
        let folder = try TemporaryDirectory()
        let awaited = try run(["Sources/App/FeedScreen.swift": Self.screen(awaiting: "load"),
                               "Sources/Feed/FeedModel.swift": Self.feedModel],
                              modules: ["App", "Feed"], cache: true, in: folder)
        #expect(awaited.run.findings.contains { $0.ruleID == "cancellation-shown-as-error" })
        // `Feed` alone (an editor linting one package): nothing awaits `load` in a `.task` now.
        try FileManager.default.removeItem(atPath: folder.url("Sources/App"))
        let alone = try run([:], modules: ["App", "Feed"], cache: true, in: folder)
        #expect(alone.counters[.findingsFromCache, default: 0] == 1)
        #expect(!alone.run.findings.contains { $0.ruleID == "cancellation-shown-as-error" })
    }

    @Test func targetsOfOneXcodeProjectSeeEachOtherWithoutImports() throws {
        // Shared sources: the model file is matched to the macOS target, the view that awaits it
        // to the iOS target, and neither imports the other (both compile the model).
        let files = ["Sources/AppiOS/FeedScreen.swift": Self.screen(awaiting: "load").replacingOccurrences(of: "import Feed\n", with: ""),
                     "Sources/AppMac/FeedModel.swift": Self.feedModel]
        let shared = try run(files, modules: ["AppMac", "AppiOS"], project: "/p/App.xcodeproj", in: TemporaryDirectory())
        #expect(shared.run.findings.contains { $0.ruleID == "cancellation-shown-as-error" && $0.path.hasSuffix("FeedModel.swift") })
        // A package's targets share no files: without an import, no reach.
        let apart = try run(files, modules: ["AppMac", "AppiOS"], project: "/p/Package.swift", in: TemporaryDirectory())
        #expect(!apart.run.findings.contains { $0.ruleID == "cancellation-shown-as-error" })
    }
}
