@testable import ActorlintKit
import Foundation
import Testing

/// What `migrate apply` writes, checked by the compiler and by running it: the fixtures compile
/// before and after under their settings (stubs stand in for SwiftUI), the `nonisolated` the
/// plan adds is what makes the app compile, and a program observes at run time that each planned
/// function runs where the plan says.
@Suite(.tags(.slow)) struct MigrationCompileTests {
    typealias Job = FixCompileTests.Job

    static func settings(_ settings: MigrationPlan.Settings) -> ModuleSettings {
        ModuleSettings(languageMode: settings.languageMode, defaultIsolation: settings.defaultIsolation == "MainActor" ? .mainActor : .nonisolated,
                       features: settings.nonisolatedNonsendingByDefault ? [ModuleSettings.nonisolatedNonsendingByDefault] : [])
    }

    @Test func whatApplyWritesCompilesUnderTheNewSettings() async throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let before = try fixture.snapshot()
        let plan = try fixture.plan()
        _ = try fixture.apply(unsafe: true)
        var jobs: [Job] = []
        for (module, path) in [("Kit", "Sources/Kit/Kit.swift"), ("ShopApp", "Sources/ShopApp/ShopApp.swift")] {
            let planned = try #require(plan.module(module))
            jobs.append(Job(name: "\(module) before", text: try #require(before[path]), settings: Self.settings(planned.now)))
            jobs.append(Job(name: "\(module) after", text: try fixture.read(path), settings: Self.settings(planned.proposed)))
        }
        // Without the `nonisolated` the plan adds, `parse` could not decode `Post` off the main actor.
        let app = try fixture.read("Sources/ShopApp/ShopApp.swift")
        jobs.append(Job(name: "ShopApp without nonisolated", text: app.replacingOccurrences(of: "nonisolated struct Post", with: "struct Post"),
                        settings: Self.settings(try #require(plan.module("ShopApp")).proposed)))
        let results = try await FixCompileTests.TypeChecker().check(jobs)
        for (job, diagnostics) in zip(jobs, results) where job.name != "ShopApp without nonisolated" {
            #expect(diagnostics.isEmpty, "\(job.name):\n\(diagnostics)\n--- source ---\n\(job.text)")
        }
        #expect(results.last?.contains("main actor-isolated property 'isDraft' can not be referenced from a nonisolated context") == true,
                "\(results.last ?? "")")
    }

    @Test func callsThatStayConcurrentCompileOnlyWithTheMarksThePlanAdds() async throws {
        let fixture = try MigrationFixture([
            "Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Lines\")])\n",
            "Sources/Lines/Lines.swift": MigrationSendingHazardTests.source,
        ])
        _ = try fixture.apply(.approachable)
        let feature = ModuleSettings(features: [ModuleSettings.nonisolatedNonsendingByDefault])
        let results = try await FixCompileTests.TypeChecker().check([
            Job(name: "before", text: MigrationSendingHazardTests.source, settings: .plainSwift6),
            Job(name: "after", text: try fixture.read("Sources/Lines/Lines.swift"), settings: feature),
            Job(name: "the feature alone", text: MigrationSendingHazardTests.source, settings: feature),
        ])
        #expect(results[0].isEmpty, "\(results[0])")
        #expect(results[1].isEmpty, "\(results[1])")
        #expect(results[2].contains("risks causing data races"), "without the marks it must not compile:\n\(results[2])")
    }

    @Test func functionValuesCompileWithTheNonisolatedThePlanAdds() async throws {
        let fixture = try MigrationFixture([
            "Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.executableTarget(name: \"Tool\")])\n",
            "Sources/Tool/Tool.swift": MigrationFunctionValueTests.source.replacingOccurrences(of: "history + ", with: ""),
        ])
        _ = try fixture.apply()
        let after = try fixture.read("Sources/Tool/Tool.swift")
        let both = ModuleSettings(defaultIsolation: .mainActor, features: [ModuleSettings.nonisolatedNonsendingByDefault])
        let results = try await FixCompileTests.TypeChecker().check([
            Job(name: "after", text: after, settings: both),
            Job(name: "without nonisolated", text: after.replacingOccurrences(of: "nonisolated func", with: "func"), settings: both),
        ])
        #expect(results[0].isEmpty, "\(results[0])\n\(after)")
        #expect(results[1].contains("loses global actor 'MainActor'"), "\(results[1])")
    }

    @Test func guardedAttributesCompileInSwift5ModeAndWithTheFeature() async throws {
        let fixture = try MigrationFixture([
            "Package.swift": "// swift-tools-version: 5.10\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n",
            "Sources/A/A.swift": "@discardableResult\npublic func sum(_ values: [Int]) async -> Int {\n    var total = 0\n"
                + "    for value in values { total += value }\n    return total\n}\n",
        ])
        _ = try fixture.apply()
        let text = try fixture.read("Sources/A/A.swift")
        #expect(text.hasPrefix("#if compiler(>=6.2)\n@concurrent\n#endif\n"))
        let results = try await FixCompileTests.TypeChecker().check([
            Job(name: "Swift 5 mode", text: text, settings: ModuleSettings(languageMode: 5)),
            Job(name: "with the feature", text: text, settings: ModuleSettings(languageMode: 5, features: [ModuleSettings.nonisolatedNonsendingByDefault])),
        ])
        for diagnostics in results { #expect(diagnostics.isEmpty, "\(diagnostics)") }
    }

    /// A program that calls each function from the main actor and records where it ran
    /// (`#isolation`), before and after `migrate apply --to approachable`.
    static let probe: [String: String] = [
        "Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"Probe\", targets: [.executableTarget(name: \"Probe\")])\n",
        "Sources/Probe/Work.swift": """
            import Foundation

            /// Whether the code that calls it runs on the main actor.
            func onMain(_ isolation: isolated (any Actor)? = #isolation) -> Bool {
                isolation === MainActor.shared
            }

            final class Recorder: @unchecked Sendable {
                private let lock = NSLock()
                private var seen: [String] = []
                func note(_ name: String, _ main: Bool) { lock.withLock { seen.append("\\(name) \\(main ? "main" : "off")") } }
                var report: String { lock.withLock { seen.joined(separator: "\\n") } }
            }

            let recorder = Recorder()

            struct Row: Codable, Sendable {
                var id: Int
            }

            func checksum(_ values: [Int]) async -> Int {
                recorder.note("checksum", onMain())
                var total = 0
                for value in values { total += value &* 31 }
                return total
            }

            func decodeAll(_ data: Data) async throws -> [Row] {
                recorder.note("decodeAll", onMain())
                return try JSONDecoder().decode([Row].self, from: data)
            }

            func pause() async -> Int {
                try? await Task.sleep(nanoseconds: 1_000)
                recorder.note("pause", onMain())
                return 1
            }

            func light(_ value: Int) async -> Int {
                recorder.note("light", onMain())
                return value + 1
            }

            """,
        "Sources/Probe/Entry.swift": """
            import Foundation

            @main
            struct Probe {
                static func main() async throws {
                    _ = await checksum([1, 2, 3])
                    _ = try await decodeAll(Data("[{\\"id\\": 1}]".utf8))
                    _ = await pause()
                    _ = await light(1)
                    print(recorder.report)
                }
            }

            """,
    ]

    @Test func eachPlannedFunctionRunsWhereThePlanSays() async throws {
        let fixture = try MigrationFixture(Self.probe)
        let plan = try fixture.plan(.approachable)
        let before = try await Self.runProbe(fixture, features: [])
        _ = try fixture.apply(.approachable)
        let after = try await Self.runProbe(fixture, features: [ModuleSettings.nonisolatedNonsendingByDefault])
        let moves = try #require(plan.module("Probe")).moves
        // The four functions; `main()` of the `@main` type already runs on the main actor.
        #expect(moves.count == 4, "\(moves.map(\.name))")
        for move in moves {
            let name = String(move.name.split(separator: "`")[1].prefix { $0 != "(" })
            // Before: every nonisolated async function leaves the main actor (SE-0338).
            #expect(before[name] == "off", "\(name) before: \(before)")
            // After: `@concurrent` ones still leave it; the others stay on their caller's, the main actor.
            let expected = move.decision?.action == .markConcurrent ? "off" : "main"
            #expect(after[name] == expected, "\(name): planned \(String(describing: move.decision)), observed \(after)")
        }
        #expect(moves.filter { $0.decision?.action == .markConcurrent }.count == 2)
    }

    /// Compiles the probe's sources as one program with `features` and runs it: name → main/off.
    static func runProbe(_ fixture: MigrationFixture, features: [String]) async throws -> [String: String] {
        let binary = fixture.directory.url("probe-\(features.count)")
        var arguments = ["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "Probe", "-o", binary]
        for feature in features { arguments += ["-enable-upcoming-feature", feature] }
        arguments += ["Sources/Probe/Work.swift", "Sources/Probe/Entry.swift"].map(fixture.directory.url)
        let built = try await FixCompileTests.runProcess(arguments, output: fixture.directory.url("build.log"))
        #expect(built.isEmpty, "the probe does not compile:\n\(built)")
        // Bounded: a program that never ends must fail the test, not hang it.
        _ = try await FixCompileTests.runProcess(["timeout", "60", binary], output: fixture.directory.url("run.log"))
        let output = try String(contentsOfFile: fixture.directory.url("run.log"), encoding: .utf8)
        return Dictionary(output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }) { first, _ in first }
    }
}
