import SwiftSyntax

/// A value of a Package.swift that can be known without running the manifest.
indirect enum ManifestValue {
    case string(String)
    case bool(Bool)
    case array([ManifestValue])
    /// `.enableUpcomingFeature("X")`, `.when(configuration: .debug)`, `Package(...)`.
    case call(ManifestCall)
    /// `.v5`, `.test`, `MainActor.self`.
    case member(String)
    case nilLiteral
    /// A target of the manifest, by index: PackageDescription targets are classes, so a loop
    /// over `package.targets` changes the same objects the `targets:` array holds.
    case target(Int)
    case package
    /// Added only when a condition actorlint cannot decide holds (`if`, `#if`); the reason
    /// starts with `path:line` of that condition.
    case conditional(ManifestValue, String)
    /// Not computable statically; the reason starts with `path:line`.
    case unknown(String)

    var unknownReason: String? {
        if case .unknown(let reason) = self { return reason }
        return nil
    }
}

struct ManifestCall {
    struct Argument {
        var label: String?
        var value: ManifestValue
        var node: Syntax
    }

    var name: String
    var arguments: [Argument]
    var node: Syntax

    func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
}

/// A target as the manifest declares it, after every statement of the manifest has run.
struct ManifestTarget {
    var name: String
    /// The factory: `target`, `executableTarget`, `testTarget`, `macro`, `plugin`, `systemLibrary`, `binaryTarget`.
    var factory: String
    var call: ManifestCall
    /// `swiftSettings`, element by element; nil when the manifest never sets them.
    var settings: [ManifestValue]?
}

/// Runs the statements of a Package.swift symbolically: `let` arrays, `+`, `??`, `append`,
/// loops and `forEach` over `package.targets` with simple `where`/`if`/`guard` filters on the
/// target's `type` or `name`. Whatever depends on something else (a function call, the
/// environment, `#if`) becomes `.unknown` with the reason, so nothing is guessed.
final class ManifestInterpreter {
    let path: String
    let converter: SourceLocationConverter
    private(set) var targets: [ManifestTarget] = []
    /// Indices of `package.targets`; nil until `let package = Package(...)` runs.
    private(set) var packageTargets: [Int]?
    private(set) var packageCall: ManifestCall?
    /// `swiftLanguageModes` / `swiftLanguageVersions` of the package, with the expression that set it.
    private(set) var languageModes: (value: ManifestValue, node: Syntax)?
    private(set) var notes: [String] = []
    private var scopes: [[String: ManifestValue]] = [[:]]

    init(path: String, converter: SourceLocationConverter) {
        self.path = path
        self.converter = converter
    }

    // MARK: Statements

    /// How a block ended: `continue` also stands for `return` in a `forEach` closure.
    private enum Flow { case normal, `continue`, `break` }

    func run(_ statements: CodeBlockItemListSyntax) {
        _ = execute(statements.map(\.item))
    }

    private func execute(_ items: [CodeBlockItemSyntax.Item]) -> Flow {
        for (position, item) in items.enumerated() {
            switch item {
            case .decl(let decl): declare(decl)
            case .stmt(let statement):
                let flow = execute(statement, rest: Array(items[(position + 1)...]))
                if flow != .normal { return flow }
            case .expr(let expression):
                let flow = perform(expression, rest: Array(items[(position + 1)...]))
                if flow != .normal { return flow }
            @unknown default:
                taint(Syntax(fromProtocol: item), reason: unknownText(Syntax(fromProtocol: item), "is syntax actorlint does not know"))
            }
        }
        return .normal
    }

    /// `rest` is what follows a statement in its block, for a `guard` whose outcome is unknown.
    private func execute(_ statement: StmtSyntax, rest: [CodeBlockItemSyntax.Item]) -> Flow {
        if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
            return perform(expressionStatement.expression, rest: rest)
        }
        if statement.is(ContinueStmtSyntax.self) { return .continue }
        if let loop = statement.as(ForStmtSyntax.self) {
            iterate(loop)
            return .normal
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            switch condition(guardStatement.conditions) {
            case .bool(true): return .normal
            case .bool(false):
                // The else block must leave the scope; in a loop body that is `continue`.
                return execute(guardStatement.body.statements.map(\.item))
            default:
                let reason = undecidable(guardStatement.conditions)
                taint(Syntax(guardStatement.body), reason: reason)
                for item in rest { taint(Syntax(item), reason: reason) }
                return .continue
            }
        }
        if statement.is(BreakStmtSyntax.self) { return .break }
        if statement.is(ReturnStmtSyntax.self) {
            // Only meaningful inside a `forEach` closure, where it ends this element's turn.
            return .continue
        }
        taint(Syntax(statement), reason: unknownText(statement, "is a statement actorlint does not evaluate"))
        return .normal
    }

    private func declare(_ decl: DeclSyntax) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    taint(Syntax(binding), reason: unknownText(binding, "is a pattern actorlint does not evaluate"))
                    continue
                }
                let value = binding.initializer.map { evaluate($0.value) }
                    ?? .unknown("\(location(binding)): `\(name)` is declared without a value")
                if name == "package", scopes.count == 1, case .call(let call) = value, call.name == "Package" {
                    adoptPackage(call)
                    scopes[0][name] = .package
                } else {
                    scopes[scopes.count - 1][name] = value
                }
            }
        } else if decl.is(IfConfigDeclSyntax.self) {
            // Which clause is active depends on the platform and compiler that build the manifest.
            taint(Syntax(decl), reason: "\(location(decl)): which `#if` clause applies depends on the platform and compiler that build the manifest")
        }
        // Functions, imports and types only matter when called, and a call is reported where it is made.
    }

    /// An expression used as a statement: assignment, `append`, `forEach`, `if`. `rest` is what
    /// follows it in its block, for an `if` whose outcome is unknown and that may leave the block.
    private func perform(_ expression: ExprSyntax, rest: [CodeBlockItemSyntax.Item]) -> Flow {
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            let op = operatorText(infix.operator)
            if op == "=" || op == "+=" {
                guard let place = place(of: infix.leftOperand) else {
                    taint(Syntax(expression), reason: unknownText(infix.leftOperand, "is not a place actorlint can follow"))
                    return .normal
                }
                var value = evaluate(infix.rightOperand)
                if op == "+=" { value = combine(Self.orEmpty(read(place)), "+", value, node: Syntax(infix)) }
                write(place, value)
                return .normal
            }
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return perform(ifExpression, rest: rest)
        }
        if expression.is(SwitchExprSyntax.self) {
            taint(Syntax(expression), reason: "\(location(expression)): which case of the `switch` runs cannot be decided statically")
            return .normal
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if name == "append" || name == "insert", let place = place(of: base) {
                let current = Self.orEmpty(read(place))
                // `swiftSettings?.append(...)` does nothing while the settings are nil.
                if case .nilLiteral = read(place), base.is(OptionalChainingExprSyntax.self) { return .normal }
                guard let argument = call.arguments.first else { return .normal }
                let value = evaluate(argument.expression)
                let added: ManifestValue = argument.label?.text == "contentsOf" ? value : .array([value])
                write(place, name == "insert"
                      ? combine(added, "+", current, node: Syntax(call))
                      : combine(current, "+", added, node: Syntax(call)))
                return .normal
            }
            if name == "forEach", let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
                let sequence = evaluate(base)
                let parameter = closure.signature.flatMap(Self.parameterName) ?? "$0"
                loop(over: sequence, variable: parameter, filter: nil, body: closure.statements, node: Syntax(call))
                return .normal
            }
        }
        // An unknown call may still change the package: it might be handed `package` or a target.
        if mentionsTrackedState(Syntax(expression)) {
            taintAllTargets(reason: unknownText(expression, "may change the targets and actorlint does not execute it"))
        }
        return .normal
    }

    private func perform(_ ifExpression: IfExprSyntax, rest: [CodeBlockItemSyntax.Item]) -> Flow {
        switch condition(ifExpression.conditions) {
        case .bool(true):
            return scoped { execute(ifExpression.body.statements.map(\.item)) }
        case .bool(false):
            switch ifExpression.elseBody {
            case .ifExpr(let next)?: return perform(next, rest: rest)
            case .codeBlock(let block)?: return scoped { execute(block.statements.map(\.item)) }
            case nil: return .normal
            @unknown default:
                taint(Syntax(ifExpression), reason: unknownText(ifExpression, "has an else actorlint does not know"))
                return .normal
            }
        default:
            let reason = undecidable(ifExpression.conditions)
            taint(Syntax(ifExpression), reason: reason)
            // `if unknown { continue }`: whatever follows runs only sometimes.
            guard Self.mayLeaveBlock(Syntax(ifExpression)) else { return .normal }
            for item in rest { taint(Syntax(item), reason: reason) }
            return .continue
        }
    }

    private static func mayLeaveBlock(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains {
            [.keyword(.continue), .keyword(.break), .keyword(.return)].contains($0.tokenKind)
        }
    }

    private func iterate(_ statement: ForStmtSyntax) {
        guard let variable = statement.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
            taint(Syntax(statement), reason: unknownText(statement.pattern, "is a loop pattern actorlint does not evaluate"))
            return
        }
        loop(over: evaluate(statement.sequence), variable: variable, filter: statement.whereClause?.condition,
             body: statement.body.statements, node: Syntax(statement))
    }

    private func loop(over sequence: ManifestValue, variable: String, filter: ExprSyntax?,
                      body: CodeBlockItemListSyntax, node: Syntax) {
        guard case .array(let elements) = sequence else {
            let reason = sequence.unknownReason ?? unknownText(node, "loops over something that is not a list")
            scoped {
                scopes[scopes.count - 1][variable] = .unknown(reason)
                taint(Syntax(body), reason: reason)
            }
            return
        }
        var stop = false
        for element in elements {
            scoped {
                scopes[scopes.count - 1][variable] = element
                if let filter {
                    switch evaluate(filter) {
                    case .bool(true): break
                    case .bool(false): return
                    default:
                        taint(Syntax(body), reason: undecidable(filter))
                        return
                    }
                }
                stop = execute(body.map(\.item)) == .break
            }
            if stop { return }
        }
    }

    private static func orEmpty(_ value: ManifestValue) -> ManifestValue {
        if case .nilLiteral = value { return .array([]) }
        return value
    }

    /// The reason for a block that runs only when `condition` holds.
    private func undecidable(_ condition: some SyntaxProtocol) -> String {
        "\(location(condition)): the condition `\(text(condition))` cannot be decided statically"
    }

    private func scoped<T>(_ work: () -> T) -> T {
        scopes.append([:])
        defer { scopes.removeLast() }
        return work()
    }

    private static func parameterName(_ signature: ClosureSignatureSyntax) -> String? {
        switch signature.parameterClause {
        case .simpleInput(let parameters)?: return parameters.first?.name.text
        case .parameterClause(let clause)?: return clause.parameters.first?.firstName.text
        case nil: return nil
        @unknown default: return nil
        }
    }

    // MARK: Unknown effects

    /// Everything `node` may change becomes unknown: a block that runs only under a condition
    /// actorlint cannot decide, or a loop over something it cannot list.
    private func taint(_ node: Syntax, reason: String) {
        let finder = MutationFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        for name in finder.declared {
            scopes[scopes.count - 1][name] = .unknown(reason)
        }
        for change in finder.changed {
            guard let place = place(of: change.place) else {
                taintAllTargets(reason: reason)
                continue
            }
            let current = read(place)
            if case .nilLiteral = current, change.place.is(OptionalChainingExprSyntax.self) { continue }
            switch (Self.orEmpty(current), change.added) {
            case (.array(let elements), let added?):
                // What the block would add is known; only whether it is added is not.
                let value = evaluate(added.expression)
                let list: [ManifestValue]
                if added.contentsOf, case .array(let items) = value { list = items } else { list = [value] }
                write(place, .array(elements + list.map { .conditional($0, reason) }))
            case (.array(let elements), nil):
                write(place, .array(elements + [.unknown(reason)]))
            default:
                write(place, .unknown(reason))
            }
        }
        if !finder.changed.isEmpty || !finder.declared.isEmpty || mentionsTrackedState(node) {
            addNote(reason)
        }
        if finder.callsUnknown && mentionsTrackedState(node) {
            taintAllTargets(reason: reason)
        }
    }

    private func taintAllTargets(reason: String) {
        for index in targets.indices {
            targets[index].settings = (targets[index].settings ?? []) + [.unknown(reason)]
        }
        addNote(reason)
    }

    private func addNote(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// Whether `node` refers to `package` or to a variable that holds targets or settings.
    private func mentionsTrackedState(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            if name == "package" { return true }
            switch lookup(name) {
            case .target?, .package?: return true
            case .array(let elements)?: return elements.contains(where: Self.isTracked)
            default: return false
            }
        }
    }

    private static func isTracked(_ value: ManifestValue) -> Bool {
        switch value {
        case .call, .target, .package: true
        default: false
        }
    }

    // MARK: Places

    private enum Place {
        case variable(scope: Int, name: String)
        case targetSettings(Int)
        case packageTargets
        case packageLanguageModes(Syntax)
    }

    private func place(of expression: ExprSyntax) -> Place? {
        if let wrapped = expression.as(OptionalChainingExprSyntax.self) { return place(of: wrapped.expression) }
        if let wrapped = expression.as(ForceUnwrapExprSyntax.self) { return place(of: wrapped.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return place(of: only.expression)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard let scope = scopes.lastIndex(where: { $0[name] != nil }) else { return nil }
            return .variable(scope: scope, name: name)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        switch (evaluate(base), member.declName.baseName.text) {
        case (.target(let index), "swiftSettings"): return .targetSettings(index)
        case (.package, "targets"): return .packageTargets
        case (.package, "swiftLanguageModes"), (.package, "swiftLanguageVersions"): return .packageLanguageModes(Syntax(expression))
        default: return nil
        }
    }

    private func read(_ place: Place) -> ManifestValue {
        switch place {
        case .variable(let scope, let name): return scopes[scope][name] ?? .nilLiteral
        case .targetSettings(let index): return targets[index].settings.map(ManifestValue.array) ?? .nilLiteral
        case .packageTargets: return .array((packageTargets ?? []).map(ManifestValue.target))
        case .packageLanguageModes: return languageModes?.value ?? .nilLiteral
        }
    }

    private func write(_ place: Place, _ value: ManifestValue) {
        switch place {
        case .variable(let scope, let name):
            scopes[scope][name] = value
        case .targetSettings(let index):
            targets[index].settings = settingsList(value)
        case .packageTargets:
            packageTargets = targetList(value, node: nil)
        case .packageLanguageModes(let node):
            languageModes = (value, node)
        }
    }

    private func settingsList(_ value: ManifestValue) -> [ManifestValue]? {
        switch value {
        case .array(let elements): return elements
        case .nilLiteral: return nil
        default: return [value]
        }
    }

    // MARK: Package

    private func adoptPackage(_ call: ManifestCall) {
        packageCall = call
        if let targets = call.argument("targets") {
            packageTargets = targetList(targets.value, node: targets.node)
        } else {
            packageTargets = []
        }
        if let modes = call.argument("swiftLanguageModes") ?? call.argument("swiftLanguageVersions") {
            languageModes = (modes.value, modes.node)
        }
    }

    /// Target indices of a `targets:` value; entries that are not targets become notes.
    private func targetList(_ value: ManifestValue, node: Syntax?) -> [Int] {
        let elements: [ManifestValue]
        if case .array(let list) = value { elements = list } else { elements = [value] }
        var indices: [Int] = []
        for element in elements {
            switch element {
            case .target(let index): indices.append(index)
            case .unknown(let reason): addNote("\(reason); targets it declares are not known")
            case .conditional(_, let reason): addNote("\(reason); a target declared under it is not read")
            default: addNote("\(node.map(location) ?? path): a `targets` entry is not a target actorlint can read")
            }
        }
        return indices
    }

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

    private func evaluate(_ member: MemberAccessExprSyntax) -> ManifestValue {
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

    private func evaluate(_ call: FunctionCallExprSyntax) -> ManifestValue {
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

    private func combine(_ left: ManifestValue, _ op: String, _ right: ManifestValue, node: Syntax) -> ManifestValue {
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

    private static func equal(_ left: ManifestValue, _ right: ManifestValue) -> Bool? {
        switch (left, right) {
        case (.string(let a), .string(let b)), (.member(let a), .member(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        default: return nil
        }
    }

    private func condition(_ conditions: ConditionElementListSyntax) -> ManifestValue {
        var result = ManifestValue.bool(true)
        for element in conditions {
            guard case .expression(let expression) = element.condition else {
                return .unknown(unknownText(element, "is a binding condition actorlint does not evaluate"))
            }
            result = combine(result, "&&", evaluate(expression), node: Syntax(element))
        }
        return result
    }

    private func lookup(_ name: String) -> ManifestValue? {
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
    private static func typeName(_ expression: ExprSyntax) -> String? {
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

    private func unknownText(_ node: some SyntaxProtocol, _ why: String) -> String {
        "\(location(node)): `\(text(node))` \(why)"
    }

    private func operatorText(_ expression: ExprSyntax) -> String {
        if expression.is(AssignmentExprSyntax.self) { return "=" }
        return expression.as(BinaryOperatorExprSyntax.self)?.operator.text ?? expression.trimmedText
    }
}

/// What a block may change: variables it declares, places it assigns or appends to (with what
/// it appends), and whether it calls something that might change state out of sight.
private final class MutationFinder: SyntaxVisitor {
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

    private static func isFactory(_ callee: ExprSyntax) -> Bool {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text.first?.isUppercase == true }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base else { return true }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true || isFactory(base)
    }
}
