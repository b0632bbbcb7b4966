import SwiftSyntax

// How long the API a closure is handed to keeps it, and so its captures: what the capture rules
// stand on. "Escaping" must be known, not assumed: a callee actorlint cannot resolve is `.unknown`,
// and the rules stay quiet for it.

/// How a closure relates to the lifetime of what it captures.
enum ClosureRole {
    /// The body of a `Task`: held until the task finishes.
    case task(TaskCreation)
    /// Runs before the call that takes it returns; captures nothing beyond that.
    case nonEscaping
    /// Queued to run once, soon (`DispatchQueue.main.async`): it holds its captures only until
    /// then, like a task body that ends.
    case runsOnce
    /// Stored or called later by the API that takes it (`sink`, an observer block, a completion
    /// handler the callee keeps, a property it is assigned to): it keeps its captures meanwhile.
    case escaping
    /// A callee actorlint cannot resolve, a local `let handler = { }`, anything it cannot place.
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
    "withTaskCancellationShield", "withValue",
    // Scoped helpers.
    "run", "assumeIsolated", "sync", "synchronized", "performAndWait", "withLock", "withLockUnchecked", "withExtendedLifetime",
    "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafePointer", "withUnsafeMutablePointer",
    "withUnsafeBytes", "withUnsafeMutableBytes", "autoreleasepool", "withAnimation", "withTransaction",
    "withoutActuallyEscaping", "performWithoutAnimation",
]

/// Closure-taking methods that queue their closure to run exactly once, soon, and then release
/// it: Dispatch, `OperationQueue`, a dispatch group's notification, an animation's blocks.
/// Keyed by the last name of the callee, called on a receiver.
let runOnceCallees: Set<String> = ["async", "asyncAfter", "addOperation", "notify", "animate", "transition"]

/// SDK APIs that keep the closure they are given until they are cancelled, invalidated or
/// released: Combine subscriptions, observation blocks, timers, dispatch sources, session tasks,
/// UIKit actions and registrations. Methods by last name (called on a receiver); types by name
/// (their initializers keep the closure).
let knownEscapingMethods: Set<String> = [
    "sink", "handleEvents", "addObserver", "observe", "scheduledTimer", "setEventHandler", "setCancelHandler",
    "setRegistrationHandler", "dataTask", "downloadTask", "uploadTask", "webSocketTask", "addAction",
    "registerForTraitChanges", "addPeriodicTimeObserver", "addBoundaryTimeObserver",
]
let knownEscapingInitializers: Set<String> = [
    "UIAction", "UIAlertAction", "UIContextualAction", "UIContextMenuConfiguration", "UIDeferredMenuElement",
    "CellRegistration", "SupplementaryRegistration", "UICollectionViewDiffableDataSource",
    "UITableViewDiffableDataSource", "NSCollectionViewDiffableDataSource", "NSTableViewDiffableDataSource",
    "BlockOperation", "Timer", "AnyCancellable",
]

extension ClosureExprSyntax {
    /// The closure's role, from what the file and the module's index (`index`, nil when not at
    /// hand) say of the API it is handed to.
    func role(_ facts: FileFacts, index: ProjectIndex? = nil) -> ClosureRole {
        if let task = TaskCreation(body: self) { return .task(task) }
        if let (call, label) = invocation { return role(in: call, label: label, facts, index) }
        // `{ … }()`: called on the spot.
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return .nonEscaping }
        // `self.onChange = { }` / `onChange = { }`: stored in the object.
        if let assigned = assignmentTarget(of: ExprSyntax(self)), assigned.isPropertyReference { return .escaping }
        return .unknown
    }

    private func role(in call: FunctionCallExprSyntax, label: String?, _ facts: FileFacts, _ index: ProjectIndex?) -> ClosureRole {
        if knownEscapingInitializers.contains(call.typeName) { return .escaping }
        guard let name = call.calleeName else { return .unknown }
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        // `lazy.map { }` keeps its closure until the sequence is iterated.
        let lazyBase = member?.base?.trimmedText.hasSuffix("lazy") ?? false
        if knownNonEscapingCallees.contains(name) { return lazyBase ? .escaping : .nonEscaping }
        if member != nil, runOnceCallees.contains(name) { return .runsOnce }
        if let declared = declaredRole(name, label: label, facts) ?? indexedRole(name, label: label, index) { return declared }
        if member?.base != nil, knownEscapingMethods.contains(name) { return .escaping }
        if name == "withObservationTracking", label == "onChange" { return .escaping }
        if isScopedHelper(name, label: label) { return .nonEscaping }
        return .unknown
    }

    /// `withLock { }`, `withDependencies { }`, `withKnownIssue { }`: by Swift's naming convention
    /// a `with…` function runs its body before it returns. Only the body (the unlabelled closure,
    /// `operation:` or `body:`), not a handler such as `withObservationTracking`'s `onChange:`.
    private func isScopedHelper(_ name: String, label: String?) -> Bool {
        guard name.hasPrefix("with"), name.count > 4, name.dropFirst(4).first?.isUppercase == true else { return false }
        return label == nil || label == "operation" || label == "body"
    }

    /// For a function named `name` declared in this file, from the parameter the closure fills:
    /// escaping only when it is `@escaping` (or optional) and the body keeps it. Nil when the file
    /// declares no such function or its overloads disagree.
    private func declaredRole(_ name: String, label: String?, _ facts: FileFacts) -> ClosureRole? {
        let roles = (facts.functions[name] ?? []).compactMap { function -> ClosureRole? in
            let closures = function.signature.parameterClause.parameters.filter { ProjectIndex.ClosureParameter.behaviour(of: $0.type) != nil }
            let candidates = label.map { label in closures.filter { $0.firstName.text == label } } ?? closures
            guard !candidates.isEmpty else { return nil }
            let kept = candidates.contains { parameter in
                ProjectIndex.ClosureParameter.isEscaping(parameter.type)
                    && !(function.body.map { ClosureUse.onlyCalledDirectly(parameter.internalName, in: $0) } ?? false)
            }
            return kept ? .escaping : .nonEscaping
        }
        guard let first = roles.first, roles.allSatisfy({ "\($0)" == "\(first)" }) else { return nil }
        return first
    }

    /// For a function of the module (or the modules it imports) named `name`: the same question,
    /// from the index.
    private func indexedRole(_ name: String, label: String?, _ index: ProjectIndex?) -> ClosureRole? {
        guard let parameters = index?.closureParameters(named: name), !parameters.isEmpty else { return nil }
        let candidates = label.map { label in parameters.filter { $0.label == label } } ?? parameters
        guard let first = candidates.first, candidates.allSatisfy({ $0.isKept == first.isKept }) else { return nil }
        return first.isKept ? .escaping : .nonEscaping
    }
}

extension FunctionCallExprSyntax {
    /// The last component of a type being initialized, without generic arguments:
    /// `UICollectionView.CellRegistration<Cell, Item>(handler:)` → `CellRegistration`.
    var typeName: String {
        var text = calleeText
        if let open = text.firstIndex(of: "<") { text = String(text[..<open]) }
        if text.hasSuffix(".init") { text.removeLast(5) }
        return String(text.split(separator: ".").last ?? "")
    }
}
