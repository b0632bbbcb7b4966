import SwiftSyntax

/// A `with…Continuation` body with a path that never resumes, or one that resumes twice.
struct ContinuationMisuse: Rule {
    /// Its findings are in `with…Continuation` calls.
    static let triggers = ["Continuation"]

    static let description = RuleDescription(
        id: "continuation-misuse",
        category: .continuations, set: .preview,
        summary: "A `with…Continuation` body with a path that never resumes the continuation, or that resumes it twice",
        rationale: """
            A continuation bridges a callback into `async` code, and it must be resumed exactly \
            once on every path. A path that never resumes leaves the awaiting task suspended \
            forever, holding everything it captured (a checked continuation only logs a \
            message when it is deallocated; an unsafe one stays silent). A second resume traps \
            with a checked continuation and is undefined behaviour with an unsafe one. The \
            compiler checks neither. The rule follows every path through `if`, `guard`, \
            `switch`, `do`/`catch`, loops, `defer` and early exits, into the callbacks the \
            continuation is handed to. A callback is taken to be called once, unless the API \
            calls it for every update (`requestMediaDataWhenReady`, `NWConnection`'s \
            `stateUpdateHandler`, event monitors, `sink`…): a call of those that does not resume \
            waits for the next, and a resume there that nothing guards, selected only by what \
            the update says, in a closure that does not stop the updates, resumes again on the \
            next one. Callbacks kept for events, given to the same call, or chained as \
            a promise's success and failure handlers are alternatives; a local closure runs where \
            it is called, and a `try` in a `Task` that calls it drops the error. A resume or exit \
            behind a once-guard — a flag set beside the resume, a lock or atomic test-and-set, a \
            settle-once helper of the module — is the already-resumed path, and `guard let self` \
            cannot fail while a method of `self` awaits the continuation. A process's \
            `terminationHandler` fires only if `run()` succeeds; a file coordinator's block does \
            not run when coordination fails; Combine's `first()` finishes without a value when \
            its publisher does; PromiseKit's `catch` skips cancellation errors unless given \
            `policy: .allErrors`, which matters for a chain made cancellable (`cancellize()`). A continuation kept in a property for a later event is resumed \
            by that event only: where the awaiting function runs in a task that gets cancelled (a \
            `.task` closure, a stored task its owner cancels, a function awaited from one) and no \
            `withTaskCancellationHandler` resumes it, cancelling leaves the task waiting. (SE-0300)
            """,
        limits: """
            A continuation stored or passed on is resumed by code the rule does not follow: it \
            stays quiet about its paths, and reports it only for cancellation, as above. Whether \
            an API calls a callback more than once is known from a catalogue, the words of its \
            name, and the module's own functions and initializers that keep their handler (in a \
            property, a list, a closure they store), hand it to such an API or call it in a \
            loop: a kept handler may be called any number of times, so its paths that do not \
            resume are not reported. A second resume on the next update is reported only where \
            the API's name documents the updates (the catalogue, a repeating timer, or a callee \
            named for subscribing, observing, listening or monitoring; never a `completion:`) and the resume \
            does not wait for a particular state (`case .ready:`) or a call's answer; a once-helper is recognized in the body, the file and the \
            module. A throw from a callback handed to an API that is not called with `try` is \
            left alone (what the API does with it is unknown), and so are the callbacks of an API \
            whose order is not known beyond the ones above.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    static let functions: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withUnsafeContinuation", "withUnsafeThrowingContinuation",
    ]

    func violations(in context: RuleContext) -> [Violation] {
        context.file.functionCalls.flatMap { call -> [Violation] in
            guard Self.functions.contains(call.calleeName ?? ""),
                  let body = call.closureArgument(label: "body") else { return [] }
            let name = Flow.firstParameterName(of: body) ?? "_"
            if name == "_" {
                return [context.violation(
                    "The continuation is ignored (`_ in`), so nothing can ever resume it: the task awaiting " +
                    "`\(call.calleeName ?? "")` stays suspended forever (SE-0300).", at: call.calledExpression)]
            }
            let paths = ResumePaths(call: call, body: body, continuation: name, file: context.file,
                                    helpers: context.isolation.index.resumeHelpers)
            if paths.escaped {
                return storedWithoutCancellation(call, body: body, name: name, context).map { [$0] } ?? []
            }
            return paths.findings.map { finding in
                Wording(name: name, context: context, at: finding.node).violation(finding)
            }
        }
    }
}

extension ContinuationMisuse {
    /// A continuation kept in a property for a later event (`waiter = continuation`), in code
    /// that runs in a task that gets cancelled, with no `withTaskCancellationHandler` around it:
    /// cancelling the task does not resume it, so the task waits for the event regardless.
    private func storedWithoutCancellation(_ call: FunctionCallExprSyntax, body: ClosureExprSyntax, name: String,
                                           _ context: RuleContext) -> Violation? {
        let locals = Set(collect(IdentifierPatternSyntax.self, in: body, within: .declaration).map(\.identifier.text))
        let store = collect(SequenceExprSyntax.self, in: body, within: .context).first { sequence in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                  elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                  let property = elements[0].propertyName else { return false }
            return elements[0].trimmedText.hasPrefix("self.") || !locals.contains(property)
        }
        // `waiters.append(continuation)`, `pending[id, default: []].append(continuation)`.
        let appended = collect(FunctionCallExprSyntax.self, in: body, within: .context).first { call in
            guard call.calleeName == "append", call.arguments.count == 1,
                  call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                  let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                  let property = base.propertyName else { return false }
            return base.trimmedText.hasPrefix("self.") || !locals.contains(property)
        }
        let storeNode = store.map(Syntax.init) ?? appended.map(Syntax.init)
        let target = store.map { Array($0.elements)[0] } ?? appended?.calledExpression.as(MemberAccessExprSyntax.self)?.base
        guard let storeNode, let property = target?.propertyName,
              // A timeout that resumes it bounds the wait.
              !ResumeTimeout.exists(in: body, using: [name, property]) else { return nil }
        // Resumed on cancellation: the continuation call runs inside a cancellation handler, or
        // the function sets one up (it may resume the stored continuation from `onCancel`).
        let function = call.nearest(where: \.isDeclarationBoundary)
        let handled = function.map { declaration in
            contains(in: declaration, within: .everything) { node in
                node.as(DeclReferenceExprSyntax.self).map { $0.baseName.text == "withTaskCancellationHandler" } ?? false
            }
        } ?? true
        guard !handled, let cause = context.cancellationReason(for: call, selfCheckCounts: false) else { return nil }
        return context.violation(
            "`\(name)` is kept in `\(property)` for a later event, and cancelling the task that awaits it does not " +
            "resume it: \(cause). That task stays suspended until the event comes; resume `\(name)` from the " +
            "`onCancel:` of `withTaskCancellationHandler` as well (SE-0300).", at: storeNode)
    }
}

/// The messages, sentence by sentence what the analysis found.
private struct Wording {
    let name: String
    let context: RuleContext
    let at: Syntax

    func violation(_ finding: ResumePaths.Finding) -> Violation {
        context.violation(message(finding.problem), at: finding.node)
    }

    private func message(_ problem: ResumePaths.Problem) -> String {
        let hang = ": the task awaiting it stays suspended forever (SE-0300)."
        switch problem {
        case .missed(let miss):
            let sentence = missed(miss)
            return (miss.afterNoValue ? "If the publisher finishes without a value, " + lowercasedFirst(sentence) : sentence) + hang
        case .resumedTwice(let first, let path, let loop):
            let twice = ": a second resume traps with a checked continuation and is undefined behaviour with an unsafe one (SE-0300)."
            if let loop {
                return "`\(name)` is resumed again here on the next iteration of the loop\(lineOf(loop))" + twice
            }
            let through = path.map { "On the path through \(phrase($0)), " } ?? ""
            return capitalizedFirst(through + "`\(name)` is resumed here after line \(line(first)) already resumed it") + twice
        case .perElement(let callee):
            return "`\(name)` is resumed inside `\(callee)`, which calls its closure once per element: with two or more " +
                "elements it is resumed again, which traps with a checked continuation (SE-0300)."
        case .resumedOnEveryUpdate(let api):
            return "`\(name)` is resumed in a closure that `\(api)` calls for every update, and nothing in the closure guards " +
                "the resume or stops the updates: an update that gets here before they are stopped resumes it again, which " +
                "traps with a checked continuation and is undefined behaviour with an unsafe one (SE-0300)."
        case .cancelledPromise(let success, let failure):
            let catchName = failure.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
                ?? Syntax(failure.calledExpression)
            return "This promise is made cancellable, and PromiseKit's `catch` skips cancellation errors by default: if it is cancelled, neither " +
                "`\(success)` nor the `catch`\(lineOf(catchName)) " +
                "runs and `\(name)` is never resumed. Pass " +
                "`policy: .allErrors` to `catch` (SE-0300)."
        }
    }

    private func missed(_ miss: ResumePaths.Miss) -> String {
        let closure = miss.inCallback ? "the callback" : "the body"
        let without = "without resuming `\(name)`"
        guard let path = miss.path else {
            return miss.everyPath ? "No path through \(closure) resumes `\(name)`"
                : "\(capitalizedFirst(closure)) can reach its end \(without)"
        }
        switch path {
        case .guardElse(let statement):
            return "The `else` of the `guard`\(lineOf(statement.guardKeyword)) leaves \(closure) \(without)"
        case .ifFalse(let branch):
            return "When the `if` condition\(lineOf(branch.ifKeyword)) is false, \(closure) ends \(without)"
        case .loopFinishes(let keyword, let loop):
            return "When the `\(keyword)` loop\(lineOf(loop)) finishes, \(closure) ends \(without)"
        case .optionalNil(let chain):
            return "When `\(chain.expression.trimmedText)` is nil, the optional chain\(lineOf(chain)) calls nothing " +
                "and \(closure) ends \(without)"
        case .thrown(let tried, let task):
            let routine = tried.nearest(where: \.isContextBoundary).flatMap(routineName)
            let exits = routine.map { "`\($0)` exits" } ?? "the closure exits"
            let dropped = task.map { " and the `\($0.spelling)`\(lineOf($0.call)) drops the error" } ?? ""
            return "If the `try`\(lineOf(tried)) throws, \(exits) \(without)\(dropped)"
        case .blockSkipped(let call, let label):
            return "If `\(call.calleeName ?? "the call")` fails, it sets its `\(label):` argument instead of running its " +
                "block, so \(closure) ends \(without)"
        case .finishedWithoutValue(_, let taking):
            let operation = taking.calleeName == "prefix" ? "prefix(1)" : taking.arguments.isEmpty ? "first()" : "first(where:)"
            return "If the publisher finishes without a value, `\(operation)` finishes too and nothing resumes `\(name)`"
        case .ifBranch, .elseBranch, .switchCase, .catchClause:
            return "\(capitalizedFirst(phrase(path))) ends \(closure) \(without)"
        }
    }

    /// "the `catch` at line 53", "`case .empty:`", "the `default:` case".
    private func phrase(_ path: ResumePaths.Path) -> String {
        switch path {
        case .guardElse(let statement): return "the `else` of the `guard`\(lineOf(statement.guardKeyword))"
        case .ifBranch(let branch): return "the `if` branch\(lineOf(branch.ifKeyword))"
        case .ifFalse(let branch): return "the path where the `if` condition\(lineOf(branch.ifKeyword)) is false"
        case .elseBranch(let branch): return "the `else` branch\(lineOf(branch.elseKeyword ?? branch.ifKeyword))"
        case .switchCase(let switchCase):
            if switchCase.label.is(SwitchDefaultLabelSyntax.self) { return "the `default:` case\(lineOf(switchCase.label))" }
            var text = switchCase.label.trimmedText
            if text.count > 40 { text = String(text.prefix(37)) + "…:" }
            return "`\(text)`\(lineOf(switchCase.label))"
        case .catchClause(let clause): return "the `catch`\(lineOf(clause.catchKeyword))"
        case .loopFinishes(let keyword, let loop): return "the end of the `\(keyword)` loop\(lineOf(loop))"
        case .optionalNil(let chain): return "the path where `\(chain.expression.trimmedText)` is nil"
        case .thrown(let tried, _): return "the throw of the `try`\(lineOf(tried))"
        case .blockSkipped(let call, _): return "the path where `\(call.calleeName ?? "the call")` fails"
        case .finishedWithoutValue: return "the path where the publisher finishes without a value"
        }
    }

    /// `performAction` for a `try` in `let performAction = { … }` or `func performAction()`.
    private func routineName(_ context: Syntax) -> String? {
        if let function = context.as(FunctionDeclSyntax.self) { return function.name.text }
        guard let closure = context.as(ClosureExprSyntax.self),
              let binding = closure.parent?.parent?.as(PatternBindingSyntax.self) else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    private func line(_ node: some SyntaxProtocol) -> Int { context.file.line(of: node) }

    /// " at line 12", or nothing when `node` is on the finding's own line.
    private func lineOf(_ node: some SyntaxProtocol) -> String {
        line(node) == line(at) ? "" : " at line \(line(node))"
    }

    private func capitalizedFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
    private func lowercasedFirst(_ text: String) -> String {
        text.hasPrefix("`") ? text : text.prefix(1).lowercased() + text.dropFirst()
    }
}
