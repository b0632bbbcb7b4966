import SwiftSyntax

/// What a call calls, as far as the declarations can tell: the key `Type.method` of the function
/// it reaches (`.name` for a free function), or a reference through properties whose types are
/// known only once every file is read (`Screen#model.load`: `load` on the type of `Screen`'s
/// `model`). A call on something whose type is not written down (an untyped local, a
/// function's result) gets none: callers are matched by receiver type, never by name alone.
///
/// Spellings: `Owner.name`; `~Owner.name`, a bare `name()` in `Owner`'s code, which is `Owner`'s
/// method or else a free function; `Owner#a#b.name`, a chain of properties from `Owner`.
enum CalleeRefs {
    /// Properties of SDK types whose type is the type itself, for `URLSession.shared.data(…)`.
    static let sdkProperties: [String: String] = [
        "URLSession#shared": "URLSession", "ContinuousClock#continuous": "ContinuousClock",
    ]

    /// The reference of the function `call` calls, or nil when the receiver's type is unknown.
    static func of(_ call: FunctionCallExprSyntax, in file: SourceFile) -> String? {
        let owner = call.nearest(where: { $0.isProtocol((any DeclGroupSyntax).self) })?
            .asProtocol((any DeclGroupSyntax).self).flatMap { normalized($0.typeName) }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name.first?.isUppercase == true { return nil }   // an initializer
            guard let owner else { return ".\(name)" }
            // Declared in this file: the type's method, or else a free function.
            let facts = FileFacts(file)
            if let declarations = facts.functions[name] {
                if declarations.contains(where: { key(of: $0) == "\(owner).\(name)" }) { return "\(owner).\(name)" }
                if declarations.contains(where: { key(of: $0) == ".\(name)" }) { return ".\(name)" }
            }
            return "~\(owner).\(name)"
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        guard let receiver = typeRef(of: base, at: call, owner: owner) else { return nil }
        return receiver + "." + member.declName.baseName.text
    }

    /// The type of `expression`, as a type name or a property chain (`Owner#model`).
    static func typeRef(of expression: ExprSyntax, at site: some SyntaxProtocol, owner: String?) -> String? {
        var expression = expression
        while true {
            if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression; continue }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression; continue }
            if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.expression; continue }
            break
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            switch reference.baseName.tokenKind {
            case .keyword(.self), .keyword(.Self): return owner
            case .keyword: return nil
            default: break
            }
            let name = reference.baseName.text
            // A local whose type is not written down ("") is not a property either.
            if let local = localType(of: name, at: site) { return local.isEmpty ? nil : local }
            if name.first?.isUppercase == true { return name }   // a type: a static member
            guard let owner else { return nil }
            return "\(owner)#\(name)"
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return typeRef(of: specialized.expression, at: site, owner: owner)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard let baseType = typeRef(of: base, at: site, owner: owner) else { return nil }
            return "\(baseType)#\(member.declName.baseName.text)"
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `Client()`, `Client.init()`: an instance of the type.
            var callee = call.calledExpression
            if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
                callee = base
            }
            if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
            if let type = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true { return type }
        }
        return nil
    }

    /// The type written for a local constant, variable or parameter `name` visible at `site`:
    /// `let x: T`, `let x = T(…)`, `func f(x: T)`, `{ (x: T) in }`. Nil when it is not a local
    /// or its type is not written down.
    static func localType(of name: String, at site: some SyntaxProtocol) -> String? {
        switch localDeclaration(of: name, at: site) {
        case .binding(let binding)?: return declaredType(binding) ?? ""
        case .parameter(let type)?: return type.flatMap { normalized($0.trimmedText) } ?? ""
        case nil: return nil
        }
    }

    /// How a local `name` is declared: a binding (`let x = …`) or a parameter, with its type when written.
    enum LocalDeclaration {
        case binding(PatternBindingSyntax)
        case parameter(TypeSyntax?)
    }

    /// Where the local constant, variable or parameter `name` visible at `site` is declared: the
    /// nearest statement before it in each block around it, then the parameters of the closure or
    /// function around it. Nil when it is not a local (the walk stops at the function or type).
    static func localDeclaration(of name: String, at site: some SyntaxProtocol) -> LocalDeclaration? {
        var current = site.parent
        while let node = current {
            if let list = node.as(CodeBlockItemListSyntax.self) {
                for item in list where item.position < site.position {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return .binding(binding)
                    }
                }
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                return parameter(name, in: function.signature.parameterClause.parameters)
            }
            if let initializer = node.as(InitializerDeclSyntax.self) {
                return parameter(name, in: initializer.signature.parameterClause.parameters)
            }
            if let closure = node.as(ClosureExprSyntax.self) {
                switch closure.signature?.parameterClause {
                case .parameterClause(let clause)?:
                    if let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                        return .parameter(parameter.type)
                    }
                case .simpleInput(let parameters)?:
                    if parameters.contains(where: { $0.name.text == name }) { return .parameter(nil) }
                default:
                    break
                }
            }
            if node.is(MemberBlockSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    private static func parameter(_ name: String, in parameters: FunctionParameterListSyntax) -> LocalDeclaration? {
        guard let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
        return .parameter(parameter.type)
    }

    /// The type a binding declares or is initialized to: `let x: T`, `= T(…)`, `= T.shared`.
    static func declaredType(_ binding: PatternBindingSyntax) -> String? {
        if let annotation = binding.typeAnnotation { return normalized(annotation.type.trimmedText) }
        guard let value = binding.initializer?.value else { return nil }
        if let call = value.as(FunctionCallExprSyntax.self) {
            return typeRef(of: ExprSyntax(call), at: binding, owner: nil)
        }
        // `T.shared`, `T.default`: a static property of a type.
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text.first?.isUppercase == true {
            return "\(base.baseName.text)#\(member.declName.baseName.text)"
        }
        return nil
    }

    /// `T` for `T`, `T?`, `T!`, `any T`, `some T`, `T<U>`, `Module.T`; nil for functions, tuples,
    /// collections.
    static func normalized(_ text: String) -> String? {
        var type = text.filter { !$0.isWhitespace }
        for prefix in ["any", "some", "@MainActor", "@Sendable"] where type.hasPrefix(prefix) { type.removeFirst(prefix.count) }
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if let open = type.firstIndex(of: "<") { type = String(type[..<open]) }
        if let dot = type.lastIndex(of: ".") { type = String(type[type.index(after: dot)...]) }
        guard let first = type.first, first.isLetter || first == "_", type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return type
    }

    /// The stored and computed properties of the types in `file` whose type is written down:
    /// `Owner#name` → a type name or a reference to resolve (`Owner#shared`). Property wrappers
    /// that name the type (`@Environment(Client.self) var client`) count.
    static func propertyTypes(in file: SourceFile) -> [String: String] {
        var types: [String: String] = [:]
        for (typeName, groups) in FileFacts(file).groups {
            guard let owner = normalized(typeName) else { continue }
            for group in groups {
                for member in group.memberBlock.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    let wrapped = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.compactMap { attribute -> String? in
                        guard case .argumentList(let arguments)? = attribute.arguments,
                              let type = arguments.first?.expression.as(MemberAccessExprSyntax.self),
                              type.declName.baseName.text == "self", let base = type.base else { return nil }
                        return normalized(base.trimmedText)
                    }.first
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                              let type = wrapped ?? declaredType(binding), !type.isEmpty else { continue }
                        types["\(owner)#\(name)"] = type
                    }
                }
            }
        }
        return types
    }

    /// The key of a function declaration: `Owner.name` for a member (of a type or an
    /// extension), `.name` for a free function; nil for a local function.
    static func key(of function: FunctionDeclSyntax) -> String? {
        if function.parent?.is(MemberBlockItemSyntax.self) == true {
            guard let group = function.nearest(where: { $0.isProtocol((any DeclGroupSyntax).self) })?
                .asProtocol((any DeclGroupSyntax).self) else { return nil }
            guard let owner = normalized(group.typeName) else { return nil }
            return "\(owner).\(function.name.text)"
        }
        if function.parent?.parent?.parent?.is(SourceFileSyntax.self) == true { return ".\(function.name.text)" }
        return nil
    }

    /// Resolves `reference` to a function key with `properties` (all files' `propertyTypes`),
    /// trying `~Owner.name` as a member first; nil when a property on the way has no known type.
    static func resolve(_ reference: String, properties: [String: String], isKnown: (String) -> Bool) -> String? {
        var text = reference
        let implicit = text.hasPrefix("~")
        if implicit { text.removeFirst() }
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let name = String(text[text.index(after: dot)...])
        guard let receiver = resolveType(String(text[..<dot]), properties: properties, depth: 0) else { return nil }
        let key = "\(receiver).\(name)"
        if implicit, !isKnown(key), isKnown(".\(name)") { return ".\(name)" }
        return key
    }

    private static func resolveType(_ text: String, properties: [String: String], depth: Int) -> String? {
        guard depth < 8 else { return nil }
        if text.isEmpty { return "" }
        var parts = text.split(separator: "#", omittingEmptySubsequences: false).map(String.init)
        var type = parts.removeFirst()
        for property in parts {
            let key = "\(type)#\(property)"
            guard let next = properties[key] ?? sdkProperties[key],
                  let resolved = resolveType(next, properties: properties, depth: depth + 1) else { return nil }
            type = resolved
        }
        return type
    }
}
