@testable import ActorlintKit
import Foundation
import SwiftSyntax
import Testing

/// The plan on small packages: which settings each module gets and why, and for each async
/// function that moves onto its caller's actor whether it is marked `@concurrent`, with the
/// evidence, or left, with the reason. Near misses come right after the cases they resemble.
@Suite struct MigrationPlanTests {
    static let plan: Result<MigrationPlan, any Error> = Result { try MigrationFixture(MigrationSources.files).plan() }

    func plan() throws -> MigrationPlan { try Self.plan.get() }

    @Test func eachModuleGetsTheSettingsOfItsRole() throws {
        let plan = try plan()
        let app = try #require(plan.module("ShopApp")), kit = try #require(plan.module("Kit")), tests = try #require(plan.module("KitTests"))
        #expect(app.proposed == .init(languageMode: 6, defaultIsolation: "MainActor", nonisolatedNonsendingByDefault: true))
        #expect(app.reason.contains("UI code runs on the main actor"), "\(app.reason)")
        #expect(kit.proposed == .init(languageMode: 6, defaultIsolation: "nonisolated", nonisolatedNonsendingByDefault: true))
        #expect(kit.reason.contains("stays nonisolated by default"))
        #expect(tests.proposed == kit.proposed && tests.reason.contains("tests `Kit`: it follows it"), "\(tests.reason)")
        // A module others import comes first.
        #expect(plan.order == ["Kit", "ShopApp", "KitTests"] || plan.order == ["Kit", "KitTests", "ShopApp"], "\(plan.order)")
        #expect(plan.order.first == "Kit")
    }

    @Test func aLibraryThatDefaultsToMainActorTodayIsSaidToKeepIt() {
        let today = ModuleSettings(name: "Net", kind: .library, defaultIsolation: .mainActor)
        let back = SettingsProposal.recommendation(for: .library("a library"), module: today, dependencies: [])
        #expect(back.0 && !back.1 && back.2.contains("defaults to MainActor already, which is left as it is"), "\(back.2)")
        #expect(!back.2.contains("stays nonisolated"), "\(back.2)")
        let stays = SettingsProposal.recommendation(for: .library("a library"), module: ModuleSettings(name: "Net", kind: .library),
                                                    dependencies: [])
        #expect(stays.2.contains("stays nonisolated by default"), "\(stays.2)")
    }

    @Test func heavyWorkIsMarkedConcurrentWithItsEvidence() throws {
        let kit = try #require(try plan().module("Kit"))
        let checksum = try #require(kit.move("checksum"))
        #expect(checksum.from == "concurrent" && checksum.to == "caller")
        #expect(checksum.decision?.action == .markConcurrent)
        #expect(checksum.decision?.evidence == ["a loop over `values`, a collection of unknown size (line 16)"])
        #expect(kit.move("items")?.decision?.evidence == ["decoding `[Item]` (line 23)"])
        #expect(kit.action("pairs") == .markConcurrent)
        #expect(kit.move("pairs")?.decision?.evidence.first?.hasPrefix("nested loops over `a`") == true)
    }

    @Test func lightOrWaitingWorkIsLeftWithTheReason() throws {
        let kit = try #require(try plan().module("Kit"))
        #expect(kit.move("fetch")?.decision?.reason == "it awaits `URLSession.shared.data(…)` (line 9), and its synchronous work is light")
        // Near miss of `checksum`: one pass over the query beside an await.
        let normalized = try #require(kit.move("normalized")?.decision)
        #expect(normalized.action == .leave)
        #expect(normalized.reason.contains("its only other work is a loop over `query`"), "\(normalized.reason)")
        // Near misses of the loops and the decoding.
        for name in ["fixed", "one", "log", "stream", "later"] {
            #expect(kit.action(name) == .leave, "\(name): \(String(describing: kit.move(name)?.decision))")
        }
        #expect(kit.move("load")?.decision?.reason.hasPrefix("a requirement without a body") == true)
    }

    @Test func heavyWorkWhoseCallersAreAllOffTheMainActorIsLeft() throws {
        let digest = try #require(try plan().module("Kit")?.move("digest")?.decision)
        #expect(digest.action == .leave)
        #expect(digest.reason.contains("every caller is already off the main actor (1 awaited call of `digest`"), "\(digest.reason)")
        #expect(digest.evidence == ["a loop over `values`, a collection of unknown size (line 43)"])
    }

    @Test func synchronousCodeDoesNotMoveUnderTheFeatureAlone() throws {
        let kit = try #require(try plan().module("Kit"))
        #expect(!kit.moves.contains { $0.name.contains("plain") })
        #expect(!kit.moves.contains { $0.name.contains("total") }, "an actor's method runs on the actor either way")
        #expect(kit.moves.allSatisfy { $0.isAsync && $0.decision != nil })
    }

    @Test func underDefaultMainActorTheTypesCodeOffTheMainActorUsesNeedNonisolated() throws {
        let app = try #require(try plan().module("ShopApp"))
        let types = Dictionary(uniqueKeysWithValues: app.types.map { ($0.name, $0) })
        #expect(types["Post"]?.needsNonisolated?.hasPrefix("code that stays off the main actor uses it: function `parse(…)`") == true,
                "\(String(describing: types["Post"]))")
        #expect(types["Draft"]?.needsNonisolated?.hasPrefix("it declares `Sendable`") == true)
        // Near miss: data used only on the main actor keeps its isolated conformance.
        #expect(types["Theme"]?.needsNonisolated == nil)
        #expect(types["Theme"]?.conformances == ["Hashable"])
        #expect(types["Store"]?.kind == "protocol")
        #expect(app.globals.map(\.name) == ["formatter"])
        #expect(app.counts.nonisolated == 2)
    }

    @Test func underDefaultMainActorHeavyMethodsAreMarkedUnlessTheyUseMainActorState() throws {
        let app = try #require(try plan().module("ShopApp"))
        let parse = try #require(app.move("parse"))
        #expect(parse.from == "concurrent" && parse.to == "MainActor" && parse.decision?.action == .markConcurrent)
        let refresh = try #require(app.move("refresh")?.decision)
        #expect(refresh.action == .review)
        #expect(refresh.reason.contains("it uses `cache`"), "\(refresh.reason)")
        let title = try #require(app.move("title"))
        #expect(title.from == "nonisolated" && title.to == "MainActor" && title.decision == nil && title.owner == "Loader")
    }

    @Test func theFindingsTheChangeResolvesAndCreatesAreListed() throws {
        let plan = try plan()
        #expect(plan.redundantHops.map(\.rule) == ["redundant-main-dispatch"])
        #expect(plan.redundantHops.first?.path.hasSuffix("Sources/ShopApp/ShopApp.swift") == true)
        #expect(plan.resolved.contains { $0.rule == "app-target-missing-approachable-concurrency" }, "\(plan.resolved)")
        // `parse` is marked `@concurrent`, so only `refresh`, left for review, blocks the main actor once the plan is applied.
        let blocking = plan.created.filter { $0.rule == "main-actor-blocking-work" }
        #expect(blocking.map(\.line) == [31] && blocking.first?.message.contains("`refresh(…)`") == true, "\(plan.created)")
    }

    @Test func actorlintCountsItsAttributesAgainstTheBlanketMigration() throws {
        let plan = try plan()
        let kit = try #require(plan.module("Kit"))
        // Every nonisolated async function of Kit (the protocol requirement too), not the actor's method.
        #expect(kit.counts.blanket == 12)
        #expect(kit.counts.concurrent == 3 && kit.counts.left == 9 && kit.counts.review == 0)
        #expect(plan.totals.concurrent == plan.modules.reduce(0) { $0 + $1.counts.concurrent })
        #expect(plan.totals.blanket == plan.modules.reduce(0) { $0 + $1.counts.blanket })
    }

    @Test func theGoalLimitsWhatIsProposed() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let approachable = try #require(try fixture.plan(.approachable).module("ShopApp"))
        #expect(approachable.proposed.defaultIsolation == "nonisolated" && approachable.proposed.nonisolatedNonsendingByDefault)
        #expect(approachable.notes == ["default isolation MainActor is left for a later step (--to approachable)"])
        let mainActor = try fixture.plan(.defaultMainActor)
        #expect(mainActor.module("ShopApp")?.proposed.nonisolatedNonsendingByDefault == false)
        #expect(mainActor.module("Kit")?.changes == false)
        let selected = try fixture.plan(targets: ["Kit"])
        #expect(selected.order == ["Kit"] && selected.module("ShopApp")?.reason == "not selected (--target)")
    }

    @Test func explicitDecisionsAndOldToolsVersionsAreRespected() throws {
        let fixture = try MigrationFixture([
            "Package.swift": """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "UI", targets: [
                    .target(name: "Screens", swiftSettings: [.defaultIsolation(nil)]),
                ])

                """,
            "Sources/Screens/Screen.swift": "import SwiftUI\nstruct Screen: View { var body: some View { Text(\"x\") } }\n",
            "Old/Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "Old", targets: [.target(name: "Panels", path: "Panels")])

                """,
            "Old/Panels/Panel.swift": "import SwiftUI\nstruct Panel: View { var body: some View { Text(\"x\") } }\n",
        ])
        let plan = try fixture.plan()
        let screens = try #require(plan.module("Screens")), panels = try #require(plan.module("Panels"))
        #expect(screens.proposed.defaultIsolation == "nonisolated" && screens.proposed.nonisolatedNonsendingByDefault)
        #expect(screens.notes.first?.hasPrefix("default isolation is set to nonisolated on purpose (Package.swift:") == true)
        #expect(panels.proposed.defaultIsolation == "nonisolated" && panels.proposed.nonisolatedNonsendingByDefault)
        #expect(panels.notes.first?.contains("needs swift-tools-version 6.2 (the manifest says 6.0)") == true, "\(panels.notes)")
    }

    @Test func explainAndThePlanAgree() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let plan = try fixture.plan()
        var checked = 0
        for module in plan.modules {
            for move in module.moves {
                let explanation = try fixture.actorlint.explain(path: move.path, line: move.line)
                #expect(explanation.with62Settings.isolation.jsonValue == move.to, "\(move.path):\(move.line) \(move.name)")
                #expect(explanation.result.isolation.jsonValue == move.from)
                checked += 1
            }
        }
        #expect(checked == plan.totals.moved && checked > 10)
    }
}

/// The isolation facts the plan rests on that the model learnt for it.
@Suite struct MigrationModelFactsTests {
    /// swiftc runs a `@main` type's `main()` on the main actor, so it is not a move; another
    /// static async method of the same type is nonisolated.
    @Test func theEntryPointOfAMainTypeRunsOnTheMainActor() throws {
        let file = SourceFile(path: "Entry.swift", text: """
            @main
            struct Tool {
                static func main() async {}
                static func other() async {}
            }
            struct Plain {
                static func main() async {}
            }

            """)
        let model = IsolationModel(file: file, module: .plainSwift6, index: ProjectIndex(files: [file]))
        let functions = file.shared(FunctionDeclSyntax.self)
        let isolations = functions.map { model.isolation(of: ExecutionContext(kind: .function, node: Syntax($0))).isolation }
        #expect(isolations == [.mainActor, .concurrent, .concurrent])
    }
}

/// Code whose async calls stay on the global concurrent executor after the change (the callee is
/// built without the feature) keeps `@concurrent`, or moving it would not compile.
@Suite struct MigrationSendingHazardTests {
    static let source = """
        import Foundation
        import XCTest

        public struct Lines<Upstream: AsyncIteratorProtocol>: AsyncIteratorProtocol where Upstream.Element == UInt8 {
            var upstream: Upstream
            var parser = Parser()

            // mark: awaits the upstream iterator itself
            public mutating func next() async throws -> UInt8? {
                try await upstream.next()
            }

            // leave; its closure is marked instead
            public mutating func nextParsed() async throws -> UInt8? {
                try await parser.parse { try await upstream.next() }
            }
        }

        struct Parser {
            mutating func parse(_ fetch: () async throws -> UInt8?) async throws -> UInt8? { try await fetch() }
        }

        struct AnyIterator<Element> {
            let produceNext: () async throws -> Element?

            init<Iterator: AsyncIteratorProtocol>(_ iterator: Iterator) where Iterator.Element == Element {
                var iterator = iterator
                // mark: a stored closure
                self.produceNext = { try await iterator.next() }
            }
        }

        // Near miss: a task group's `next()` takes its caller's isolation.
        func sum(_ values: [Int]) async -> Int {
            await withTaskGroup(of: Int.self) { group in
                for value in values { group.addTask { value } }
                var total = 0
                while let value = await group.next() { total += value }
                return total
            }
        }

        final class LinesTests: XCTestCase {
            // mark: `super.setUp()` is XCTestCase's
            override func setUp() async throws {
                try await super.setUp()
            }
        }

        """

    @Test func callsThatStayConcurrentKeepTheirCodeConcurrent() throws {
        let fixture = try MigrationFixture([
            "Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Lines\")])\n",
            "Sources/Lines/Lines.swift": Self.source,
        ])
        let module = try #require(try fixture.plan(.approachable).module("Lines"))
        let next = try #require(module.moves.first { $0.name == "function `next()`" }?.decision)
        #expect(next.action == .markConcurrent && next.evidence == ["`upstream.next()` (line 10), an async iterator's `next()`"], "\(next)")
        #expect(next.reason.contains("built without NonisolatedNonsendingByDefault"))
        #expect(module.action("nextParsed") == .leave)
        let closures = module.moves.filter { $0.name.hasPrefix("closure") }
        #expect(closures.map(\.line) == [15, 29] && closures.allSatisfy { $0.decision?.action == .markConcurrent }, "\(closures)")
        #expect(module.action("sum") == .leave)
        #expect(module.move("setUp")?.decision?.evidence.first?.hasPrefix("`super.setUp(…)` (line 46), a method of `XCTestCase`") == true)
        _ = try fixture.apply(.approachable)
        let text = try fixture.read("Sources/Lines/Lines.swift")
        #expect(text.contains("try await parser.parse { @concurrent in try await upstream.next() }"))
        #expect(text.contains("self.produceNext = { @concurrent in try await iterator.next() }"))
        #expect(text.contains("    @concurrent public mutating func next()") && text.contains("    @concurrent override func setUp()"))
    }
}

extension MigrationModelFactsTests {
    /// `#if os(macOS)` around `package.targets.append(…)` adds targets on one platform; the
    /// condition is no unknown call, so the other targets' settings stay known (as in
    /// swift-argument-parser's manifest).
    @Test func aConditionallyAppendedTargetLeavesTheOthersKnown() throws {
        let file = SourceFile(path: "/p/Package.swift", text: """
            // swift-tools-version: 6.0
            import PackageDescription

            var package = Package(name: "P", targets: [.target(name: "A")])

            #if os(macOS)
            package.targets.append(contentsOf: [.executableTarget(name: "B")])
            #endif

            """)
        let model = ProjectLoader.load(manifest: file, path: "/p/Package.swift")
        let a = try #require(model.modules.first { $0.name == "A" })
        #expect(a.defaultIsolation == .nonisolated)
        #expect(!model.modules.contains { $0.name == "B" })
        #expect(model.notes.contains { $0.contains("which `#if` clause applies") }, "\(model.notes)")
    }
}

/// A function used as a value keeps `nonisolated` under default isolation MainActor (as in
/// swift-argument-parser's `math` example, whose completion functions go to `.custom(…)`).
@Suite struct MigrationFunctionValueTests {
    static let source = """
        struct Completion: Sendable {
            let complete: @Sendable ([String]) -> [String]
            static func custom(_ complete: @Sendable @escaping ([String]) -> [String]) -> Completion { Completion(complete: complete) }
        }

        struct Tool {
            static let words = Completion.custom(suggestions)
            static let others = Completion.custom(reversed)
        }

        // mark: a value passed to a `@Sendable` parameter
        func suggestions(_ words: [String]) -> [String] {
            words.filter { !$0.isEmpty }
        }

        var history: [String] = []

        // review: uses a global that becomes main-actor code
        func reversed(_ words: [String]) -> [String] {
            history + words.reversed()
        }

        // near miss: called, never used as a value
        func shout(_ word: String) -> String { word.uppercased() }

        """

    @Test func aFunctionPassedAsAValueStaysNonisolated() throws {
        let fixture = try MigrationFixture([
            "Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.executableTarget(name: \"Tool\")])\n",
            "Sources/Tool/Tool.swift": Self.source,
        ])
        let module = try #require(try fixture.plan().module("Tool"))
        let suggestions = try #require(module.move("suggestions")?.decision)
        #expect(suggestions.action == .markNonisolated)
        #expect(suggestions.evidence == ["passed to `Completion.custom(…)` (Tool.swift:7)"], "\(suggestions)")
        let reversed = try #require(module.move("reversed")?.decision)
        #expect(reversed.action == .review && reversed.reason.contains("it uses `history`"), "\(reversed)")
        #expect(module.move("shout")?.decision == nil)
        // The function, and `Completion`, which declares `Sendable`.
        #expect(module.counts.nonisolated == 2 && module.types.first { $0.name == "Completion" }?.needsNonisolated != nil)
        _ = try fixture.apply()
        #expect(try fixture.read("Sources/Tool/Tool.swift").contains("\nnonisolated func suggestions(_ words: [String]) -> [String] {"))
    }
}
