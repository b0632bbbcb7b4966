import SwiftSyntax

// Shared syntax questions of the capture and task-lifetime rules. Everything here is purely
// syntactic: the rules must not depend on the isolation model.

// MARK: - Collecting nodes

/// Every node of type `T` under `root`. With `skippingNestedClosures`, the walk does not enter
/// closures or local functions below `root`: their code runs at another time, with other captures.
func collect<T: SyntaxProtocol>(_ type: T.Type, in root: some SyntaxProtocol,
                                skippingNestedClosures: Bool = false) -> [T] {
    let collector = NodeCollector(root: root.id, skipping: skippingNestedClosures) { $0.is(T.self) }
    collector.walk(root)
    return collector.found.compactMap { $0.as(T.self) }
}

private final class NodeCollector: SyntaxAnyVisitor {
    let root: SyntaxIdentifier
    let skipping: Bool
    let matches: (Syntax) -> Bool
    var found: [Syntax] = []

    init(root: SyntaxIdentifier, skipping: Bool, matches: @escaping (Syntax) -> Bool) {
        self.root = root
        self.skipping = skipping
        self.matches = matches
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if skipping, node.id != root, node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) {
            return .skipChildren
        }
        if matches(node) { found.append(node) }
        return .visitChildren
    }
}

/// What the capture rules look up across a file, gathered in one walk: type declarations and
/// extensions by type name, and functions by name.
struct FileFacts {
    let groups: [String: [any DeclGroupSyntax]]
    let functions: [String: [FunctionDeclSyntax]]

    /// Several rules and the cancellation reach ask for the same facts: gathered once per file,
    /// from the shared walk.
    init(_ file: SourceFile) {
        self = file.memo("FileFacts") { FileFacts(nodes: file.sharedNodes) }
    }

    private init(nodes: [Syntax]) {
        var groups: [String: [any DeclGroupSyntax]] = [:]
        var functions: [String: [FunctionDeclSyntax]] = [:]
        // Only declarations: the shared list also holds calls and closures, and the protocol
        // cast below is costly.
        for node in nodes {
            switch node.kind {
            case .functionDecl, .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: break
            default: continue
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                functions[function.name.text, default: []].append(function)
            } else if let group = node.asProtocol((any DeclGroupSyntax).self) {
                groups[group.typeName, default: []].append(group)
            }
        }
        self.groups = groups
        self.functions = functions
    }
}

extension SyntaxProtocol {
    /// Whether `self` lies inside `other` (or is it).
    func isInside(_ other: some SyntaxProtocol) -> Bool {
        position >= other.position && endPosition <= other.endPosition
            && (id == other.id || ancestorOrSelf(where: { $0.id == other.id }) != nil)
    }

    func ancestorOrSelf(where predicate: (Syntax) -> Bool) -> Syntax? {
        var current: Syntax? = Syntax(self)
        while let node = current {
            if predicate(node) { return node }
            current = node.parent
        }
        return nil
    }

    /// The nearest enclosing closure, not crossing a function, type or accessor boundary.
    var enclosingClosure: ClosureExprSyntax? {
        var current = parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) { return closure }
            if node.isDeclarationBoundary { return nil }
            current = node.parent
        }
        return nil
    }
}

extension Syntax {
    /// Declarations whose bodies run at a different time than the code around them. A local
    /// `let x = …` is not one: its initializer runs right there, inside the enclosing closure;
    /// a computed property's body (its accessor block) is.
    var isDeclarationBoundary: Bool {
        `is`(FunctionDeclSyntax.self) || `is`(InitializerDeclSyntax.self) || `is`(DeinitializerDeclSyntax.self)
            || `is`(AccessorDeclSyntax.self) || `is`(AccessorBlockSyntax.self) || `is`(SubscriptDeclSyntax.self)
            || `is`(MemberBlockSyntax.self) || `is`(SourceFileSyntax.self)
    }
}

// MARK: - Task creation

/// A `Task { }` (or `Task.detached`, `Task.immediate`, `Task(priority:)`, `Task<T, E> { }`) and
/// the closure it runs.
struct TaskCreation {
    let call: FunctionCallExprSyntax
    let body: ClosureExprSyntax
    /// Detached tasks do not take `self` implicitly: their closures need explicit `self.`.
    let isDetached: Bool

    init?(_ call: FunctionCallExprSyntax) {
        // Every call of a file is asked: most are rejected by their first token, before the
        // callee's text is built. A task's callee starts with `Task`, or with a prefix of it
        // followed by the `<…>` removed below. (By byte: Foundation's `String.contains` was 1 %
        // of a whole run here.)
        guard let first = call.calledExpression.firstToken(viewMode: .sourceAccurate)?.text,
              first == "Task" || first.utf8.contains(UInt8(ascii: "<")) || "Task".hasPrefix(first) else { return nil }
        var callee = call.calleeText
        // `Task<Void, Never>.detached` → `Task.detached`.
        if let open = callee.firstIndex(of: "<"), let close = callee.lastIndex(of: ">"), open < close {
            callee.removeSubrange(open...close)
        }
        guard ["Task", "Task.init", "Task.detached", "Task.immediate", "Task.immediateDetached"].contains(callee),
              let body = call.trailingClosure
                ?? call.arguments.first(where: { $0.label?.text == "operation" })?.expression.as(ClosureExprSyntax.self)
                ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        else { return nil }
        self.call = call
        self.body = body
        self.isDetached = callee.hasSuffix("etached")
    }

    /// The task whose body is `closure`, if any.
    init?(body closure: ClosureExprSyntax) {
        guard let call = closure.invocation?.call, let task = TaskCreation(call), task.body.id == closure.id else {
            return nil
        }
        self = task
    }

    /// Whether the task's handle is thrown away (`Task { }` as a statement).
    var isDiscarded: Bool { call.parent?.is(CodeBlockItemSyntax.self) ?? false }
}

// MARK: - Closures, captures and how they are called

extension ClosureExprSyntax {
    /// The call this closure is an argument (or trailing closure) of, and its argument label.
    var invocation: (call: FunctionCallExprSyntax, label: String?)? {
        // `{ … }()` calls the closure itself; it is not handed to anything.
        if let call = parent?.as(FunctionCallExprSyntax.self) { return call.calledExpression.id == id ? nil : (call, nil) }
        if let element = parent?.as(MultipleTrailingClosureElementSyntax.self),
           let call = element.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return (call, element.label.text)
        }
        if let argument = parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return (call, argument.label?.text)
        }
        return nil
    }

    var captureItems: [ClosureCaptureSyntax] { signature?.capture.map { Array($0.items) } ?? [] }

    /// The `weak self` entry of the capture list.
    var weakSelfCapture: ClosureCaptureSyntax? {
        captureItems.first { $0.isSelf && $0.specifier?.specifier.tokenKind == .keyword(.weak) }
    }

    /// `[weak self]` or `[unowned self]`: the closure does not keep self alive.
    var capturesSelfWithoutOwning: Bool {
        captureItems.contains { capture in
            guard capture.isSelf, let specifier = capture.specifier?.specifier.tokenKind else { return false }
            return specifier == .keyword(.weak) || specifier == .keyword(.unowned)
        }
    }

    /// Whether `self` is a weak reference in this closure's code: its own capture list, or the
    /// nearest enclosing closure that captures `self`, says `weak`.
    var seesWeakSelf: Bool {
        var current: ClosureExprSyntax? = self
        while let closure = current {
            if let capture = closure.captureItems.first(where: \.isSelf) {
                return capture.specifier?.specifier.tokenKind == .keyword(.weak)
            }
            current = closure.enclosingClosure
        }
        return false
    }

    /// `[self]`: an explicit, deliberate strong capture.
    var capturesSelfStrongExplicitly: Bool {
        captureItems.contains { $0.isSelf && $0.specifier == nil }
    }

    /// Uses `$0`, `$1`… directly (not in a nested closure).
    var usesAnonymousArguments: Bool {
        collect(DeclReferenceExprSyntax.self, in: statements, skippingNestedClosures: true).contains {
            $0.baseName.tokenKind.isDollarIdentifier
        }
    }
}

extension TokenKind {
    var isDollarIdentifier: Bool {
        if case .dollarIdentifier = self { return true }
        return false
    }
}

extension ClosureCaptureSyntax {
    /// `self`, `weak self`, `unowned self`, `weak self = self`.
    var isSelf: Bool {
        guard name.tokenKind == .keyword(.self) || name.text == "self" else { return false }
        guard let value = initializer?.value else { return true }
        return value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }
}

/// How a closure relates to the lifetime of what it captures.
enum ClosureRole {
    /// The body of a `Task`: held until the task finishes.
    case task(TaskCreation)
    /// Runs before the call that takes it returns; captures nothing beyond that.
    case nonEscaping
    /// Queued to run once, right away (`DispatchQueue.main.async`): it holds its captures only
    /// until the queue gets to it, like a task body that ends.
    case runsOnce
    /// Stored or called later by the API that takes it: it keeps its captures alive meanwhile.
    case escaping
    /// A local `let handler = { }` or something else actorlint cannot place.
    case unknown
}

/// Closure-taking APIs that never keep their closure: collection algorithms, scoped helpers,
/// structured-concurrency bodies and continuation bodies. Keyed by the last name of the callee.
let knownNonEscapingCallees: Set<String> = [
    // Sequence and collection algorithms.
    "map", "flatMap", "compactMap", "filter", "forEach", "reduce", "sorted", "sort", "first", "last",
    "firstIndex", "lastIndex", "contains", "allSatisfy", "min", "max", "partition", "removeAll",
    "drop", "prefix", "split", "mapValues", "compactMapValues", "count", "elementsEqual",
    "starts", "lexicographicallyPrecedes",
    // Structured concurrency and continuations: the body finishes before the call returns.
    "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation", "withTaskCancellationHandler", "withTaskPriorityEscalationHandler",
    "withValue",
    // Scoped helpers.
    "run", "assumeIsolated", "sync", "synchronized", "performAndWait", "withLock", "withLockUnchecked", "withExtendedLifetime",
    "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafePointer", "withUnsafeMutablePointer",
    "withUnsafeBytes", "withUnsafeMutableBytes", "autoreleasepool", "withAnimation", "withTransaction",
    "withoutActuallyEscaping", "performWithoutAnimation",
]

/// Closure-taking APIs that queue their closure to run exactly once, soon, and then release it:
/// Dispatch and `OperationQueue`. Keyed by the last name of the callee.
let runOnceCallees: Set<String> = ["async", "asyncAfter", "addOperation"]

extension ClosureExprSyntax {
    func role(_ facts: FileFacts) -> ClosureRole {
        if let task = TaskCreation(body: self) { return .task(task) }
        if let (call, label) = invocation {
            // `lazy.map { }` keeps its closure until the sequence is iterated.
            let lazyBase = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText
                .hasSuffix("lazy") ?? false
            if let name = call.calleeName, knownNonEscapingCallees.contains(name), !lazyBase { return .nonEscaping }
            if let name = call.calleeName, runOnceCallees.contains(name), call.calledExpression.is(MemberAccessExprSyntax.self) {
                return .runsOnce
            }
            if let name = call.calleeName, let escaping = declaredClosureEscaping(name, facts) {
                return escaping ? .escaping : .nonEscaping
            }
            if let name = call.calleeName, isScopedHelper(name, label: label) { return .nonEscaping }
            return .escaping
        }
        // `{ … }()`: called on the spot.
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return .nonEscaping }
        // `self.onChange = { }` / `onChange = { }`: stored in the object.
        if let assigned = assignmentTarget(of: ExprSyntax(self)), assigned.isPropertyReference { return .escaping }
        return .unknown
    }

    /// `withLock { }`, `withDependencies { }`, `withKnownIssue { }`: by Swift's naming convention
    /// a `with…` function runs its body before it returns. Only the body (the unlabelled closure,
    /// `operation:` or `body:`), not a handler such as `withObservationTracking`'s `onChange:`.
    private func isScopedHelper(_ name: String, label: String?) -> Bool {
        guard name.hasPrefix("with"), name.count > 4, name.dropFirst(4).first?.isUppercase == true else { return false }
        return label == nil || label == "operation" || label == "body"
    }

    /// For a function named `name` declared in this file: whether its closure parameters escape.
    /// Nil when the file declares no such function.
    private func declaredClosureEscaping(_ name: String, _ facts: FileFacts) -> Bool? {
        let closureParameters = (facts.functions[name] ?? []).flatMap(\.signature.parameterClause.parameters).filter {
            $0.type.trimmedText.contains("->")
        }
        guard !closureParameters.isEmpty else { return nil }
        return closureParameters.contains { $0.type.trimmedText.contains("@escaping") }
    }
}

// MARK: - Assignments and stored tasks

/// `lhs` for an expression in the position `lhs = expression`.
func assignmentTarget(of expression: ExprSyntax) -> ExprSyntax? {
    guard let list = expression.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true
    else { return nil }
    let elements = Array(list)
    guard elements.count == 3, elements[2].id == expression.id, elements[1].is(AssignmentExprSyntax.self)
    else { return nil }
    return elements[0]
}

extension ExprSyntax {
    /// `self.x`, `x`, `self.x[key]`, `x[key]`: the name of the property at the root, when the
    /// expression reads like a property of the enclosing type.
    var propertyName: String? {
        if let member = self.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        if let reference = self.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind {
            return name
        }
        if let subscripted = self.as(SubscriptCallExprSyntax.self) { return subscripted.calledExpression.propertyName }
        if let chained = self.as(OptionalChainingExprSyntax.self) { return chained.expression.propertyName }
        return nil
    }

    var isPropertyReference: Bool { propertyName != nil }
}

/// A task kept in a property of its owner: `x = Task { }`, `self.x = Task { }`,
/// `tasks[id] = Task { }`, `tasks.append(Task { })`.
struct StoredTask {
    let task: TaskCreation
    let property: String
    /// The expression that names the property, where the finding is reported.
    let target: ExprSyntax
    let owner: OwnerType

    init?(_ task: TaskCreation, _ facts: FileFacts) {
        guard let owner = OwnerType(enclosing: task.call, facts) else { return nil }
        var target: ExprSyntax?
        if let lhs = assignmentTarget(of: ExprSyntax(task.call)) {
            target = lhs
        } else if let argument = task.call.parent?.as(LabeledExprSyntax.self),
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                  ["append", "insert"].contains(call.calleeName ?? ""),
                  let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
            target = base
        }
        guard let target, let name = target.propertyName else { return nil }
        // A bare name must be a member, not a local of the function.
        let explicitSelf = target.trimmedText.hasPrefix("self.")
        if !explicitSelf {
            guard owner.storedPropertyNames.contains(name),
                  !LocalNames(around: task.call).names.contains(name) else { return nil }
        }
        self.task = task
        self.property = name
        self.target = target
        self.owner = owner
    }

    /// Whether the owner (its declaration and its extensions in this file) cancels the task:
    /// `x?.cancel()`, `self.x.cancel()`, `x.values.forEach { $0.cancel() }`, `for t in x { t.cancel() }`.
    var isCancelledByOwner: Bool {
        owner.declarations.contains { declaration in
            collect(FunctionCallExprSyntax.self, in: declaration).contains { call in
                guard call.calleeName == "cancel", call.arguments.isEmpty,
                      let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
                if let base = member.base, mentions(property, in: base) { return true }
                var current = Syntax(call).parent
                while let node = current, !node.isDeclarationBoundary {
                    if let loop = node.as(ForStmtSyntax.self), mentions(property, in: loop.sequence) { return true }
                    if let closure = node.as(ClosureExprSyntax.self), let (invoking, _) = closure.invocation,
                       mentions(property, in: invoking.calledExpression) { return true }
                    current = node.parent
                }
                // `var x: Task<…>? { didSet { oldValue?.cancel() } }`: the property cancels what it replaces.
                if let accessor = call.ancestor(AccessorDeclSyntax.self),
                   let binding = accessor.ancestor(PatternBindingSyntax.self),
                   binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property { return true }
                return false
            }
        }
    }
}

/// Whether `node` refers to `name`, bare or as a member (`self.name`, `model.name`).
func mentions(_ name: String, in node: some SyntaxProtocol) -> Bool {
    collect(DeclReferenceExprSyntax.self, in: node).contains { $0.baseName.text == name }
}

// MARK: - The owning type

/// The type a piece of code belongs to, with its extensions in the same file.
struct OwnerType {
    enum Kind { case `class`, actor, `struct`, `enum`, unknown }
    let name: String
    let kind: Kind
    let declarations: [any DeclGroupSyntax]

    /// Properties and methods declared in the type or its extensions: what a bare identifier in
    /// its code may implicitly reach through `self`.
    let memberNames: Set<String>
    /// Properties declared with `var`/`let` directly in the type or its extensions.
    let storedPropertyNames: Set<String>

    init?(enclosing node: some SyntaxProtocol, _ facts: FileFacts) {
        guard let group = node.ancestorOrSelf(where: { $0.isProtocol((any DeclGroupSyntax).self) })?
            .asProtocol((any DeclGroupSyntax).self) else { return nil }
        let name = group.typeName
        let all = facts.groups[name] ?? [group]
        self.name = name
        self.declarations = all
        let kinds: [Kind] = all.compactMap { declaration in
            if declaration.is(ClassDeclSyntax.self) { return .class }
            if declaration.is(ActorDeclSyntax.self) { return .actor }
            if declaration.is(StructDeclSyntax.self) { return .struct }
            if declaration.is(EnumDeclSyntax.self) { return .enum }
            return nil
        }
        self.kind = kinds.first ?? .unknown
        let members = all.flatMap { Array($0.memberBlock.members) }
        let properties = Set(members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
            .compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
        self.storedPropertyNames = properties
        self.memberNames = properties.union(members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
    }

    var isReferenceType: Bool { kind == .class || kind == .actor }

    /// Conforms to SwiftUI's `View` (or `ViewModifier`) in any of its declarations.
    var isSwiftUIView: Bool {
        declarations.contains { declaration in
            declaration.inheritanceClause?.inheritedTypes.contains {
                ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"].contains($0.type.trimmedText)
            } ?? false
        }
    }
}

extension DeclGroupSyntax {
    var typeName: String {
        if let named = self.asProtocol((any NamedDeclSyntax).self) { return named.name.text }
        if let extensionDecl = self.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.trimmedText }
        return ""
    }
}

// MARK: - Long-lived work

extension StmtSyntax {
    /// A loop that runs until its sequence ends or its task is cancelled: `for await`,
    /// `for try await`, `while true`, `while !Task.isCancelled`, `while let x = await it.next()`,
    /// `repeat { } while true`.
    var isLongLivedLoop: Bool {
        if let loop = self.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil }
        if let loop = self.as(WhileStmtSyntax.self) {
            if loop.conditions.count == 1, let expression = loop.conditions.first?.condition.as(ExprSyntax.self),
               expression.runsUntilCancelled { return true }
            return loop.conditions.contains { !collect(AwaitExprSyntax.self, in: $0).isEmpty }
        }
        if let loop = self.as(RepeatStmtSyntax.self) { return loop.condition.runsUntilCancelled }
        return false
    }

    /// The loop body, for the loops above.
    var loopBody: CodeBlockSyntax? {
        if let loop = self.as(ForStmtSyntax.self) { return loop.body }
        if let loop = self.as(WhileStmtSyntax.self) { return loop.body }
        if let loop = self.as(RepeatStmtSyntax.self) { return loop.body }
        return nil
    }
}

extension ExprSyntax {
    /// `true` or `!Task.isCancelled`.
    var runsUntilCancelled: Bool {
        let text = trimmedText.filter { !$0.isWhitespace }
        return text == "true" || text == "!Task.isCancelled"
    }
}

extension ClosureExprSyntax {
    /// Long-lived loops that this closure itself runs (not nested closures), outermost first.
    var longLivedLoops: [StmtSyntax] {
        let loops = collect(StmtSyntax.self, in: statements, skippingNestedClosures: true).filter(\.isLongLivedLoop)
        return loops.filter { loop in !loops.contains { $0.id != loop.id && loop.isInside($0) } }
    }

    /// Whether the closure might run for a long or open-ended time: any long-lived loop, any loop
    /// that awaits, a sleep, or a wait for another task's result (`await previous?.value`: a
    /// place in a queue of tasks), anywhere in it. Used to stay quiet, so it errs towards "yes".
    var mayBeLongLived: Bool {
        for statement in collect(StmtSyntax.self, in: statements) {
            if statement.isLongLivedLoop { return true }
            if statement.is(WhileStmtSyntax.self) || statement.is(RepeatStmtSyntax.self),
               !collect(AwaitExprSyntax.self, in: statement).isEmpty { return true }
        }
        if collect(AwaitExprSyntax.self, in: statements).contains(where: \.waitsForTaskResult) { return true }
        return collect(FunctionCallExprSyntax.self, in: statements).contains(where: \.isSleep)
    }
}

extension AwaitExprSyntax {
    /// `await task.value`, `await previous?.value`, `try await task.result.get()`: waits until
    /// another task has finished.
    var waitsForTaskResult: Bool {
        var expression = expression
        while true {
            if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression; continue }
            if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               let base = member.base { expression = base; continue }
            if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
                return ["value", "result"].contains(member.declName.baseName.text)
            }
            return false
        }
    }
}

extension FunctionCallExprSyntax {
    /// `Task.sleep(for:)`, `Task.sleep(nanoseconds:)`, `clock.sleep(until:)`.
    var isSleep: Bool { calleeName == "sleep" && calledExpression.is(MemberAccessExprSyntax.self) }
}

// MARK: - Unwrapping self

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
        collect(ConditionElementSyntax.self, in: closure.statements, skippingNestedClosures: true).compactMap { element in
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
                  let item = statement.ancestorOrSelf(where: { $0.is(CodeBlockItemSyntax.self) })?.as(CodeBlockItemSyntax.self)
            else { return nil }
            return SelfUnwrap(statement: statement, condition: element, name: name, item: item)
        }
    }
}

extension String {
    var replacingBackticks: String { filter { $0 != "`" } }
}

// MARK: - Who uses self

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
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskCancellationHandler",
        "isKnownUniquelyReferenced", "numericCast", "unsafeBitCast", "readLine", "error", "newValue", "oldValue",
        "nil", "true", "false",
    ]

    init(around node: some SyntaxProtocol) {
        var names = Self.wellKnown
        let member = node.ancestorOrSelf { $0.parent?.is(MemberBlockItemSyntax.self) == true
            || $0.parent?.parent?.is(SourceFileSyntax.self) == true } ?? Syntax(node.root)
        for pattern in collect(IdentifierPatternSyntax.self, in: member) { names.insert(pattern.identifier.text.replacingBackticks) }
        for parameter in collect(FunctionParameterSyntax.self, in: member) {
            names.insert((parameter.secondName ?? parameter.firstName).text)
        }
        for parameter in collect(ClosureParameterSyntax.self, in: member) {
            names.insert((parameter.secondName ?? parameter.firstName).text)
        }
        for parameter in collect(ClosureShorthandParameterSyntax.self, in: member) { names.insert(parameter.name.text) }
        for capture in collect(ClosureCaptureSyntax.self, in: member) where !capture.isSelf { names.insert(capture.name.text) }
        for function in collect(FunctionDeclSyntax.self, in: member) { names.insert(function.name.text) }
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
        var found: [Syntax] = collect(SuperExprSyntax.self, in: node).map(Syntax.init)
        for reference in collect(DeclReferenceExprSyntax.self, in: node) {
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

// MARK: - Edits

/// Text positions and edits shared by the capture fixes.
struct EditBuilder {
    let bytes: [UInt8]
    /// The file's line break, so that inserted lines match it.
    let newline: String

    init(_ file: SourceFile) {
        bytes = Array(file.text.utf8)
        // The first line break decides: rules build one of these per fix, so scanning the whole
        // file here made a file's fixes cost its size times their number.
        let bytes = self.bytes
        let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0
        newline = firstBreak > 0 && bytes[firstBreak - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// Removes the capture list entry `capture` from `closure`: the whole `[…] in` when nothing
    /// else is left in the signature, else only the entry (and its comma).
    func removeCapture(_ capture: ClosureCaptureSyntax, from closure: ClosureExprSyntax) -> [TextEdit] {
        guard let signature = closure.signature, let clause = signature.capture else { return [] }
        let items = Array(clause.items)
        guard let index = items.firstIndex(where: { $0.id == capture.id }) else { return [] }
        if items.count > 1 {
            if index + 1 < items.count {
                return [TextEdit(start: capture.positionAfterSkippingLeadingTrivia.utf8Offset,
                                 end: items[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")]
            }
            let start = items[index - 1].trailingComma?.positionAfterSkippingLeadingTrivia
                ?? capture.positionAfterSkippingLeadingTrivia
            return [TextEdit(start: start.utf8Offset, end: capture.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")]
        }
        let onlyCapture = signature.attributes.isEmpty && signature.parameterClause == nil
            && signature.effectSpecifiers == nil && signature.returnClause == nil
        if onlyCapture {
            // `{ [weak self] in body` → `{ body`.
            return [TextEdit(start: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset,
                             end: signature.inKeyword.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")]
        }
        guard let next = clause.nextToken(viewMode: .sourceAccurate) else { return [] }
        return [TextEdit(start: clause.positionAfterSkippingLeadingTrivia.utf8Offset,
                         end: next.positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")]
    }

    /// Adds `weak self` to `closure`'s capture list, creating the list (and `in`) if needed.
    func addWeakSelf(to closure: ClosureExprSyntax) -> TextEdit {
        guard let signature = closure.signature else {
            let offset = closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(start: offset, end: offset, replacement: " [weak self] in")
        }
        if let clause = signature.capture {
            if let strong = clause.items.first(where: { $0.isSelf && $0.specifier == nil }) {
                return TextEdit(start: strong.positionAfterSkippingLeadingTrivia.utf8Offset,
                                end: strong.name.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "weak self")
            }
            let offset = clause.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(start: offset, end: offset, replacement: "weak self, ")
        }
        let anchor: Syntax = signature.parameterClause.map(Syntax.init)
            ?? signature.effectSpecifiers.map(Syntax.init)
            ?? signature.returnClause.map(Syntax.init)
            ?? Syntax(signature.inKeyword)
        let offset = anchor.positionAfterSkippingLeadingTrivia.utf8Offset
        return TextEdit(start: offset, end: offset, replacement: "[weak self] ")
    }

    /// Deletes a statement: its whole lines when it stands alone on them, else just the
    /// statement (with its `;`) and the spaces after it.
    func deleteStatement(_ item: CodeBlockItemSyntax) -> TextEdit {
        let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = item.endPositionBeforeTrailingTrivia.utf8Offset
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") {
            lineEnd += 1
        }
        var lineBreakEnd = lineEnd
        if lineBreakEnd < bytes.count, bytes[lineBreakEnd] == UInt8(ascii: "\r") { lineBreakEnd += 1 }
        let ownsLine = (lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n"))
            && (lineBreakEnd == bytes.count || bytes[lineBreakEnd] == UInt8(ascii: "\n"))
        if ownsLine { return TextEdit(start: lineStart, end: min(lineBreakEnd + 1, bytes.count), replacement: "") }
        return TextEdit(start: start, end: lineEnd, replacement: "")
    }

    /// Removes one condition of a multi-condition `guard`/`if`, with its comma.
    func deleteCondition(_ condition: ConditionElementSyntax) -> TextEdit? {
        guard let list = condition.parent?.as(ConditionElementListSyntax.self) else { return nil }
        let elements = Array(list)
        guard elements.count > 1, let index = elements.firstIndex(where: { $0.id == condition.id }) else { return nil }
        if index + 1 < elements.count {
            return TextEdit(start: condition.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: elements[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")
        }
        let start = elements[index - 1].trailingComma?.positionAfterSkippingLeadingTrivia
            ?? condition.positionAfterSkippingLeadingTrivia
        return TextEdit(start: start.utf8Offset, end: condition.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")
    }

    /// Inserts `statement` as the first statement of `block`, on its own line when the block
    /// spans lines. `indentation` is the indentation `statement`'s later lines carry now.
    func insertFirst(_ statement: String, in block: CodeBlockSyntax, currentIndentation: String = "") -> TextEdit {
        let offset = block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        let first = block.statements.first
        let multiline = first.map { $0.leadingTrivia.contains(where: \.isNewline) }
            ?? block.rightBrace.leadingTrivia.contains(where: \.isNewline)
        if multiline {
            let indentation = first?.lineIndentation ?? (block.leftBrace.lineIndentation + "    ")
            let text = reindent(statement, removing: currentIndentation, adding: indentation)
            return TextEdit(start: offset, end: offset, replacement: newline + indentation + text)
        }
        // `{ work }` on one line: open it up, `{\n statement\n work\n}`, so that a multi-line
        // statement stays readable.
        let indentation = block.leftBrace.lineIndentation
        let inner = indentation + "    "
        var lines = [reindent(statement, removing: currentIndentation, adding: inner)]
        if !block.statements.isEmpty { lines.append(block.statements.trimmedText) }
        return TextEdit(start: offset, end: block.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
                        replacement: lines.map { newline + inner + $0 }.joined() + newline + indentation)
    }
}

// MARK: - Where the weak capture belongs

/// For a closure with `[weak self]`: the outermost escaping closure around it that captures self
/// strongly, if the search can tell. Walks out through non-escaping closures and closures queued
/// to run once (a dispatch holds `self` only until it runs, while the inner closure it creates may
/// be kept much longer: its own weak capture is the one that matters); stops at a `Task` body (its
/// own capture is `reflexive-weak-self`'s concern), at a closure that already does not own self,
/// at an explicit `[self]`, and at anything it cannot place.
func strongEscapingOuterClosure(of inner: ClosureExprSyntax, _ facts: FileFacts) -> ClosureExprSyntax? {
    var outermost: ClosureExprSyntax?
    var current = inner.enclosingClosure
    while let closure = current {
        if closure.capturesSelfWithoutOwning || closure.capturesSelfStrongExplicitly { return nil }
        switch closure.role(facts) {
        case .task: return outermost
        case .nonEscaping, .runsOnce: break
        case .escaping: outermost = closure
        case .unknown: return outermost
        }
        current = closure.enclosingClosure
    }
    return outermost
}
