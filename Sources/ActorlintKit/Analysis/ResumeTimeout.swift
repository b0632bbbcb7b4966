import SwiftSyntax

/// A timeout in a `with…Continuation` body: a closure that waits for a delay and then resumes
/// the continuation (`Task { try? await Task.sleep(for: timeout); … resume … }`,
/// `DispatchQueue.main.asyncAfter(deadline:) { … }`, a `DispatchWorkItem` scheduled that way, a
/// non-repeating `Timer`). Where one exists, a path that does not resume waits for the timeout,
/// not forever, and cancelling leaves the awaiting task waiting only that long.
enum ResumeTimeout {
    /// Whether `body` holds a timeout closure that uses one of `names` (the continuation, the
    /// property it is kept in) or calls a function named for resuming (`resumeConnection(…)`).
    static func exists(in body: ClosureExprSyntax, using names: Set<String>) -> Bool {
        let scheduled = Set(collect(FunctionCallExprSyntax.self, in: body, within: .declaration).compactMap { call -> String? in
            guard call.calleeName == "asyncAfter" else { return nil }
            return call.arguments.first { $0.label?.text == "execute" }?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        })
        return collect(ClosureExprSyntax.self, in: body, within: .declaration).contains { closure in
            isDelayed(closure, scheduled: scheduled) && resumes(closure, names)
        }
    }

    private static func isDelayed(_ closure: ClosureExprSyntax, scheduled: Set<String>) -> Bool {
        if let call = closure.invocation?.call {
            if call.calleeName == "asyncAfter" { return true }
            if call.calleeName == "scheduledTimer" || call.calleeText == "Timer" {
                return !call.arguments.contains { $0.label?.text == "repeats" && $0.expression.trimmedText == "true" }
            }
            // `let deadline = DispatchWorkItem { … }` handed to `asyncAfter(deadline:execute:)`.
            if call.calleeName == "DispatchWorkItem", let binding = call.nearest(PatternBindingSyntax.self),
               let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                return scheduled.contains(name)
            }
            // A task that sleeps first.
            if let task = TaskCreation(call), task.body.id == closure.id, let first = closure.statements.first {
                return contains(in: first, within: .context) { node in
                    node.as(FunctionCallExprSyntax.self)?.calleeName == "sleep"
                }
            }
        }
        return false
    }

    private static func resumes(_ closure: ClosureExprSyntax, _ names: Set<String>) -> Bool {
        contains(in: closure, within: .context) { node in
            if let reference = node.as(DeclReferenceExprSyntax.self), names.contains(reference.baseName.text) { return true }
            return node.as(FunctionCallExprSyntax.self)?.calleeName?.lowercased().contains("resume") == true
        }
    }
}
