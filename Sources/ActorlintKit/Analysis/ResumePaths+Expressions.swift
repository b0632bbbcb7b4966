import SwiftSyntax

// The expressions of a continuation's body: resumes, the callbacks that resume, local routines
// called where they run, and the reports of each closure's paths.
extension ResumeFlow {
    /// Local closures (`let finish = { … }`) and functions of the body that use the continuation
    /// and are only ever called (`finish()`): they run where they are called. One used any other
    /// way (stored, passed on) is handed to code this cannot follow: the continuation escapes.
    func collectLocalRoutines() {
        var candidates: [String: Syntax] = [:]
        for binding in collect(PatternBindingSyntax.self, in: body, within: .declaration) {
            guard binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
                  let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let closure = binding.initializer?.value.as(ClosureExprSyntax.self),
                  usesContinuation(closure) else { continue }
            candidates[local] = Syntax(closure)
        }
        for function in collect(FunctionDeclSyntax.self, in: body, within: .declaration) where usesContinuation(function) {
            candidates[function.name.text] = Syntax(function)
        }
        for (local, routine) in candidates {
            let uses = references(to: [local], in: body, within: .declaration)
            let onlyCalled = uses.allSatisfy { reference in
                reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
            }
            if onlyCalled { localRoutines[local] = routine }
        }
    }

    private func usesContinuation(_ node: some SyntaxProtocol) -> Bool {
        !references(to: [name], in: node, within: .declaration).isEmpty
    }

    /// A closure that resumes the continuation, directly or through a local routine.
    func referencesContinuation(_ closure: ClosureExprSyntax) -> Bool {
        // `$0` inside a nested closure is that closure's own parameter.
        if name.hasPrefix("$") { return false }
        return !references(to: Set(localRoutines.keys).union([name]), in: closure, within: .declaration).isEmpty
    }

    func callsLocalRoutine(_ tried: TryExprSyntax) -> Bool {
        var expression = tried.expression
        if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.expression }
        guard let reference = expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)
        else { return false }
        return localRoutines[reference.baseName.text] != nil
    }

    // MARK: Expressions

    /// Applies the resumes, callbacks, local routines and escapes inside `node`, in source order.
    func scan(_ node: Syntax, _ states: [State]) -> [State] {
        scanWithThrows(node, states).normal
    }

    /// As `scan`, with the paths on which a local routine called here throws.
    func scanWithThrows(_ node: Syntax, _ states: [State]) -> (normal: [State], thrown: [State]) {
        var states = states
        var thrown: [State] = []
        let events = collect(in: node, within: .context) { candidate in
            candidate.is(ClosureExprSyntax.self) || candidate.is(DeclReferenceExprSyntax.self)
        }
        var resumesInStatement = 0
        let hasTernary = contains(in: node, within: .context) {
            $0.is(TernaryExprSyntax.self) || $0.is(UnresolvedTernaryExprSyntax.self)
        }
        var handledCalls: Set<SyntaxIdentifier> = []
        for event in events {
            if let closure = event.as(ClosureExprSyntax.self) {
                guard closure.id != node.id, referencesContinuation(closure) else { continue }
                states = apply(callback: closure, states, handledCalls: &handledCalls)
                continue
            }
            guard let reference = event.as(DeclReferenceExprSyntax.self), !reference.isMemberName else { continue }
            let referenced = reference.baseName.text
            if let routine = localRoutines[referenced] {
                let outerCallSite = routineCallSite
                if routineCallSite == nil { routineCallSite = reference.parent }
                let result = runRoutine(routine, states)
                routineCallSite = outerCallSite
                thrown += result.thrown
                states = merge(result.normal)
                continue
            }
            if let start = startedHandlers[referenced], isStartCall(reference, names: start.starts) {
                states = states.map { resume($0, at: start.resume, guarded: start.guarded, key: "stored") }
                startedHandlers[referenced] = nil
                continue
            }
            guard referenced == name else { continue }
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                  member.declName.baseName.text == "resume",
                  let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id else {
                escaped = true
                continue
            }
            resumesInStatement += 1
            // `ok ? c.resume(returning: a) : c.resume(returning: b)` resumes once.
            if hasTernary && resumesInStatement > 1 { continue }
            if !isInPromiseChain(call) { resumesOutsidePromises += 1 }
            let guarded = guards.isGuarded(call, in: body)
            states = states.map { resume($0, at: Syntax(call), guarded: guarded, key: nil) }
        }
        return (states, thrown)
    }

    /// A local closure or function run where it is called: its returns end the call, its
    /// `try`s throw from the call.
    private func runRoutine(_ routine: Syntax, _ states: [State]) -> (normal: [State], thrown: [State]) {
        let statements = routine.as(ClosureExprSyntax.self)?.statements ?? routine.as(FunctionDeclSyntax.self)?.body?.statements
        guard let statements else { return (states, []) }
        let outcome = run(statements, states)
        return (outcome.normal + outcome.returned.map(\.0), outcome.thrown)
    }

    private func isStartCall(_ reference: DeclReferenceExprSyntax, names: Set<String>) -> Bool {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
              names.contains(member.declName.baseName.text) else { return false }
        return member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == member.id
    }

    func resume(_ state: State, at resumeNode: Syntax, guarded: Bool, key: String?) -> State {
        // A resume in a local routine happens where the routine is called.
        let node = routineCallSite ?? resumeNode
        var state = state
        switch state.count {
        case 0:
            state.count = 1
            state.firstResume = node
            state.guarded = guarded
            state.resumedInCallback = key
        case 1:
            // A resume behind a once-guard is never a second one, nor one after it.
            if guarded || state.guarded { return state }
            state.count = 2
            add(.resumedTwice(first: state.firstResume ?? node, path: state.branch, nextIterationOf: rerunLoop), at: node)
        default:
            break
        }
        return state
    }

    // MARK: Callbacks

    /// Applies a closure that uses the continuation to the paths that reach it.
    private func apply(callback closure: ClosureExprSyntax, _ states: [State],
                       handledCalls: inout Set<SyntaxIdentifier>) -> [State] {
        let invocation = closure.invocation
        let call = invocation?.call
        let property = assignmentTarget(of: ExprSyntax(closure)).flatMap { $0.as(MemberAccessExprSyntax.self) }
        let repeating = CallbackCatalogue.isRepeating(call: call, label: invocation?.label,
                                                      property: property?.declName.baseName.text)
            || call.flatMap(\.calleeName).map(moduleRepeating.contains) == true
        let firstValue = call.flatMap(firstValueSink)
        let chain = call.flatMap(promiseChain)
        let task = call.flatMap(TaskCreation.init).flatMap { $0.body.id == closure.id ? $0 : nil }
        if firstValue != nil, invocation?.label == "receiveCompletion" { completionsAfterFirst.insert(closure.id) }
        if let call, handledCalls.contains(call.id) {
            // Another closure of a call already counted: an alternative to it.
            _ = runCallback(closure, call: call, repeating: repeating && firstValue == nil, task: task)
            return states
        }
        if let call { handledCalls.insert(call.id) }
        guard let result = runCallback(closure, call: call, repeating: repeating && firstValue == nil, task: task) else {
            return states
        }
        if let call, let perElement = call.calleeName, CallbackCatalogue.perElement.contains(perElement) {
            add(.perElement(callee: perElement), at: result.resume)
        }
        if let repeatingAPI = CallbackCatalogue.documentedRepeating(call: call, label: invocation?.label,
                                                                    property: property?.declName.baseName.text),
           firstValue == nil, repeatingDepth == 0, !result.guarded,
           resumesOnEveryUpdate(closure, api: repeatingAPI, resume: result.resume) {
            add(.resumedOnEveryUpdate(api: repeatingAPI), at: result.resume)
        }
        var key = callbackKey(closure, call: call)
        if let chain {
            key = "promise \(chain.root.id)"
            if chain.isFailure, promiseResumes[chain.root.id] == true { key += " after a throw" }
            if !chain.isFailure { promiseResumes[chain.root.id] = result.throwsAfterResume }
            if chain.isFailure, chain.isCancellable, promiseResumes[chain.root.id] != nil, chain.call.calleeName == "catch",
               !chain.hasFinalHandler, !chain.call.arguments.contains(where: { $0.label?.text == "policy" }), importsPromiseKit {
                promiseGaps.append((chain.root, chain.successName, chain.call))
            }
        }
        var resumed = states.map { state -> State in
            if state.count == 1, let earlier = state.resumedInCallback, isAlternative(key, to: earlier) { return state }
            return resume(state, at: result.resume, guarded: result.guarded, key: key)
        }
        // A property assigned a handler its object calls only once started: it resumes there.
        if let property, let receiver = property.base?.as(DeclReferenceExprSyntax.self),
           let starts = CallbackCatalogue.startedBy[property.declName.baseName.text],
           startCallFollows(receiver.baseName.text, starts, after: closure) {
            startedHandlers[receiver.baseName.text] = (result.resume, result.guarded, starts)
            resumed = states
        }
        if let firstValue, !completionUsesContinuation(firstValue.sink), mayFinishEmpty(before: firstValue.taking) {
            // `first()` finishes without a value when its upstream does: then nothing resumes.
            resumed = merge(resumed + labelled(states, .finishedWithoutValue(sink: firstValue.sink, taking: firstValue.taking)))
        }
        if let call, let blockSkipped = skippedOnFailure(call) {
            // The block does not run when the call fails, and the error pointer is set then.
            let ran = resumed.map { state in var state = state; state.nilFacts[blockSkipped.pointer] = true; return state }
            let skipped = labelled(states, .blockSkipped(call, errorArgument: blockSkipped.label)).map { state in
                var state = state
                state.nilFacts[blockSkipped.pointer] = false
                return state
            }
            return merge(ran + skipped)
        }
        if let call, let chainNode = optionalChain(in: call.calledExpression),
           !(guards.selfIsAlive && chainNode.expression.trimmedText == "self"), mayBeNil(chainNode) {
            // `source?.load { … }` makes no call at all when `source` is nil.
            return merge(resumed + labelled(states, .optionalNil(chainNode)))
        }
        return resumed
    }

    struct CallbackResult {
        let resume: Syntax
        /// Every resuming path of the callback is behind a once-guard.
        let guarded: Bool
        /// A path resumes and then throws (a promise's failure handler then runs too).
        let throwsAfterResume: Bool
    }

    /// Analyses a closure that uses the continuation and reports its own paths. Returns the
    /// resume that calling it performs, nil when it never resumes.
    private func runCallback(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax?, repeating: Bool,
                             task: TaskCreation?) -> CallbackResult? {
        if repeating { repeatingDepth += 1 }
        let outcome = run(closure.statements, [State()])
        if repeating { repeatingDepth -= 1 }
        let resuming = outcome.all.filter { $0.count > 0 }
        guard let resumeNode = resuming.compactMap(\.firstResume).first else { return nil }
        if repeatingDepth == 0 && !repeating {
            var reported = outcome
            // A throw goes back to the API: a `try` call passes it on (to a `catch` here), a task
            // drops it; what any other API does with it is not known.
            let tried = call.map { $0.nearest(TryExprSyntax.self, within: .context)?.questionOrExclamationMark == nil
                && $0.nearest(TryExprSyntax.self, within: .context) != nil } ?? false
            reported.thrown = task == nil || tried ? [] : outcome.thrown.map { state in
                var state = state
                if let thrownBy = state.thrownBy { state.branch = .thrown(thrownBy, droppedBy: task) }
                return state
            }
            report(reported, closure: closure, inCallback: true, fallback: Syntax(closure.leftBrace))
        }
        return CallbackResult(resume: resumeNode, guarded: resuming.allSatisfy(\.guarded),
                              throwsAfterResume: outcome.thrown.contains { $0.count > 0 })
    }

    /// "stored" for a callback kept for later — assigned to a property or variable, or given to a
    /// call whose result is kept (`let cancel = UIAlertAction(…) { … }`) — else the callee's name.
    private func callbackKey(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax?) -> String {
        // Assigned to a property or variable, or handed (through arguments and array literals)
        // to a call whose result is kept: `let alert = Alert(actions: [.init { … }])`.
        var current: Syntax? = Syntax(closure)
        while let node = current, !node.is(CodeBlockItemSyntax.self), node.id != body.id {
            if node.parent?.is(InitializerClauseSyntax.self) == true { return "stored" }
            if let elements = node.parent?.as(ExprListSyntax.self),
               let index = elements.firstIndex(where: { $0.id == node.id }), index != elements.startIndex,
               elements[elements.index(before: index)].is(AssignmentExprSyntax.self) { return "stored" }
            if node.is(ClosureExprSyntax.self) && node.id != closure.id { break }
            current = node.parent
        }
        return call?.calleeName ?? "stored"
    }

    /// Two resuming callbacks are alternatives — only one of them runs — when they are handlers
    /// kept for events (an alert's Cancel action and a confirmation closure), registered with the
    /// same call (`addAction` twice), or the success and failure handlers of one promise chain.
    /// Callbacks of two different calls that start work (`cache.prepare { }` then
    /// `index.rebuild { }`) both run.
    private func isAlternative(_ key: String, to earlier: String) -> Bool {
        key == "stored" || earlier == "stored" || key == earlier
    }

    /// The `x?` in `x?.load`, `x?.a.load`: the call happens only when `x` is not nil.
    private func optionalChain(in callee: ExprSyntax) -> OptionalChainingExprSyntax? {
        var current: ExprSyntax? = callee
        while let expression = current {
            if let chain = expression.as(OptionalChainingExprSyntax.self) { return chain }
            if let member = expression.as(MemberAccessExprSyntax.self) {
                current = member.base
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else {
                current = nil
            }
        }
        return nil
    }
}
