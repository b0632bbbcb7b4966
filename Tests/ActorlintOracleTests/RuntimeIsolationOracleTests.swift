import ActorlintKit
import Foundation
import SwiftSyntax
import Testing

/// Caller's actor versus the concurrent executor cannot be told apart by a static probe, so
/// these programs run: each async function reports whether it has an actor (`#isolation`) when
/// called from the main actor. Compiled and run under the four combinations of default
/// isolation MainActor and NonisolatedNonsendingByDefault.
@Suite(.tags(.slow)) struct RuntimeIsolationOracleTests {
    /// Declarations, each an async function that prints its id and whether it has an actor.
    static let program = """
        func report(_ id: String, _ actor: isolated (any Actor)? = #isolation) {
            print(id, actor == nil ? "none" : "actor")
        }
        func f1() async { report("f1") }
        nonisolated func f2() async { report("f2") }
        nonisolated(nonsending) func f3() async { report("f3") }
        @concurrent func f4() async { report("f4") }
        final class Plain {
            func m5() async { report("m5") }
            nonisolated func m6() async { report("m6") }
            static func m7() async { report("m7") }
        }
        nonisolated struct Value {
            func m8() async { report("m8") }
        }
        struct Unannotated {
            func m9() async { report("m9") }
        }
        extension Int {
            func m10() async { report("m10") }
        }
        actor Counter {
            nonisolated func m11() async { report("m11") }
            func m12() async { report("m12") }
        }
        @MainActor final class Screen {
            nonisolated func m13() async { report("m13") }
            @concurrent func m14() async { report("m14") }
            func m15() async { report("m15") }
        }
        protocol Loading { func m16() async }
        struct Loader: Loading { func m16() async { report("m16") } }
        enum Tools { static func m17() async { report("m17") } }

        @main enum Main {
            @MainActor static func main() async {
                await f1(); await f2(); await f3(); await f4()
                await Plain().m5(); await Plain().m6(); await Plain.m7()
                await Value().m8(); await Unannotated().m9(); await 1.m10()
                await Counter().m11(); await Counter().m12()
                await Screen().m13(); await Screen().m14(); await Screen().m15()
                await Loader().m16(); await Tools.m17()
            }
        }
        """

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func callerVersusConcurrentAgreesWithTheRuntime(defaultMainActor: Bool, nonsending: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actorlint-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("Program.swift")
        try Self.program.write(to: source, atomically: true, encoding: .utf8)
        var arguments = ["swiftc", "-swift-version", "6", "-parse-as-library", "-Onone", source.path, "-o", directory.appendingPathComponent("program").path]
        if defaultMainActor { arguments += ["-default-isolation", "MainActor"] }
        if nonsending { arguments += ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"] }
        let compile = try Command.run(arguments)
        try #require(compile.status == 0, "the program must compile: \(compile.output)")
        let run = try Command.run([directory.appendingPathComponent("program").path])
        try #require(run.status == 0, "\(run.output)")

        var runtime: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { runtime[String(parts[0])] = String(parts[1]) }
        }
        let file = SourceFile(path: "Program.swift", text: Self.program)
        let module = ModuleSettings(name: "Runtime", defaultIsolation: defaultMainActor ? .mainActor : .nonisolated,
                                    features: nonsending ? [ModuleSettings.nonisolatedNonsendingByDefault] : [])
        let model = IsolationModel(file: file, module: module, index: ProjectIndex(files: [file]))
        var checked = 0
        for call in Self.reportCalls(in: file) {
            guard let id = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.segments.trimmedDescription else { continue }
            let isolation = model.isolation(at: call).isolation
            let predicted: String
            switch isolation {
            case .concurrent, .nonisolated: predicted = "none"
            case .caller, .mainActor, .globalActor, .actorInstance: predicted = "actor"
            case .unknown: predicted = "unknown"
            }
            #expect(runtime[id] == predicted, "\(id) (default MainActor: \(defaultMainActor), nonsending: \(nonsending)): ran with \(runtime[id] ?? "nothing"), actorlint says \(isolation.jsonValue)")
            checked += 1
        }
        #expect(checked == 17)
    }

    static func reportCalls(in file: SourceFile) -> [FunctionCallExprSyntax] {
        final class Finder: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if node.calleeName == "report" { calls.append(node) }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        return finder.calls
    }
}
