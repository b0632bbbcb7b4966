import SwiftSyntax

/// `for await x in group { results.append(x) }; return results`: the array is in completion
/// order, which differs from run to run.
struct TaskGroupUnorderedResults: Rule {
    /// Its findings are in `with…TaskGroup` calls.
    static let triggers = ["TaskGroup"]

    static let description = RuleDescription(
        id: "task-group-unordered-results",
        category: .structured,
        set: .modernize,
        summary: "Task-group results appended in completion order and returned without ordering them",
        rationale: """
            A task group hands back child results in the order the children finish, not the \
            order they were added: `for await`, `group.next()` and `group.reduce(into:)` all \
            yield whichever child completed first. An array built that way is shuffled by \
            network latency and scheduling, so the same input produces a different order on \
            every run — lists jump around, tests flake, and "the first result" is arbitrary. \
            Sort the collected values (for example by id) or have each child return its index \
            with its value and place the values by index. Collecting into a dictionary keyed by \
            id, returning `(index, value)` pairs, or sorting afterwards is left alone. \
            (SE-0304)
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        context.file.functionCalls.flatMap { call -> [Violation] in
            guard ["withTaskGroup", "withThrowingTaskGroup"].contains(call.calleeName ?? ""),
                  !childrenReturnTuples(call),
                  let body = call.closureArgument(label: "body"),
                  let group = Flow.firstParameterName(of: body) else { return [] }
            return collectionSites(in: body, group: group).compactMap { site in
                guard flowsOutUnordered(site, groupCall: call, body: body) else { return nil }
                let what = site.array.map { "`\($0)`" } ?? "the reduced array"
                return context.violation(
                    "Child tasks finish in whatever order the network and the scheduler allow, and " +
                    "the group yields their results in that completion order, not the order they " +
                    "were added; \(what) is returned in that order, which changes from run to run. " +
                    "Sort it (for example by id) before returning, or have each child return its " +
                    "index with its value and place the values by index.",
                    at: site.node)
            }
        }
    }

    /// `withTaskGroup(of: (Int, T).self)`: each child returns its index, the order is recoverable.
    private func childrenReturnTuples(_ call: FunctionCallExprSyntax) -> Bool {
        guard let of = call.arguments.first(where: { $0.label?.text == "of" })?.expression,
              let member = of.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        if let tuple = base.as(TupleExprSyntax.self) { return tuple.elements.count > 1 }
        if let type = base.as(TypeExprSyntax.self) { return type.type.is(TupleTypeSyntax.self) }
        return false
    }

    /// A place where a group result is added to an array.
    struct Site {
        /// The array's variable, nil for `reduce(into:)` whose result is the array.
        let array: String?
        let node: Syntax
    }

    private func collectionSites(in body: ClosureExprSyntax, group: String) -> [Site] {
        var sites: [Site] = []
        for loop in collect(ForStmtSyntax.self, in: body, within: .context) where loop.awaitKeyword != nil {
            guard loop.sequence.as(DeclReferenceExprSyntax.self)?.baseName.text == group,
                  let element = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            sites += appends(of: element, in: loop.body)
        }
        for loop in collect(WhileStmtSyntax.self, in: body, within: .context) {
            guard loop.conditions.count == 1,
                  let binding = loop.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
                  let element = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value, isNext(value, of: group) else { continue }
            sites += appends(of: element, in: loop.body)
        }
        for call in collect(FunctionCallExprSyntax.self, in: body, within: .context) where call.calleeName == "reduce" {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == group,
                  call.arguments.first?.label?.text == "into",
                  let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
            else { continue }
            let names = Flow.parameterNames(of: closure)
            let accumulator = names.first ?? "$0"
            let element = names.count > 1 ? names[1] : "$1"
            if appends(of: element, in: closure, within: .declaration).contains(where: { $0.array == accumulator }) {
                sites.append(Site(array: nil, node: Syntax(call)))
            }
        }
        return sites
    }

    /// `group.next()`, possibly behind `try`/`await`.
    private func isNext(_ expression: ExprSyntax, of group: String) -> Bool {
        guard let call = expression.peeled().as(FunctionCallExprSyntax.self), call.calleeName == "next",
              let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == group
    }

    /// `array.append(element…)`, `array.append(contentsOf:)`, `array.insert(_, at:)` and
    /// `array += [element…]` where the added value uses `element`.
    private func appends(of element: String, in root: some SyntaxProtocol, within reach: Reach = .context) -> [Site] {
        var sites: [Site] = []
        for call in collect(FunctionCallExprSyntax.self, in: root, within: reach) {
            guard let name = call.calleeName, ["append", "insert"].contains(name),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let array = member.base?.as(DeclReferenceExprSyntax.self),
                  let added = call.arguments.first,
                  !references(to: [element], in: added, within: .declaration).isEmpty
            else { continue }
            if name == "insert", !call.arguments.contains(where: { $0.label?.text == "at" }) { continue }
            sites.append(Site(array: array.baseName.text, node: Syntax(call)))
        }
        for sequence in collect(SequenceExprSyntax.self, in: root, within: reach) {
            let elements = Array(sequence.elements)
            guard elements.count == 3,
                  elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
                  let array = elements[0].as(DeclReferenceExprSyntax.self),
                  !references(to: [element], in: elements[2], within: .declaration).isEmpty,
                  // `total += size` adds numbers; only `+= [x]` or an array variable collects.
                  elements[2].is(ArrayExprSyntax.self) || isDeclaredAsArray(array.baseName.text, near: sequence)
            else { continue }
            sites.append(Site(array: array.baseName.text, node: Syntax(sequence)))
        }
        return sites
    }

    /// `var x: [T] = …`, `var x = [T]()`, `var x = []`-style declarations visible from `node`.
    private func isDeclaredAsArray(_ name: String, near node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let candidate = current {
            if let list = candidate.as(CodeBlockItemListSyntax.self), let index = declarationIndex(of: name, in: list),
               let declaration = list[list.index(list.startIndex, offsetBy: index)].item.as(VariableDeclSyntax.self),
               let binding = declaration.bindings.first(where: {
                   $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                if binding.typeAnnotation?.type.is(ArrayTypeSyntax.self) == true { return true }
                guard let value = binding.initializer?.value else { return false }
                return value.is(ArrayExprSyntax.self)
                    || value.as(FunctionCallExprSyntax.self)?.calledExpression.is(ArrayExprSyntax.self) == true
            }
            current = candidate.parent
        }
        return false
    }

    // MARK: Where the array goes

    /// Whether the collected array reaches a `return` or a stored property without being sorted.
    private func flowsOutUnordered(_ site: Site, groupCall: FunctionCallExprSyntax, body: ClosureExprSyntax) -> Bool {
        guard let array = site.array else {
            return valueFlowsOutUnordered(site.node, groupCall: groupCall, body: body)
        }
        // Where the array is declared: in the group's body, or before the group in an enclosing block.
        var current: Syntax? = site.node.parent
        while let node = current {
            if let list = node.as(CodeBlockItemListSyntax.self), let declaration = declarationIndex(of: array, in: list) {
                return variableFlowsOutUnordered(array, in: list, after: declaration, groupCall: groupCall, body: body)
            }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self) {
                break
            }
            current = node.parent
        }
        // A property of the enclosing type: it is not returned from here.
        return false
    }

    private func declarationIndex(of name: String, in list: CodeBlockItemListSyntax) -> Int? {
        list.enumerated().first { _, item in
            guard let declaration = item.item.as(VariableDeclSyntax.self) else { return false }
            return declaration.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }?.offset
    }

    private func variableFlowsOutUnordered(_ name: String, in list: CodeBlockItemListSyntax, after declaration: Int,
                                           groupCall: FunctionCallExprSyntax, body: ClosureExprSyntax) -> Bool {
        let later = list.dropFirst(declaration + 1)
        var flowsOut = false
        for item in later {
            for reference in references(to: [name], in: item, within: .declaration) {
                if isOrdering(reference) { return false }
                if valueFlowsOutUnordered(Syntax(reference), groupCall: groupCall, body: body) { flowsOut = true }
            }
        }
        return flowsOut
    }

    /// `x.sorted…`, `x.sort…`, `sortedByDate(x)`: someone puts the values in order.
    private func isOrdering(_ reference: DeclReferenceExprSyntax) -> Bool {
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id {
            let name = member.declName.baseName.text.lowercased()
            return name.contains("sort") || name.contains("order")
        }
        if let argument = reference.parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName?.lowercased() {
            return callee.contains("sort") || callee.contains("order")
        }
        return false
    }

    /// Follows a value through `try`/`await` to a `return` (of the group's body, then of the
    /// group itself), a constant that is returned, or an assignment.
    private func valueFlowsOutUnordered(_ value: Syntax, groupCall: FunctionCallExprSyntax,
                                        body: ClosureExprSyntax) -> Bool {
        var current = value
        while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            current = parent
        }
        guard let parent = current.parent else { return false }
        let context = current.nearest(where: \.isContextBoundary)
        if parent.is(ReturnStmtSyntax.self) || isImplicitlyReturned(current) {
            // Returned from the group's body: the group's own result carries it on.
            if context?.id == body.id, current.id != Syntax(groupCall).id {
                return valueFlowsOutUnordered(Syntax(groupCall), groupCall: groupCall, body: body)
            }
            return true
        }
        if let initializer = parent.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let item = binding.nearest(CodeBlockItemSyntax.self, orSelf: true, within: .context), let list = item.parent?.as(CodeBlockItemListSyntax.self),
           let index = list.firstIndex(where: { $0.id == item.id }) {
            return variableFlowsOutUnordered(name, in: list, after: list.distance(from: list.startIndex, to: index),
                                             groupCall: groupCall, body: body)
        }
        // `state = value`: shown or kept in the order it arrived.
        if let elements = parent.as(ExprListSyntax.self), let index = elements.firstIndex(where: { $0.id == current.id }),
           index != elements.startIndex,
           elements[elements.index(before: index)].is(AssignmentExprSyntax.self) {
            return true
        }
        return false
    }

    /// A single-expression function or closure returns its only statement.
    private func isImplicitlyReturned(_ node: Syntax) -> Bool {
        guard let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
              list.count == 1, let owner = list.parent else { return false }
        if owner.is(ClosureExprSyntax.self) { return true }
        guard let block = owner.as(CodeBlockSyntax.self) else { return false }
        return block.parent?.is(FunctionDeclSyntax.self) == true || block.parent?.is(AccessorDeclSyntax.self) == true
    }
}
