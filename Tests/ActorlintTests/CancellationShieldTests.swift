@testable import ActorlintKit
import SwiftSyntax
import Testing

/// `withTaskCancellationShield { }` (SE-0504): code inside it does not see its task's
/// cancellation, so the cancellation rules treat it as code no cancellation reaches, and a
/// function awaited only inside a shield is not reached by the cancellation of the caller's task.
@Suite struct CancellationShieldTests {
    static func findings(_ code: String, rule id: String) -> [Finding] {
        Linter(ruleIDs: [id]).findings(in: SourceFile(path: "Example.swift", text: code), module: .plainSwift6)
            .filter { $0.ruleID == id }
    }

    /// The same `catch` in a `.task` closure, in and out of a shield.
    static func screen(shielded: Bool) -> String {
        let body = """
            do {
                try await store.save()
            } catch {
                failure = error
            }
            """
        let wrapped = shielded ? "await withTaskCancellationShield {\n\(body)\n}" : body
        return """
            struct EditorScreen: View {
                let store: Store
                @State private var failure: Error?
                var body: some View {
                    Text("").task {
                        \(wrapped)
                    }
                }
            }
            """
    }

    @Test func aCatchInsideAShieldNeverSeesCancellation() {
        #expect(Self.findings(Self.screen(shielded: false), rule: "cancellation-shown-as-error").count == 1)
        #expect(Self.findings(Self.screen(shielded: true), rule: "cancellation-shown-as-error").isEmpty)
    }

    @Test func theShieldIsTheClosureOfItsOwnKind() throws {
        let code = "func f() async { await withTaskCancellationShield { await g() } }\nfunc h() async { await withTaskCancellationHandler { await g() } onCancel: { } }"
        let file = SourceFile(path: "T.swift", text: code)
        let facts = FileFacts(file)
        let kinds = file.closures.map { closure -> String in
            switch CancellationSource.kind(of: closure, facts: facts) {
            case .shielded: "shielded"
            case .inherits: "inherits"
            default: "other"
            }
        }
        #expect(kinds == ["shielded", "inherits", "inherits"])
    }

    /// A function awaited from a `.task` closure is reached by its cancellation, unless it is
    /// awaited only inside a shield; the reach does not go through the shield to what it calls.
    @Test func theReachStopsAtAShield() {
        let code = """
            struct Screen: View {
                let model: Model
                var body: some View {
                    Text("").task {
                        await model.load()
                        await withTaskCancellationShield { await model.flush() }
                    }
                }
            }
            """
        let reach = CancellationReach([CancellationReach.FileContribution(SourceFile(path: "Screen.swift", text: code))])
        #expect(reach.reason(forFunction: "load") != nil)
        #expect(reach.reason(forFunction: "flush") == nil)
    }

    @Test func aLoopInsideAShieldNeedsNoCancellationCheck() {
        let loop = "while true { await queue.processNext() }"
        let plain = "func pump(queue: Queue) async {\n\(loop)\n}"
        let shielded = "func pump(queue: Queue) async {\nawait withTaskCancellationShield {\n\(loop)\n}\n}"
        #expect(Self.findings(plain, rule: "loop-without-cancellation-check").count == 1)
        #expect(Self.findings(shielded, rule: "loop-without-cancellation-check").isEmpty)
    }

    @Test func theShieldKeepsItsCallersIsolation() throws {
        let code = """
            @MainActor final class Model {
                func save() async {
                    await withTaskCancellationShield { render() }
                }
                func render() {}
            }
            """
        let file = SourceFile(path: "T.swift", text: code)
        let model = IsolationModel(file: file, module: .plainSwift6, index: ProjectIndex(files: [file]))
        let closure = try #require(file.closures.first)
        #expect(model.isolation(of: ExecutionContext(kind: .closure, node: Syntax(closure))).isolation == .mainActor)
    }
}
