import SwiftSyntax

// Assignments and the properties expressions name.

/// `lhs` for an expression in the position `lhs = expression`.
func assignmentTarget(of expression: ExprSyntax) -> ExprSyntax? {
    guard let list = expression.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true
    else { return nil }
    let elements = Array(list)
    guard elements.count == 3, elements[2].id == expression.id, elements[1].is(AssignmentExprSyntax.self)
    else { return nil }
    return elements[0]
}

extension ExprSyntax {
    /// `self.x`, `x`, `self.x[key]`, `x[key]`: the name of the property at the root, when the
    /// expression reads like a property of the enclosing type.
    var propertyName: String? {
        if let member = self.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        if let reference = self.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind {
            return name
        }
        if let subscripted = self.as(SubscriptCallExprSyntax.self) { return subscripted.calledExpression.propertyName }
        if let chained = self.as(OptionalChainingExprSyntax.self) { return chained.expression.propertyName }
        return nil
    }

    var isPropertyReference: Bool { propertyName != nil }
}

/// Whether `node` refers to `name`, bare or as a member (`self.name`, `model.name`).
func mentions(_ name: String, in node: some SyntaxProtocol) -> Bool {
    collect(DeclReferenceExprSyntax.self, in: node, within: .everything).contains { $0.baseName.text == name }
}
