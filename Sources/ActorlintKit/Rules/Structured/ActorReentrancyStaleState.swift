import SwiftSyntax

/// In an actor method: state checked (or copied) before an `await` and written after it, as if
/// nothing could have changed in between.
struct ActorReentrancyStaleState: Rule {
    /// Its findings are in the methods of an actor declared in the file.
    static let triggers = ["actor"]

    static let description = RuleDescription(
        id: "actor-reentrancy-stale-state",
        category: .structured, set: .preview,
        summary: "In an actor, state read before an `await` and acted on after it (check-then-act across a suspension)",
        rationale: """
            An actor runs one piece of its code at a time, but it is reentrant: while a method \
            is suspended at an `await`, the actor runs other calls, and they may change its \
            stored properties. A value checked or copied before the `await` can therefore be \
            stale after it. Writing state based on that old check — "not cached yet, so load and \
            store", "enough balance, so subtract" — duplicates work, loses updates or breaks \
            invariants, and no data-race checker reports it because no two threads ever touch \
            the property at once. Re-check the state after the `await`, make the \
            check-and-update synchronous (no `await` in between), or keep the in-flight work in \
            a dictionary of `Task`s so concurrent callers share it. The rule stays quiet when \
            the state is re-read after the `await`, when the method records its decision in \
            the actor's state before the `await` (`isLoading = true`, `inFlight[url] = task`), \
            when it checks the actor's state again after the `await` before writing, \
            and when no `await` separates check and write. \
            (SE-0306)
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    /// Methods that change the collection or value they are called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "popLast",
        "popFirst", "updateValue", "merge", "formUnion", "formIntersection", "subtract", "sort", "reverse",
        "shuffle", "toggle", "replaceSubrange",
    ]

    func violations(in context: RuleContext) -> [Violation] {
        let actors = context.file.shared(ActorDeclSyntax.self)
        var stateByActor: [String: Set<String>] = [:]
        var members: [(FunctionDeclSyntax, String)] = []
        for actor in actors {
            stateByActor[actor.name.text] = storedVariables(of: actor)
            members += actor.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.map { ($0, actor.name.text) }
        }
        for extensionDecl in context.file.shared(ExtensionDeclSyntax.self) {
            let name = extensionDecl.extendedType.trimmedText
            guard stateByActor[name] != nil else { continue }
            members += extensionDecl.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.map { ($0, name) }
        }
        return members.flatMap { function, actor in
            analyse(function, state: stateByActor[actor] ?? [], context)
        }
    }

    private func storedVariables(of actor: ActorDeclSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in actor.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  variable.bindingSpecifier.tokenKind == .keyword(.var),
                  !variable.modifiers.contains(where: { ["static", "class", "nonisolated"].contains($0.name.text) })
            else { continue }
            for binding in variable.bindings {
                // Computed properties (a getter) are not state of their own; observers are.
                if let accessors = binding.accessorBlock {
                    guard case .accessors(let list) = accessors.accessors,
                          list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) }) else { continue }
                }
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
            }
        }
        return names
    }

    // MARK: Events in one method

    struct Access {
        let property: String
        let node: Syntax
        /// When it happens, as a source offset: a write happens when its statement's value is ready.
        let time: Int
    }

    struct Write {
        let access: Access
        /// The expressions whose values are written: the right-hand side or the call's arguments.
        let values: [Syntax]
    }

    struct Check {
        let property: String
        let time: Int
        let statement: Syntax
        /// Offset ranges whose code runs only because of the check's outcome.
        let scope: [Range<Int>]
    }

    private func analyse(_ function: FunctionDeclSyntax, state: Set<String>, _ context: RuleContext) -> [Violation] {
        guard let body = function.body,
              !function.modifiers.contains(where: { ["static", "class", "nonisolated"].contains($0.name.text) })
        else { return [] }
        // A parameter or local with a property's name hides it; leave such names alone.
        var shadowed = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        shadowed.formUnion(collect(IdentifierPatternSyntax.self, in: body, within: .declaration).map(\.identifier.text))
        let properties = state.subtracting(shadowed)
        guard !properties.isEmpty else { return [] }

        let awaits = collect(in: body, within: .context) {
            $0.is(AwaitExprSyntax.self) || $0.as(ForStmtSyntax.self)?.awaitKeyword != nil
        }
        guard !awaits.isEmpty else { return [] }

        var reads: [Access] = []
        var writes: [Write] = []
        for reference in collect(DeclReferenceExprSyntax.self, in: body, within: .context) {
            guard let (property, expression) = propertyAccess(reference, properties) else { continue }
            if let write = self.write(of: property, at: expression) {
                writes.append(write)
            } else {
                reads.append(Access(property: property, node: expression, time: expression.startOffset))
            }
        }
        // Locals that copy a property (`let current = count`, `if let hit = cache[k]`). A name
        // bound twice (`if let data = cache[url]` … `let data = try await load()`) is not followed.
        let boundNames = collect(IdentifierPatternSyntax.self, in: body, within: .declaration).map(\.identifier.text)
        let boundOnce = Set(boundNames.filter { name in boundNames.count(where: { $0 == name }) == 1 })
        var copies: [String: Access] = [:]
        for binding in collect(PatternBindingSyntax.self, in: body, within: .context) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, boundOnce.contains(name),
                  let value = binding.initializer?.value,
                  let read = reads.first(where: { $0.node.startOffset >= value.startOffset && $0.node.endOffset <= value.endOffset })
            else { continue }
            copies[name] = Access(property: read.property, node: Syntax(binding), time: value.endOffset)
        }
        for condition in collect(OptionalBindingConditionSyntax.self, in: body, within: .context) {
            guard let name = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, boundOnce.contains(name),
                  let value = condition.initializer?.value,
                  let read = reads.first(where: { $0.node.startOffset >= value.startOffset && $0.node.endOffset <= value.endOffset })
            else { continue }
            copies[name] = Access(property: read.property, node: Syntax(condition), time: value.endOffset)
        }
        let checks = self.checks(reads: reads, copies: copies, in: body)

        var violations: [Violation] = []
        for write in writes {
            let time = write.access.time
            // `token = try await refresh()`: the suspension inside the written value counts too.
            let usable = awaits.filter { $0.endOffset <= time && canPrecede($0, write.access.node) }
            guard let lastAwait = usable.max(by: { $0.endOffset < $1.endOffset }) else { continue }
            let rereads = reads.contains {
                $0.property == write.access.property && $0.time > lastAwait.endOffset && $0.time < time
                    && !Flow.mutuallyExclusive($0.node, write.access.node)
            }
            // A stale copy written back.
            let staleCopy = write.values.lazy.flatMap { references(to: Set(copies.keys), in: $0, within: .declaration) }.first { reference in
                guard let copy = copies[reference.baseName.text], copy.property == write.access.property else { return false }
                return usable.contains { $0.endOffset > copy.time }
            }
            if let staleCopy, let copy = copies[staleCopy.baseName.text] {
                let suspension = usable.first { $0.endOffset > copy.time }!
                violations.append(context.violation(
                    "`\(staleCopy.baseName.text)` is a copy of `\(copy.property)` taken on line " +
                    "\(context.file.line(of: copy.node)), before the `await` on line " +
                    "\(context.file.line(of: suspension)); while this actor method was suspended, other calls " +
                    "could run on the actor and change `\(copy.property)`, and writing the old copy back here " +
                    "silently undoes their changes. Read `\(copy.property)` again after the `await` (SE-0306).",
                    at: write.access.node))
                continue
            }
            guard !rereads else { continue }
            // `guard !removed.contains(uri) else { return }` after the `await`: the method checks
            // the actor's state again before writing, so it has taken interleaving into account.
            let revalidated = collect(in: body, within: .context) { node in
                guard node.startOffset > lastAwait.endOffset, node.endOffset < write.access.node.startOffset else { return false }
                if let guardStatement = node.as(GuardStmtSyntax.self) {
                    return reads.contains { $0.time > guardStatement.startOffset && $0.time < guardStatement.conditions.endOffset }
                }
                if let ifExpression = node.as(IfExprSyntax.self), exits(ifExpression.body),
                   !write.access.node.isInside(ifExpression.body) {
                    return reads.contains { $0.time > ifExpression.startOffset && $0.time < ifExpression.conditions.endOffset }
                }
                return false
            }
            guard revalidated.isEmpty else { continue }
            let relevant = checks.first { check in
                guard check.property == write.access.property, check.time < lastAwait.startOffset,
                      check.scope.contains(where: { $0.contains(write.access.node.startOffset) }) else { return false }
                // Claimed before suspending (`isLoading = true`, `inFlight[url] = task`): the method
                // recorded its decision in the actor's state, so a concurrent call can see it.
                let firstAwait = usable.filter { $0.startOffset > check.time }.min { $0.startOffset < $1.startOffset }
                let claimed = writes.contains { other in
                    other.access.time > check.time && other.access.time < (firstAwait?.startOffset ?? time)
                        && canPrecede(other.access.node, write.access.node)
                }
                return !claimed && usable.contains { $0.startOffset > check.time }
            }
            guard let check = relevant else { continue }
            let suspension = usable.first { $0.startOffset > check.time }!
            violations.append(context.violation(
                "`\(check.property)` is checked on line \(context.file.line(of: check.statement)), then this " +
                "actor method suspends at the `await` on line \(context.file.line(of: suspension)); actors are " +
                "reentrant, so other calls can run meanwhile and change `\(check.property)`, and this write acts " +
                "on a check that may no longer hold. Re-check `\(check.property)` after the `await`, or keep the " +
                "in-flight work in a dictionary of `Task`s so concurrent callers share it (SE-0306).",
                at: write.access.node))
        }
        return violations
    }

    /// `cache` or `self.cache` naming one of the actor's stored properties; returns the expression
    /// that denotes the property (`self.cache` as a whole).
    private func propertyAccess(_ reference: DeclReferenceExprSyntax, _ properties: Set<String>) -> (String, Syntax)? {
        let name = reference.baseName.text
        guard properties.contains(name) else { return nil }
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return nil }
            return (name, Syntax(member))
        }
        return (name, Syntax(reference))
    }

    /// Whether the property expression is the target of an assignment or a mutating call.
    private func write(of property: String, at expression: Syntax) -> Write? {
        var target = expression
        while let parent = target.parent {
            if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == target.id {
                target = parent
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == target.id {
                if let call = parent.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == parent.id {
                    guard Self.mutatingMethods.contains(member.declName.baseName.text) else { return nil }
                    let access = Access(property: property, node: Syntax(call), time: call.endOffset)
                    return Write(access: access, values: call.arguments.map { Syntax($0) })
                }
                target = parent
            } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                target = parent
            } else {
                break
            }
        }
        guard let elements = target.parent?.as(ExprListSyntax.self), let sequence = elements.parent?.as(SequenceExprSyntax.self),
              let index = elements.firstIndex(where: { $0.id == target.id }) else { return nil }
        let next = elements.index(after: index)
        guard next != elements.endIndex else { return nil }
        let operatorNode = elements[next]
        let compoundOperators: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "??="]
        guard operatorNode.is(AssignmentExprSyntax.self)
            || operatorNode.as(BinaryOperatorExprSyntax.self).map({ compoundOperators.contains($0.operator.text) }) == true
        else { return nil }
        let values = elements[elements.index(after: next)...].map { Syntax($0) }
        return Write(access: Access(property: property, node: Syntax(sequence), time: sequence.endOffset), values: values)
    }

    /// Reads of a property (or of a copy of it) in an `if` or `guard` condition, with the code
    /// whose running depends on the outcome.
    private func checks(reads: [Access], copies: [String: Access], in body: CodeBlockSyntax) -> [Check] {
        var checks: [Check] = []
        var checked: [(property: String, node: Syntax)] = reads.map { ($0.property, $0.node) }
        for reference in references(to: Set(copies.keys), in: body, within: .context) {
            if let copy = copies[reference.baseName.text], reference.startOffset > copy.time {
                checked.append((copy.property, Syntax(reference)))
            }
        }
        for (property, node) in checked {
            // The condition a read sits in, not looking past its own block.
            guard let element = node.nearest(within: .context, where: {
                $0.is(ConditionElementSyntax.self) || $0.is(CodeBlockSyntax.self)
            })?.as(ConditionElementSyntax.self) else { continue }
            if let ifExpression = element.parent?.parent?.as(IfExprSyntax.self) {
                var scope = [ifExpression.body.startOffset..<ifExpression.body.endOffset]
                if let elseBody = ifExpression.elseBody { scope.append(elseBody.startOffset..<elseBody.endOffset) }
                let elseExits = ifExpression.elseBody?.as(CodeBlockSyntax.self).map { exits($0) } ?? false
                if exits(ifExpression.body) || elseExits, let rest = restOfBlock(after: ifExpression) {
                    scope.append(rest)
                }
                checks.append(Check(property: property, time: node.startOffset, statement: Syntax(ifExpression), scope: scope))
            } else if let guardStatement = element.parent?.parent?.as(GuardStmtSyntax.self),
                      let rest = restOfBlock(after: guardStatement) {
                checks.append(Check(property: property, time: node.startOffset, statement: Syntax(guardStatement),
                                    scope: [rest]))
            }
        }
        return checks
    }

    /// Whether a run can pass `suspension` and then reach `node`: not when they sit in exclusive
    /// branches, or when the suspension is on a path that leaves (`return try await …`, or a
    /// block ending in `return`/`throw` that does not contain `node`).
    private func canPrecede(_ suspension: Syntax, _ node: Syntax) -> Bool {
        if Flow.mutuallyExclusive(suspension, node) { return false }
        var current = suspension.parent
        while let candidate = current, !candidate.isContextBoundary {
            if candidate.startOffset <= node.startOffset && node.endOffset <= candidate.endOffset { return true }
            if candidate.is(ReturnStmtSyntax.self) || candidate.is(ThrowStmtSyntax.self) { return false }
            if let block = candidate.as(CodeBlockSyntax.self), exits(block) { return false }
            current = candidate.parent
        }
        return true
    }

    /// Whether a block always leaves: its last statement returns, throws, breaks or continues.
    private func exits(_ block: CodeBlockSyntax) -> Bool {
        guard let last = block.statements.last?.item else { return false }
        return last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(BreakStmtSyntax.self)
            || last.is(ContinueStmtSyntax.self)
    }

    /// The offsets of the statements after `statement` in its block.
    private func restOfBlock(after statement: some SyntaxProtocol) -> Range<Int>? {
        guard let item = statement.nearest(CodeBlockItemSyntax.self, orSelf: true, within: .context), let list = item.parent?.as(CodeBlockItemListSyntax.self),
              let lastItem = list.last, lastItem.id != item.id else { return nil }
        return item.endOffset..<lastItem.endOffset
    }
}
