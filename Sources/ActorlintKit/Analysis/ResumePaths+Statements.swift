import SwiftSyntax

// The statements of a continuation's body and its callbacks: blocks with their `defer`s,
// branches, loops, `do`/`catch`, `#if`, and the jumps between them.
extension ResumeFlow {
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
        let falseImpossible = (containsResume(ifExpression.body) && guards.isOnceCondition(ifExpression.conditions, guardsResume: true))
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
