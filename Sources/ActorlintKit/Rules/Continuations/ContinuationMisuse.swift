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
            `switch`, `do`/`catch`, loops, `defer` and early `return`s; a callback closure that \
            resumes is assumed to be called once, so its own paths must each resume once — \
            except a listener or subscription callback, which runs for every update, and an \
            exit behind a flag the callback itself sets (`guard !didResume`). Callbacks kept for \
            events (alert actions, a stored confirmation closure) or registered with the same \
            call are alternatives: only one of them runs. When \
            the continuation is stored or handed to other code, the rule cannot see who resumes \
            it and stays quiet. \
            (SE-0300)
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
            let analysis = ContinuationFlow(name: name, context: context)
            return analysis.analyse(body: body, call: call)
        }
    }
}

/// Follows every path through a continuation body, counting resumes (0, 1, or "2 or more").
private final class ContinuationFlow {
    let name: String
    let context: RuleContext
    /// Set when the continuation is stored or passed on: the rule cannot see all resumes.
    var escaped = false
    var problems: [Int: Violation] = [:]
    /// The loop whose body is being run a second time, to word a double resume.
    var rerunLoop: Syntax?

    init(name: String, context: RuleContext) {
        self.name = name
        self.context = context
    }

    /// A path's state: how often it has resumed, its last branch decision, its first resume.
    struct State {
        var count = 0
        var branch: Branch?
        var firstResume: Syntax?
        /// The label of a `break outer` / `continue outer` on its way to that loop.
        var jumpLabel: String?
        /// The resume so far happens inside a callback, handed to this call (or "stored" when the
        /// callback is kept for an event that may never come): see `isAlternative`.
        var resumedInCallback: String?
    }

    struct Branch {
        /// "the `guard … else` branch at line 4"
        let phrase: String
        let node: Syntax
    }

    /// Where the paths go after a piece of code.
    struct Outcome {
        var normal: [State] = []
        var returned: [(State, Syntax)] = []
        var broke: [State] = []
        var continued: [State] = []
        var thrown: [State] = []

        mutating func absorbExits(_ other: Outcome) {
            returned += other.returned
            broke += other.broke
            continued += other.continued
            thrown += other.thrown
        }
    }

    func analyse(body: ClosureExprSyntax, call: FunctionCallExprSyntax) -> [Violation] {
        let outcome = run(body.statements, [State()])
        if escaped { return [] }
        report(outcome, fallOffAt: Syntax(call.calledExpression), callback: false)
        return problems.values.sorted { $0.range.start.offset < $1.range.start.offset }
    }

    // MARK: Reporting

    private func report(_ outcome: Outcome, fallOffAt end: Syntax, callback: Bool, closure: ClosureExprSyntax? = nil) {
        // In a callback, an exit behind a "did we already resume?" flag is the already-resumed path.
        let outcome = closure.map { closure in skippingOnceGuards(outcome, in: closure) } ?? outcome
        let consequence = ": the task awaiting it stays suspended forever and keeps everything it holds alive " +
            "(a checked continuation only logs a message when it is deallocated, an unsafe one says nothing). " +
            "Resume exactly once on every path (SE-0300)."
        for (state, node) in outcome.returned where state.count == 0 {
            let who = state.branch.map { capitalized($0.phrase) } ?? "This path"
            add(at: node, "\(who) returns without resuming `\(name)`" + consequence)
        }
        let where_ = callback ? "the callback" : "the body"
        for state in outcome.normal + outcome.thrown where state.count == 0 {
            if let branch = state.branch {
                add(at: branch.node, "On \(branch.phrase), \(where_) ends without resuming `\(name)`" + consequence)
            } else {
                add(at: end, "No path through \(where_) resumes `\(name)`" + consequence)
            }
        }
    }

    private func add(at node: Syntax, _ message: String) {
        let offset = node.startOffset
        if problems[offset] == nil { problems[offset] = context.violation(message, at: node) }
    }

    private func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    private func line(_ node: some SyntaxProtocol) -> Int { context.file.line(of: node) }

    // MARK: Statements

    private func run(_ list: CodeBlockItemListSyntax, _ entry: [State]) -> Outcome {
        var current = entry
        var outcome = Outcome()
        var defers: [CodeBlockSyntax] = []
        for item in list {
            if current.isEmpty { break }
            if let deferred = item.item.as(DeferStmtSyntax.self) {
                defers.append(deferred.body)
                continue
            }
            let result = run(item: item, current)
            var exits = result
            exits.normal = []
            outcome.absorbExits(runDefers(defers, on: exits))
            current = merge(result.normal)
        }
        outcome.normal = runDefers(defers, on: current)
        return outcome
    }

    /// Runs the registered `defer` bodies (last first) on paths leaving a block.
    private func runDefers(_ defers: [CodeBlockSyntax], on states: [State]) -> [State] {
        defers.reversed().reduce(states) { states, body in states.isEmpty ? states : run(body.statements, states).normal }
    }

    private func runDefers(_ defers: [CodeBlockSyntax], on outcome: Outcome) -> Outcome {
        guard !defers.isEmpty else { return outcome }
        var result = Outcome()
        result.returned = outcome.returned.flatMap { state, node in runDefers(defers, on: [state]).map { ($0, node) } }
        result.broke = runDefers(defers, on: outcome.broke)
        result.continued = runDefers(defers, on: outcome.continued)
        result.thrown = runDefers(defers, on: outcome.thrown)
        return result
    }

    private func run(item: CodeBlockItemSyntax, _ states: [State]) -> Outcome {
        let node = Syntax(item.item)
        if let statement = node.as(ExpressionStmtSyntax.self) { return run(expressionStatement: Syntax(statement.expression), states) }
        if let expression = node.as(ExprSyntax.self) { return run(expressionStatement: Syntax(expression), states) }
        if let returnStatement = node.as(ReturnStmtSyntax.self) {
            var outcome = Outcome()
            let after = returnStatement.expression.map { scan(Syntax($0), states) } ?? states
            outcome.returned = after.map { ($0, Syntax(returnStatement)) }
            return outcome
        }
        if let throwStatement = node.as(ThrowStmtSyntax.self) {
            var outcome = Outcome()
            outcome.thrown = scan(Syntax(throwStatement.expression), states)
            return outcome
        }
        if let breakStatement = node.as(BreakStmtSyntax.self) {
            var outcome = Outcome()
            outcome.broke = jumping(states, to: breakStatement.label?.text)
            return outcome
        }
        if let continueStatement = node.as(ContinueStmtSyntax.self) {
            var outcome = Outcome()
            outcome.continued = jumping(states, to: continueStatement.label?.text)
            return outcome
        }
        if let labeled = node.as(LabeledStmtSyntax.self) {
            return run(statement: Syntax(labeled.statement), label: labeled.label.text, states)
        }
        return run(statement: node, label: nil, states)
    }

    private func jumping(_ states: [State], to label: String?) -> [State] {
        states.map { state in
            var state = state
            state.jumpLabel = label
            return state
        }
    }

    /// Splits jumps into those that target this loop (or switch) and those that leave it.
    private func consume(_ states: [State], label: String?) -> (mine: [State], outer: [State]) {
        var mine: [State] = []
        var outer: [State] = []
        for state in states {
            if state.jumpLabel == nil || state.jumpLabel == label {
                var state = state
                state.jumpLabel = nil
                mine.append(state)
            } else {
                outer.append(state)
            }
        }
        return (mine, outer)
    }

    private func run(statement node: Syntax, label: String?, _ states: [State]) -> Outcome {
        if let guardStatement = node.as(GuardStmtSyntax.self) { return run(guard: guardStatement, states) }
        if let forLoop = node.as(ForStmtSyntax.self) {
            return runLoop(Syntax(forLoop), body: forLoop.body, keyword: "for", label: label, states)
        }
        if let whileLoop = node.as(WhileStmtSyntax.self) {
            let endless = whileLoop.conditions.trimmedText == "true"
            return runLoop(Syntax(whileLoop), body: whileLoop.body, keyword: "while", label: label, states, endless: endless)
        }
        if let repeatLoop = node.as(RepeatStmtSyntax.self) {
            return runLoop(Syntax(repeatLoop), body: repeatLoop.body, keyword: "repeat", label: label, states,
                           endless: repeatLoop.condition.trimmedText == "true", atLeastOnce: true)
        }
        if let doStatement = node.as(DoStmtSyntax.self) { return run(do: doStatement, states) }
        if let conditional = node.as(IfConfigDeclSyntax.self) { return run(ifConfig: conditional, states) }
        if node.is(FunctionDeclSyntax.self) || node.is(ClosureExprSyntax.self) {
            // A nested function that uses the continuation resumes it whenever it is called.
            if !references(to: [name], in: node, within: .declaration).isEmpty { escaped = true }
            var outcome = Outcome()
            outcome.normal = states
            return outcome
        }
        var outcome = Outcome()
        outcome.thrown = mayThrow(node) ? states : []
        outcome.normal = scan(node, states)
        return outcome
    }

    private func run(expressionStatement expression: Syntax, _ states: [State]) -> Outcome {
        if let ifExpression = expression.as(IfExprSyntax.self) { return run(if: ifExpression, states) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) { return run(switch: switchExpression, states) }
        var outcome = Outcome()
        if let call = expression.as(FunctionCallExprSyntax.self),
           ["fatalError", "preconditionFailure", "exit"].contains(call.calleeText) {
            return outcome   // never returns
        }
        outcome.thrown = mayThrow(expression) ? states : []
        outcome.normal = scan(expression, states)
        return outcome
    }

    /// A plain `try` outside closures: the statement may leave for a `catch` before it finishes.
    private func mayThrow(_ node: some SyntaxProtocol) -> Bool {
        collect(TryExprSyntax.self, in: node, within: .context).contains { $0.questionOrExclamationMark == nil }
    }

    private func labelled(_ states: [State], _ phrase: String, _ node: some SyntaxProtocol) -> [State] {
        states.map { state in
            var state = state
            state.branch = Branch(phrase: phrase, node: Syntax(node))
            return state
        }
    }

    private func run(if ifExpression: IfExprSyntax, _ states: [State]) -> Outcome {
        let entry = scan(Syntax(ifExpression.conditions), states)
        var outcome = Outcome()
        let thenResult = run(ifExpression.body.statements,
                             labelled(entry, "the `if` branch at line \(line(ifExpression.ifKeyword))", ifExpression.ifKeyword))
        outcome.absorbExits(thenResult)
        outcome.normal = thenResult.normal
        switch ifExpression.elseBody {
        case .ifExpr(let nested)?:
            let elseResult = run(if: nested, entry)
            outcome.absorbExits(elseResult)
            outcome.normal += elseResult.normal
        case .codeBlock(let block)?:
            let elseKeyword = ifExpression.elseKeyword ?? ifExpression.ifKeyword
            let elseResult = run(block.statements,
                                 labelled(entry, "the `else` branch at line \(line(elseKeyword))", elseKeyword))
            outcome.absorbExits(elseResult)
            outcome.normal += elseResult.normal
        case nil:
            outcome.normal += labelled(entry, "the path where the `if` condition at line \(line(ifExpression.ifKeyword)) is false",
                                       ifExpression.ifKeyword)
        @unknown default:
            outcome.normal += entry
        }
        outcome.normal = merge(outcome.normal)
        return outcome
    }

    private func run(guard guardStatement: GuardStmtSyntax, _ states: [State]) -> Outcome {
        let entry = scan(Syntax(guardStatement.conditions), states)
        let phrase = "the `guard … else` branch at line \(line(guardStatement.guardKeyword))"
        var outcome = run(guardStatement.body.statements, labelled(entry, phrase, guardStatement.guardKeyword))
        outcome.normal = entry
        return outcome
    }

    private func run(switch switchExpression: SwitchExprSyntax, _ states: [State]) -> Outcome {
        let entry = scan(Syntax(switchExpression.subject), states)
        var outcome = Outcome()
        for element in switchExpression.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else {
                // `#if` around cases: too rare to model; assume nothing about them.
                outcome.normal += entry
                continue
            }
            let phrase: String
            switch switchCase.label {
            case .default(let label):
                phrase = "the `default` case at line \(line(label))"
            case .case(let label):
                var text = label.trimmedText
                if text.hasSuffix(":") { text.removeLast() }
                if text.count > 40 { text = String(text.prefix(37)) + "…" }
                phrase = "`\(text)` at line \(line(label))"
            @unknown default:
                phrase = "a case at line \(line(switchCase))"
            }
            var result = run(switchCase.statements, labelled(entry, phrase, switchCase.label))
            // `break` in a switch leaves the switch, not an enclosing loop.
            let (mine, outer) = consume(result.broke, label: nil)
            result.normal += mine
            result.broke = outer
            outcome.absorbExits(result)
            outcome.normal += result.normal
        }
        outcome.normal = merge(outcome.normal)
        return outcome
    }

    /// Paths that throw in the `do` body go to every `catch` clause.
    private func run(do doStatement: DoStmtSyntax, _ states: [State]) -> Outcome {
        var body = run(doStatement.body.statements, states)
        let thrown = merge(body.thrown)
        body.thrown = []
        guard !doStatement.catchClauses.isEmpty else {
            body.thrown = thrown
            return body
        }
        var outcome = body
        for clause in doStatement.catchClauses {
            let phrase = "the `catch` at line \(line(clause.catchKeyword))"
            let result = run(clause.body.statements, labelled(thrown, phrase, clause.catchKeyword))
            outcome.absorbExits(result)
            outcome.normal += result.normal
        }
        outcome.normal = merge(outcome.normal)
        return outcome
    }

    private func run(ifConfig: IfConfigDeclSyntax, _ states: [State]) -> Outcome {
        var outcome = Outcome()
        for clause in ifConfig.clauses {
            guard case .statements(let statements)? = clause.elements else {
                outcome.normal += states
                continue
            }
            let result = run(statements, states)
            outcome.absorbExits(result)
            outcome.normal += result.normal
        }
        if !ifConfig.clauses.contains(where: { $0.poundKeyword.tokenKind == .poundElse }) { outcome.normal += states }
        outcome.normal = merge(outcome.normal)
        return outcome
    }

    /// Runs the body twice (enough to see a second resume) and collects how paths leave.
    private func runLoop(_ loop: Syntax, body: CodeBlockSyntax, keyword: String, label: String?, _ states: [State],
                         endless: Bool = false, atLeastOnce: Bool = false) -> Outcome {
        let first = run(body.statements, states)
        let firstContinued = consume(first.continued, label: label)
        let again = merge(first.normal + firstContinued.mine)
        let previousRerun = rerunLoop
        rerunLoop = loop
        let second = again.isEmpty ? Outcome() : run(body.statements, again)
        rerunLoop = previousRerun
        let secondContinued = consume(second.continued, label: label)
        let broke = consume(first.broke + second.broke, label: label)
        var outcome = Outcome()
        outcome.returned = first.returned + second.returned
        outcome.thrown = first.thrown + second.thrown
        outcome.broke = broke.outer
        outcome.continued = firstContinued.outer + secondContinued.outer
        var leaving = broke.mine
        if !endless {
            let finished = (atLeastOnce ? [] : states) + again + second.normal + secondContinued.mine
            leaving += labelled(merge(finished), "the path where the `\(keyword)` loop at line \(line(loop)) finishes", loop)
        }
        outcome.normal = merge(leaving)
        return outcome
    }

    /// One state per resume count: paths with the same count behave alike from here on.
    private func merge(_ states: [State]) -> [State] {
        var seen: Set<Int> = []
        return states.filter { seen.insert($0.count).inserted }
    }

    // MARK: Expressions

    /// Applies the resumes, callbacks and escapes inside `node`, in source order.
    private func scan(_ node: Syntax, _ states: [State]) -> [State] {
        var states = states
        let events = collect(in: node, within: .context) { candidate in
            candidate.is(ClosureExprSyntax.self) || candidate.is(DeclReferenceExprSyntax.self)
        }
        var resumesInStatement = 0
        let hasTernary = !collect(in: node, within: .context) {
            $0.is(TernaryExprSyntax.self) || $0.is(UnresolvedTernaryExprSyntax.self)
        }.isEmpty
        var handledCalls: Set<SyntaxIdentifier> = []
        for event in events {
            if let closure = event.as(ClosureExprSyntax.self) {
                guard closure.id != node.id, referencesContinuation(closure) else { continue }
                let call = closure.invocation?.call
                if let call, handledCalls.contains(call.id) {
                    _ = runCallback(closure, call: call)   // an alternative to a callback already counted
                    continue
                }
                if let call { handledCalls.insert(call.id) }
                // Calling the callback resumes once, at the resume inside it. Two callbacks handed
                // to different calls (Cancel and OK actions, success and failure handlers) are
                // taken as alternatives: which of them runs is the API's business.
                if let resumeNode = runCallback(closure, call: call) {
                    let key = callbackKey(closure, call: call)
                    let resumed = states.map { state -> State in
                        if state.count == 1, let earlier = state.resumedInCallback, isAlternative(key, to: earlier) {
                            return state
                        }
                        var next = resume(state, at: resumeNode)
                        if state.count == 0 { next.resumedInCallback = key }
                        return next
                    }
                    if let call, let chain = optionalChain(in: call.calledExpression) {
                        // `source?.load { … }` makes no call at all when `source` is nil.
                        let skipped = labelled(states, "the path where `\(chain.expression.trimmedText)` is nil " +
                                               "(the optional chain at line \(line(chain)))", chain)
                        states = merge(resumed + skipped)
                    } else {
                        states = resumed
                    }
                }
                continue
            }
            guard let reference = event.as(DeclReferenceExprSyntax.self), reference.baseName.text == name,
                  !reference.isMemberName else { continue }
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                  member.declName.baseName.text == "resume",
                  let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id else {
                escaped = true
                continue
            }
            resumesInStatement += 1
            // `ok ? c.resume(returning: a) : c.resume(returning: b)` resumes once.
            if hasTernary && resumesInStatement > 1 { continue }
            states = states.map { resume($0, at: Syntax(call)) }
        }
        return states
    }

    private func resume(_ state: State, at node: Syntax) -> State {
        var state = state
        switch state.count {
        case 0:
            state.count = 1
            state.firstResume = node
        case 1:
            state.count = 2
            let first = state.firstResume.map { " (it was already resumed on line \(line($0))" +
                (state.branch.map { ", on \($0.phrase)" } ?? "") + ")" } ?? ""
            let again = rerunLoop.map { " on the next iteration of the loop at line \(line($0))" } ?? ""
            add(at: node, "`\(name)` is resumed a second time here\(again)\(first): a continuation must be resumed " +
                "exactly once; a second resume traps with a checked continuation and is undefined behaviour " +
                "with an unsafe one (SE-0300).")
        default:
            break
        }
        return state
    }

    private func referencesContinuation(_ closure: ClosureExprSyntax) -> Bool {
        // `$0` inside a nested closure is that closure's own parameter.
        if name.hasPrefix("$") { return false }
        return !references(to: [name], in: closure, within: .declaration).isEmpty
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

    static let repeatingCalls: Set<String> = ["forEach", "map", "compactMap", "flatMap", "filter", "reduce",
                                              "sorted", "contains", "first", "allSatisfy"]

    /// Analyses a closure that uses the continuation and reports its own paths. Returns the
    /// resume that calling it performs, nil when it never resumes.
    private func runCallback(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax?) -> Syntax? {
        let outcome = run(closure.statements, [State()])
        let exits = outcome.normal + outcome.returned.map(\.0) + outcome.thrown
        guard let resumeNode = exits.compactMap(\.firstResume).first else { return nil }
        if let callee = call?.calleeName, Self.repeatingCalls.contains(callee) {
            // Called once per element: a resume inside runs again for the next one.
            add(at: resumeNode, "`\(name)` is resumed inside `\(callee)`, which calls its closure once per " +
                "element: with more than one element this resumes again, which traps with a checked " +
                "continuation (SE-0300).")
            return resumeNode
        }
        // A listener or subscription calls its closure for every update: a path that does not
        // resume just waits for the next call.
        if !isRepeatedCallback(closure, call: call) {
            report(outcome, fallOffAt: Syntax(closure.leftBrace), callback: true, closure: closure)
        }
        return resumeNode
    }

    /// "stored" for a callback kept for later — assigned to a property or variable, or given to a
    /// call whose result is kept (`let cancel = UIAlertAction(…) { … }`) — else the callee's name.
    private func callbackKey(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax?) -> String {
        func isStored(_ node: Syntax) -> Bool {
            if node.parent?.is(InitializerClauseSyntax.self) == true { return true }
            guard let elements = node.parent?.as(ExprListSyntax.self),
                  let index = elements.firstIndex(where: { $0.id == node.id }), index != elements.startIndex else { return false }
            return elements[elements.index(before: index)].is(AssignmentExprSyntax.self)
        }
        if isStored(Syntax(closure)) { return "stored" }
        guard let call else { return "stored" }
        if isStored(Syntax(call)) { return "stored" }
        return call.calleeName ?? "stored"
    }

    /// Two resuming callbacks are alternatives — only one of them runs — when they are handlers
    /// kept for events (an alert's Cancel action and a confirmation closure) or registered
    /// with the same call (`addAction` twice). Callbacks of two different calls that start work
    /// (`cache.prepare { }` then `index.rebuild { }`) both run.
    private func isAlternative(_ key: String, to earlier: String) -> Bool {
        key == "stored" || earlier == "stored" || key == earlier
    }

    /// Words in a call, its argument label or the call around it that say "called for every
    /// update": `subscribe(listener:)`, `observe`, `sink`, `SDKListener { }`.
    static let repeatedCallbackWords = ["subscribe", "observe", "observer", "listen", "sink", "watch", "monitor",
                                        "onupdate", "onchange", "onreceive", "updates",
                                        // AVFoundation calls these again until they say they are done.
                                        "requestmediadatawhenready", "periodictimeobserver", "boundarytimeobserver"]

    private func isRepeatedCallback(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax?) -> Bool {
        guard let call else { return false }
        var words = [call.calleeName ?? ""]
        if let argument = closure.parent?.as(LabeledExprSyntax.self), let label = argument.label { words.append(label.text) }
        // `room.subscribe(listener: Listener { … })`: the call that receives the wrapper.
        if let argument = call.parent?.as(LabeledExprSyntax.self),
           let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            words.append(outer.calleeName ?? "")
            if let label = argument.label { words.append(label.text) }
        }
        // `Timer.scheduledTimer(withTimeInterval:repeats: true) { … }` fires until invalidated.
        let repeats = call.arguments.contains { $0.label?.text == "repeats" && $0.expression.trimmedText == "true" }
        return repeats || words.contains { word in
            let lowered = word.lowercased()
            return Self.repeatedCallbackWords.contains { lowered.contains($0) }
        }
    }

    /// Drops the never-resuming exits whose branch condition tests a variable the callback
    /// itself sets (`guard !didResume else { return }; didResume = true; c.resume(…)`).
    private func skippingOnceGuards(_ outcome: Outcome, in closure: ClosureExprSyntax) -> Outcome {
        let assigned = Set(collect(SequenceExprSyntax.self, in: closure, within: .declaration).compactMap { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil as String? }
            return Flow.rootName(of: elements[0])
        })
        guard !assigned.isEmpty else { return outcome }
        func isOnceGuard(_ state: State) -> Bool {
            guard state.count == 0, let node = state.branch?.node else { return false }
            var current: Syntax? = node
            while let candidate = current, !candidate.is(ClosureExprSyntax.self) {
                if let guardStatement = candidate.as(GuardStmtSyntax.self) {
                    return !references(to: assigned, in: guardStatement.conditions, within: .declaration).isEmpty
                }
                if let ifExpression = candidate.as(IfExprSyntax.self) {
                    return !references(to: assigned, in: ifExpression.conditions, within: .declaration).isEmpty
                }
                current = candidate.parent
            }
            return false
        }
        var filtered = outcome
        filtered.returned = outcome.returned.filter { !isOnceGuard($0.0) }
        filtered.normal = outcome.normal.filter { !isOnceGuard($0) }
        return filtered
    }
}
