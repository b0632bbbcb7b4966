import SwiftSyntax

/// Which thread runs a callback whose static isolation does not say: what the code around it
/// proves about the API that calls it. Unknown stays unknown (`callersThread`).
extension IsolationModel {
    /// A Combine operator's closure runs on the thread the publisher delivers on: the main
    /// thread after `.receive(on: DispatchQueue.main)` (or a main scheduler given to `debounce`,
    /// `throttle`, `delay`), or for `Timer.publish(every:on: .main, …)`; else the emitter's.
    func publisherThread(_ call: FunctionCallExprSyntax, closure: ClosureExprSyntax) -> RunTimeThread {
        var upstream = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        while let step = upstream?.as(FunctionCallExprSyntax.self) {
            let member = step.calledExpression.as(MemberAccessExprSyntax.self)
            let name = member?.declName.baseName.text ?? step.calleeText
            if let label = Catalogue.schedulingOperators[name],
               let scheduler = step.arguments.first(where: { $0.label?.text == label })?.expression {
                return deliveredOn(scheduler, by: "`.\(name)(\(label): \(scheduler.trimmedText))`", at: step)
            }
            if step.calleeText == "Timer.publish", let runLoop = step.arguments.first(where: { $0.label?.text == "on" })?.expression {
                return deliveredOn(runLoop, by: "`Timer.publish(every:on: \(runLoop.trimmedText), …)`", at: step)
            }
            upstream = member?.base
        }
        return .callersThread(reason(
            "Combine runs `\(call.calleeLabel)` on the thread the publisher emits on, and nothing in the chain moves delivery to the main thread",
            at: closure))
    }

    private func deliveredOn(_ scheduler: ExprSyntax, by spelling: String, at node: some SyntaxProtocol) -> RunTimeThread {
        let text = scheduler.trimmedText.filter { !$0.isWhitespace }
        if Catalogue.mainSchedulers.contains(text) {
            return .mainThread(reason("\(spelling) delivers on the main thread", at: node))
        }
        return .callersThread(reason("\(spelling) delivers on that scheduler, which actorlint does not know to be the main thread", at: node))
    }

    /// A `@Sendable` block is nonisolated to the compiler, yet some APIs say where it runs: an
    /// operation on `OperationQueue.main`, a notification observer registered with
    /// `queue: .main`, a timer scheduled from code on the main thread (it fires on the run loop
    /// of the thread that schedules it).
    func sendableBlockThread(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax) -> RunTimeThread {
        let callee = call.calleeText
        if let note = Catalogue.mainThreadBlocks[callee] { return .mainThread(reason(note, at: closure)) }
        if callee.hasSuffix("NotificationCenter.default.addObserver") || callee == ".addObserver",
           let queue = call.arguments.first(where: { $0.label?.text == "queue" })?.expression {
            let text = queue.trimmedText.filter { !$0.isWhitespace }
            if Catalogue.mainSchedulers.contains(text) {
                return .mainThread(reason("the observer is registered with `queue: \(queue.trimmedText)`, so it runs on the main thread", at: closure))
            }
            return .callersThread(reason(text == "nil"
                ? "an observer registered with `queue: nil` runs on the thread that posts the notification"
                : "the observer runs on `\(queue.trimmedText)`, which actorlint does not know to be the main queue", at: closure))
        }
        if Catalogue.runLoopTimers.contains(callee) {
            let scheduler = enclosing(closure)
            if scheduler.isOnMainThread {
                return .mainThread(reason(
                    "`\(callee)` fires on the run loop of the thread that schedules it, and the code scheduling it runs on the main thread (\(scheduler.because))",
                    at: closure))
            }
            if let function = ExecutionContext.innermost(containing: Syntax(call)).node?.as(FunctionDeclSyntax.self),
               let callers = callersOnMainThread(function) {
                return .mainThread(reason(
                    "`\(callee)` fires on the run loop of the thread that schedules it, and every call of `\(function.name.text)` (\(callers)) is on the main thread",
                    at: closure))
            }
            return .callersThread(reason("`\(callee)` fires on the run loop of the thread that schedules it, which actorlint cannot tell is the main thread", at: closure))
        }
        return .asIsolated
    }

    /// For a `private` or `fileprivate` synchronous method, whose callers are all in this file:
    /// the lines of its calls when every one runs on the main thread, itself or through other
    /// such methods (a few levels deep); nil when one does not, or cannot be told.
    func callersOnMainThread(_ function: FunctionDeclSyntax, depth: Int = 0) -> String? {
        let name = function.name.text
        guard depth < 4, function.signature.effectSpecifiers?.asyncSpecifier == nil,
              function.modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }),
              file.shared(FunctionDeclSyntax.self).filter({ $0.name.text == name }).count == 1 else { return nil }
        let calls = file.functionCalls.filter { call in
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name {
                // `self.f()`, `self?.f()`: a call of this type's method.
                return member.base?.trimmedText.hasPrefix("self") == true
            }
            return false
        }
        // A method also passed by name (`#selector(f)`, `perform(f)`) has callers actorlint cannot see.
        let mentions = file.tree.tokens(viewMode: .sourceAccurate).filter { $0.text == name }.count
        guard !calls.isEmpty, mentions == calls.count + 1 else { return nil }
        for call in calls {
            let context = ExecutionContext.innermost(containing: Syntax(call))
            if isolation(of: context).isOnMainThread { continue }
            guard let caller = context.node?.as(FunctionDeclSyntax.self), callersOnMainThread(caller, depth: depth + 1) != nil else { return nil }
        }
        return "line" + (calls.count == 1 ? " " : "s ") + calls.map { String(file.line(of: $0)) }.joined(separator: ", ")
    }
}
