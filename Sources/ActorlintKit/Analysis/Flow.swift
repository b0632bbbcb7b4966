import SwiftSyntax

/// How control moves through code as it is written: loops, exclusive branches, the variable an
/// expression starts from, a closure's parameters.
enum Flow {
    static func isLoop(_ node: Syntax) -> Bool {
        node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self)
    }

    /// Whether two nodes lie in branches that exclude each other (the two arms of an `if`, two
    /// `case`s of a `switch`, two `catch` clauses): no single run executes both.
    static func mutuallyExclusive(_ first: some SyntaxProtocol, _ second: some SyntaxProtocol) -> Bool {
        var firstChain: [SyntaxIdentifier: Syntax] = [:]   // ancestor → the child on first's path
        var child = Syntax(first)
        var current = first.parent
        while let node = current {
            firstChain[node.id] = child
            child = node
            current = node.parent
        }
        var secondChild = Syntax(second)
        current = second.parent
        while let node = current {
            if let firstChild = firstChain[node.id] {
                if firstChild.id == secondChild.id { return false }
                if let branch = node.as(IfExprSyntax.self), let elseBody = branch.elseBody {
                    let arms: Set<SyntaxIdentifier> = [branch.body.id, elseBody.id]
                    return arms == [firstChild.id, secondChild.id]
                }
                return node.is(SwitchCaseListSyntax.self) || node.is(CatchClauseListSyntax.self)
            }
            secondChild = node
            current = node.parent
        }
        return false
    }

    /// The name of a closure's first parameter: `group` in `{ group in }`, `$0` when it has none.
    static func firstParameterName(of closure: ClosureExprSyntax) -> String? {
        guard let clause = closure.signature?.parameterClause else { return "$0" }
        switch clause {
        case .simpleInput(let parameters):
            return parameters.first?.name.text
        case .parameterClause(let parameters):
            guard let first = parameters.parameters.first else { return nil }
            return (first.secondName ?? first.firstName).text
        @unknown default:
            return nil
        }
    }

    /// The parameter names a closure declares (anonymous `$n` are not listed).
    static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let parameters): return parameters.map(\.name.text)
        case .parameterClause(let parameters): return parameters.parameters.map { ($0.secondName ?? $0.firstName).text }
        @unknown default: return []
        }
    }

    /// `x` for `x`, `self.x`, `x.y.z`, `x[k]`, `x?.y`, `x!`: the variable an lvalue or receiver
    /// starts from. `self` for `self` alone.
    static func rootName(of expression: ExprSyntax) -> String? {
        var current = expression
        var lastMember: String?
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name == "self" ? (lastMember ?? "self") : name
            }
            if current.is(SuperExprSyntax.self) { return "super" }
            if let member = current.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return nil }
                lastMember = member.declName.baseName.text
                if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
                    return lastMember
                }
                current = base
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else {
                return nil
            }
        }
    }

}
