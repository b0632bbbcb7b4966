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

    /// A comment on the dispatch's line, the line above, or right after its `{` says why it
    /// defers: an explained deferral is deliberate, not a habit.
    var isJustified: Bool {
        let leading = call.leadingTrivia.contains { $0.isComment }
        return leading || commentEndsFirstLine || enclosingStatementIsCommented
    }

    /// `DispatchQueue.main.async { [weak self] in // Fixes #12`: a comment after `{` (or after the
    /// closure's `in`), before the first statement.
    private var commentEndsFirstLine: Bool {
        let opening = body.signature.map { Syntax($0.inKeyword) } ?? Syntax(body.leftBrace)
        guard let token = opening.lastToken(viewMode: .sourceAccurate) else { return false }
        let next = token.nextToken(viewMode: .sourceAccurate)
        // A comment opening the body (on the same line or the next) explains the body as a whole.
        return token.trailingTrivia.contains { $0.isComment } || (next?.leadingTrivia.contains { $0.isComment } ?? false)
    }

    /// `// Done async so this method returns first` above the `if` that holds the dispatch.
    private var enclosingStatementIsCommented: Bool {
        var current = call.parent
        while let node = current, !node.is(CodeBlockSyntax.self) || node.parent?.is(FunctionDeclSyntax.self) == false {
            if let item = node.as(CodeBlockItemSyntax.self), item.item.as(ExpressionStmtSyntax.self)?.expression.is(IfExprSyntax.self) == true
                || item.item.is(IfExprSyntax.self) || item.item.is(GuardStmtSyntax.self) || item.item.is(SwitchExprSyntax.self) {
                if item.leadingTrivia.contains(where: \.isComment) { return true }
            }
            if node.is(ClosureExprSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// The async function, task or async closure whose body the dispatch belongs to, through
    /// closures that run on the spot (`forEach`, `map`, `withAnimation`). A callback (a Combine
    /// `sink`, a completion handler, a continuation's body) is synchronous code that runs when it
    /// is called: no `await` is possible there, and it is not the async code around it.
    var asyncCode: ExecutionContext? {
        var context = ExecutionContext.innermost(containing: Syntax(call))
        while !context.isAsync {
            guard context.kind == .closure, let owner = context.node?.as(ClosureExprSyntax.self)?.invocation?.call,
                  let method = owner.calleeName,
                  Catalogue.synchronousClosureMethods.contains(method) || ["withAnimation", "autoreleasepool"].contains(method),
                  let parent = context.parent else { return nil }
            context = parent
        }
        return context
    }

    /// The dispatch is in the `else` of `if Thread.isMainThread` (or the `if` of `!isMainThread`).
    var isOffMainBranch: Bool {
        var current = call.parent
        while let node = current, !node.is(ClosureExprSyntax.self), !node.is(FunctionDeclSyntax.self) {
            if let branch = node.as(IfExprSyntax.self), branch.conditions.trimmedText.contains("isMainThread") { return true }
            current = node.parent
        }
        return false
    }

    /// In code a SwiftUI view runs while it updates (its `body`, a property or function that
    /// returns a view, and the builder closures in them), a main-queue hop is the standard way to
    /// move a state change out of the update. A user action (`Button`, `.onTapGesture`…) or a
    /// helper method that returns no view is not an update, so a hop there is as redundant as
    /// anywhere.
    var isInSwiftUIViewCode: Bool {
        var current = call.parent
        var inUpdate = false
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self), let owner = closure.invocation?.call,
               let name = owner.calleeName, Catalogue.swiftUIModifiers.contains("." + name) || owner.calleeText == "Button" {
                return false
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                guard let result = function.signature.returnClause?.type.trimmedText, result.hasSuffix("View") else { return false }
                inUpdate = true
            }
            if let binding = node.as(PatternBindingSyntax.self), binding.typeAnnotation?.type.trimmedText.hasSuffix("View") == true {
                inUpdate = true
            }
            if node.is(MemberBlockSyntax.self) { return inUpdate }
            current = node.parent
        }
        return false
    }

    static let swiftUIViewProtocols: Set<String> = [
        "View", "ViewModifier", "UIViewRepresentable", "UIViewControllerRepresentable",
        "NSViewRepresentable", "NSViewControllerRepresentable",
    ]

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
