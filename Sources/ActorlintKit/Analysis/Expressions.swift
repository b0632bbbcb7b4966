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

/// What the `=` assignments in `root` (within `reach`) write, each target as `targetKey` spells
/// it; with `offset`, only the assignments that start before it.
func assignedTargets(in root: some SyntaxProtocol, within reach: Reach, before offset: Int? = nil) -> Set<String> {
    Set(collect(AssignmentExprSyntax.self, in: root, within: reach).compactMap { assignment in
        guard offset.map({ assignment.startOffset < $0 }) ?? true,
              let list = assignment.parent?.as(ExprListSyntax.self), let target = list.first, target.id != assignment.id
        else { return nil }
        return targetKey(target.trimmedText)
    })
}

/// An assignment target as two of them are compared: `self.x` and `x` are the same.
func targetKey(_ text: String) -> String {
    text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
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

    /// Wrappers `peeled` can take off an expression.
    struct Wrappers: OptionSet {
        let rawValue: Int
        static let `try` = Wrappers(rawValue: 1), await = Wrappers(rawValue: 2)
        static let forceUnwrap = Wrappers(rawValue: 4), optionalChaining = Wrappers(rawValue: 8)
    }

    /// The expression under the wrappers asked for: `f()` in `try await f()` (`[.try, .await]`),
    /// `data` in `try data!` (`[.try, .forceUnwrap]`).
    func peeled(_ wrappers: Wrappers = [.try, .await]) -> ExprSyntax {
        var current = self
        while true {
            if wrappers.contains(.try), let tried = current.as(TryExprSyntax.self) { current = tried.expression }
            else if wrappers.contains(.await), let awaited = current.as(AwaitExprSyntax.self) { current = awaited.expression }
            else if wrappers.contains(.forceUnwrap), let forced = current.as(ForceUnwrapExprSyntax.self) { current = forced.expression }
            else if wrappers.contains(.optionalChaining), let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else { return current }
        }
    }
}

/// Whether `node` refers to `name`, bare or as a member (`self.name`, `model.name`).
func mentions(_ name: String, in node: some SyntaxProtocol) -> Bool {
    collect(DeclReferenceExprSyntax.self, in: node, within: .everything).contains { $0.baseName.text == name }
}

/// An assignment as the unfolded tree spells it: `lhs = rhs`, `lhs += rhs` (a sequence of three
/// elements whose middle one is the operator).
struct UnfoldedAssignment {
    let target: ExprSyntax
    let value: ExprSyntax
    /// `=`, `+=`, `-=`…
    let operatorText: String

    init?(_ sequence: SequenceExprSyntax) {
        let elements = Array(sequence.elements)
        guard elements.count == 3 else { return nil }
        if elements[1].is(AssignmentExprSyntax.self) {
            operatorText = "="
        } else if let binary = elements[1].as(BinaryOperatorExprSyntax.self), binary.operator.text.hasSuffix("="),
                  !["==", "!=", "<=", ">=", "===", "!=="].contains(binary.operator.text) {
            operatorText = binary.operator.text
        } else {
            return nil
        }
        target = elements[0]
        value = elements[2]
    }

    /// The assignments of `root`, within `reach`.
    static func all(in root: some SyntaxProtocol, within reach: Reach) -> [UnfoldedAssignment] {
        collect(SequenceExprSyntax.self, in: root, within: reach).compactMap(UnfoldedAssignment.init)
    }
}
