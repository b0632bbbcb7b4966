import SwiftSyntax

/// A piece of code that runs as a unit and so has one isolation: a function, initializer,
/// accessor, `deinit`, closure, stored-property or global initializer, or top-level code.
public struct ExecutionContext: Sendable {
    public enum Kind: Sendable, Equatable {
        case function, initializer, deinitializer, accessor, `subscript`, closure
        case variableInitializer, topLevel, typeDeclaration
    }

    public var kind: Kind
    /// The syntax node that forms the context (nil for top-level code).
    public var node: Syntax?

    public init(kind: Kind, node: Syntax?) {
        self.kind = kind
        self.node = node
    }

    /// The innermost context containing `node`.
    public static func innermost(containing node: Syntax) -> ExecutionContext {
        var current: Syntax? = node
        while let candidate = current {
            if let context = context(formedBy: candidate, from: node) { return context }
            current = candidate.parent
        }
        return ExecutionContext(kind: .topLevel, node: nil)
    }

    /// The context enclosing this one (for closures and local functions).
    public var parent: ExecutionContext? {
        guard let parent = node?.parent else { return nil }
        return .innermost(containing: parent)
    }

    private static func context(formedBy candidate: Syntax, from start: Syntax) -> ExecutionContext? {
        switch candidate.kind {
        case .closureExpr: return ExecutionContext(kind: .closure, node: candidate)
        case .functionDecl: return ExecutionContext(kind: .function, node: candidate)
        case .initializerDecl: return ExecutionContext(kind: .initializer, node: candidate)
        case .deinitializerDecl: return ExecutionContext(kind: .deinitializer, node: candidate)
        case .accessorDecl: return ExecutionContext(kind: .accessor, node: candidate)
        case .subscriptDecl: return ExecutionContext(kind: .subscript, node: candidate)
        case .accessorBlock:
            // `var x: Int { … }`: an implicit getter.
            guard let block = candidate.as(AccessorBlockSyntax.self), block.accessors.is(CodeBlockItemListSyntax.self) else { return nil }
            return ExecutionContext(kind: .accessor, node: candidate)
        case .patternBinding:
            // Only stored-property and global initializers form contexts; locals belong to their function.
            guard let binding = candidate.as(PatternBindingSyntax.self), let initializer = binding.initializer,
                  initializer.range.contains(start.position) || initializer.id == start.id,
                  isMemberOrGlobal(binding) else { return nil }
            return ExecutionContext(kind: .variableInitializer, node: candidate)
        case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl:
            return ExecutionContext(kind: .typeDeclaration, node: candidate)
        default: return nil
        }
    }

    /// Whether a binding belongs to a type or the file, rather than to a function body.
    static func isMemberOrGlobal(_ binding: PatternBindingSyntax) -> Bool {
        var current = binding.parent
        while let node = current {
            if node.is(MemberBlockSyntax.self) { return true }
            if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) || node.is(AccessorBlockSyntax.self) { return false }
            if node.is(SourceFileSyntax.self) { return true }
            current = node.parent
        }
        return true
    }

    /// "instance method `refresh()`", "closure passed to `Task`", for `explain`.
    public var summary: String {
        guard let node else { return "top-level code" }
        switch kind {
        case .function:
            let function = node.as(FunctionDeclSyntax.self)!
            let local: Bool
            if case .local = Enclosing(node) { local = true } else { local = false }
            return "\(local ? "local function" : "function") `\(function.name.text)(\(function.signature.parameterClause.parameters.isEmpty ? "" : "…"))`"
        case .initializer: return "initializer `init\(node.as(InitializerDeclSyntax.self)!.signature.parameterClause.parameters.isEmpty ? "()" : "(…)")`"
        case .deinitializer: return "`deinit`"
        case .accessor:
            let property = ExecutionContext.propertyName(of: node) ?? "property"
            let accessor = node.as(AccessorDeclSyntax.self)?.accessorSpecifier.text ?? "get"
            return "`\(accessor)` accessor of `\(property)`"
        case .subscript: return "subscript"
        case .closure:
            if let call = node.as(ClosureExprSyntax.self)!.invocation?.call {
                return "closure passed to `\(call.calleeLabel)`"
            }
            return "closure"
        case .variableInitializer:
            let binding = node.as(PatternBindingSyntax.self)!
            return "initial value of `\(binding.pattern.trimmedText)`"
        case .typeDeclaration: return "declaration"
        case .topLevel: return "top-level code"
        }
    }

    static func propertyName(of accessor: Syntax) -> String? {
        var current = accessor.parent
        while let node = current {
            if let binding = node.as(PatternBindingSyntax.self) { return binding.pattern.trimmedText }
            if node.is(SubscriptDeclSyntax.self) { return "subscript" }
            current = node.parent
        }
        return nil
    }
}

extension ExecutionContext {
    /// Whether the context is async: an `async` function, initializer or accessor, a task's body, or an async closure.
    var isAsync: Bool {
        guard let node else { return false }
        if let function = node.as(FunctionDeclSyntax.self) { return function.signature.effectSpecifiers?.asyncSpecifier != nil }
        if let initializer = node.as(InitializerDeclSyntax.self) { return initializer.signature.effectSpecifiers?.asyncSpecifier != nil }
        if let accessor = node.as(AccessorDeclSyntax.self) { return accessor.effectSpecifiers?.asyncSpecifier != nil }
        if let closure = node.as(ClosureExprSyntax.self) {
            if TaskCreation(body: closure) != nil { return true }
            return closure.isAsync
        }
        return false
    }
}

extension FunctionCallExprSyntax {
    /// The call as messages name it: its callee when that is short and on one line
    /// (`DispatchQueue.main.async`, `Task`), else its last component (`.sink`), so a chain of
    /// modifiers or operators is not printed whole.
    var calleeLabel: String {
        let text = calledExpression.trimmedText
        if text.count <= 40, !text.contains(where: \.isNewline) { return text }
        return calleeName.map { calledExpression.is(MemberAccessExprSyntax.self) ? "." + $0 : $0 } ?? String(text.prefix(40))
    }
}
