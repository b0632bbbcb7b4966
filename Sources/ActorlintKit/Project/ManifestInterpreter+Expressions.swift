import SwiftSyntax

/// Evaluating the expressions of a manifest, and locating its nodes for reasons and origins.
extension ManifestInterpreter {
    // MARK: Expressions

    static let targetFactories: Set<String> = [
        "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
    ]

    func evaluate(_ expression: ExprSyntax) -> ManifestValue {
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.representedLiteralValue.map(ManifestValue.string)
                ?? .unknown(unknownText(expression, "is an interpolated string"))
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(boolean.literal.tokenKind == .keyword(.true))
        }
        if expression.is(NilLiteralExprSyntax.self) { return .nilLiteral }
        if let array = expression.as(ArrayExprSyntax.self) {
            return .array(array.elements.map { evaluate($0.expression) })
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return evaluate(only.expression)
        }
        if let wrapped = expression.as(ForceUnwrapExprSyntax.self) { return evaluate(wrapped.expression) }
        if let wrapped = expression.as(OptionalChainingExprSyntax.self) { return evaluate(wrapped.expression) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return lookup(name) ?? .unknown(unknownText(expression, "is not a value declared in the manifest"))
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return evaluate(member)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return evaluate(call)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            let op = operatorText(infix.operator)
            let left = evaluate(infix.leftOperand)
            if op == "??" {
                if case .nilLiteral = left { return evaluate(infix.rightOperand) }
                return left
            }
            return combine(left, op, evaluate(infix.rightOperand), node: Syntax(infix))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch evaluate(prefix.expression) {
            case .bool(let value): return .bool(!value)
            case let value: return .unknown(value.unknownReason ?? unknownText(expression, "is not a simple condition"))
            }
        }
        if expression.is(TernaryExprSyntax.self) {
            return .unknown(unknownText(expression, "is a conditional actorlint does not evaluate"))
        }
        if expression.is(ClosureExprSyntax.self) {
            return .unknown(unknownText(expression, "is a closure actorlint does not execute"))
        }
        return .unknown(unknownText(expression, "is an expression actorlint does not evaluate"))
    }

    func evaluate(_ member: MemberAccessExprSyntax) -> ManifestValue {
        let name = member.declName.baseName.text
        guard let base = member.base else { return .member(name) }
        // `MainActor.self`, `SwiftLanguageMode.v5`, `Target.TargetType.test`: a type, not a value.
        if let typeName = Self.typeName(base), lookup(typeName) == nil {
            return .member(name == "self" ? "\(typeName).self" : name)
        }
        switch (evaluate(base), name) {
        case (.target(let index), "swiftSettings"):
            return targets[index].settings.map(ManifestValue.array) ?? .nilLiteral
        case (.target(let index), "name"):
            return .string(targets[index].name)
        case (.target(let index), "type"):
            return .member(Self.targetType(targets[index].factory))
        case (.package, "targets"):
            return .array((packageTargets ?? []).map(ManifestValue.target))
        case (.package, "swiftLanguageModes"), (.package, "swiftLanguageVersions"):
            return languageModes?.value ?? .nilLiteral
        case (.unknown(let reason), _):
            return .unknown(reason)
        default:
            return .unknown(unknownText(member, "is a property actorlint does not evaluate"))
        }
    }

    func evaluate(_ call: FunctionCallExprSyntax) -> ManifestValue {
        let name: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Package" {
            name = "Package"
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base.map({ Self.typeName($0).map { lookup($0) == nil } ?? false }) ?? true {
            // `.target(...)` or `Target.target(...)`: a factory of PackageDescription.
            name = member.declName.baseName.text
        } else {
            return .unknown(unknownText(call, "is a call actorlint does not execute"))
        }
        if call.trailingClosure != nil {
            return .unknown(unknownText(call, "takes a closure actorlint does not execute"))
        }
        let arguments = call.arguments.map {
            ManifestCall.Argument(label: $0.label?.text, value: evaluate($0.expression), node: Syntax($0.expression))
        }
        let made = ManifestCall(name: name, arguments: arguments, node: Syntax(call))
        guard Self.targetFactories.contains(name) else { return .call(made) }
        guard case .string(let targetName)? = made.argument("name")?.value else {
            return .unknown(unknownText(call, "declares a target whose name actorlint cannot read"))
        }
        targets.append(ManifestTarget(name: targetName, factory: name, call: made,
                                      settings: made.argument("swiftSettings").flatMap { settingsList($0.value) }))
        return .target(targets.count - 1)
    }

    func combine(_ left: ManifestValue, _ op: String, _ right: ManifestValue, node: Syntax) -> ManifestValue {
        switch (left, op, right) {
        case (.array(let a), "+", .array(let b)): return .array(a + b)
        case (.string(let a), "+", .string(let b)): return .string(a + b)
        // An unknown part of a concatenation is one unknown element: the known ones still count.
        case (.array(let a), "+", .unknown): return .array(a + [right])
        case (.unknown, "+", .array(let b)): return .array([left] + b)
        case (.nilLiteral, "+", _), (_, "+", .nilLiteral): break
        case (.bool(let a), "&&", .bool(let b)): return .bool(a && b)
        case (.bool(let a), "||", .bool(let b)): return .bool(a || b)
        // `false && x`, `true || x` do not depend on x.
        case (.bool(false), "&&", _): return .bool(false)
        case (.bool(true), "||", _): return .bool(true)
        case (_, "==", _), (_, "!=", _):
            if let equal = Self.equal(left, right) { return .bool(op == "==" ? equal : !equal) }
        default: break
        }
        if let reason = left.unknownReason ?? right.unknownReason { return .unknown(reason) }
        return .unknown(unknownText(node, "is an operation actorlint does not evaluate"))
    }

    static func equal(_ left: ManifestValue, _ right: ManifestValue) -> Bool? {
        switch (left, right) {
        case (.string(let a), .string(let b)), (.member(let a), .member(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        default: return nil
        }
    }

    func condition(_ conditions: ConditionElementListSyntax) -> ManifestValue {
        var result = ManifestValue.bool(true)
        for element in conditions {
            guard case .expression(let expression) = element.condition else {
                return .unknown(unknownText(element, "is a binding condition actorlint does not evaluate"))
            }
            result = combine(result, "&&", evaluate(expression), node: Syntax(element))
        }
        return result
    }

    func lookup(_ name: String) -> ManifestValue? {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    /// `PackageDescription.Target.TargetType` case of a factory.
    static func targetType(_ factory: String) -> String {
        switch factory {
        case "target": "regular"
        case "executableTarget": "executable"
        case "testTarget": "test"
        case "systemLibrary": "system"
        case "binaryTarget": "binary"
        default: factory
        }
    }

    /// `Foo` or `Foo.Bar` when every part starts with an uppercase letter: a type name.
    static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
           let baseName = typeName(base), member.declName.baseName.text.first?.isUppercase == true {
            return baseName + "." + member.declName.baseName.text
        }
        return nil
    }

    // MARK: Locations

    func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    func location(_ node: some SyntaxProtocol) -> String { "\(path):\(line(node))" }

    /// The source of `node` on one line, shortened to `limit` characters for messages.
    func text(_ node: some SyntaxProtocol, limit: Int? = 80) -> String {
        let collapsed = node.trimmedText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let limit, collapsed.count > limit else { return collapsed }
        return String(collapsed.prefix(limit - 3)) + "..."
    }

    func unknownText(_ node: some SyntaxProtocol, _ why: String) -> String {
        "\(location(node)): `\(text(node))` \(why)"
    }

    func operatorText(_ expression: ExprSyntax) -> String {
        if expression.is(AssignmentExprSyntax.self) { return "=" }
        return expression.as(BinaryOperatorExprSyntax.self)?.operator.text ?? expression.trimmedText
    }
}

/// What a block may change: variables it declares, places it assigns or appends to (with what
/// it appends), and whether it calls something that might change state out of sight.
final class MutationFinder: SyntaxVisitor {
    struct Change {
        var place: ExprSyntax
        /// What `append`, `append(contentsOf:)`, `insert` or `+=` add; nil for anything else.
        var added: (expression: ExprSyntax, contentsOf: Bool)?
    }

    var declared: [String] = []
    var changed: [Change] = []
    var callsUnknown = false

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { declared.append(name) }
        return .visitChildren
    }

    /// Only a clause's code: its condition (`os(macOS)`, `compiler(>=6.0)`) is no call the
    /// manifest makes, so it must not count as an unknown one.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if let elements = node.elements { walk(elements) }
        return .skipChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) {
            changed.append(Change(place: node.leftOperand))
        } else if node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
            changed.append(Change(place: node.leftOperand, added: (node.rightOperand, true)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
           ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast"].contains(member.declName.baseName.text) {
            let name = member.declName.baseName.text
            let first = node.arguments.first
            let adds = (name == "append" || name == "insert") && first != nil
            changed.append(Change(place: base, added: adds ? (first!.expression, first!.label?.text == "contentsOf") : nil))
        } else if Self.isFactory(callee) {
            // `.enableUpcomingFeature(...)`, `Target.target(...)`, `Package(...)` only build values.
        } else {
            callsUnknown = true
        }
        return .visitChildren
    }

    static func isFactory(_ callee: ExprSyntax) -> Bool {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text.first?.isUppercase == true }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base else { return true }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true || isFactory(base)
    }
}
