import SwiftSyntax

/// What one function's body does that decides whether awaiting it overlaps with other work:
/// what it waits on along every path (a network transfer, a sleep, a callback through a
/// continuation, or calls that do), which HTTP methods it names, which state outside its own
/// locals it reads and writes, and the calls through which it reaches other functions. Plain
/// data, kept in the module's index like `FileSummary`'s other parts, so a call in one file is
/// judged by the body of a function in another (`CallWork`).
struct FunctionSummary: Sendable, Equatable {
    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt16
        static let isAsync = Flags(rawValue: 1 << 0)
        static let isThrowing = Flags(rawValue: 1 << 1)
        static let isStatic = Flags(rawValue: 1 << 2)
        static let isMutating = Flags(rawValue: 1 << 3)
        static let isNonisolated = Flags(rawValue: 1 << 4)
    }

    /// A call the body makes, with what it is made on.
    struct Call: Sendable, Equatable {
        enum Receiver: Sendable, Equatable {
            /// `f()`, `self.f()`, `super.f()`: the same instance (or, in a static function, the type).
            case this
            /// `Type.f()`, `Type.shared.f()`, `Type(…).f()`: the type's own or a new instance.
            case type(String)
            /// `cache.f()`, `self.cache.f()`: a stored property (or other state) that is not a local.
            case state(String)
            /// A parameter or a local, of this type when its declaration shows it.
            case local(String?)
        }
        var name: String
        /// Argument labels as written, `_` for none; `{}` for each trailing closure.
        var labels: [String]
        var receiver: Receiver

        /// The labels of `call`'s arguments as `labels` keeps them.
        static func labels(of call: FunctionCallExprSyntax) -> [String] {
            call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure == nil ? [] : ["{}"])
                + call.additionalTrailingClosures.map { _ in "{}" }
        }
    }

    /// The first thing the body waits on itself, on every path: `URLSession.data(for:)`.
    struct Leaf: Sendable, Equatable {
        enum Kind: String, Sendable { case network, sleep, bridge }
        var kind: Kind
        var text: String
        /// For a continuation, what its closure calls first: the object the callback comes from.
        var object: Call.Receiver?
    }

    var name: String
    /// Parameter labels (`_` for none), and whether each has a default value.
    var parameters: [(label: String, hasDefault: Bool)]
    /// The type the function is declared in or extends (last component), nil for a free function.
    var owner: String?
    /// Attribute names as written (`MainActor`, `DatabaseActor`): global actors among them isolate it.
    var attributes: [String]
    var flags: Flags
    /// The declared result type as written (`[Post]`, `String?`), nil for none.
    var returns: String?
    /// What the body waits on itself along every path, if anything.
    var leaf: Leaf?
    /// The calls the body awaits along every path (not in a branch, a loop, a closure), in order.
    var waits: [Call]
    /// Other calls made on `self`, on types, on state or awaited on locals (in closures too).
    var calls: [Call]
    /// HTTP methods named in the body (`"GET"`, `.post`, `HTTPMethod.delete`), upper-cased.
    var httpMethods: Set<String>
    /// Names outside the function's locals that it assigns or changes (`self.items`, `count`).
    var writes: Set<String>
    /// Names outside its locals that it reads.
    var reads: Set<String>
    var path: String

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.parameters.map(\.label) == rhs.parameters.map(\.label)
            && lhs.parameters.map(\.hasDefault) == rhs.parameters.map(\.hasDefault) && lhs.owner == rhs.owner
            && lhs.attributes == rhs.attributes && lhs.flags == rhs.flags && lhs.returns == rhs.returns && lhs.leaf == rhs.leaf
            && lhs.waits == rhs.waits && lhs.calls == rhs.calls && lhs.httpMethods == rhs.httpMethods
            && lhs.writes == rhs.writes && lhs.reads == rhs.reads && lhs.path == rhs.path
    }

    /// HTTP methods as requests name them.
    static let httpMethodNames: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
    /// The spellings of enum cases that name them (`.get`, `.GET`), and the method each names.
    static let httpMethodSpellings: [String: String] = Dictionary(uniqueKeysWithValues:
        httpMethodNames.flatMap { [($0, $0), ($0.lowercased(), $0)] })

    /// The summaries of every function with a body in `file`.
    static func summaries(of file: SourceFile) -> [FunctionSummary] {
        // Cheap pre-check: a file with no function has nothing to summarize.
        guard file.contains("func") else { return [] }
        return file.shared(FunctionDeclSyntax.self).compactMap { FunctionSummary($0, path: file.path) }
    }

    init?(_ function: FunctionDeclSyntax, path: String) {
        guard let body = function.body else { return nil }
        name = function.name.text
        parameters = function.signature.parameterClause.parameters.map {
            ($0.firstName.tokenKind == .wildcard ? "_" : $0.firstName.text, $0.defaultValue != nil)
        }
        owner = Self.owner(of: function)
        attributes = function.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
            .filter { $0.first?.isUppercase == true }
        var flags: Flags = []
        if function.signature.effectSpecifiers?.asyncSpecifier != nil { flags.insert(.isAsync) }
        if function.signature.effectSpecifiers?.throwsClause != nil { flags.insert(.isThrowing) }
        for modifier in function.modifiers {
            switch modifier.name.text {
            case "static", "class": flags.insert(.isStatic)
            case "mutating": flags.insert(.isMutating)
            case "nonisolated" where modifier.detail == nil: flags.insert(.isNonisolated)
            default: break
            }
        }
        self.flags = flags
        returns = function.signature.returnClause?.type.trimmedText
        self.path = path
        let walker = BodyWalker(function: function, owner: owner)
        walker.walk(body)
        leaf = walker.leaf
        waits = walker.waits
        calls = walker.calls
        httpMethods = walker.httpMethods
        writes = walker.writes
        reads = walker.reads
    }

    /// Decoded from the cache.
    init(name: String, parameters: [(label: String, hasDefault: Bool)], owner: String?, attributes: [String], flags: Flags,
         returns: String?, leaf: Leaf?, waits: [Call], calls: [Call], httpMethods: Set<String>, writes: Set<String>, reads: Set<String>,
         path: String) {
        self.name = name
        self.parameters = parameters
        self.owner = owner
        self.attributes = attributes
        self.flags = flags
        self.returns = returns
        self.leaf = leaf
        self.waits = waits
        self.calls = calls
        self.httpMethods = httpMethods
        self.writes = writes
        self.reads = reads
        self.path = path
    }

    /// The type a function is declared in, or that the extension around it extends.
    private static func owner(of function: FunctionDeclSyntax) -> String? {
        guard let group = function.nearest(MemberBlockSyntax.self, within: .declaration)?.parent else { return nil }
        if let extensionDecl = group.as(ExtensionDeclSyntax.self) { return ProjectIndex.baseName(extensionDecl.extendedType) }
        return group.asProtocol((any NamedDeclSyntax).self)?.name.text
    }

    /// Whether an `await` in `body` runs on every path that reaches the end of `body`'s first
    /// level: not inside a branch, a loop, a `catch`, a closure, `defer`, or the right-hand
    /// side of `??`, `&&`, `||` (and not after a `guard` that leaves, which only ends the
    /// run early). `if let x = await f()` counts: its condition always runs.
    static func runsOnEveryPath(_ node: some SyntaxProtocol, in body: some SyntaxProtocol) -> Bool {
        var child = Syntax(node)
        var current = node.parent
        while let parent = current, parent.id != body.id {
            switch parent.kind {
            case .closureExpr, .deferStmt, .catchClause, .switchCase, .forStmt, .whileStmt, .repeatStmt, .ternaryExpr,
                 .functionDecl, .accessorBlock:
                return false
            case .ifExpr:
                if let branch = parent.as(IfExprSyntax.self), branch.conditions.id != child.id { return false }
            case .guardStmt:
                if let guardStatement = parent.as(GuardStmtSyntax.self), guardStatement.conditions.id != child.id { return false }
            case .exprList:
                // The right operand of a short-circuiting operator runs only sometimes.
                let elements = Array(parent.as(ExprListSyntax.self)!)
                if let index = elements.firstIndex(where: { $0.id == child.id }), index > 0,
                   let op = elements[index - 1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                   ["??", "&&", "||"].contains(op) {
                    return false
                }
            default:
                break
            }
            child = parent
            current = parent.parent
        }
        return true
    }

    /// What an awaited call is, if it is latency by itself.
    static func leaf(of call: FunctionCallExprSyntax) -> Leaf? {
        guard let name = call.calleeName else { return nil }
        switch name {
        case "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
             "withUnsafeThrowingContinuation":
            return Leaf(kind: .bridge, text: "\(name)", object: nil)
        case "sleep" where call.calledExpression.trimmedText.hasPrefix("Task."):
            return Leaf(kind: .sleep, text: "Task.sleep", object: nil)
        case "data", "upload", "download", "bytes":
            // URLSession's async transfers: `data(for:)`, `data(from:)`, `upload(for:from:)`…
            guard let label = call.arguments.first?.label?.text, label == "for" || label == "from" else { return nil }
            return Leaf(kind: .network, text: "URLSession.\(name)(\(label):)", object: nil)
        default:
            return nil
        }
    }
}
