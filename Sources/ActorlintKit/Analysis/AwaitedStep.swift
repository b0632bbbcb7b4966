import SwiftSyntax

/// A statement that waits for one call and keeps its value: `let x = try await f()`,
/// `let (a, b) = await f()`, `let x = await f() ?? fallback`, or an assignment to a variable or
/// property that exists already, `items = try await f()`, `self.user = await f()`. What
/// `sequential-independent-awaits` can start earlier with `async let`.
struct AwaitedStep {
    enum Shape { case binding, assignment }

    let item: CodeBlockItemSyntax
    let shape: Shape
    /// The names the statement binds, or for an assignment the name its target starts from
    /// (`items` for `self.items[0] = …`).
    let names: [String]
    /// The declaration of a binding.
    let declaration: VariableDeclSyntax?
    /// The assignment's target.
    let target: ExprSyntax?
    /// The value: the initializer, or the right-hand side's operands (`await f()`, `??`,
    /// `fallback`), `try`/`await` included.
    let values: [ExprSyntax]
    let tryExpression: TryExprSyntax?
    let awaitExpression: AwaitExprSyntax
    /// The awaited call (`f()` in `await f().value`).
    let call: FunctionCallExprSyntax
    /// The calls of the awaited chain, outermost first: `map`, then `f` in
    /// `await f().value.map { $0.id }`. Which of them waits is for the resolution to tell.
    var chain: [FunctionCallExprSyntax] {
        var calls = [call]
        var current = call.calledExpression
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let inner = current.as(FunctionCallExprSyntax.self) {
                calls.append(inner)
                current = inner.calledExpression
            } else {
                break
            }
        }
        // Then the other calls the same `await` covers: `get(url)` in `await decode(from: get(url))`.
        let chained = Set(calls.map(\.id))
        return calls + collect(FunctionCallExprSyntax.self, in: awaitExpression.expression, within: .context)
            .filter { !chained.contains($0.id) }
    }
    /// `fallback` in `await f() ?? fallback`.
    let fallback: ExprSyntax?

    /// `try` without `?` or `!`: a failure leaves the scope, and later statements do not run.
    var throwing: Bool { tryExpression.map { $0.questionOrExclamationMark == nil } ?? false }

    /// Where a finding about the statement starts.
    var node: Syntax { declaration.map(Syntax.init) ?? Syntax(item.item) }

    init?(_ item: CodeBlockItemSyntax) {
        self.item = item
        if let declaration = item.item.as(VariableDeclSyntax.self) {
            guard declaration.modifiers.isEmpty, declaration.attributes.isEmpty, declaration.bindings.count == 1,
                  let binding = declaration.bindings.first, binding.accessorBlock == nil,
                  let value = binding.initializer?.value else { return nil }
            let names: [String]
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                names = [identifier.identifier.text]
            } else if binding.pattern.is(TuplePatternSyntax.self) {
                names = collect(IdentifierPatternSyntax.self, in: binding.pattern, within: .context).map(\.identifier.text)
            } else {
                return nil
            }
            // `let _ = try await save()` is run for its effect, not its value.
            guard !names.isEmpty, let parts = Self.parts(of: [value]) else { return nil }
            shape = .binding
            self.names = names
            self.declaration = declaration
            target = nil
            values = [value]
            tryExpression = parts.tried
            awaitExpression = parts.awaited
            call = parts.call
            fallback = parts.fallback
        } else if let sequence = item.item.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                  let roots = Self.targetRoots(elements[0]), let parts = Self.parts(of: Array(elements[2...]))
            else { return nil }
            shape = .assignment
            names = roots
            declaration = nil
            target = elements[0]
            values = Array(elements[2...])
            tryExpression = parts.tried
            awaitExpression = parts.awaited
            call = parts.call
            fallback = parts.fallback
        } else {
            return nil
        }
        // `await UIAlertController(…)`: a hop to build a main-actor object, not work that could
        // overlap with another; two such hops run one after the other on that actor anyway.
        if call.calleeName?.first?.isUppercase == true { return nil }
    }

    /// The variables an assignment writes: `items` for `self.items[0]`, `accounts` and `link` for
    /// `(accounts, link)`; nil when one is not a variable or property.
    private static func targetRoots(_ target: ExprSyntax) -> [String]? {
        guard let tuple = target.as(TupleExprSyntax.self) else {
            return Flow.rootName(of: target).flatMap { $0 == "_" ? nil : [$0] }
        }
        var roots: [String] = []
        for element in tuple.elements where !element.expression.is(DiscardAssignmentExprSyntax.self) {
            guard let root = Flow.rootName(of: element.expression), root != "_" else { return nil }
            roots.append(root)
        }
        return roots.isEmpty ? nil : roots
    }

    /// Whether the value names any of `names`.
    func mentions(_ names: Set<String>) -> Bool {
        values.contains { !references(to: names, in: $0, within: .declaration).isEmpty }
    }

    /// `try await f()`, `try? await f().value`, `await f() ?? fallback`, `try await f() ?? fallback`
    /// (one expression, or the operands of an assignment's right-hand side).
    private static func parts(of operands: [ExprSyntax])
        -> (tried: TryExprSyntax?, awaited: AwaitExprSyntax, call: FunctionCallExprSyntax, fallback: ExprSyntax?)? {
        var elements = operands
        if elements.count == 1, let sequence = elements[0].as(SequenceExprSyntax.self) { elements = Array(sequence.elements) }
        var expression = elements[0]
        var fallback: ExprSyntax?
        if elements.count != 1 {
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" else { return nil }
            expression = elements[0]
            fallback = elements[2]
        }
        var tried: TryExprSyntax?
        if let tryExpression = expression.as(TryExprSyntax.self) {
            tried = tryExpression
            expression = tryExpression.expression
        }
        guard let awaited = expression.as(AwaitExprSyntax.self) else { return nil }
        var inner = awaited.expression
        // `await f() ?? fallback` parsed with the `await` outside the operator.
        if fallback == nil, let sequence = inner.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" else { return nil }
            inner = elements[0]
            fallback = elements[2]
        }
        guard let call = inner.awaitedCall, !(fallback?.containsAwait ?? false) else { return nil }
        return (tried, awaited, call, fallback)
    }

    // MARK: The receiver

    /// What `call` is made on, as text that two steps can compare: `self` for `f()`,
    /// `self.f()` and `Self.f()`; `client` for `client.get()`; `context.apiService` for
    /// `context.apiService.fetch()`; nil when it is made on the result of another call.
    static func receiverText(of call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return "self" }
        guard let base = member.base else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self),
           reference.baseName.tokenKind == .keyword(.self) || reference.baseName.text == "Self" {
            return "self"
        }
        if base.as(DeclReferenceExprSyntax.self) != nil || base.as(MemberAccessExprSyntax.self) != nil {
            let text = base.trimmedText.filter { !$0.isWhitespace }
            return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        }
        return nil
    }

    /// The call as a function summary would keep it, with the receiver's declared type when
    /// the code around it shows it (a parameter, a local, a stored property of the type).
    func summarized(_ call: FunctionCallExprSyntax, in function: FunctionDeclSyntax?,
                    owner: OwnerType?) -> (call: FunctionSummary.Call, type: String?) {
        let labels = FunctionSummary.Call.labels(of: call)
        let name = call.calleeName ?? ""
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return (FunctionSummary.Call(name: name, labels: labels, receiver: .this), owner?.name)
        }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let text = reference.baseName.text
            if reference.baseName.tokenKind == .keyword(.self) {
                return (FunctionSummary.Call(name: name, labels: labels, receiver: .this), owner?.name)
            }
            if text == "Self" || text.first?.isUppercase == true {
                let type = text == "Self" ? owner?.name ?? text : text
                return (FunctionSummary.Call(name: name, labels: labels, receiver: .type(type)), type)
            }
            let type = Self.declaredType(of: text, in: function, before: item, owner: owner)
            return (FunctionSummary.Call(name: name, labels: labels, receiver: .local(type)), type)
        }
        // `self.client.get()`: the stored property's declared type.
        if let inner = base.as(MemberAccessExprSyntax.self),
           inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            let type = owner.flatMap { Self.propertyType(inner.declName.baseName.text, of: $0) }
            return (FunctionSummary.Call(name: name, labels: labels, receiver: .local(type)), type)
        }
        // `URLSession.shared.data(…)`, `Mastodon.API.Account.fetch(…)`: the last type of the path.
        let typeName = base.trimmedText.split(separator: ".").map(String.init).last { $0.first?.isUppercase == true }
        if let typeName, base.trimmedText.first?.isUppercase == true {
            return (FunctionSummary.Call(name: name, labels: labels, receiver: .type(typeName)), typeName)
        }
        return (FunctionSummary.Call(name: name, labels: labels, receiver: .local(nil)), nil)
    }

    /// The type a name was declared with: a parameter of `function`, a local bound before
    /// `item` (`let api: API = …`, `let api = API(…)`), or a stored property of `owner`.
    static func declaredType(of name: String, in function: FunctionDeclSyntax?, before item: CodeBlockItemSyntax,
                             owner: OwnerType?) -> String? {
        if let function {
            if let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                return ProjectIndex.baseName(parameter.type)
            }
            if let body = function.body {
                for binding in collect(PatternBindingSyntax.self, in: body, within: .declaration)
                where binding.endOffset <= item.startOffset && binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return bindingType(binding)
                }
            }
        }
        return owner.flatMap { propertyType(name, of: $0) }
    }

    /// A stored property's declared type, from its annotation or its initializer `T(…)`.
    static func propertyType(_ name: String, of owner: OwnerType) -> String? {
        for declaration in owner.declarations {
            for member in declaration.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return bindingType(binding)
                }
            }
        }
        return nil
    }

    private static func bindingType(_ binding: PatternBindingSyntax) -> String? {
        if let annotation = binding.typeAnnotation?.type { return ProjectIndex.baseName(annotation) }
        if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
           let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true {
            return type
        }
        return nil
    }
}
