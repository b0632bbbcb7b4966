import SwiftSyntax

/// Which awaited work throws when its task is cancelled, and what it throws. Evidence only:
/// `Task.sleep` and `Task.checkCancellation()` throw `CancellationError`; URLSession's async API
/// throws `URLError(.cancelled)`; code that throws `CancellationError()` itself or bridges work
/// with `withTaskCancellationHandler` answers cancellation with an error; a function of the run
/// that lets one of those errors out (`try await` it, not caught or caught and rethrown) does
/// too. What is not known to — a synchronous `Process` run, a continuation over a callback API
/// with no cancellation handler, a stream that just ends, another library's call — is not.
struct CancellationKinds: OptionSet, Sendable, Hashable {
    let rawValue: Int
    /// `CancellationError`.
    static let cancellationError = CancellationKinds(rawValue: 1)
    /// `URLError` with code `.cancelled`.
    static let urlCancelled = CancellationKinds(rawValue: 2)
    /// An error of the code's own (a `withTaskCancellationHandler` whose work fails when cancelled).
    static let other = CancellationKinds(rawValue: 4)
}

enum CancellationThrows {
    /// Calls known to throw when their task is cancelled, by function key.
    static let leaves: [String: CancellationKinds] = [
        "Task.sleep": .cancellationError, "Task.checkCancellation": .cancellationError,
        "ContinuousClock.sleep": .cancellationError, "SuspendingClock.sleep": .cancellationError,
        "URLSession.data": .urlCancelled, "URLSession.download": .urlCancelled,
        "URLSession.upload": .urlCancelled, "URLSession.bytes": .urlCancelled,
        ".withTaskCancellationHandler": .other,
        // `throw CancellationError()` or `resume(throwing: CancellationError())` in the function.
        "CancellationError()": .cancellationError,
    ]

    /// How the message names a leaf.
    static func describe(leaf key: String) -> String {
        switch key {
        case "CancellationError()": return "`CancellationError()`"
        case ".withTaskCancellationHandler": return "`withTaskCancellationHandler`"
        default: return "`\(key)`"
        }
    }

    /// The references of the calls whose errors leave `root` (a function body, a `do` body)
    /// unchanged: tried and awaited (or `Task.checkCancellation()`) outside other tasks and
    /// shields, and not caught on the way by a `catch` that swallows or converts them. With
    /// `CancellationError()` when `root` throws one itself.
    static func escapingCalls(in root: some SyntaxProtocol, file: SourceFile) -> [(call: FunctionCallExprSyntax, ref: String)] {
        let facts = FileFacts(file)
        var found: [(FunctionCallExprSyntax, String)] = []
        for tried in collect(TryExprSyntax.self, in: root, within: .declaration) where tried.questionOrExclamationMark == nil {
            guard escapes(Syntax(tried), to: Syntax(root), facts: facts) else { continue }
            var calls = collect(AwaitExprSyntax.self, in: tried.expression, within: .context).compactMap { $0.expression.awaitedCall }
            if let direct = tried.expression.as(FunctionCallExprSyntax.self) { calls.append(direct) }
            for call in calls {
                if let ref = reference(of: call, in: file) { found.append((call, ref)) }
            }
        }
        // `throw CancellationError()`, or `resume(throwing: CancellationError())` in a continuation
        // that the function awaits with `try`.
        for call in collect(FunctionCallExprSyntax.self, in: root, within: .declaration) {
            guard call.calleeName == "CancellationError", call.arguments.isEmpty else { continue }
            var origin: Syntax?
            if call.parent?.is(ThrowStmtSyntax.self) == true {
                origin = Syntax(call)
            } else if call.parent?.as(LabeledExprSyntax.self)?.label?.text == "throwing" {
                origin = call.nearest(where: { node in
                    node.as(FunctionCallExprSyntax.self).map { ($0.calleeName ?? "").hasSuffix("Continuation") } ?? false
                })?.nearest(TryExprSyntax.self).map(Syntax.init)
            }
            if let origin, origin.isInside(root), escapes(origin, to: Syntax(root), facts: facts) {
                found.append((call, "CancellationError()"))
                break
            }
        }
        return found
    }

    /// A call's reference, with the standard library's free functions and `Task`'s statics named
    /// as such (`.withTaskCancellationHandler`, `Task.sleep`).
    static func reference(of call: FunctionCallExprSyntax, in file: SourceFile) -> String? {
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           name == "withTaskCancellationHandler" { return ".\(name)" }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base == "Task" {
            return "Task.\(member.declName.baseName.text)"
        }
        return CalleeRefs.of(call, in: file)
    }

    /// Whether an error thrown at `node` leaves `root`: it crosses only closures that run as
    /// part of the code around them, and every `do` on the way lets it through (no `catch`-all,
    /// and no clause about cancellation; or a `catch`-all that rethrows what it caught).
    static func escapes(_ node: Syntax, to root: Syntax, facts: FileFacts) -> Bool {
        var child = node
        var current = node.parent
        while let candidate = current, candidate.id != root.id {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                guard case .inherits = CancellationSource.kind(of: closure, facts: facts) else { return false }
                // A continuation's body is synchronous: what it throws does not leave the continuation.
                if let callee = closure.invocation?.call.calleeName, callee.hasSuffix("Continuation") { return false }
            }
            if let doStatement = candidate.as(DoStmtSyntax.self), doStatement.body.id == child.id,
               !doStatement.catchClauses.isEmpty, !letsThrough(doStatement) {
                return false
            }
            if candidate.isDeclarationBoundary { return false }
            child = candidate
            current = candidate.parent
        }
        return true
    }

    private static func letsThrough(_ doStatement: DoStmtSyntax) -> Bool {
        for clause in doStatement.catchClauses {
            let mentionsCancellation = clause.catchItems.tokens(viewMode: .sourceAccurate).contains {
                $0.text.contains("Cancel") || $0.text == "URLError"
            }
            if mentionsCancellation { return false }
            guard clause.catchItems.isEmpty || clause.catchItems.allSatisfy({ $0.whereClause == nil && isBinding($0.pattern) }) else {
                continue
            }
            // The catch-all: it lets the error through only by rethrowing what it caught, not
            // a value bound to the same name (`if let error = error as? AppError { throw error }`).
            let bound = clause.catchItems.first?.pattern.flatMap(boundName) ?? "error"
            let rebindings = collect(IdentifierPatternSyntax.self, in: clause.body, within: .context)
                .filter { $0.identifier.text == bound }
            return collect(ThrowStmtSyntax.self, in: clause.body, within: .context).contains { thrown in
                thrown.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == bound
                    && !rebindings.contains { $0.startOffset < thrown.startOffset }
            }
        }
        return true
    }

    private static func isBinding(_ pattern: PatternSyntax?) -> Bool {
        guard let pattern else { return true }
        return pattern.is(WildcardPatternSyntax.self) || boundName(pattern) != nil
    }

    private static func boundName(_ pattern: PatternSyntax) -> String? {
        pattern.as(ValueBindingPatternSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
}
