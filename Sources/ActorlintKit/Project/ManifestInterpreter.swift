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
    var targets: [ManifestTarget] = []
    /// Indices of `package.targets`; nil until `let package = Package(...)` runs.
    var packageTargets: [Int]?
    var packageCall: ManifestCall?
    /// `swiftLanguageModes` / `swiftLanguageVersions` of the package, with the expression that set it.
    var languageModes: (value: ManifestValue, node: Syntax)?
    var notes: [String] = []
    var scopes: [[String: ManifestValue]] = [[:]]

    init(path: String, converter: SourceLocationConverter) {
        self.path = path
        self.converter = converter
    }

    // MARK: Statements

    /// How a block ended: `continue` also stands for `return` in a `forEach` closure.
    enum Flow { case normal, `continue`, `break` }

    func run(_ statements: CodeBlockItemListSyntax) {
        _ = execute(statements.map(\.item))
    }

    func execute(_ items: [CodeBlockItemSyntax.Item]) -> Flow {
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
    func execute(_ statement: StmtSyntax, rest: [CodeBlockItemSyntax.Item]) -> Flow {
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

    func declare(_ decl: DeclSyntax) {
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
    func perform(_ expression: ExprSyntax, rest: [CodeBlockItemSyntax.Item]) -> Flow {
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

    func perform(_ ifExpression: IfExprSyntax, rest: [CodeBlockItemSyntax.Item]) -> Flow {
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

    static func mayLeaveBlock(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains {
            [.keyword(.continue), .keyword(.break), .keyword(.return)].contains($0.tokenKind)
        }
    }

    func iterate(_ statement: ForStmtSyntax) {
        guard let variable = statement.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
            taint(Syntax(statement), reason: unknownText(statement.pattern, "is a loop pattern actorlint does not evaluate"))
            return
        }
        loop(over: evaluate(statement.sequence), variable: variable, filter: statement.whereClause?.condition,
             body: statement.body.statements, node: Syntax(statement))
    }

    func loop(over sequence: ManifestValue, variable: String, filter: ExprSyntax?,
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

    static func orEmpty(_ value: ManifestValue) -> ManifestValue {
        if case .nilLiteral = value { return .array([]) }
        return value
    }

    /// The reason for a block that runs only when `condition` holds.
    func undecidable(_ condition: some SyntaxProtocol) -> String {
        "\(location(condition)): the condition `\(text(condition))` cannot be decided statically"
    }

    func scoped<T>(_ work: () -> T) -> T {
        scopes.append([:])
        defer { scopes.removeLast() }
        return work()
    }

    static func parameterName(_ signature: ClosureSignatureSyntax) -> String? {
        switch signature.parameterClause {
        case .simpleInput(let parameters)?: return parameters.first?.name.text
        case .parameterClause(let clause)?: return clause.parameters.first?.firstName.text
        case nil: return nil
        @unknown default: return nil
        }
    }
}
