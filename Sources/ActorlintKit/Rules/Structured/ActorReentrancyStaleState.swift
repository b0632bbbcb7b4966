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
            a dictionary of `Task`s so concurrent callers share it. The rule reports a write only \
            when another method of the actor writes the same property in a way that can undo \
            the check (an insertion after "nothing cached", a removal after "found it", another \
            value after `phase == .ready`), and names that method. It stays quiet when \
            the state is re-read after the `await`, when the method records its decision in \
            the actor's state before the `await` (`isLoading = true`, `inFlight[url] = task`), \
            when it checks the actor's state again after the `await` before writing, \
            and when no `await` separates check and write. \
            (SE-0306)
            """,
        limits: """
            Only the actor's methods declared in the same file are read, so a writer in an \
            extension elsewhere is not seen. A second call of the same method is not counted as \
            a writer: whether two can overlap depends on the callers (a serial queue, a single \
            caller), which the rule does not see. A write that clears what the check found \
            (`tasks[id] = nil` after `guard let task = tasks[id]`, `flag = false` after \
            `if flag`) is not reported, although a value stored meanwhile under the same key \
            would be cleared too. Keys of dictionaries are not compared, and a condition other \
            than a nil test, a Boolean, `contains` or a comparison with a literal counts as one \
            that any write can undo.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

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
        // Which methods of each actor write which of its properties: the calls that can change
        // a property while another method is suspended.
        var writers: [String: [Writer]] = [:]
        for (function, actor) in members where isolatedToTheActor(function) {
            guard let body = function.body else { continue }
            let properties = visibleProperties(in: function, state: stateByActor[actor] ?? [])
            for reference in collect(DeclReferenceExprSyntax.self, in: body, within: .declaration) {
                guard let (property, expression) = propertyAccess(reference, properties),
                      let write = StateWrite(of: property, at: expression) else { continue }
                writers[actor, default: []].append(Writer(method: function, write: write))
            }
        }
        return members.flatMap { function, actor in
            analyse(function, state: stateByActor[actor] ?? [], writers: writers[actor] ?? [], context)
        }
    }

    /// A write in one of the actor's methods.
    struct Writer {
        let method: FunctionDeclSyntax
        let write: StateWrite
    }

    private func isolatedToTheActor(_ function: FunctionDeclSyntax) -> Bool {
        !function.modifiers.contains(where: { ["static", "class", "nonisolated"].contains($0.name.text) })
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

    struct Check {
        let property: String
        let time: Int
        let statement: Syntax
        /// Offset ranges whose code runs only because of the check's outcome, with what the
        /// check established about the property there.
        let scope: [(range: Range<Int>, established: StateCondition)]

        func established(at offset: Int) -> StateCondition? {
            scope.first { $0.range.contains(offset) }?.established
        }
    }

    /// The actor's properties `function` can name: those no parameter or local of it hides.
    private func visibleProperties(in function: FunctionDeclSyntax, state: Set<String>) -> Set<String> {
        guard let body = function.body else { return [] }
        var shadowed = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        shadowed.formUnion(collect(IdentifierPatternSyntax.self, in: body, within: .declaration).map(\.identifier.text))
        return state.subtracting(shadowed)
    }

    private func analyse(_ function: FunctionDeclSyntax, state: Set<String>, writers: [Writer],
                         _ context: RuleContext) -> [Violation] {
        guard let body = function.body, isolatedToTheActor(function) else { return [] }
        let properties = visibleProperties(in: function, state: state)
        guard !properties.isEmpty else { return [] }

        let awaits = collect(in: body, within: .context) {
            $0.is(AwaitExprSyntax.self) || $0.as(ForStmtSyntax.self)?.awaitKeyword != nil
        }
        guard !awaits.isEmpty else { return [] }

        var reads: [Access] = []
        var writes: [StateWrite] = []
        for reference in collect(DeclReferenceExprSyntax.self, in: body, within: .context) {
            guard let (property, expression) = propertyAccess(reference, properties) else { continue }
            if let write = StateWrite(of: property, at: expression) {
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
        // Other methods' writes: what can change a property while this one is suspended. A
        // second call of this same method is left out: whether two can run at once (a serial
        // queue, a single caller) is not visible here.
        let otherWrites = writers.filter { $0.method.id != function.id }

        var violations: [Violation] = []
        for write in writes {
            let time = write.time
            // `token = try await refresh()`: the suspension inside the written value counts too.
            let usable = awaits.filter { $0.endOffset <= time && canPrecede($0, write.node) }
            guard let lastAwait = usable.max(by: { $0.endOffset < $1.endOffset }) else { continue }
            let rereads = reads.contains {
                $0.property == write.property && $0.time > lastAwait.endOffset && $0.time < time
                    && !Flow.mutuallyExclusive($0.node, write.node)
            }
            // A stale copy written back.
            let staleCopy = write.values.lazy.flatMap { references(to: Set(copies.keys), in: $0, within: .declaration) }.first { reference in
                guard let copy = copies[reference.baseName.text], copy.property == write.property else { return false }
                return usable.contains { $0.endOffset > copy.time }
            }
            if let staleCopy, let copy = copies[staleCopy.baseName.text],
               let writer = otherWrites.first(where: { $0.write.property == copy.property }) {
                let suspension = usable.first { $0.endOffset > copy.time }!
                violations.append(context.violation(
                    "`\(staleCopy.baseName.text)` is a copy of `\(copy.property)` taken on line " +
                    "\(context.file.line(of: copy.node)), before the `await` on line \(context.file.line(of: suspension)); " +
                    "meanwhile other calls can run on the actor, and \(describe(writer, context)) writes " +
                    "`\(copy.property)`: writing the old copy back here undoes such changes. Read `\(copy.property)` " +
                    "again after the `await` (SE-0306).",
                    at: write.node))
                continue
            }
            guard staleCopy == nil, !rereads else { continue }
            // `guard !removed.contains(uri) else { return }` after the `await`: the method checks
            // the actor's state again before writing, so it has taken interleaving into account.
            let revalidated = collect(in: body, within: .context) { node in
                guard node.startOffset > lastAwait.endOffset, node.endOffset < write.node.startOffset else { return false }
                if let guardStatement = node.as(GuardStmtSyntax.self) {
                    return reads.contains { $0.time > guardStatement.startOffset && $0.time < guardStatement.conditions.endOffset }
                }
                if let ifExpression = node.as(IfExprSyntax.self), exits(ifExpression.body),
                   !write.node.isInside(ifExpression.body) {
                    return reads.contains { $0.time > ifExpression.startOffset && $0.time < ifExpression.conditions.endOffset }
                }
                return false
            }
            guard revalidated.isEmpty else { continue }
            let relevant = checks.first { check in
                guard check.property == write.property, check.time < lastAwait.startOffset,
                      check.established(at: write.node.startOffset) != nil else { return false }
                // Claimed before suspending (`isLoading = true`, `inFlight[url] = task`): the method
                // recorded its decision in the actor's state, so a concurrent call can see it.
                let firstAwait = usable.filter { $0.startOffset > check.time }.min { $0.startOffset < $1.startOffset }
                let claimed = writes.contains { other in
                    other.time > check.time && other.time < (firstAwait?.startOffset ?? time)
                        && canPrecede(other.node, write.node)
                }
                return !claimed && usable.contains { $0.startOffset > check.time }
            }
            guard let check = relevant, let established = check.established(at: write.node.startOffset),
                  // `guard let task = tasks[id]` … `tasks[id] = nil`: clearing what the check found
                  // leaves it cleared whatever ran meanwhile.
                  !established.isCleared(by: write.value),
                  let writer = otherWrites.first(where: {
                      $0.write.property == write.property && established.isInvalidated(by: $0.write.value)
                  })
            else { continue }
            let suspension = usable.first { $0.startOffset > check.time }!
            violations.append(context.violation(
                "`\(check.property)` is checked on line \(context.file.line(of: check.statement)) and written here after " +
                "the `await` on line \(context.file.line(of: suspension)); while this method is suspended, other calls run " +
                "on the actor, and \(describe(writer, context)) writes `\(check.property)`, so the check may no longer " +
                "hold. Re-check it after the `await`, or share the in-flight work through a dictionary of `Task`s (SE-0306).",
                at: write.node))
        }
        return violations
    }

    /// "`end(tag:)` (line 299)".
    private func describe(_ writer: Writer, _ context: RuleContext) -> String {
        let labels = writer.method.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        return "`\(writer.method.name.text)(\(labels))` (line \(context.file.line(of: writer.write.node)))"
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
                let only = ifExpression.conditions.count == 1
                func established(_ passed: Bool) -> StateCondition {
                    StateCondition.established(by: element, read: node, passed: passed, onlyCondition: only)
                }
                var scope = [(ifExpression.body.startOffset..<ifExpression.body.endOffset, established(true))]
                if let elseBody = ifExpression.elseBody { scope.append((elseBody.startOffset..<elseBody.endOffset, established(false))) }
                let bodyExits = exits(ifExpression.body)
                let elseExits = ifExpression.elseBody?.as(CodeBlockSyntax.self).map { exits($0) } ?? false
                // After an `if` one of whose branches leaves, the rest runs on the other outcome.
                if bodyExits || elseExits, let rest = restOfBlock(after: ifExpression) {
                    scope.append((rest, bodyExits && elseExits ? .unknown : established(!bodyExits)))
                }
                checks.append(Check(property: property, time: node.startOffset, statement: Syntax(ifExpression), scope: scope))
            } else if let guardStatement = element.parent?.parent?.as(GuardStmtSyntax.self),
                      let rest = restOfBlock(after: guardStatement) {
                let established = StateCondition.established(by: element, read: node, passed: true,
                                                             onlyCondition: guardStatement.conditions.count == 1)
                checks.append(Check(property: property, time: node.startOffset, statement: Syntax(guardStatement),
                                    scope: [(rest, established)]))
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
