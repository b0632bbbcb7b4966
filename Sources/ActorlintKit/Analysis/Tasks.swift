import SwiftSyntax

/// A task created with a closure: `Task { }`, `Task(priority:) { }`, `Task(name:) { }`,
/// `Task.init { }`, `Task<T, E> { }` (its closure may throw a typed error, SE-0413),
/// `Task.detached { }`, and `Task.immediate { }` and `Task.immediateDetached { }` (SE-0472);
/// the closure is the trailing one or the `operation:` argument. The one place that tells a task
/// from other calls: the capture, task, cancellation and isolation analyses all ask it.
struct TaskCreation {
    let call: FunctionCallExprSyntax
    let body: ClosureExprSyntax
    /// `Task`, `Task.detached`, `Task.immediate` or `Task.immediateDetached`, as messages name it.
    let spelling: String

    /// The callees that create a task, without generic arguments, and their spellings.
    private static let spellings = [
        "Task": "Task", "Task.init": "Task", "Task.detached": "Task.detached",
        "Task.immediate": "Task.immediate", "Task.immediateDetached": "Task.immediateDetached",
    ]

    /// A detached task inherits neither the creator's isolation nor its priority and task-local
    /// values, and its closure does not take `self` implicitly. The others inherit them (SE-0304,
    /// and SE-0472 for `Task.immediate`).
    var isDetached: Bool { spelling == "Task.detached" || spelling == "Task.immediateDetached" }

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
        guard let spelling = Self.spellings[callee],
              let body = call.trailingClosure
                ?? call.arguments.first(where: { $0.label?.text == "operation" })?.expression.as(ClosureExprSyntax.self)
                ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        else { return nil }
        self.call = call
        self.body = body
        self.spelling = spelling
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
        // A bare name must be a member, not a local in scope (an `if let loadTask` elsewhere in
        // the function does not hide the property here).
        let explicitSelf = target.trimmedText.hasPrefix("self.")
        if !explicitSelf {
            guard owner.storedPropertyNames.contains(name), CalleeRefs.localDeclaration(of: name, at: task.call) == nil
            else { return nil }
        }
        self.task = task
        self.property = name
        self.target = target
        self.owner = owner
    }

    /// Whether the owner (its declaration and its extensions in this file) cancels the task:
    /// `x?.cancel()`, `self.x.cancel()`, `x.values.forEach { $0.cancel() }`, `for t in x { t.cancel() }`.
    var isCancelledByOwner: Bool { !cancellations.isEmpty }

    /// The uses of `self` by which the task holds its owner (empty when only an explicit `[self]`
    /// capture does), or nil when it does not hold it: a value type, a weak or unowned capture,
    /// or no use of `self`.
    var ownerUses: [Syntax]? {
        guard owner.isReferenceType, !task.body.capturesSelfWithoutOwning else { return nil }
        let uses = owner.strongSelfUses(in: task.body)
        return !uses.isEmpty || task.body.capturesSelfStrongExplicitly ? uses : nil
    }

    /// The owner's calls that cancel the task (see `isCancelledByOwner`).
    var cancellations: [FunctionCallExprSyntax] {
        owner.declarations.flatMap { declaration in
            collect(FunctionCallExprSyntax.self, in: declaration, within: .everything).filter { call in
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
                if let accessor = call.nearest(AccessorDeclSyntax.self),
                   let binding = accessor.nearest(PatternBindingSyntax.self),
                   binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property { return true }
                return false
            }
        }
    }
}

extension AwaitExprSyntax {
    /// `await task.value`, `await previous?.value`, `try await task.result.get()`: waits until
    /// another task has finished. Only the awaited read of `value` or `result` itself (then
    /// perhaps `.get()`), not a call made on some other `value` (`await store.value.save()`).
    var waitsForTaskResult: Bool {
        var expression = expression.peeled(.try)
        // `task.result.get()`
        if let call = expression.as(FunctionCallExprSyntax.self), call.calleeName == "get", call.arguments.isEmpty,
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            expression = base
            guard expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "result" else { return false }
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
        return ["value", "result"].contains(member.declName.baseName.text)
    }
}

extension FunctionCallExprSyntax {
    /// `Task.sleep(for:)`, `Task.sleep(nanoseconds:)`, `clock.sleep(until:)`.
    var isSleep: Bool { calleeName == "sleep" && calledExpression.is(MemberAccessExprSyntax.self) }
}

extension TaskCreation {
    /// `Task(priority: .low) { }`, `Task.detached(priority: .utility) { }`: the priority is chosen
    /// here rather than inherited.
    var givesPriority: Bool { call.arguments.contains { $0.label?.text == "priority" } }

    /// The creating code waits for the task's result: `await Task { }.value`, `try await
    /// Task { }.result.get()`, or a local handle (`let t = Task { }`) whose `value` or `result` it
    /// awaits, outside tasks it starts later.
    var isAwaitedByCreator: Bool {
        if let member = call.parent?.as(MemberAccessExprSyntax.self), member.base?.id == call.id,
           ["value", "result"].contains(member.declName.baseName.text) { return true }
        guard let binding = call.parent?.parent?.as(PatternBindingSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let scope = binding.nearest(orSelf: true, where: { $0.is(CodeBlockItemListSyntax.self) }) else { return false }
        return collect(MemberAccessExprSyntax.self, in: scope, within: .declaration).contains { access in
            guard ["value", "result"].contains(access.declName.baseName.text),
                  access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                  access.nearest(AwaitExprSyntax.self, within: .context) != nil else { return false }
            // Not from a task started later, which waits on its own.
            var current = Syntax(access).parent
            while let node = current, node.id != scope.id {
                if let closure = node.as(ClosureExprSyntax.self), TaskCreation(body: closure) != nil { return false }
                current = node.parent
            }
            return true
        }
    }
}
