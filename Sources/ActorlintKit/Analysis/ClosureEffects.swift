import SwiftSyntax

// What a closure's body does that decides where it can be moved: whether an error can leave
// it, and what the comments around a piece of code say.

extension ClosureExprSyntax {
    /// Whether an error can leave the closure's body: a `try` (not `try?` or `try!`), a `throw`
    /// or a `for try await` outside a `do` whose last `catch` catches everything, or a signature
    /// that says `throws`. Nested closures and declarations throw to their own callers.
    var throwsOutOfBody: Bool {
        if signature?.effectSpecifiers?.throwsClause != nil { return true }
        return contains(in: statements, within: .context) { node in
            let throwing = node.as(TryExprSyntax.self).map { $0.questionOrExclamationMark == nil }
                ?? (node.is(ThrowStmtSyntax.self) || node.as(ForStmtSyntax.self)?.tryKeyword != nil)
            guard throwing else { return false }
            // Caught when a `do` around it (inside this closure) ends with a catch-all clause,
            // and the node is in the `do` body, not in one of its clauses.
            var current = node.parent
            var child = node
            while let parent = current, parent.id != self.id {
                if let statement = parent.as(DoStmtSyntax.self), statement.body.id == child.id,
                   let last = statement.catchClauses.last, last.catchItems.allSatisfy(\.catchesEverything) {
                    return false
                }
                child = parent
                current = parent.parent
            }
            return true
        }
    }
}

extension CatchItemSyntax {
    /// `catch`, `catch let error`, `catch let e as any Error`: no pattern that could fail to match.
    fileprivate var catchesEverything: Bool {
        guard let pattern else { return whereClause == nil }
        guard whereClause == nil else { return false }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return binding.pattern.is(IdentifierPatternSyntax.self) || binding.pattern.is(WildcardPatternSyntax.self)
        }
        return pattern.is(WildcardPatternSyntax.self)
    }
}

extension SyntaxProtocol {
    /// The texts of the comments in this node's tokens (their leading and trailing trivia),
    /// lowercased.
    var commentTexts: [String] {
        tokens(viewMode: .sourceAccurate).flatMap { token in
            (token.leadingTrivia + token.trailingTrivia).filter(\.isComment).map { $0.commentText.lowercased() }
        }
    }
}
