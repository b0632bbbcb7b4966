import SwiftSyntax

/// Where cancellation comes from. Cancelling is routine only for some tasks: SwiftUI cancels the
/// `.task`/`.refreshable` closures of a view that goes away, and code that keeps a `Task` handle
/// and calls `cancel()` on it cancels that task. A `Task { }` whose handle is dropped is never
/// cancelled by anyone, and neither is code awaited only from such tasks. Code in a
/// `withTaskCancellationShield { }` does not see its task's cancellation at all (SE-0504).
enum CancellationSource {
    enum Kind {
        /// SwiftUI cancels it; the text names the modifier (`.task`, `.task(id:)`, `.refreshable`).
        case swiftUI(String)
        /// A `Task` kept in `property` and cancelled by its owner.
        case storedAndCancelled(property: String)
        /// A `Task` that nobody cancels: its handle is dropped or never cancelled.
        case neverCancelled
        /// The body of `withTaskCancellationShield { }` (SE-0504): `Task.isCancelled` is false
        /// and `checkCancellation()` does not throw in it, and the child tasks it starts are not
        /// cancelled with the task, whether or not something cancels the task.
        case shielded
        /// Runs as part of the code around it (a non-task closure, a task-group child).
        case inherits
    }

    /// SwiftUI modifiers whose closure SwiftUI runs in a task it cancels.
    static let swiftUIModifiers: Set<String> = ["task", "refreshable"]

    /// The function whose body runs shielded from its task's cancellation (SE-0504).
    static let shield = "withTaskCancellationShield"

    static func kind(of closure: ClosureExprSyntax, facts: FileFacts) -> Kind {
        guard let (call, _) = closure.invocation else { return .inherits }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           swiftUIModifiers.contains(member.declName.baseName.text) {
            let name = member.declName.baseName.text
            let id = name == "task" && call.arguments.contains { $0.label?.text == "id" }
            return .swiftUI(id ? "`.task(id:)`" : "`.\(name)`")
        }
        if call.calleeName == shield { return .shielded }
        guard let task = TaskCreation(call), task.body.id == closure.id else { return .inherits }
        if let stored = StoredTask(task, facts), stored.isCancelledByOwner || cancelsOnReplace(stored) {
            return .storedAndCancelled(property: stored.property)
        }
        return .neverCancelled
    }

    /// `@CancellableTask var loading: Task<Void, Never>?`: a property wrapper named for
    /// cancelling, which cancels the task it holds when a new one is assigned.
    private static func cancelsOnReplace(_ stored: StoredTask) -> Bool {
        stored.owner.declarations.contains { declaration in
            declaration.memberBlock.members.contains { member in
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      variable.bindings.contains(where: {
                          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == stored.property
                      }) else { return false }
                return variable.attributes.contains { attribute in
                    attribute.as(AttributeSyntax.self)?.attributeName.trimmedText.contains("Cancel") ?? false
                }
            }
        }
    }

    /// Why the task running `node` gets cancelled, in words, or nil when nothing shows it does:
    /// a `Task { }` nobody keeps or cancels (a button action, a fire-and-forget save) is never
    /// cancelled. Evidence: a SwiftUI `.task`/`.refreshable` closure, a task kept and cancelled
    /// by its owner, a function that checks for cancellation itself, or a function awaited from
    /// one of those (`CancellationReach`).
    /// `reach` answers for a function key (`CalleeRefs.key`), from the module's `CancellationReach`.
    /// `selfCheckCounts`: whether a function that checks for cancellation itself is taken as
    /// cancelled by its callers.
    static func reason(for node: some SyntaxProtocol, in file: SourceFile, selfCheckCounts: Bool = true,
                       reach: (_ function: String) -> String?) -> String? {
        var facts: FileFacts?
        var current = node.parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                if facts == nil { facts = FileFacts(file) }
                switch kind(of: closure, facts: facts!) {
                case .swiftUI(let modifier):
                    return "this code runs in a \(modifier) closure, which SwiftUI cancels when the view disappears" +
                        (modifier == "`.task(id:)`" ? " and each time the id changes" : "")
                case .storedAndCancelled(let property):
                    return "this code runs in the task kept in `\(property)`, which its owner cancels"
                case .neverCancelled, .shielded:
                    return nil
                case .inherits:
                    break
                }
            } else if let function = candidate.as(FunctionDeclSyntax.self) {
                guard let body = function.body else { return nil }
                if selfCheckCounts, checksCancellation(body) {
                    return "`\(function.name.text)` checks for cancellation itself, so its callers cancel it"
                }
                guard let key = CalleeRefs.key(of: function) else { return nil }
                // "it is awaited from …" → "`load` is awaited from …"
                return reach(key).map { "`\(function.name.text)` " + $0.dropFirst("it ".count) }
            } else if candidate.isDeclarationBoundary {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// `Task.isCancelled`, `Task.checkCancellation()` or `withTaskCancellationHandler` in the
    /// function itself (not in closures it creates).
    static func checksCancellation(_ body: CodeBlockSyntax) -> Bool {
        !collect(in: body, within: .context) { node in
            guard let token = node.as(TokenSyntax.self) else { return false }
            return ["isCancelled", "checkCancellation", "withTaskCancellationHandler"].contains(token.text)
        }.isEmpty
    }

    /// The references (`CalleeRefs`) of the functions `root` awaits (`await f()`, `try await x.f()`,
    /// `async let y = f()`), including inside closures that run as part of it (task-group
    /// children, `withAnimation`), but not inside other tasks or cancellation shields, which
    /// its cancellation does not reach. A call on something of unknown type is left out.
    static func awaitedCallees(in root: some SyntaxProtocol, file: SourceFile) -> Set<String> {
        Set(awaitedCalls(in: root, facts: FileFacts(file)).compactMap { CalleeRefs.of($0, in: file) })
    }

    /// The names of the functions `root` awaits, as `awaitedCallees(in:file:)` finds them.
    static func awaitedCallees(in root: some SyntaxProtocol, facts: FileFacts) -> Set<String> {
        Set(awaitedCalls(in: root, facts: facts).compactMap(\.calleeName))
    }

    private static func awaitedCalls(in root: some SyntaxProtocol, facts: FileFacts) -> [FunctionCallExprSyntax] {
        var found: [FunctionCallExprSyntax] = []
        let calls = collect(in: root, within: .declaration) { node in
            node.is(AwaitExprSyntax.self) || isAsyncLet(node)
        }
        for node in calls {
            if isOutOfReach(node, below: Syntax(root), facts: facts) { continue }
            var expression: ExprSyntax?
            if let awaited = node.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else if let binding = node.as(PatternBindingSyntax.self) {
                expression = binding.initializer?.value
            }
            if let call = expression?.peeled().awaitedCall { found.append(call) }
        }
        return found
    }

    private static func isAsyncLet(_ node: Syntax) -> Bool {
        guard let binding = node.as(PatternBindingSyntax.self),
              let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
        return declaration.modifiers.contains { $0.name.tokenKind == .keyword(.async) }
    }

    /// Whether `node` lies in a closure, below `root`, that runs as a separate task or shielded
    /// from the task's cancellation.
    private static func isOutOfReach(_ node: Syntax, below root: Syntax, facts: FileFacts) -> Bool {
        var current = node.parent
        while let candidate = current, candidate.id != root.id {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                if case .inherits = kind(of: closure, facts: facts) {} else { return true }
            }
            current = candidate.parent
        }
        return false
    }
}
