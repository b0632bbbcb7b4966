import Foundation
import SwiftSyntax

/// Where cancellation comes from. Cancelling is routine only for some tasks: SwiftUI cancels the
/// `.task`/`.refreshable` closures of a view that goes away, and code that keeps a `Task` handle
/// and calls `cancel()` on it cancels that task. A `Task { }` whose handle is dropped is never
/// cancelled by anyone, and neither is code awaited only from such tasks.
enum CancellationSource {
    enum Kind {
        /// SwiftUI cancels it; the text names the modifier (`.task`, `.task(id:)`, `.refreshable`).
        case swiftUI(String)
        /// A `Task` kept in `property` and cancelled by its owner.
        case storedAndCancelled(property: String)
        /// A `Task` that nobody cancels: its handle is dropped or never cancelled.
        case neverCancelled
        /// Runs as part of the code around it (a non-task closure, a task-group child).
        case inherits
    }

    /// SwiftUI modifiers whose closure SwiftUI runs in a task it cancels.
    static let swiftUIModifiers: Set<String> = ["task", "refreshable"]

    static func kind(of closure: ClosureExprSyntax, facts: FileFacts) -> Kind {
        guard let (call, _) = closure.invocation else { return .inherits }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           swiftUIModifiers.contains(member.declName.baseName.text) {
            let name = member.declName.baseName.text
            let id = name == "task" && call.arguments.contains { $0.label?.text == "id" }
            return .swiftUI(id ? "`.task(id:)`" : "`.\(name)`")
        }
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
    static func reason(for node: some SyntaxProtocol, _ context: RuleContext) -> String? {
        var facts: FileFacts?
        var current = node.parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                if facts == nil { facts = FileFacts(context.file) }
                switch kind(of: closure, facts: facts!) {
                case .swiftUI(let modifier):
                    return "it runs in a \(modifier) closure, which SwiftUI cancels when the view disappears" +
                        (modifier == "`.task(id:)`" ? " and each time the id changes" : "")
                case .storedAndCancelled(let property):
                    return "it runs in the task kept in `\(property)`, which is cancelled in this file"
                case .neverCancelled:
                    return nil
                case .inherits:
                    break
                }
            } else if let function = candidate.as(FunctionDeclSyntax.self) {
                guard let body = function.body else { return nil }
                if checksCancellation(body) {
                    return "`\(function.name.text)` checks for cancellation itself, so its callers cancel it"
                }
                return context.cancellationReason(forFunction: function.name.text)
                    .map { "`\(function.name.text)` runs there because \($0)" }
            } else if Flow.isDeclarationBoundary(candidate) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// `Task.isCancelled`, `Task.checkCancellation()` or `withTaskCancellationHandler` in the
    /// function itself (not in closures it creates).
    static func checksCancellation(_ body: CodeBlockSyntax) -> Bool {
        !Flow.collect(in: body) { node in
            guard let token = node.as(TokenSyntax.self) else { return false }
            return ["isCancelled", "checkCancellation", "withTaskCancellationHandler"].contains(token.text)
        }.isEmpty
    }

    /// The names of the functions `root` awaits (`await f()`, `try await x.f()`, `async let y = f()`),
    /// including inside closures that run as part of it (task-group children, `withAnimation`),
    /// but not inside other tasks.
    static func awaitedCallees(in root: some SyntaxProtocol, facts: FileFacts) -> Set<String> {
        var names: Set<String> = []
        let calls = Flow.collect(in: root, enteringClosures: true) { node in
            node.is(AwaitExprSyntax.self) || isAsyncLet(node)
        }
        for node in calls {
            if runsInOtherTask(node, below: Syntax(root), facts: facts) { continue }
            var expression: ExprSyntax?
            if let awaited = node.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else if let binding = node.as(PatternBindingSyntax.self) {
                expression = binding.initializer?.value
            }
            if let tried = expression?.as(TryExprSyntax.self) { expression = tried.expression }
            if let awaited = expression?.as(AwaitExprSyntax.self) { expression = awaited.expression }
            guard let expression, let call = SequentialIndependentAwaits.awaitedCall(expression),
                  let name = call.calleeName else { continue }
            names.insert(name)
        }
        return names
    }

    private static func isAsyncLet(_ node: Syntax) -> Bool {
        guard let binding = node.as(PatternBindingSyntax.self),
              let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
        return declaration.modifiers.contains { $0.name.tokenKind == .keyword(.async) }
    }

    /// Whether `node` lies in a closure, below `root`, that runs as a separate task.
    private static func runsInOtherTask(_ node: Syntax, below root: Syntax, facts: FileFacts) -> Bool {
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

/// Which functions of a module run inside a task that gets cancelled: those awaited from a
/// SwiftUI `.task`/`.refreshable` closure or from a kept-and-cancelled `Task`, and, up to three
/// calls deep, the functions those await. Matched by name over every file of the module (and of
/// the whole run once the indexes are linked), so a view model's `load()` that its view awaits
/// in `.task` is known in the view model's file.
public struct CancellationReach: Sendable {
    struct Root: Sendable, Equatable {
        var source: String
        var path: String
        var line: Int
    }

    /// Function name → why it runs in a cancelled task, in words: all a reach keeps. The merged
    /// awaits and roots it is worked out from are dropped: resolved reaches, those tables with
    /// their reasons, held 3.6 MB of the 11.8 MB the cancellation analysis kept at the end of
    /// the benchmark's run over 4 copies of its repositories.
    private var reasons: [String: String] = [:]

    /// How many calls deep cancellation is followed from the closure SwiftUI or the owner cancels.
    static let depth = 3

    /// The reach over the files that `contributions` describe, in any order.
    init(_ contributions: [FileContribution]) {
        // Function name → the names it awaits (outside other tasks).
        var awaits: [String: Set<String>] = [:]
        // Function name → the cancelled context that awaits it directly.
        var roots: [String: Root] = [:]
        for contribution in contributions {
            for (name, callees) in contribution.awaits { awaits[name, default: []].formUnion(callees) }
            for (name, root) in contribution.roots {
                // Files (and linked modules) arrive in no fixed order: keep the earliest root by
                // path and line, so the message names the same place on every run.
                if let known = roots[name], (known.path, known.line) <= (root.path, root.line) { continue }
                roots[name] = root
            }
        }
        reasons = Self.reasons(awaits: awaits, roots: roots)
    }

    /// Why a function of this name runs in a task that gets cancelled, or nil.
    func reason(forFunction name: String) -> String? { reasons[name] }

    /// Works out the reach from the files' contributions the first time a rule asks, once for
    /// all the indexes that share it: runs that select no cancellation rule never resolve it.
    /// Holds the modules' lists as they are, not joined: every module a core module's importers
    /// reach would otherwise keep a copy of all their files' entries (10 MB of 270 at the peak
    /// of the benchmark's scale run, growing faster than the files).
    final class LazyBox: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [[FileContribution]]
        private var computed: CancellationReach?

        init(_ parts: [[FileContribution]]) { self.parts = parts }

        var value: CancellationReach {
            lock.lock()
            defer { lock.unlock() }
            if let computed { return computed }
            let reach = CancellationReach(parts.count == 1 ? parts[0] : Array(parts.joined()))
            computed = reach
            parts = []
            return reach
        }
    }

    private static func reasons(awaits: [String: Set<String>], roots: [String: Root]) -> [String: String] {
        var reasons: [String: String] = [:]
        var frontier: [(name: String, chain: [String], root: Root)] = roots.sorted { $0.key < $1.key }
            .map { ($0.key, [], $0.value) }
        for name in roots.keys { reasons[name] = Self.describe(chain: [], root: roots[name]!) }
        for _ in 1..<Self.depth {
            var next: [(name: String, chain: [String], root: Root)] = []
            for (name, chain, root) in frontier {
                for callee in (awaits[name] ?? []).sorted() where reasons[callee] == nil {
                    let calleeChain = chain + [name]
                    reasons[callee] = Self.describe(chain: calleeChain, root: root)
                    next.append((callee, calleeChain, root))
                }
            }
            frontier = next
        }
        return reasons
    }

    private static func describe(chain: [String], root: Root) -> String {
        let file = root.path.split(separator: "/").last.map(String.init) ?? root.path
        let through = chain.isEmpty ? "" : " (through " + chain.reversed().map { "`\($0)`" }.joined(separator: ", ") + ")"
        return "it is awaited\(through) from \(root.source) at \(file):\(root.line)"
    }
}
