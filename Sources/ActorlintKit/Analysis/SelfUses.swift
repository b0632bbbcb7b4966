import SwiftSyntax

// Where code uses `self`: the unwraps that bind it and the bare names that may reach it.

/// `guard let self`, `guard let self = self`, `guard let strongSelf = self`, `if let self`.
struct SelfUnwrap {
    /// The `guard` statement or the `if` expression.
    let statement: Syntax
    let condition: ConditionElementSyntax
    /// `self`, or the other name it binds (`strongSelf`).
    let name: String
    /// The code block item holding the statement.
    let item: CodeBlockItemSyntax

    var isGuard: Bool { statement.is(GuardStmtSyntax.self) }

    /// Where the unwrapped name is in scope: after a guard, the rest of its block; inside an
    /// `if`, its body.
    var scope: Range<AbsolutePosition> {
        if let ifExpression = statement.as(IfExprSyntax.self) {
            return ifExpression.body.position..<ifExpression.body.endPosition
        }
        return item.endPosition..<(item.parent?.endPosition ?? item.endPosition)
    }

    /// The unwraps the closure itself performs (not its nested closures).
    static func all(in closure: ClosureExprSyntax) -> [SelfUnwrap] {
        collect(ConditionElementSyntax.self, in: closure.statements, within: .context).compactMap { element in
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                  binding.bindingSpecifier.tokenKind == .keyword(.let),
                  let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
            let name = pattern.identifier.text.replacingBackticks
            if let value = binding.initializer?.value {
                guard value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
            } else if name != "self" {
                return nil
            }
            guard let statement = element.parent?.parent,
                  statement.is(GuardStmtSyntax.self) || statement.is(IfExprSyntax.self),
                  let item = statement.nearest(orSelf: true, where: { $0.is(CodeBlockItemSyntax.self) })?.as(CodeBlockItemSyntax.self)
            else { return nil }
            return SelfUnwrap(statement: statement, condition: element, name: name, item: item)
        }
    }
}

/// Names declared around a piece of code: parameters and locals of the enclosing member (every
/// nested closure and block included), and the file's top-level declarations. A bare identifier
/// that is none of these, nor a well-known global, may be an implicit `self.` member.
struct LocalNames {
    let names: Set<String>

    /// Free functions and implicit names of the standard library and Foundation that a bare
    /// identifier commonly refers to.
    static let wellKnown: Set<String> = [
        "print", "debugPrint", "dump", "min", "max", "abs", "zip", "stride", "sequence", "repeatElement",
        "fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "type", "swap",
        "withExtendedLifetime", "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup",
        "withThrowingDiscardingTaskGroup", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskCancellationHandler", "withTaskCancellationShield",
        "isKnownUniquelyReferenced", "numericCast", "unsafeBitCast", "readLine", "error", "newValue", "oldValue",
        "nil", "true", "false",
    ]

    init(around node: some SyntaxProtocol) {
        var names = Self.wellKnown
        let member = node.nearest(orSelf: true) { $0.parent?.is(MemberBlockItemSyntax.self) == true
            || $0.parent?.parent?.is(SourceFileSyntax.self) == true } ?? Syntax(node.root)
        for pattern in collect(IdentifierPatternSyntax.self, in: member, within: .everything) { names.insert(pattern.identifier.text.replacingBackticks) }
        for parameter in collect(FunctionParameterSyntax.self, in: member, within: .everything) {
            names.insert((parameter.secondName ?? parameter.firstName).text)
        }
        for parameter in collect(ClosureParameterSyntax.self, in: member, within: .everything) {
            names.insert((parameter.secondName ?? parameter.firstName).text)
        }
        for parameter in collect(ClosureShorthandParameterSyntax.self, in: member, within: .everything) { names.insert(parameter.name.text) }
        for capture in collect(ClosureCaptureSyntax.self, in: member, within: .everything) where !capture.isSelf { names.insert(capture.name.text) }
        for function in collect(FunctionDeclSyntax.self, in: member, within: .everything) { names.insert(function.name.text) }
        if let file = node.root.as(SourceFileSyntax.self) {
            for item in file.statements {
                if let function = item.item.as(FunctionDeclSyntax.self) { names.insert(function.name.text) }
                if let variable = item.item.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
                    }
                }
            }
        }
        self.names = names
    }

    /// `self`, `super`, and bare identifiers that may be implicit members, in `node`.
    func selfReferences(in node: some SyntaxProtocol) -> [Syntax] {
        var found: [Syntax] = collect(SuperExprSyntax.self, in: node, within: .everything).map(Syntax.init)
        for reference in collect(DeclReferenceExprSyntax.self, in: node, within: .everything) {
            switch reference.baseName.tokenKind {
            case .keyword(.self):
                found.append(Syntax(reference))
            case .identifier(let name):
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
                if reference.parent?.is(KeyPathPropertyComponentSyntax.self) == true { continue }
                guard let first = name.first, first.isLowercase || first == "_" else { continue }
                if names.contains(name.replacingBackticks) { continue }
                found.append(Syntax(reference))
            case .dollarIdentifier(let name):
                // `$0` is a closure argument; `$value` is a projected member.
                if name.dropFirst().allSatisfy(\.isNumber) { continue }
                found.append(Syntax(reference))
            default:
                continue
            }
        }
        return found
    }
}
