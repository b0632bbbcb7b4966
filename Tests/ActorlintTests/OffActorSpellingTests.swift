@testable import ActorlintKit
import Testing

/// How advice says "run this off the actor": `@concurrent` for compilers that have it (Swift
/// 6.2, SE-0461), a plain nonisolated async function before (SE-0338), and both when the
/// compiler is unknown, unless the module's settings exist only from Swift 6.2.
@Suite struct OffActorSpellingTests {
    static func module(_ version: String?, _ certainty: CompilerVersion.Certainty = .stated) -> ModuleSettings {
        ModuleSettings(compiler: version.map { CompilerVersion(version: $0, certainty: certainty, evidence: "e") })
    }

    @Test func aCompilerWithConcurrentGetsConcurrent() {
        for module in [Self.module("6.2"), Self.module("6.2", .minimum), Self.module("6.3", .likely)] {
            let spelling = OffActorSpelling(module)
            #expect(spelling.form == .concurrentAttribute)
            #expect(spelling.function == "a `@concurrent` function" && spelling.attribute == "@concurrent")
            #expect(spelling.compilerNote.isEmpty)
        }
    }

    @Test func anOlderCompilerGetsANonisolatedAsyncFunction() {
        let spelling = OffActorSpelling(Self.module("6.1"))
        #expect(spelling.form == .nonisolatedAsync)
        #expect(spelling.function == "a `nonisolated` async function" && spelling.attribute == "nonisolated")
        #expect(spelling.compilerNote.contains("this project builds with Swift 6.1 (e)"))
        #expect(spelling.compilerNote.contains("SE-0338"))
    }

    @Test func anUnknownCompilerGetsBothSpellings() {
        // A lower bound below 6.2 says nothing about the compiler itself.
        for module in [Self.module(nil), Self.module("6.0", .minimum)] {
            let spelling = OffActorSpelling(module)
            #expect(spelling.form == .unknown)
            #expect(spelling.function == "a `@concurrent` function")
            #expect(spelling.compilerNote.contains("with an older compiler a `nonisolated` async function"))
        }
    }

    @Test func swift62SettingsNeedConcurrentWhateverTheEvidence() {
        // Under NonisolatedNonsendingByDefault a plain nonisolated async function stays on the
        // caller's actor (SE-0461): only `@concurrent` leaves it.
        var nonsending = Self.module(nil)
        nonsending.features = [ModuleSettings.nonisolatedNonsendingByDefault]
        var mainActor = Self.module(nil)
        mainActor.defaultIsolation = .mainActor
        for module in [nonsending, mainActor] {
            #expect(OffActorSpelling(module).form == .concurrentAttribute)
            #expect(OffActorSpelling(module).compilerNote.isEmpty)
        }
    }

    @Test func dispatchGlobalForCPUWorkSpeaksTheProjectsSwift() {
        let code = """
            func export(_ rows: [Row], done: @escaping (String) -> Void) {
                DispatchQueue.global().async {
                    let text = rows.map(\\.csv).joined()
                    DispatchQueue.main.async { done(text) }
                }
            }
            """
        func message(_ module: ModuleSettings) -> String {
            Linter(ruleIDs: ["dispatch-global-for-cpu-work"]).findings(in: SourceFile(path: "E.swift", text: code), module: module)
                .first?.message ?? ""
        }
        #expect(message(Self.module("6.2", .minimum)).contains("A `@concurrent` function that returns the result"))
        #expect(!message(Self.module("6.2", .minimum)).contains("nonisolated"))
        #expect(message(Self.module("6.1")).contains("A `nonisolated` async function that returns the result"))
        #expect(!message(Self.module("6.1")).contains("A `@concurrent`"))
        #expect(message(Self.module(nil)).contains("with an older compiler a `nonisolated` async function"))
    }
}
