import ActorlintKit
import Foundation
import Testing

/// SPEC: fixes must still compile. Every registered rule's correction examples are checked by
/// the real compiler, the text before the fix and the text after it, under the example's module
/// settings: type-checking and the SIL diagnostics, where data races are found. SwiftUI, UIKit
/// and Combine do not exist on Linux, so the examples are checked against small stand-ins in
/// Tests/Stubs, compiled once per run.
@Suite(.tags(.slow)) struct FixCompileTests {
    /// Tests/Stubs, next to this file's folder.
    static let stubSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Stubs").standardizedFileURL.path
    /// In dependency order: SwiftUI re-exports Combine.
    static let stubModules = ["Combine", "UIKit", "SwiftUI"]
    /// Two at a time: the machines that run this have two cores.
    static let parallelism = 2

    /// One text to compile.
    struct Job: Sendable {
        var name: String
        var text: String
        var settings: ModuleSettings
        /// The rule whose correction this is, and "before" or "after"; empty for the harness's probes.
        var rule = ""
        var stage = ""
    }

    /// Every correction's before and after text. Manifests are left out: they are not Swift
    /// that runs, and the settings rules' own tests check what their fixes write.
    static var correctionJobs: [Job] {
        RuleRegistry.descriptions.flatMap { rule in
            rule.corrections.enumerated().flatMap { number, correction -> [Job] in
                guard !PackageManifestName.matches(correction.fileName) else { return [] }
                return [("before", correction.before), ("after", correction.after)].map { stage, text in
                    Job(name: "\(rule.id) correction \(number + 1) (\(stage))", text: text,
                        settings: correction.settings, rule: rule.id, stage: stage)
                }
            }
        }
    }

    /// Texts before a fix that are meant not to compile, with the error they must give: the
    /// rule reports code the compiler rejects, and its fix is what makes it compile.
    static let rejectedBeforeTheFix = [
        // A main-actor `Post` (default isolation MainActor) used from `@concurrent` code.
        "nonisolated-model-type correction 1 (before)": "cannot form key path to main actor-isolated property 'label'",
    ]

    /// Corrections whose text after the fix uses what only a newer compiler has, by rule: that
    /// compiler's version, and the errors an older one gives. On a toolchain older than the
    /// version, the text must fail with those errors and nothing else (so nothing else is wrong
    /// in it); from the version on it must compile like any other.
    static let needsNewerCompiler: [String: (stage: String, version: [Int], errors: [String])] = [
        // Async `defer` (SE-0493) and `withTaskCancellationShield` (SE-0504) are Swift 6.4; 6.3
        // stops at the unknown function, or at the `await` in the `defer`.
        "task-in-defer": ("after", [6, 4], ["cannot find 'withTaskCancellationShield' in scope",
                                             "'async' call cannot occur in a defer body"]),
    ]

    /// The version of the compiler that built the tests, which is the `swiftc` they run.
    static var toolchain: [Int] {
        #if compiler(>=6.4)
        return [6, 4]
        #else
        return [6, 3]
        #endif
    }

    /// Whether `diagnostics` are exactly what an older toolchain says of a text that needs a newer one.
    static func onlyNewerCompilerErrors(_ diagnostics: String, expected: [String]) -> Bool {
        let lines = diagnostics.split(separator: "\n").filter { $0.contains(" error: ") || $0.contains(" warning: ") }
        return !lines.isEmpty && lines.allSatisfy { line in line.contains(" error: ") && expected.contains { line.contains($0) } }
    }

    @Test func everyCorrectionCompilesBeforeAndAfterItsFix() async throws {
        let jobs = Self.correctionJobs
        // Most rules with a fix have Swift examples; an empty list would mean the filter broke.
        #expect(jobs.count >= 40)
        let checker = try await TypeChecker()
        let started = Date()
        let results = try await checker.check(jobs)
        for (job, diagnostics) in zip(jobs, results) {
            if let expected = Self.rejectedBeforeTheFix[job.name] {
                #expect(diagnostics.contains(expected), "\(job.name) should fail with \"\(expected)\":\n\(diagnostics)")
            } else if let newer = Self.needsNewerCompiler[job.rule], newer.stage == job.stage,
                      Self.toolchain.lexicographicallyPrecedes(newer.version) {
                #expect(Self.onlyNewerCompilerErrors(diagnostics, expected: newer.errors),
                        "\(job.name) should fail on this toolchain only with \(newer.errors):\n\(diagnostics)")
            } else if !diagnostics.isEmpty {
                Issue.record("\(job.name) does not compile:\n\(diagnostics)\n--- source ---\n\(job.text)")
            }
        }
        #expect(Set(Self.rejectedBeforeTheFix.keys).isSubset(of: jobs.map(\.name)), "a listed example no longer exists")
        #expect(Set(Self.needsNewerCompiler.keys).isSubset(of: jobs.map(\.rule)), "a listed rule has no correction")
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        print("FixCompileTests: compiled \(jobs.count) texts in \(seconds) s")
    }

    /// A text that needs a newer compiler passes on an older one only with the errors listed for
    /// it: another error, a warning, or no diagnostic at all fails it.
    @Test func aNewerCompilersTextFailsOnlyWithItsOwnErrors() {
        let expected = ["cannot find 'withTaskCancellationShield' in scope"]
        let own = "job1.swift:8:15: error: cannot find 'withTaskCancellationShield' in scope\n   |  `- error: cannot find 'withTaskCancellationShield' in scope\n"
        #expect(Self.onlyNewerCompilerErrors(own, expected: expected))
        #expect(!Self.onlyNewerCompilerErrors(own + "job1.swift:9:3: error: cannot convert value of type 'Int'\n", expected: expected))
        #expect(!Self.onlyNewerCompilerErrors(own + "job1.swift:2:7: warning: variable 'x' was never used\n", expected: expected))
        #expect(!Self.onlyNewerCompilerErrors("", expected: expected))
    }

    /// The harness must be able to fail, it must pass each setting on, and the stubs must carry
    /// the SDK's isolation: a view's body and a view controller are main-actor code, which
    /// nonisolated code cannot call into. (The view is only a warning, because `View` is
    /// `@preconcurrency` as in the SDK; warnings fail a check too.) nil: must compile.
    @Test func theHarnessRejectsWrongCodeAndAppliesTheSettings() async throws {
        let sharedBox = """
            final class Box { var value = 0 }
            func touch(_ box: Box) async { box.value += 1 }
            @MainActor func use(_ box: Box) async { await touch(box) }
            """
        let probes: [(job: Job, error: String?)] = [
            (Job(name: "type error", text: "let broken: Int = \"text\"\n", settings: .plainSwift6),
             "cannot convert value"),
            (Job(name: "view off the main actor", text: """
                import SwiftUI
                struct Badge: View { var body: some View { Text("1") } }
                nonisolated func peek(_ badge: Badge) { _ = badge.body }
                """, settings: .plainSwift6), "main actor-isolated property 'body'"),
            (Job(name: "controller off the main actor", text: """
                import UIKit
                final class Screen: UIViewController {}
                nonisolated func load(_ screen: Screen) { screen.viewDidLoad() }
                """, settings: .plainSwift6), "main actor-isolated instance method 'viewDidLoad()'"),
            (Job(name: "well-formed view", text: """
                import SwiftUI
                struct Badge: View {
                    @State private var count = 0
                    var body: some View { Text("\\(count)").task { count += 1 } }
                }
                """, settings: .plainSwift6), nil),
            (Job(name: "default isolation MainActor", text: """
                final class Model { var count = 0 }
                @concurrent func bump(_ model: Model) async { model.count += 1 }
                """, settings: ModuleSettings(defaultIsolation: .mainActor)), "main actor-isolated property 'count'"),
            // Without SE-0461 `touch` leaves the main actor, so the non-Sendable box may not go along.
            (Job(name: "without NonisolatedNonsendingByDefault", text: sharedBox, settings: .plainSwift6),
             "risks causing data races"),
            (Job(name: "with NonisolatedNonsendingByDefault", text: sharedBox,
                 settings: ModuleSettings(features: [ModuleSettings.nonisolatedNonsendingByDefault])), nil),
            (Job(name: "Swift 5 mode", text: "var counter = 0\n", settings: ModuleSettings(languageMode: 5)), nil),
            (Job(name: "Swift 6 mode", text: "var counter = 0\n", settings: .plainSwift6), "not concurrency-safe"),
        ]
        let results = try await TypeChecker().check(probes.map(\.job))
        for ((job, error), diagnostics) in zip(probes, results) {
            if let error {
                #expect(diagnostics.contains(error), "\(job.name): expected \"\(error)\", got:\n\(diagnostics)")
            } else {
                #expect(diagnostics.isEmpty, "\(job.name) should compile:\n\(diagnostics)")
            }
        }
    }
}

extension FixCompileTests {
    /// Whether a file name is a package manifest (`Package.swift`, `Package@swift-6.0.swift`).
    enum PackageManifestName {
        static func matches(_ fileName: String) -> Bool {
            let name = (fileName as NSString).lastPathComponent
            return name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
        }
    }

    /// Compiles texts as far as swiftc's diagnostics go (type-checking and the SIL checks), a
    /// few processes at a time, with the stub modules on the search path.
    struct TypeChecker {
        let stubs: String

        init() async throws {
            stubs = try await StubModules.shared.directory()
        }

        /// The diagnostics of each job, in job order: "" when it compiles without a warning.
        func check(_ jobs: [Job]) async throws -> [String] {
            let work = try TemporaryDirectory()
            var results = [String](repeating: "", count: jobs.count)
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                var next = 0
                func start() throws {
                    let index = next
                    next += 1
                    // Not `main.swift`: top-level statements would be allowed and hide mistakes.
                    let file = try work.write("job\(index).swift", jobs[index].text)
                    let arguments = Self.arguments(file: file, settings: jobs[index].settings, stubs: stubs)
                    let log = work.url("job\(index).log")
                    group.addTask { (index, try await FixCompileTests.runProcess(arguments, output: log)) }
                }
                while next < min(FixCompileTests.parallelism, jobs.count) { try start() }
                while let (index, diagnostics) = try await group.next() {
                    results[index] = diagnostics
                    if next < jobs.count { try start() }
                }
            }
            return results
        }

        static func arguments(file: String, settings: ModuleSettings, stubs: String) -> [String] {
            // `-emit-sil`, not `-typecheck`: data-race errors ("sending 'x' risks causing data
            // races") come from SIL diagnostic passes that a plain type-check never runs.
            var arguments = ["swiftc", "-emit-sil", "-o", "/dev/null", "-parse-as-library",
                             "-module-name", "FixExample", "-swift-version", String(settings.languageMode),
                             "-I", stubs]
            if settings.defaultIsolation == .mainActor {
                arguments += ["-default-isolation", "MainActor"]
            }
            for feature in settings.features.sorted() {
                arguments += ["-enable-upcoming-feature", feature]
            }
            #if os(Linux)
            // On Apple platforms URLSession is part of Foundation; here it is a separate module.
            arguments += ["-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking"]
            #endif
            return arguments + [file]
        }
    }

    /// Runs a command found on PATH with its output going to the file `output`; returns that
    /// output when the command fails or warns, else "". Awaits the process without blocking a
    /// thread.
    static func runProcess(_ arguments: [String], output: String) async throws -> String {
        _ = FileManager.default.createFile(atPath: output, contents: nil)  // opening it below reports a failure
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = log
        process.standardError = log
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try log.close()
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return status == 0 && !text.contains("warning:") ? "" : "exit status \(status)\n\(text)"
    }

    /// The stub modules, compiled once per test run into a temporary folder that is removed
    /// when the test process exits.
    actor StubModules {
        static let shared = StubModules()
        /// Named after the process, so the exit handler (a C function, which captures nothing)
        /// can find it again.
        static let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("actorlint-stubs-\(getpid())").path

        private var compiled: Task<String, Error>?

        func directory() async throws -> String {
            if let compiled { return try await compiled.value }
            let task = Task { try await Self.compile() }
            compiled = task
            return try await task.value
        }

        private static func compile() async throws -> String {
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(atPath: FixCompileTests.StubModules.path) }
            for module in FixCompileTests.stubModules {
                let diagnostics = try await FixCompileTests.runProcess(
                    ["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", module,
                     "-emit-module-path", "\(path)/\(module).swiftmodule", "-I", path,
                     "\(FixCompileTests.stubSources)/\(module).swift"],
                    output: "\(path)/\(module).log")
                guard diagnostics.isEmpty else { throw StubError(module: module, output: diagnostics) }
            }
            return path
        }

        struct StubError: Error, CustomStringConvertible {
            var module: String
            var output: String
            var description: String { "the \(module) stub does not compile:\n\(output)" }
        }
    }
}
