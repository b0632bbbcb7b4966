import SwiftSyntax

// How closures capture `self`, and how the APIs that take them keep them.

extension ClosureExprSyntax {
    var captureItems: [ClosureCaptureSyntax] { signature?.capture.map { Array($0.items) } ?? [] }

    /// The `weak self` entry of the capture list.
    var weakSelfCapture: ClosureCaptureSyntax? {
        captureItems.first { $0.isSelf && $0.specifier?.specifier.tokenKind == .keyword(.weak) }
    }

    /// `[weak self]` or `[unowned self]`: the closure does not keep self alive.
    var capturesSelfWithoutOwning: Bool {
        captureItems.contains { capture in
            guard capture.isSelf, let specifier = capture.specifier?.specifier.tokenKind else { return false }
            return specifier == .keyword(.weak) || specifier == .keyword(.unowned)
        }
    }

    /// Whether `self` is a weak reference in this closure's code: its own capture list, or the
    /// nearest enclosing closure that captures `self`, says `weak`.
    var seesWeakSelf: Bool {
        var current: ClosureExprSyntax? = self
        while let closure = current {
            if let capture = closure.captureItems.first(where: \.isSelf) {
                return capture.specifier?.specifier.tokenKind == .keyword(.weak)
            }
            current = closure.enclosingClosure
        }
        return false
    }

    /// `[self]`: an explicit, deliberate strong capture.
    var capturesSelfStrongExplicitly: Bool {
        captureItems.contains { $0.isSelf && $0.specifier == nil }
    }
}

extension ClosureCaptureSyntax {
    /// `self`, `weak self`, `unowned self`, `weak self = self`.
    var isSelf: Bool {
        guard name.tokenKind == .keyword(.self) || name.text == "self" else { return false }
        guard let value = initializer?.value else { return true }
        return value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }
}

/// How a closure relates to the lifetime of what it captures.
enum ClosureRole {
    /// The body of a `Task`: held until the task finishes.
    case task(TaskCreation)
    /// Runs before the call that takes it returns; captures nothing beyond that.
    case nonEscaping
    /// Queued to run once, right away (`DispatchQueue.main.async`): it holds its captures only
    /// until the queue gets to it, like a task body that ends.
    case runsOnce
    /// Stored or called later by the API that takes it: it keeps its captures alive meanwhile.
    case escaping
    /// A local `let handler = { }` or something else actorlint cannot place.
    case unknown
}

/// Closure-taking APIs that never keep their closure: collection algorithms, scoped helpers,
/// structured-concurrency bodies and continuation bodies. Keyed by the last name of the callee.
let knownNonEscapingCallees: Set<String> = [
    // Sequence and collection algorithms.
    "map", "flatMap", "compactMap", "filter", "forEach", "reduce", "sorted", "sort", "first", "last",
    "firstIndex", "lastIndex", "contains", "allSatisfy", "min", "max", "partition", "removeAll",
    "drop", "prefix", "split", "mapValues", "compactMapValues", "count", "elementsEqual",
    "starts", "lexicographicallyPrecedes",
    // Structured concurrency and continuations: the body finishes before the call returns.
    "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation", "withTaskCancellationHandler", "withTaskPriorityEscalationHandler",
    "withTaskCancellationShield",
    "withValue",
    // Scoped helpers.
    "run", "assumeIsolated", "sync", "synchronized", "performAndWait", "withLock", "withLockUnchecked", "withExtendedLifetime",
    "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafePointer", "withUnsafeMutablePointer",
    "withUnsafeBytes", "withUnsafeMutableBytes", "autoreleasepool", "withAnimation", "withTransaction",
    "withoutActuallyEscaping", "performWithoutAnimation",
]

/// Closure-taking APIs that queue their closure to run exactly once, soon, and then release it:
/// Dispatch and `OperationQueue`. Keyed by the last name of the callee.
let runOnceCallees: Set<String> = ["async", "asyncAfter", "addOperation"]

extension ClosureExprSyntax {
    func role(_ facts: FileFacts) -> ClosureRole {
        if let task = TaskCreation(body: self) { return .task(task) }
        if let (call, label) = invocation {
            // `lazy.map { }` keeps its closure until the sequence is iterated.
            let lazyBase = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText
                .hasSuffix("lazy") ?? false
            if let name = call.calleeName, knownNonEscapingCallees.contains(name), !lazyBase { return .nonEscaping }
            if let name = call.calleeName, runOnceCallees.contains(name), call.calledExpression.is(MemberAccessExprSyntax.self) {
                return .runsOnce
            }
            if let name = call.calleeName, let escaping = declaredClosureEscaping(name, facts) {
                return escaping ? .escaping : .nonEscaping
            }
            if let name = call.calleeName, isScopedHelper(name, label: label) { return .nonEscaping }
            return .escaping
        }
        // `{ … }()`: called on the spot.
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return .nonEscaping }
        // `self.onChange = { }` / `onChange = { }`: stored in the object.
        if let assigned = assignmentTarget(of: ExprSyntax(self)), assigned.isPropertyReference { return .escaping }
        return .unknown
    }

    /// `withLock { }`, `withDependencies { }`, `withKnownIssue { }`: by Swift's naming convention
    /// a `with…` function runs its body before it returns. Only the body (the unlabelled closure,
    /// `operation:` or `body:`), not a handler such as `withObservationTracking`'s `onChange:`.
    private func isScopedHelper(_ name: String, label: String?) -> Bool {
        guard name.hasPrefix("with"), name.count > 4, name.dropFirst(4).first?.isUppercase == true else { return false }
        return label == nil || label == "operation" || label == "body"
    }

    /// For a function named `name` declared in this file: whether its closure parameters escape.
    /// Nil when the file declares no such function.
    private func declaredClosureEscaping(_ name: String, _ facts: FileFacts) -> Bool? {
        let closureParameters = (facts.functions[name] ?? []).flatMap(\.signature.parameterClause.parameters).filter {
            $0.type.trimmedText.contains("->")
        }
        guard !closureParameters.isEmpty else { return nil }
        return closureParameters.contains { $0.type.trimmedText.contains("@escaping") }
    }
}

extension Syntax {
    /// `self` or `super`.
    var isExplicitSelf: Bool {
        self.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) || `is`(SuperExprSyntax.self)
    }

    /// Inside a closure below `outer` that captures `self` itself: that `self` is not `outer`'s.
    func isInOwnCapture(of outer: ClosureExprSyntax) -> Bool {
        var current = enclosingClosure
        while let nested = current, nested.id != outer.id {
            if nested.captureItems.contains(where: \.isSelf) { return true }
            current = nested.enclosingClosure
        }
        return false
    }
}
