import SwiftSyntax

/// A published property of a UI model assigned in code that runs off the main actor.
struct PublishedMutationOffMain: Rule {
    static let triggers = UIModel.triggers

    static let description = RuleDescription(
        id: "published-mutation-off-main",
        category: .isolation, set: .preview,
        summary: "A `@Published` / observed property of a UI model assigned in a callback that runs off the main actor",
        rationale: """
            SwiftUI reads a model's published state on the main actor. An assignment from a \
            URLSession completion handler, a background queue, a detached task or a nonisolated \
            async method runs on another thread: SwiftUI warns "Publishing changes from \
            background threads is not allowed" and the view may read half-updated state. The \
            fix is not another `DispatchQueue.main.async` but a `@MainActor` model that makes \
            the change in its own async method. (SE-0316; Apple's `ObservableObject` documentation)
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        UIModel.all(in: context.file).flatMap { model -> [Violation] in
            let typeIsolation = context.isolation.isolation(of: ExecutionContext(kind: .typeDeclaration, node: Syntax(model.decl)))
            guard typeIsolation.isolation == .nonisolated else { return [] }
            return StateAssignments(model).found.compactMap { assignment in
                let here = context.isolation.isolation(at: assignment.node)
                guard here.isolation == .concurrent || (here.isolation == .nonisolated && isCallback(assignment.node)) else { return nil }
                // A callback whose thread the API decides (a timer, a publisher) is off the main
                // actor only on paper until the code proves where it runs.
                guard here.thread == .asIsolated else { return nil }
                let scope = ExecutionContext.innermost(containing: assignment.node).summary
                return context.violation(
                    "`\(assignment.property)` is state a SwiftUI view reads, but this assignment runs off the main actor: " +
                    "\(here.sentence(for: scope)). Mark `\(model.decl.name.text)` `@MainActor` and make the change in its own async method.",
                    at: assignment.node)
            }
        }
    }

    /// Code inside a closure the catalogue knows to run off the main actor (not a plain
    /// nonisolated method, whose callers decide where it runs).
    private func isCallback(_ node: Syntax) -> Bool {
        var context = ExecutionContext.innermost(containing: node)
        while context.kind == .closure, let closure = context.node?.as(ClosureExprSyntax.self) {
            if let call = closure.invocation?.call,
               IsolationModel.behaviour(of: call, callee: call.calleeText)?.kind == .nonisolated {
                return true
            }
            guard let parent = context.parent else { return false }
            context = parent
        }
        return false
    }
}

/// Assignments to a model's state properties inside its own methods: `x = …`, `self.x = …`,
/// `x += …`, `x.append(…)`, where `x` is not shadowed by a local of the same name.
private struct StateAssignments {
    struct Assignment {
        var property: String
        var node: Syntax
    }

    private(set) var found: [Assignment] = []

    init(_ model: UIModel) {
        final class Visitor: SyntaxVisitor {
            let properties: Set<String>
            var found: [Assignment] = []
            init(_ properties: Set<String>) {
                self.properties = properties
                super.init(viewMode: .sourceAccurate)
            }
            func property(of expression: ExprSyntax) -> String? {
                // `prices[k] = v`, `self.settings.theme = t`, `item?.title = t` change the
                // property they start from, as far as a view observing it is concerned.
                if let element = expression.as(SubscriptCallExprSyntax.self) { return property(of: element.calledExpression) }
                if let optional = expression.as(OptionalChainingExprSyntax.self) { return property(of: optional.expression) }
                if let forced = expression.as(ForceUnwrapExprSyntax.self) { return property(of: forced.expression) }
                if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
                   base.trimmedText != "self" {
                    return property(of: base)
                }
                if let reference = expression.as(DeclReferenceExprSyntax.self), properties.contains(reference.baseName.text) {
                    return reference.isShadowed ? nil : reference.baseName.text
                }
                if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self",
                   properties.contains(member.declName.baseName.text) {
                    return member.declName.baseName.text
                }
                return nil
            }
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                let isAssignment = node.operator.is(AssignmentExprSyntax.self)
                    || ["+=", "-=", "*=", "/="].contains(node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
                if isAssignment, let name = property(of: node.leftOperand) { found.append(Assignment(property: name, node: Syntax(node))) }
                return .visitChildren
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                // Unfolded `a = b`: the second element is the operator.
                let elements = Array(node.elements)
                if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || ["+=", "-="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""),
                   let name = property(of: elements[0]) {
                    found.append(Assignment(property: name, node: Syntax(node)))
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                   ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "merge", "removeValue", "updateValue", "sort"].contains(member.declName.baseName.text),
                   let base = member.base, let name = property(of: base) {
                    found.append(Assignment(property: name, node: Syntax(node)))
                }
                return .visitChildren
            }
        }
        let visitor = Visitor(Set(model.stateProperties.keys))
        for member in model.decl.memberBlock.members {
            // Property declarations themselves are initial values, not mutations.
            if member.decl.is(VariableDeclSyntax.self) { continue }
            visitor.walk(member.decl)
        }
        found = visitor.found
    }
}

private extension DeclReferenceExprSyntax {
    /// A local `let`/`var` or parameter of the same name declared in an enclosing function or
    /// closure body before this reference.
    var isShadowed: Bool {
        let name = baseName.text
        var current = parent
        while let node = current {
            if let block = node.as(CodeBlockItemListSyntax.self) {
                for item in block where item.endPosition <= position {
                    if let variable = item.item.as(VariableDeclSyntax.self), variable.names.contains(name) { return true }
                }
            }
            if let closure = node.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause {
                if parameters.trimmedText.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains(Substring(name)) { return true }
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            current = node.parent
        }
        return false
    }
}
