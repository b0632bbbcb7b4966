import SwiftSyntax

extension UIModel {
    /// A change of one of a model's state properties in the model's own code: `x = …`,
    /// `self.x = …`, `x += …`, `x.append(…)`, `x[k] = v`, where `x` is not shadowed by a local
    /// of the same name. Property declarations (initial values, observers) are not changes.
    struct StateChange {
        var property: String
        var node: Syntax

        /// The changes in the model's members and in the extensions of it in the same file,
        /// in source order: of its published state, or of the `properties` given.
        static func all(in model: UIModel, properties: Set<String>? = nil) -> [StateChange] {
            final class Visitor: SyntaxVisitor {
                let properties: Set<String>
                var found: [StateChange] = []
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
                    if isAssignment, let name = property(of: node.leftOperand) { found.append(StateChange(property: name, node: Syntax(node))) }
                    return .visitChildren
                }
                override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                    // Unfolded `a = b`: the second element is the operator.
                    let elements = Array(node.elements)
                    if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || ["+=", "-="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""),
                       let name = property(of: elements[0]) {
                        found.append(StateChange(property: name, node: Syntax(node)))
                    }
                    return .visitChildren
                }
                override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                    if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                       ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "merge", "removeValue", "updateValue", "sort"].contains(member.declName.baseName.text),
                       let base = member.base, let name = property(of: base) {
                        found.append(StateChange(property: name, node: Syntax(node)))
                    }
                    return .visitChildren
                }
            }
            let visitor = Visitor(properties ?? Set(model.stateProperties.keys))
            for group in [model.decl.memberBlock] + model.extensions.map(\.memberBlock) {
                for member in group.members where !member.decl.is(VariableDeclSyntax.self) {
                    visitor.walk(member.decl)
                }
            }
            return visitor.found
        }
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
