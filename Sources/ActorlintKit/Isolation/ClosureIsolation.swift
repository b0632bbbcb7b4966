import SwiftSyntax

/// Closures: explicit attributes first, then what the API that receives the closure does with
/// it (the catalogue), then the closure's own type, else inheritance from the enclosing code.
/// A callback that an API calls later keeps its context's static isolation, but runs on the
/// thread the API calls it on (`RunTimeThread`).
extension IsolationModel {
    func closure(_ closure: ClosureExprSyntax) -> IsolationResult {
        let here = { (message: String) in self.reason(message, at: closure) }
        if let attributes = closure.signature?.attributes,
           case .globalActor(let actor)? = explicit(attributes, nil) {
            return IsolationResult(global(actor), reasons: [here("the closure is declared `@\(actor)`")])
        }
        guard let (call, label) = closure.invocation else { return plainClosure(closure) }
        let behaviour = Self.behaviour(of: call, callee: call.calleeText) ?? projectBehaviour(of: call, label: label)
        let callee = call.calleeLabel
        switch behaviour?.kind {
        case .mainActor?:
            return IsolationResult(.mainActor, reasons: [here(behaviour!.note)])
        case .nonisolated?:
            var result = IsolationResult(closure.isAsync ? .concurrent : .nonisolated, reasons: [here(behaviour!.note)])
            result.thread = sendableBlockThread(closure, call: call)
            return result
        case .inherits?:
            guard behaviour!.callsLater else { return inherit(closure, note: behaviour!.note) }
            var result = callback(closure, note: behaviour!.note, caller: callee)
            if Catalogue.publisherCallbacks.contains("." + (call.calleeName ?? "")) {
                result.thread = publisherThread(call, closure: closure)
            }
            return result
        case .taskInherits?:
            return task(closure, note: behaviour!.note, spelling: TaskCreation(call)?.spelling ?? "Task")
        case nil:
            var parent = enclosing(closure)
            // Inheriting "nonisolated" and being nonisolated are the same thing for synchronous code.
            if parent.isolation == .nonisolated, !closure.isAsync {
                parent.reasons.insert(here("the closure passed to `\(callee)` is nonisolated whether or not it inherits its context"), at: 0)
                return parent
            }
            return IsolationResult(.unknown("closure passed to `\(callee)`, which actorlint's catalogue does not know"), reasons: [
                here("actorlint does not know whether `\(callee)` runs this closure in its caller's context, on the main actor, or elsewhere"),
            ])
        }
    }

    struct Behaviour {
        var kind: Catalogue.ClosureBehaviour
        var note: String
        /// The API keeps the closure and calls it after it returns (a Combine `sink`, an
        /// `@escaping` completion handler), rather than before it returns.
        var callsLater = false
    }

    static func behaviour(of call: FunctionCallExprSyntax, callee: String) -> Behaviour? {
        if let task = TaskCreation(call) {
            return task.isDetached
                ? Behaviour(kind: .nonisolated, note: "`\(task.spelling) { }` inherits no isolation")
                : Behaviour(kind: .taskInherits, note: "`\(task.spelling) { }` inherits the isolation of the context that creates it")
        }
        let name = call.calleeName.map { "." + $0 } ?? ""
        for entry in Catalogue.closureAPIs where entry.callee == callee || (entry.callee.hasPrefix(".") && entry.callee == name) {
            return Behaviour(kind: entry.behaviour, note: entry.note, callsLater: Catalogue.publisherCallbacks.contains(entry.callee))
        }
        if let note = Catalogue.mainThreadBlocks[callee] {
            return Behaviour(kind: .nonisolated, note: "the block is `@Sendable`, so the compiler treats it as nonisolated, though \(note)")
        }
        if Catalogue.swiftUIModifiers.contains(name), call.calledExpression.is(MemberAccessExprSyntax.self) {
            return Behaviour(kind: .mainActor, note: "SwiftUI runs `\(name)` actions on the main actor")
        }
        if Catalogue.swiftUIBuilders.contains(callee) {
            return Behaviour(kind: .inherits, note: "SwiftUI's `\(callee)` builds its content in the view's context")
        }
        if let method = call.calleeName, Catalogue.synchronousClosureMethods.contains(method) {
            return Behaviour(kind: .inherits, note: "`\(method)` runs the closure synchronously, before it returns")
        }
        // Any other dispatch queue: the closure runs on that queue, not on an actor.
        if let method = call.calleeName, ["async", "asyncAfter", "sync"].contains(method),
           let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText,
           base.lowercased().contains("queue"), !base.hasSuffix(".main") {
            return Behaviour(kind: .nonisolated, note: "`\(base)` runs the closure on a dispatch queue, not on an actor")
        }
        return nil
    }

    /// How the module's own function or initializer treats the closure, from its parameter
    /// types; nil when the callee is not the module's or its overloads disagree.
    func projectBehaviour(of call: FunctionCallExprSyntax, label: String?) -> Behaviour? {
        let key: String?
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            key = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            // `Type.init { }` or `.method { }`.
            key = member.declName.baseName.text == "init" ? member.base?.trimmedText : member.declName.baseName.text
        } else {
            key = nil
        }
        guard let key, let parameters = index.closureParameters(named: key), !parameters.isEmpty else { return nil }
        // A trailing closure fills a closure parameter; a labeled one, the parameter with that label.
        let candidates = label.map { label in parameters.filter { $0.label == label } } ?? parameters
        guard let first = candidates.first, candidates.allSatisfy({ $0.behaviour == first.behaviour }) else { return nil }
        // Overloads that disagree on escaping (a completion handler beside an async twin) may
        // call it later.
        return Behaviour(kind: first.behaviour, note: "`\(key)` is declared in this module and \(first.note)",
                         callsLater: candidates.contains { $0.isEscaping })
    }

    /// The isolation of the code around a closure.
    func enclosing(_ closure: ClosureExprSyntax) -> IsolationResult {
        guard let parent = closure.parent else { return isolation(of: ExecutionContext(kind: .topLevel, node: nil)) }
        return isolation(of: ExecutionContext.innermost(containing: parent))
    }

    private func inherit(_ closure: ClosureExprSyntax, note: String) -> IsolationResult {
        var parent = enclosing(closure)
        parent.reasons.insert(reason(note, at: closure), at: 0)
        return parent
    }

    /// A synchronous closure kept and called later has its context's static isolation, except
    /// that code around it which is async and nonisolated gives it none: it runs on the thread
    /// that calls it, not on the executor the async code runs on.
    private func callback(_ closure: ClosureExprSyntax, note: String, caller: String?) -> IsolationResult {
        var parent = enclosing(closure)
        guard !closure.isAsync, parent.isolation == .concurrent || parent.isolation == .caller else {
            parent.reasons.insert(reason(note, at: closure), at: 0)
            return parent
        }
        let later = caller.map { "`\($0)` calls it later" } ?? "it is called later"
        return IsolationResult(.nonisolated, reasons: [reason(
            "\(note); it is synchronous and \(later), so it runs on the thread that calls it, not on the executor of the async code around it",
            at: closure)] + parent.reasons)
    }

    /// A closure not passed to a call: its declared type decides, else it inherits its context.
    private func plainClosure(_ closure: ClosureExprSyntax) -> IsolationResult {
        if let binding = closure.parent?.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
            if let behaviour = ProjectIndex.ClosureParameter.behaviour(of: type) {
                return typed(closure, behaviour.0, note: "the closure's declared type: " + behaviour.1)
            }
        }
        // `object.onChange = { … }`: the property's declared type decides, and it is stored to be
        // called later, from wherever.
        if let sequence = closure.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == closure.id {
                let target = elements[0]
                let name = target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.trimmedText
                if let property = index.closureProperty(named: name) {
                    return typed(closure, property.behaviour, note: "`\(name)` is declared in this module and \(property.note)")
                }
                return IsolationResult(.unknown("closure stored into `\(target.trimmedText)`, whose type actorlint does not know"), reasons: [
                    reason("the closure is stored into `\(target.trimmedText)` to be called later; its declared type decides where it runs", at: closure),
                ])
            }
        }
        return callback(closure, note: "the closure is formed here and inherits the isolation of its context", caller: nil)
    }

    /// A closure stored in a variable or property of a known type, to be called later.
    private func typed(_ closure: ClosureExprSyntax, _ behaviour: Catalogue.ClosureBehaviour, note: String) -> IsolationResult {
        switch behaviour {
        case .mainActor: return IsolationResult(.mainActor, reasons: [reason(note, at: closure)])
        case .nonisolated: return IsolationResult(closure.isAsync ? .concurrent : .nonisolated, reasons: [reason(note, at: closure)])
        case .inherits, .taskInherits: return callback(closure, note: note, caller: nil)
        }
    }

    /// `Task { }` inherits a global actor; an actor instance only when the closure captures `self`
    /// (SE-0420); nothing from nonisolated or caller's-actor code, so it then runs concurrently.
    /// `Task.immediate { }` inherits the same way (SE-0472).
    private func task(_ closure: ClosureExprSyntax, note: String, spelling: String) -> IsolationResult {
        let parent = enclosing(closure)
        switch parent.isolation {
        case .mainActor, .globalActor, .unknown:
            return IsolationResult(parent.isolation, reasons: [reason(note, at: closure)] + parent.reasons)
        case .actorInstance:
            if closure.mentionsSelf {
                return IsolationResult(parent.isolation, reasons: [reason(note + "; it captures `self`, so it runs on the actor", at: closure)] + parent.reasons)
            }
            return IsolationResult(.concurrent, reasons: [reason("a `\(spelling) { }` in actor code is isolated to the actor only when it captures `self` (SE-0420); this one does not", at: closure)] + parent.reasons)
        case .nonisolated, .caller, .concurrent:
            return IsolationResult(.concurrent, reasons: [reason("`\(spelling) { }` created in code without a static actor runs on the global concurrent executor", at: closure)] + parent.reasons)
        }
    }
}

extension ClosureExprSyntax {
    /// Declared `async`, or awaits in its own body (not in nested closures or local functions).
    var isAsync: Bool {
        signature?.effectSpecifiers?.asyncSpecifier != nil || statements.containsAwait
    }

    /// Uses `self` explicitly anywhere in its body, or lists it in its capture list.
    var mentionsSelf: Bool {
        tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.self) }
    }
}
