import SwiftSyntax

// Calls whose closures run in an order the API sets: promise chains, Combine's `first()`,
// handlers that fire once their object is started, blocks skipped on failure; and the reports.
extension ResumeFlow {
    struct PromiseChain {
        /// The expression the chain starts from: `api.fetch()` in `api.fetch().done { }.catch { }`.
        let root: Syntax
        /// The handler call the closure at hand is given to.
        let call: FunctionCallExprSyntax
        let isFailure: Bool
        /// The first success handler's name (`done`), for the message.
        let successName: String
        /// An `ensure`, `finally` or `always` handler runs whatever the outcome, cancellation included.
        let hasFinalHandler: Bool

        /// The chain is made cancellable where it starts (PromiseKit's `cancellize()`, a
        /// `CancellablePromise`): only then can cancellation reject it. A plain promise rejects
        /// with what its producer seals, which this cannot see.
        var isCancellable: Bool {
            root.tokens(viewMode: .sourceAccurate).contains { token in
                token.text == "cancellize" || token.text.hasPrefix("Cancellable")
            }
        }
    }

    /// The promise chain `call` is a handler of: a chain with a success handler followed by a
    /// failure handler (`.done { }.catch { }`, `.then { }.recover { }`).
    func promiseChain(_ call: FunctionCallExprSyntax) -> PromiseChain? {
        guard let callee = call.calleeName,
              CallbackCatalogue.successHandlers.contains(callee) || CallbackCatalogue.failureHandlers.contains(callee)
        else { return nil }
        var top = call
        while let member = top.parent?.as(MemberAccessExprSyntax.self),
              let outer = member.parent?.as(FunctionCallExprSyntax.self), outer.calledExpression.id == member.id {
            top = outer
        }
        var handlers: [FunctionCallExprSyntax] = []
        var finalHandlers = false
        var current: ExprSyntax? = ExprSyntax(top)
        var root: Syntax?
        while let expression = current {
            guard let handler = expression.as(FunctionCallExprSyntax.self), let name = handler.calleeName,
                  CallbackCatalogue.successHandlers.contains(name) || CallbackCatalogue.failureHandlers.contains(name)
                    || ["ensure", "finally", "always", "cauterize"].contains(name),
                  let base = handler.calledExpression.as(MemberAccessExprSyntax.self)?.base else {
                root = Syntax(expression)
                break
            }
            handlers.append(handler)
            current = base
        }
        handlers.reverse()   // in the order they run
        finalHandlers = handlers.contains { ["ensure", "finally", "always"].contains($0.calleeName ?? "") }
        guard let root, let success = handlers.firstIndex(where: { CallbackCatalogue.successHandlers.contains($0.calleeName ?? "") }),
              handlers[success...].contains(where: { CallbackCatalogue.failureHandlers.contains($0.calleeName ?? "") })
        else { return nil }
        return PromiseChain(root: root, call: call, isFailure: CallbackCatalogue.failureHandlers.contains(callee),
                            successName: handlers[success].calleeName ?? "done", hasFinalHandler: finalHandlers)
    }

    /// Whether a resume lies in a handler of a promise chain.
    func isInPromiseChain(_ resume: FunctionCallExprSyntax) -> Bool {
        var current = resume.parent
        while let node = current, node.id != body.id {
            if let closure = node.as(ClosureExprSyntax.self), let call = closure.invocation?.call, promiseChain(call) != nil {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// `publisher.first().sink { … }`: the `sink` of a chain that takes at most one value, and the
    /// operator that takes it.
    func firstValueSink(_ call: FunctionCallExprSyntax) -> (sink: FunctionCallExprSyntax, taking: FunctionCallExprSyntax)? {
        guard call.calleeName == "sink" else { return nil }
        var current = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        while let expression = current {
            guard let inner = expression.as(FunctionCallExprSyntax.self) else {
                current = expression.as(MemberAccessExprSyntax.self)?.base
                continue
            }
            if CallbackCatalogue.takesFirstValue(inner) { return (call, inner) }
            current = inner.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }

    func completionUsesContinuation(_ sink: FunctionCallExprSyntax) -> Bool {
        let completion = sink.arguments.first { $0.label?.text == "receiveCompletion" }?.expression.as(ClosureExprSyntax.self)
            ?? sink.additionalTrailingClosures.first { $0.label.text == "receiveCompletion" }?.closure
        return completion.map(referencesContinuation) ?? false
    }

    /// Whether the publisher `first()` (`taking`) reads from is known to be one that may finish
    /// without a value: `Empty()`, a subject the file finishes (`send(completion: .finished)`),
    /// or any publisher a helper is handed (a parameter of a generic or `AnyPublisher` type,
    /// `self` in an extension of one). A stored publisher of some other type may never finish.
    func mayFinishEmpty(before taking: FunctionCallExprSyntax) -> Bool {
        var current = taking.calledExpression.as(MemberAccessExprSyntax.self)?.base
        while let expression = current {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if call.calleeName == "Empty" { return true }
                current = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            } else if let member = expression.as(MemberAccessExprSyntax.self),
                      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) {
                current = member.base
            } else {
                break
            }
        }
        guard let root = current else { return false }
        let name = root.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? root.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let name else { return false }
        if file.contains("\(name).send(completion: .finished)") { return true }
        if name == "self" {
            let extended = root.nearest(ExtensionDeclSyntax.self)?.extendedType.trimmedText ?? ""
            return extended.hasPrefix("AnyPublisher") || extended.hasSuffix("Publisher")
        }
        guard case .parameter(let type)? = CalleeRefs.localDeclaration(of: name, at: root), let type else { return false }
        let text = type.trimmedText
        let generic = root.nearest(FunctionDeclSyntax.self)?.genericParameterClause?.parameters.contains { $0.name.text == text } ?? false
        return generic || text.hasPrefix("AnyPublisher") || text.hasPrefix("some Publisher") || text.hasPrefix("any Publisher")
    }

    /// Whether the optional an optional chain calls through is known to be nil at times: a
    /// local or parameter, or a `weak` property. Another stored optional may be set by then,
    /// which the paths cannot tell.
    func mayBeNil(_ chain: OptionalChainingExprSyntax) -> Bool {
        let expression = chain.expression
        let member = expression.as(MemberAccessExprSyntax.self)
        if let member, member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) { return false }
        guard let name = member?.declName.baseName.text ?? expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        if member == nil, CalleeRefs.localDeclaration(of: name, at: chain) != nil { return true }
        let properties = chain.nearest(MemberBlockSyntax.self)?.members.compactMap { $0.decl.as(VariableDeclSyntax.self) } ?? []
        return properties.contains { variable in
            variable.modifiers.contains { $0.name.tokenKind == .keyword(.weak) }
                && variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
    }

    /// Whether `receiver.start()` (one of `starts`) is called in the body after `node`.
    func startCallFollows(_ receiver: String, _ starts: Set<String>, after node: some SyntaxProtocol) -> Bool {
        collect(FunctionCallExprSyntax.self, in: body, within: .declaration).contains { call in
            guard call.position > node.endPosition, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  starts.contains(member.declName.baseName.text) else { return false }
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == receiver
        }
    }

    /// `coordinate(readingItemAt:error: &error) { … }`: the argument label and the variable the
    /// call sets instead of running its block when it fails.
    func skippedOnFailure(_ call: FunctionCallExprSyntax) -> (label: String, pointer: String)? {
        guard let callee = call.calleeName, let label = CallbackCatalogue.blockOnlyOnSuccess[callee],
              let argument = call.arguments.first(where: { $0.label?.text == label }),
              let pointer = argument.expression.as(InOutExprSyntax.self)?.expression.trimmedText else { return nil }
        return (label, pointer)
    }

    func containsResume(_ node: some SyntaxProtocol) -> Bool {
        !references(to: Set(localRoutines.keys).union([name]), in: node, within: .declaration).isEmpty
    }

    // MARK: Reports

    /// Reports the paths of a closure (the body or a callback) that end without resuming.
    func report(_ outcome: Outcome, closure: ClosureExprSyntax, inCallback: Bool, fallback: Syntax) {
        let everyPath = !outcome.all.contains { $0.count > 0 }
        let afterNoValue = completionsAfterFirst.contains(closure.id)
        func miss(_ path: ResumePaths.Path?) -> ResumePaths.Problem {
            .missed(ResumePaths.Miss(path: path, inCallback: inCallback, everyPath: everyPath, afterNoValue: afterNoValue))
        }
        for (state, node) in outcome.returned where state.count == 0 {
            add(miss(state.branch), at: node)
        }
        for state in outcome.normal + outcome.thrown where state.count == 0 {
            if let branch = state.branch {
                add(miss(branch), at: branch.node)
            } else {
                add(miss(nil), at: fallback)
            }
        }
    }

    /// Findings that need the whole body: a PromiseKit chain whose `catch` skips cancellation,
    /// when nothing outside the chain (a timeout) resumes.
    func finish() {
        guard resumesOutsidePromises == 0 else { return }
        for gap in promiseGaps {
            add(.cancelledPromise(success: gap.success, failure: gap.failure), at: gap.chain)
        }
    }
}

// MARK: Closures called for every update

extension ResumeFlow {
    /// Whether the next call of a repeating closure reaches `resume` again: nothing in the
    /// closure ends the updates (`cancel()`, `invalidate()`, `handler = nil`), the API is not one
    /// that may deliver a single value (`sink`), and the resume is unconditional or selected only
    /// by what the update itself says (`if info.hasCall`), not by a particular state (`case
    /// .ready:`, `status == .satisfied`, which a state machine passes once) or by a call whose
    /// answer is not known (`if step()`).
    func resumesOnEveryUpdate(_ closure: ClosureExprSyntax, api: String, resume: Syntax) -> Bool {
        if api.lowercased().contains("sink") { return false }
        let stops = contains(in: closure, within: .context) { node in
            if let call = node.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
                return CallbackCatalogue.stoppingPrefixes.contains { callee.hasPrefix($0) }
            }
            // `connection.stateUpdateHandler = nil`, `token = nil`.
            if let assignment = node.as(AssignmentExprSyntax.self), let elements = assignment.parent?.as(ExprListSyntax.self) {
                return elements.last?.is(NilLiteralExprSyntax.self) == true
            }
            return false
        }
        if stops { return false }
        // The conditions that select the resume: those around it, and the `guard`s before it.
        var conditions: [Syntax] = []
        var node = resume
        while let parent = node.parent, parent.id != closure.id {
            if let branch = parent.as(IfExprSyntax.self) { conditions.append(Syntax(branch.conditions)) }
            if let switchCase = parent.as(SwitchCaseSyntax.self) { conditions.append(Syntax(switchCase.label)) }
            if let switchExpression = parent.as(SwitchExprSyntax.self) { conditions.append(Syntax(switchExpression.subject)) }
            node = parent
        }
        conditions += collect(GuardStmtSyntax.self, in: closure, within: .context)
            .filter { $0.endOffset <= resume.startOffset }.map { Syntax($0.conditions) }
        let update = Set(Flow.parameterNames(of: closure))
        return !conditions.contains { condition in
            contains(in: condition, within: .context) { node in
                if node.is(FunctionCallExprSyntax.self) || node.is(MatchingPatternConditionSyntax.self) { return true }
                if let member = node.as(MemberAccessExprSyntax.self) { return member.base == nil }
                if let reference = node.as(DeclReferenceExprSyntax.self), reference.parent?.is(MemberAccessExprSyntax.self) != true
                    || reference.parent?.as(MemberAccessExprSyntax.self)?.base?.id == reference.id {
                    let name = reference.baseName.text
                    return !update.contains(name) && !name.hasPrefix("$")
                }
                return false
            }
        }
    }
}
