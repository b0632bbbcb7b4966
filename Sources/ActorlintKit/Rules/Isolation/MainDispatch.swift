import SwiftSyntax

/// A hop to the main thread written the GCD way, in any of its spellings:
/// `DispatchQueue.main.async { }`, `DispatchQueue.main.async(execute: { })`,
/// `OperationQueue.main.addOperation { }`, `RunLoop.main.perform { }`.
/// `asyncAfter` is a delay, not a hop, and is never one of these.
struct MainDispatch {
    let call: FunctionCallExprSyntax
    let body: ClosureExprSyntax
    /// The spelling, for messages: `DispatchQueue.main.async`.
    let spelling: String

    static let spellings: Set<String> = [
        "DispatchQueue.main.async", "OperationQueue.main.addOperation", "RunLoop.main.perform",
    ]
    /// A file with none of these words has none of the spellings.
    static let triggers = ["DispatchQueue", "OperationQueue", "RunLoop"]

    init?(_ call: FunctionCallExprSyntax) {
        guard call.calleeText(isOneOf: Self.spellings), let body = call.onlyClosure else { return nil }
        let callee = call.calleeText
        // `DispatchQueue.main.async(group:qos:flags:execute:)` with extra arguments is still a hop.
        self.call = call
        self.body = body
        self.spelling = callee
    }

    var isDispatchQueue: Bool { spelling == "DispatchQueue.main.async" }

    /// Every main dispatch in a file, outermost first. Three rules ask; found once per file.
    static func all(in file: SourceFile) -> [MainDispatch] {
        file.memo("MainDispatch.all") { file.functionCalls.compactMap(MainDispatch.init) }
    }

    /// The closure's statements re-indented to stand where the call stood, or nil when unwrapping
    /// would change meaning: a `return` would leave the enclosing function, and a capture list
    /// or parameters have no place outside the closure.
    func unwrappedBody() -> String? {
        guard body.signature == nil, !body.statements.containsReturn else { return nil }
        let statements = body.statements
        guard let first = statements.first else { return nil }
        return reindent(statements, removing: first.lineIndentation, adding: call.lineIndentation)
    }
}

extension CodeBlockItemListSyntax {
    /// A `return` at this level (not inside nested closures or functions).
    var containsReturn: Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }
}

extension IsolationResult {
    /// "`refresh()` runs on the main actor because `FeedModel` is declared `@MainActor` (Feed.swift:3)".
    func sentence(for context: String) -> String {
        let cause = because
        return "\(context) runs on \(isolation.phrase)\(cause.isEmpty ? "" : " because \(cause)")"
    }
}
