import SwiftSyntax

/// Syntax questions shared by the structured-concurrency, cancellation and continuation rules.
/// They are purely syntactic: these rules must not depend on the isolation model.
enum Flow {
    /// Nodes whose body does not run where it is written: a closure runs when it is called, a
    /// nested function or type when it is used. Walks that ask "what does this code do here"
    /// stop at them.
    static func isBoundary(_ node: Syntax) -> Bool {
        node.kind == .closureExpr || isDeclarationBoundary(node)
    }

    /// One switch on the kind: walks ask this of every node, and eleven `is` checks cost more.
    static func isDeclarationBoundary(_ node: Syntax) -> Bool {
        switch node.kind {
        case .functionDecl, .initializerDecl, .deinitializerDecl, .accessorBlock, .subscriptDecl, .structDecl,
             .classDecl, .actorDecl, .enumDecl, .extensionDecl, .protocolDecl:
            return true
        default:
            return false
        }
    }

    /// Every node in `root`'s subtree (root included) for which `match` holds, in source order,
    /// without entering nested closures (unless asked) or nested declarations. The root itself is
    /// always entered, so a closure's own body can be searched; a nested closure can match, but
    /// its body is not searched.
    static func collect(in root: some SyntaxProtocol, enteringClosures: Bool = false,
                        where match: @escaping (Syntax) -> Bool) -> [Syntax] {
        let collector = FlowCollector(root: Syntax(root).id, enteringClosures: enteringClosures,
                                      enteringDeclarations: false, match: match)
        collector.walk(Syntax(root))
        return collector.found
    }

    static func collect<T: SyntaxProtocol>(_ type: T.Type, in root: some SyntaxProtocol,
                                           enteringClosures: Bool = false) -> [T] {
        collect(in: root, enteringClosures: enteringClosures) { $0.is(type) }.compactMap { $0.as(type) }
    }

    /// Every node of type `T` anywhere in `root`, declarations and closures included.
    static func all<T: SyntaxProtocol>(_ type: T.Type, in root: some SyntaxProtocol) -> [T] {
        let collector = FlowCollector(root: Syntax(root).id, enteringClosures: true, enteringDeclarations: true) {
            $0.is(type)
        }
        collector.walk(Syntax(root))
        return collector.found.compactMap { $0.as(type) }
    }

    /// Whether `root` suspends by itself: an `await` (or `for await`) outside nested closures.
    static func containsAwait(_ root: some SyntaxProtocol) -> Bool {
        !collect(in: root) { node in
            node.is(AwaitExprSyntax.self) || node.as(ForStmtSyntax.self)?.awaitKeyword != nil
        }.isEmpty
    }

    /// References to the variable `name` (not `x.name`, which is a member of something else).
    static func references(to names: Set<String>, in root: some SyntaxProtocol,
                           enteringClosures: Bool = true) -> [DeclReferenceExprSyntax] {
        collect(DeclReferenceExprSyntax.self, in: root, enteringClosures: enteringClosures).filter { reference in
            names.contains(reference.baseName.text) && !reference.isMemberName
        }
    }

    /// The innermost function, initializer, accessor or closure containing `node`.
    static func enclosingContext(of node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if isBoundary(candidate) { return candidate }
            current = candidate.parent
        }
        return nil
    }

    /// Whether `node` sits inside a node matching `match` before reaching its execution context.
    static func isInside(_ node: some SyntaxProtocol, where match: (Syntax) -> Bool) -> Bool {
        var current = node.parent
        while let candidate = current, !isBoundary(candidate) {
            if match(candidate) { return true }
            current = candidate.parent
        }
        return false
    }

    /// Test code and test support: a file under a `…Tests`/`…Test`/`Mocks`/`TestDoubles`
    /// directory, named `…Tests.swift`/`…Mock.swift`, or importing XCTest or Swift Testing.
    static func isTestSource(_ file: SourceFile) -> Bool {
        let components = file.path.split(separator: "/").map(String.init)
        let directories = components.dropLast()
        if directories.contains(where: { directory in
            directory.hasSuffix("Tests") || directory.hasSuffix("Test") || directory.hasSuffix("Mocks")
                || ["TestDoubles", "TestSupport", "TestHelpers", "Mock", "Fixtures"].contains(directory)
        }) { return true }
        let fileName = components.last.map { $0.replacingOccurrences(of: ".swift", with: "") } ?? ""
        if ["Tests", "Test", "Mock", "Mocks", "Stub", "Stubs", "Fake", "Fakes"].contains(where: { fileName.hasSuffix($0) }) {
            return true
        }
        return file.tree.statements.contains { item in
            guard let importDecl = item.item.as(ImportDeclSyntax.self) else { return false }
            return ["XCTest", "Testing"].contains(importDecl.path.first?.name.text ?? "")
        }
    }

    static func isLoop(_ node: Syntax) -> Bool {
        node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self)
    }

    /// The statement (code block item) that contains `node`, the one nearest to it.
    static func statement(containing node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
        var current: Syntax? = Syntax(node)
        while let candidate = current {
            if let item = candidate.as(CodeBlockItemSyntax.self) { return item }
            if isBoundary(candidate) && candidate.id != Syntax(node).id { return nil }
            current = candidate.parent
        }
        return nil
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

    /// The closure passed as `label:` or, when `label` is nil or absent, the trailing closure.
    static func closureArgument(of call: FunctionCallExprSyntax, label: String) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        return call.arguments.first { $0.label?.text == label }?.expression.as(ClosureExprSyntax.self)
            ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
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

    /// `fetchPosts(userID:)`, with the receiver when there is one: `service.fetchPosts(userID:)`.
    static func displayName(of call: FunctionCallExprSyntax) -> String {
        let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        let trailing = call.trailingClosure == nil ? "" : (call.arguments.isEmpty && call.leftParen == nil ? "" : "_:")
        let callee = call.calledExpression.trimmedText.filter { !$0.isWhitespace }
        let allLabels = labels + trailing
        return allLabels.isEmpty ? "\(callee)()" : "\(callee)(\(allLabels))"
    }

    /// The indentation one level deeper than `outer`, guessed from the file (four spaces when
    /// the file says nothing).
    static func indentUnit(in file: SourceFile) -> String {
        var counts: [Int: Int] = [:]
        var previous = 0
        for line in file.text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "\t" { return "\t" }
            let spaces = line.prefix { $0 == " " }.count
            if spaces == line.count { continue }
            if spaces > previous { counts[spaces - previous, default: 0] += 1 }
            previous = spaces
        }
        guard let unit = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key, unit > 0 else {
            return "    "
        }
        return String(repeating: " ", count: unit)
    }
}

extension DeclReferenceExprSyntax {
    /// Whether this is the `name` in `base.name` (a member, not a variable of this scope).
    var isMemberName: Bool {
        guard let member = parent?.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.id == id
    }
}

extension SyntaxProtocol {
    /// Where this node starts, without trivia, as a UTF-8 offset.
    var startOffset: Int { positionAfterSkippingLeadingTrivia.utf8Offset }
    /// Where this node ends, without trivia, as a UTF-8 offset.
    var endOffset: Int { endPositionBeforeTrailingTrivia.utf8Offset }
}

extension String {
    /// The first word of a camelCase identifier, lowercased: `set` for `setTitle`.
    var firstCamelCaseWord: String {
        let trimmed = drop { $0 == "_" }
        let word = trimmed.prefix { $0.isLowercase || $0.isNumber }
        return word.isEmpty ? trimmed.lowercased() : String(word)
    }
}

/// The walker behind `Flow.collect`.
private final class FlowCollector: SyntaxAnyVisitor {
    let root: SyntaxIdentifier
    let enteringClosures: Bool
    let enteringDeclarations: Bool
    let match: (Syntax) -> Bool
    var found: [Syntax] = []
    init(root: SyntaxIdentifier, enteringClosures: Bool, enteringDeclarations: Bool,
         match: @escaping (Syntax) -> Bool) {
        self.root = root
        self.enteringClosures = enteringClosures
        self.enteringDeclarations = enteringDeclarations
        self.match = match
        super.init(viewMode: .sourceAccurate)
    }
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if node.id != root, !enteringDeclarations, Flow.isDeclarationBoundary(node) { return .skipChildren }
        if match(node) { found.append(node) }
        // A nested closure itself can match; what runs inside it is not searched.
        if node.id != root, !enteringClosures, node.kind == .closureExpr { return .skipChildren }
        return .visitChildren
    }
}
