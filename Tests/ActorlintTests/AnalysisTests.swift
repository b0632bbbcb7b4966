@testable import ActorlintKit
import SwiftParser
import SwiftSyntax
import Testing

/// The analysis helpers the rules share, one question each, near misses included.
@Suite struct AnalysisTests {
    /// Every call of `code`, in source order.
    static func calls(_ code: String) -> [FunctionCallExprSyntax] {
        SourceFile(path: "T.swift", text: code).functionCalls
    }

    /// The first node of type `T` in `code` whose text is `text`.
    static func node<T: SyntaxProtocol>(_ type: T.Type, _ text: String, in code: String) throws -> T {
        let file = SourceFile(path: "T.swift", text: code)
        return try #require(collect(type, in: file.tree, within: .everything).first { $0.trimmedDescription == text })
    }

    // MARK: Tasks

    @Test(arguments: [
        ("Task { }", "Task", false),
        ("Task(priority: .high) { }", "Task", false),
        ("Task(name: \"load\") { }", "Task", false),
        ("Task(name: \"load\", priority: .low, operation: { })", "Task", false),
        ("Task.init { }", "Task", false),
        ("Task<Int, Never> { 1 }", "Task", false),
        ("Task<Int, LoadError> { () throws(LoadError) -> Int in 1 }", "Task", false),
        ("Task { () throws(LoadError) in try load() }", "Task", false),
        ("Task(name: \"load\", priority: .high) { }", "Task", false),
        ("Task.detached(name: \"n\") { }", "Task.detached", true),
        ("Task.immediateDetached(name: \"n\", priority: .low) { }", "Task.immediateDetached", true),
        ("Task<Void, Never>.init(priority: .high) { }", "Task", false),
        ("Task.detached { }", "Task.detached", true),
        ("Task.detached(priority: .background) { }", "Task.detached", true),
        ("Task<Void, Never>.detached { }", "Task.detached", true),
        ("Task . detached { }", "Task.detached", true),
        ("Task.immediate { }", "Task.immediate", false),
        ("Task.immediate(name: \"n\", priority: .high) { }", "Task.immediate", false),
        ("Task.immediateDetached { }", "Task.immediateDetached", true),
        ("Task<Int, any Error>.immediateDetached(priority: .low) { 1 }", "Task.immediateDetached", true),
    ])
    func recognizesEveryWayToCreateATask(code: String, spelling: String, detached: Bool) throws {
        let call = try #require(Self.calls(code).first)
        let task = try #require(TaskCreation(call), "\(code)")
        #expect(task.spelling == spelling)
        #expect(task.isDetached == detached)
        #expect(TaskCreation(body: task.body)?.call.id == call.id)
    }

    @Test(arguments: [
        "MyTask { }", "Tasks.detached { }", "Taskforce.detached { }", "Task.detachedLater { }", "Task.immediately { }",
        "Task.sleep(for: .seconds(1))", "Task.yield()", "task { }", "view.task { }", "group.addTask { }",
        "TaskGroup { }", "Task(operation: work)", "Task.detached(operation: work)", "Task.isCancelled()",
        "withTaskCancellationShield { }", "group.addImmediateTask { }", "Task.immediate(operation: work)",
    ])
    func leavesNearMissesAlone(code: String) {
        #expect(Self.calls(code).allSatisfy { TaskCreation($0) == nil }, "\(code)")
    }

    @Test func aTaskBodyIsOnlyTheClosureTheTaskRuns() throws {
        let code = "Task(priority: compute { 1 }) { work() }"
        let inner = try Self.node(ClosureExprSyntax.self, "{ 1 }", in: code)
        let body = try Self.node(ClosureExprSyntax.self, "{ work() }", in: code)
        #expect(TaskCreation(body: inner) == nil)
        #expect(TaskCreation(body: body) != nil)
    }

    // MARK: Where a closure goes

    @Test func aClosureKnowsTheCallItIsHandedAndItsLabel() throws {
        let code = """
            load { }
            fetch(onDone: { })
            animate { } completion: { }
            let x = { }()
            """
        let trailing = try Self.node(ClosureExprSyntax.self, "{ }", in: "load { }")
        #expect(trailing.invocation?.call.calleeName == "load" && trailing.invocation?.label == nil)
        let file = SourceFile(path: "T.swift", text: code)
        let closures = file.closures
        #expect(closures.map { $0.invocation?.call.calleeName } == ["load", "fetch", "animate", "animate", nil])
        #expect(closures.map { $0.invocation?.label } == [nil, "onDone", nil, "completion", nil])
    }

    // MARK: Walks

    static let nested = """
        func outer() async {
            await a()
            let closure = { await b() }
            func local() async { await c() }
            struct Local { func method() async { await d() } }
            var computed: Int { get async { await e() } }
            for await x in stream { await f(x) }
        }
        """

    @Test func collectGoesAsFarAsItsReach() throws {
        let function = try #require(SourceFile(path: "T.swift", text: Self.nested).shared(FunctionDeclSyntax.self).first)
        func awaited(_ reach: Reach) -> [String] {
            collect(AwaitExprSyntax.self, in: function, within: reach).map(\.expression.trimmedDescription)
        }
        #expect(awaited(.context) == ["a()", "f(x)"])
        #expect(awaited(.declaration) == ["a()", "b()", "f(x)"])
        #expect(awaited(.everything) == ["a()", "b()", "c()", "d()", "e()", "f(x)"])
        // A nested closure can match at the boundary; a nested declaration cannot.
        #expect(collect(ClosureExprSyntax.self, in: function, within: .context).count == 1)
        #expect(collect(FunctionDeclSyntax.self, in: function, within: .context).map(\.name.text) == ["outer"])
        #expect(function.body!.containsAwait)
        let closure = try Self.node(ClosureExprSyntax.self, "{ await b() }", in: Self.nested)
        #expect(closure.statements.containsAwait)
    }

    @Test func containsAwaitLooksOnlyAtTheCodeItself() throws {
        let code = """
            let a = { func later() async { await x() }; return 1 }
            let b = { for await y in s { print(y) } }
            let c = { Task { await z() } }
            """
        let closures = SourceFile(path: "T.swift", text: code).closures
        #expect(closures.map(\.statements.containsAwait) == [false, true, false, true])
    }

    @Test func declarationBoundariesAreTheDeclarationsWithBodiesOfTheirOwn() {
        let code = """
            struct S {
                init() {}
                deinit {}
                subscript(i: Int) -> Int { i }
                var p: Int { 1 }
                let q = 1
                func f() { let local = 2 }
            }
            extension S {}
            """
        let tree = Parser.parse(source: code)
        let boundaries = collect(in: tree, within: .everything) { $0.isDeclarationBoundary }.map(\.kind)
        #expect(boundaries == [.structDecl, .initializerDecl, .deinitializerDecl, .subscriptDecl, .accessorBlock,
                               .accessorBlock, .functionDecl, .extensionDecl])
        // Variables and closures are not: a stored property's and a local's value run right there.
        #expect(!collect(in: tree, within: .everything) { $0.is(VariableDeclSyntax.self) }.contains { $0.isDeclarationBoundary })
        let closures = collect(in: Parser.parse(source: "let x = { }"), within: .everything) { $0.kind == .closureExpr }
        #expect(closures.count == 1 && closures[0].isContextBoundary && !closures[0].isDeclarationBoundary)
    }

    @Test func nearestStopsAtItsReach() throws {
        let code = """
            func f() {
                items.forEach { item in
                    struct Inner { func g() { print(item) } }
                    print(item)
                }
            }
            """
        let prints = Self.calls(code).filter { $0.calleeName == "print" }
        try #require(prints.count == 2)
        let (inner, outerPrint) = (prints[0], prints[1])
        // From inside `g`: the closure is beyond `g`'s declaration.
        #expect(inner.enclosingClosure == nil)
        #expect(inner.nearest(ClosureExprSyntax.self) != nil)
        #expect(inner.nearest(FunctionDeclSyntax.self)?.name.text == "g")
        #expect(outerPrint.enclosingClosure != nil)
        #expect(outerPrint.nearest(FunctionDeclSyntax.self, within: .context) == nil)
        #expect(outerPrint.nearest(FunctionDeclSyntax.self, within: .declaration)?.name.text == "f")
        // `orSelf` asks the node itself first; the node is never a boundary for itself.
        let closure = try #require(outerPrint.enclosingClosure)
        #expect(closure.nearest(ClosureExprSyntax.self, orSelf: true)?.id == closure.id)
        #expect(closure.nearest(ClosureExprSyntax.self) == nil)
        #expect(closure.nearest(CodeBlockItemSyntax.self, orSelf: true, within: .context) != nil)
        #expect(outerPrint.isInside(closure) && !closure.isInside(outerPrint) && closure.isInside(closure))
    }

    // MARK: Test code

    @Test(arguments: [
        ("Tests/AppTests/LoginTests.swift", "func f() {}", true),
        ("Sources/App/Mocks/Store.swift", "func f() {}", true),
        ("Sources/App/TestSupport/Store.swift", "func f() {}", true),
        ("Sources/App/StoreMock.swift", "func f() {}", true),
        ("Sources/App/Login.swift", "import XCTest\nfunc f() {}", true),
        ("Sources/App/Login.swift", "import Testing\nfunc f() {}", true),
        ("Sources/App/Login.swift", "struct MockStore { func f() {} }", true),
        ("Sources/App/Login.swift", "extension StubClient { func f() {} }", true),
        ("Sources/App/Login.swift", "final class SpyDelegate { struct Inner { func f() {} } }", true),
        // A test shown without its import (as in a rule's examples).
        ("Sources/App/Login.swift", "final class LoginTests: XCTestCase { func testA() { f() }; func f() {} }", true),
        ("Sources/App/Login.swift", "@Test func loads() async {}", true),
        ("Sources/App/Login.swift", "@Suite struct Checks { func f() {} }", true),
        // Near misses: app code that only sounds like tests.
        ("Sources/App/Login.swift", "func f() {}", false),
        ("Sources/App/Login.swift", "func testConnection() { f() }\nfunc f() {}", false),
        ("Sources/Testimonials/Login.swift", "func f() {}", false),
        ("Sources/App/Login.swift", "import XCTestDynamicOverlay\nfunc f() {}", false),
        ("Sources/App/Login.swift", "struct Mockingbird { func f() {} }", false),
        ("Sources/App/Contest.swift", "func f() {}", false),
    ])
    func testCodeIsTheTestFilesAndTheTestDoubles(path: String, code: String, isTest: Bool) throws {
        let file = SourceFile(path: path, text: code)
        let function = try #require(file.shared(FunctionDeclSyntax.self).last)
        #expect(TestCode.contains(function, in: file) == isTest)
    }
}
