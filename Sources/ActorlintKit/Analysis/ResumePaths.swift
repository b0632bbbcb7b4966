import SwiftSyntax

/// Every path through a `with…Continuation` body, and through the callbacks it hands the
/// continuation to, counting resumes (0, 1, "2 or more") — through `if`, `guard`, `switch`,
/// `do`/`catch`, loops, `defer` and early exits (SE-0300). What it models:
/// - a callback is called once, later, unless the API calls it again and again
///   (`CallbackCatalogue.repeating`): then a call that does not resume waits for the next;
/// - callbacks kept for events or handed to the same call, and the success and failure
///   handlers of a promise chain, are alternatives: one of them runs;
/// - a local closure or function runs where it is called; a `try` in it throws from there;
/// - a stored handler that fires only once its object is started resumes at the start call;
/// - resumes and exits behind a once-guard (`ResumeGuards`) are not second resumes or misses;
/// - a Combine `first()` may finish without a value; a file coordinator's block does not run
///   when coordination fails.
/// A continuation stored or passed on is resumed by code this cannot see: `escaped`, no findings.
struct ResumePaths {
    /// How a path that does not resume is reached, for the message.
    enum Path {
        case guardElse(GuardStmtSyntax)
        case ifBranch(IfExprSyntax)
        case ifFalse(IfExprSyntax)
        case elseBranch(IfExprSyntax)
        case switchCase(SwitchCaseSyntax)
        case catchClause(CatchClauseSyntax)
        case loopFinishes(keyword: String, loop: Syntax)
        case optionalNil(OptionalChainingExprSyntax)
        /// A `try` in a callback throws; `droppedBy` is the `Task` whose closure drops the error.
        case thrown(TryExprSyntax, droppedBy: TaskCreation?)
        /// A call that does not run its block on failure (`CallbackCatalogue.blockOnlyOnSuccess`).
        case blockSkipped(FunctionCallExprSyntax, errorArgument: String)
        /// A Combine `first()` (or `first(where:)`, `prefix(1)`: `taking`) that finishes without a value.
        case finishedWithoutValue(sink: FunctionCallExprSyntax, taking: FunctionCallExprSyntax)

        /// Where a finding about this path is reported.
        var node: Syntax {
            switch self {
            case .guardElse(let statement): Syntax(statement.guardKeyword)
            case .ifBranch(let branch), .ifFalse(let branch): Syntax(branch.ifKeyword)
            case .elseBranch(let branch): Syntax(branch.elseKeyword ?? branch.ifKeyword)
            case .switchCase(let switchCase): Syntax(switchCase.label)
            case .catchClause(let clause): Syntax(clause.catchKeyword)
            case .loopFinishes(_, let loop): loop
            case .optionalNil(let chain): Syntax(chain)
            case .thrown(let tried, _):
                // The closure (or local function) the `try` throws out of.
                tried.nearest(where: \.isContextBoundary).map { context in
                    context.as(ClosureExprSyntax.self).map { Syntax($0.leftBrace) }
                        ?? context.as(FunctionDeclSyntax.self).map { Syntax($0.name) } ?? context
                } ?? Syntax(tried)
            case .blockSkipped(let call, _), .finishedWithoutValue(let call, _):
                call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call.calledExpression)
            }
        }
    }

    /// A path that ends, returns or throws without resuming.
    struct Miss {
        /// How it is reached; nil for the straight path through the closure.
        var path: Path?
        /// In a callback the body hands the continuation to, not the body itself.
        var inCallback: Bool
        /// No path through the closure resumes.
        var everyPath: Bool
        /// In the completion handler of a Combine `first()`: the path where no value came.
        var afterNoValue: Bool = false
    }

    enum Problem {
        case missed(Miss)
        /// A second resume; `first` is the one before it, `path` the last branch taken.
        case resumedTwice(first: Syntax, path: Path?, nextIterationOf: Syntax?)
        /// A resume in a closure that runs once per element.
        case perElement(callee: String)
        /// A PromiseKit `catch` that skips cancellation errors (its default policy): neither the
        /// success handler `success` nor `failure` runs for a cancelled promise.
        case cancelledPromise(success: String, failure: FunctionCallExprSyntax)
    }

    struct Finding {
        let node: Syntax
        let problem: Problem
    }

    /// The continuation is stored or passed on: its resumes are not all here.
    let escaped: Bool
    /// In source order.
    let findings: [Finding]

    init(call: FunctionCallExprSyntax, body: ClosureExprSyntax, continuation name: String, file: SourceFile,
         moduleOnceHelpers: Set<String> = []) {
        let facts = FileFacts(file)
        let flow = ResumeFlow(name: name, body: body, file: file,
                              guards: ResumeGuards(body: body, call: call, continuation: name, facts: facts,
                                                   moduleOnceHelpers: moduleOnceHelpers))
        let outcome = flow.run(body.statements, [ResumeFlow.State()])
        flow.finish()
        var bodyOutcome = outcome
        bodyOutcome.thrown = []   // the body cannot throw: its `try`s are caught inside it
        if !flow.escaped { flow.report(bodyOutcome, closure: body, inCallback: false, fallback: Syntax(call.calledExpression)) }
        escaped = flow.escaped
        findings = flow.escaped ? [] : flow.findings.values.sorted { $0.node.position < $1.node.position }
    }
}

/// The walk behind `ResumePaths`: statements here, expressions and callbacks in
/// `ResumePaths+Expressions.swift`.
final class ResumeFlow {
    let name: String
    let body: ClosureExprSyntax
    let file: SourceFile
    let guards: ResumeGuards
    var escaped = false
    var findings: [Int: ResumePaths.Finding] = [:]
    /// The loop whose body is being run a second time, to word a double resume.
    var rerunLoop: Syntax?
    /// Inside a callback an API calls many times: its paths that do not resume are not reported.
    var repeatingDepth = 0
    /// Local closures and functions that use the continuation, run where they are called.
    var localRoutines: [String: Syntax] = [:]
    /// Promise chains (by the node they start from) whose success handler resumed, and whether
    /// it can throw after resuming (then the failure handler runs as well).
    var promiseResumes: [SyntaxIdentifier: Bool] = [:]
    /// PromiseKit `catch` handlers without a policy, to report unless something else resumes.
    var promiseGaps: [(chain: Syntax, success: String, failure: FunctionCallExprSyntax)] = []
    /// Resumes outside promise chains (a timeout): they bound a promise's cancellation gap.
    var resumesOutsidePromises = 0
    /// Handlers assigned to an object that calls them only once started, by the object's name:
    /// the resume they make, at the start call (`CallbackCatalogue.startedBy`).
    var startedHandlers: [String: (resume: Syntax, guarded: Bool, starts: Set<String>)] = [:]
    /// The call of the local routine being run, where its resumes happen.
    var routineCallSite: Syntax?
    /// The file imports PromiseKit, whose `catch` skips cancellation errors by default.
    lazy var importsPromiseKit: Bool = file.tree.statements.contains { item in
        item.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "PromiseKit"
    }
    /// Completion handlers of a Combine `first()`: their paths that do not resume are those
    /// where the publisher finished without a value.
    var completionsAfterFirst: Set<SyntaxIdentifier> = []

    init(name: String, body: ClosureExprSyntax, file: SourceFile, guards: ResumeGuards) {
        self.name = name
        self.body = body
        self.file = file
        self.guards = guards
        collectLocalRoutines()
    }

    /// A path's state: how often it has resumed, its last branch, its first resume.
    struct State {
        var count = 0
        /// Every resume so far ran behind a once-guard: none of them can be a second one.
        var guarded = false
        var branch: ResumePaths.Path?
        var firstResume: Syntax?
        /// The label of a `break outer` / `continue outer` on its way to that loop.
        var jumpLabel: String?
        /// The callback the resume so far happened in (its alternatives' key, `callbackKey`).
        var resumedInCallback: String?
        /// On a thrown exit: the `try` that threw.
        var thrownBy: TryExprSyntax?
        /// Optionals known to be nil (true) or not (false) on this path.
        var nilFacts: [String: Bool] = [:]

        var mergeKey: String {
            "\(count)\(guarded ? "g" : "")" + nilFacts.sorted { $0.key < $1.key }.map { "\($0.key)\($0.value)" }.joined()
        }
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

        var all: [State] { normal + returned.map(\.0) + broke + continued + thrown }

        func dropping(_ drop: (State) -> Bool) -> Outcome {
            Outcome(normal: normal.filter { !drop($0) }, returned: returned.filter { !drop($0.0) },
                    broke: broke.filter { !drop($0) }, continued: continued.filter { !drop($0) },
                    thrown: thrown.filter { !drop($0) })
        }
    }

    func line(_ node: some SyntaxProtocol) -> Int { file.line(of: node) }

    func add(_ problem: ResumePaths.Problem, at node: some SyntaxProtocol) {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        if findings[offset] == nil { findings[offset] = ResumePaths.Finding(node: Syntax(node), problem: problem) }
    }

    /// One state per resume count (and guard and facts): paths alike from here on.
    func merge(_ states: [State]) -> [State] {
        var seen: Set<String> = []
        return states.filter { seen.insert($0.mergeKey).inserted }
    }

    func labelled(_ states: [State], _ path: ResumePaths.Path) -> [State] {
        states.map { state in
            var state = state
            state.branch = path
            return state
        }
    }

    /// A branch none of whose paths resumes misses as a whole: name it, not a branch inside it
    /// (the whole `default:` case, not its first `if`).
    func wholeBranch(_ outcome: Outcome, _ path: ResumePaths.Path) -> Outcome {
        guard !outcome.all.contains(where: { $0.count > 0 }) else { return outcome }
        var result = outcome
        result.normal = labelled(outcome.normal, path)
        result.returned = outcome.returned.map { state, node in (labelled([state], path)[0], node) }
        return result
    }

    // MARK: Statements

    func run(_ list: CodeBlockItemListSyntax, _ entry: [State]) -> Outcome {
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
        var outcome = Outcome()
        if let statement = node.as(ExpressionStmtSyntax.self) { return run(expressionStatement: Syntax(statement.expression), states) }
        if let expression = node.as(ExprSyntax.self) { return run(expressionStatement: Syntax(expression), states) }
        if let returnStatement = node.as(ReturnStmtSyntax.self) {
            let after = returnStatement.expression.map { scanWithThrows(Syntax($0), states) } ?? (normal: states, thrown: [])
            outcome.thrown = (returnStatement.expression.map { thrown(from: $0, states) } ?? []) + after.thrown
            outcome.returned = after.normal.map { ($0, Syntax(returnStatement)) }
            return outcome
        }
        if let throwStatement = node.as(ThrowStmtSyntax.self) {
            outcome.thrown = scan(Syntax(throwStatement.expression), states)
            return outcome
        }
        if let breakStatement = node.as(BreakStmtSyntax.self) {
            outcome.broke = jumping(states, to: breakStatement.label?.text)
            return outcome
        }
        if let continueStatement = node.as(ContinueStmtSyntax.self) {
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
        var outcome = Outcome()
        if let function = node.as(FunctionDeclSyntax.self) {
            // A local function runs where it is called (`localRoutines`); any other use of the
            // continuation in it is one this walk cannot place.
            if localRoutines[function.name.text] == nil, !references(to: [name], in: node, within: .declaration).isEmpty {
                escaped = true
            }
            outcome.normal = states
            return outcome
        }
        if node.is(DeclSyntax.self), let variable = node.as(VariableDeclSyntax.self),
           variable.bindings.contains(where: { binding in
               binding.pattern.as(IdentifierPatternSyntax.self).map { localRoutines[$0.identifier.text] != nil } ?? false
           }) {
            outcome.normal = states   // `let finish = { … }`: runs where it is called
            return outcome
        }
        let scanned = scanWithThrows(node, states)
        outcome.thrown = thrown(from: node, states) + scanned.thrown
        outcome.normal = scanned.normal
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
        let scanned = scanWithThrows(expression, states)
        outcome.thrown = thrown(from: expression, states) + scanned.thrown
        outcome.normal = scanned.normal
        return outcome
    }

    /// The paths that leave a statement by a plain `try` outside closures, before it finishes;
    /// a local routine called with `try` throws what its own `try`s throw.
    private func thrown(from node: some SyntaxProtocol, _ states: [State]) -> [State] {
        let tries = collect(TryExprSyntax.self, in: node, within: .context).filter { $0.questionOrExclamationMark == nil }
        guard let first = tries.first else { return [] }
        if tries.contains(where: { !callsLocalRoutine($0) }) {
            return states.map { state in
                var state = state
                state.thrownBy = first
                return state
            }
        }
        return []
    }

    private func run(if ifExpression: IfExprSyntax, _ states: [State]) -> Outcome {
        var entry = scan(Syntax(ifExpression.conditions), states)
        var outcome = Outcome()
        // `if markCompleted() { … }` and `if let self { … }` without `else`: the false path is
        // the one where another call already resumed, or one that cannot happen.
        let falseImpossible = (guards.isOnceCondition(ifExpression.conditions) && containsResume(ifExpression.body))
            || guards.bindsLiveSelf(ifExpression.conditions)
        let (whenTrue, whenFalse) = split(entry, on: ifExpression.conditions)
        entry = whenFalse
        var thenResult = wholeBranch(run(ifExpression.body.statements, labelled(whenTrue, .ifBranch(ifExpression))),
                                     .ifBranch(ifExpression))
        if guards.isOnceCondition(ifExpression.conditions), !containsResume(ifExpression.body) {
            // `if didResume { return }`: the branch taken when another call already resumed.
            thenResult = thenResult.dropping { $0.count == 0 }
        }
        outcome.absorbExits(thenResult)
        outcome.normal = thenResult.normal
        switch ifExpression.elseBody {
        case .ifExpr(let nested)?:
            let elseResult = run(if: nested, entry)
            outcome.absorbExits(elseResult)
            outcome.normal += elseResult.normal
        case .codeBlock(let block)?:
            let elseResult = wholeBranch(run(block.statements, labelled(entry, .elseBranch(ifExpression))),
                                         .elseBranch(ifExpression))
            outcome.absorbExits(elseResult)
            outcome.normal += elseResult.normal
        case nil:
            if !falseImpossible { outcome.normal += labelled(entry, .ifFalse(ifExpression)) }
        @unknown default:
            outcome.normal += entry
        }
        outcome.normal = merge(outcome.normal)
        return outcome
    }

    private func run(guard guardStatement: GuardStmtSyntax, _ states: [State]) -> Outcome {
        let entry = scan(Syntax(guardStatement.conditions), states)
        let (pass, fail) = split(entry, on: guardStatement.conditions)
        var outcome = Outcome()
        // The `else` of a once-guard is the path where another call resumed; that of
        // `guard let self` cannot run while a method of `self` awaits.
        if !guards.isOnceCondition(guardStatement.conditions) && !guards.bindsLiveSelf(guardStatement.conditions) {
            outcome = run(guardStatement.body.statements, labelled(fail, .guardElse(guardStatement)))
        }
        outcome.normal = pass
        return outcome
    }

    /// The states for which `conditions` can hold and those for which they can fail, by what
    /// the states know of optionals (`if let error`, `error == nil`).
    private func split(_ states: [State], on conditions: ConditionElementListSyntax) -> (true: [State], false: [State]) {
        guard conditions.count == 1, let condition = conditions.first?.condition else { return (states, states) }
        var tested: String?
        var trueMeansNil = false
        if let binding = condition.as(OptionalBindingConditionSyntax.self) {
            tested = binding.initializer?.value.trimmedText ?? binding.pattern.trimmedText
        } else {
            let text = condition.trimmedText.filter { !$0.isWhitespace }
            if text.hasSuffix("!=nil") { tested = String(text.dropLast(5)) }
            if text.hasSuffix("==nil") { tested = String(text.dropLast(5)); trueMeansNil = true }
        }
        guard let tested else { return (states, states) }
        let whenTrue = states.filter { $0.nilFacts[tested].map { $0 == trueMeansNil } ?? true }
        let whenFalse = states.filter { $0.nilFacts[tested].map { $0 != trueMeansNil } ?? true }
        return (whenTrue, whenFalse)
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
            var result = wholeBranch(run(switchCase.statements, labelled(entry, .switchCase(switchCase))), .switchCase(switchCase))
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
            let caught = thrown.map { state -> State in
                var state = state
                state.thrownBy = nil
                return state
            }
            let result = wholeBranch(run(clause.body.statements, labelled(caught, .catchClause(clause))), .catchClause(clause))
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
            leaving += labelled(merge(finished), .loopFinishes(keyword: keyword, loop: loop))
        }
        outcome.normal = merge(leaving)
        return outcome
    }
}
