import SwiftSyntax

/// Whether awaited statements of one block could run at the same time: for each, evidence that
/// it waits on something outside the caller (a network request, a sleep, a callback), from the
/// bodies of the functions it reaches (`CallWork`); for two, that neither needs the other's
/// value, state or success, and that nothing runs them one at a time anyway (one actor, one
/// object's callbacks). What cannot be resolved counts as no evidence.
struct AwaitOverlap {
    let work: CallWork
    let isolation: IsolationModel
    let function: FunctionDeclSyntax?
    let owner: OwnerType?

    init(isolation: IsolationModel, at node: some SyntaxProtocol, facts: FileFacts) {
        self.isolation = isolation
        work = CallWork(index: isolation.index)
        function = node.nearest(FunctionDeclSyntax.self)
        owner = OwnerType(enclosing: node, facts)
    }

    /// What one awaited statement is known to do.
    struct Evidence {
        let step: AwaitedStep
        /// The call that waits, as messages name it: `client.get(endpoint:)`.
        let call: String
        let receiver: String?
        let wait: CallWork.Wait
        let effects: CallWork.Effects
        /// Where the called function runs, when every declaration it can be agrees.
        let calleeIsolation: Isolation?
        /// The result types its declarations declare (`Data` for a URLSession transfer); nil
        /// when one declares none as text.
        let resultTypes: [String]?

        /// It waits on the network or on time, not on an object that may queue its callers.
        var waitsElsewhere: Bool {
            wait.leaf.kind != .bridge || !effects.httpMethods.isEmpty
        }

        /// "`URLSession.data(for:)` in `makeEntityRequest`" for messages: what waits, and where.
        var summary: String {
            leafPhrase + (wait.through.last.map { " in `\($0)`" } ?? "")
        }

        /// "`URLSession.data(for:)`", "a callback through `withCheckedContinuation`".
        var leafPhrase: String {
            wait.leaf.kind == .bridge ? "a callback through `\(wait.leaf.text)`" : "`\(wait.leaf.text)`"
        }
    }

    /// The evidence for `step`, or nil when nothing shows that it waits on anything: from the
    /// first call of its chain (outermost first) that resolves to a wait.
    func evidence(for step: AwaitedStep) -> Evidence? {
        for call in step.chain {
            if call.arguments.contains(where: { $0.expression.is(InOutExprSyntax.self) }) { return nil }
            if let found = evidence(for: step, call: call) { return found }
        }
        return nil
    }

    private func evidence(for step: AwaitedStep, call: FunctionCallExprSyntax) -> Evidence? {
        let receiver = AwaitedStep.receiverText(of: call)
        let name = Self.displayName(of: call, receiver: receiver)
        // `URLSession.shared.data(from: url)`: the call is the latency itself.
        if let leaf = FunctionSummary.leaf(of: call), leaf.kind == .network {
            var effects = CallWork.Effects(resolved: true)
            // A transfer from a URL is a GET.
            if call.arguments.first?.label?.text == "from", leaf.text.hasPrefix("URLSession.data")
                || leaf.text.hasPrefix("URLSession.bytes") || leaf.text.hasPrefix("URLSession.download") {
                effects.httpMethods = ["GET"]
            }
            return Evidence(step: step, call: name, receiver: receiver, wait: CallWork.Wait(leaf: leaf, through: [], place: .elsewhere),
                            effects: effects, calleeIsolation: .nonisolated, resultTypes: ["Data"])
        }
        let (summarized, type) = step.summarized(call, in: function, owner: owner)
        guard let wait = work.wait(summarized, owner: owner?.name, receiverType: type) else { return nil }
        let effects = work.effects(summarized, owner: owner?.name, receiverType: type)
        let candidates = work.candidates(summarized, owner: owner?.name, receiverType: type)
        let isolations = candidates.map(isolationOf)
        let agreed = isolations.allSatisfy { $0 == isolations.first } ? isolations.first ?? nil : nil
        let results = candidates.compactMap(\.returns)
        return Evidence(step: step, call: name, receiver: receiver, wait: wait, effects: effects, calleeIsolation: agreed,
                        resultTypes: results.count == candidates.count ? results : nil)
    }

    /// `client.get(endpoint:)`, `render(_:server:)`: the call as messages name it.
    static func displayName(of call: FunctionCallExprSyntax, receiver: String?) -> String {
        let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        let prefix = receiver.map { $0 == "self" ? "" : $0 + "." } ?? ""
        return "\(prefix)\(call.calleeName ?? "")(\(labels))"
    }

    /// Where a function of the module runs, from its own attributes and its type's isolation.
    private func isolationOf(_ function: FunctionSummary) -> Isolation? {
        if function.flags.contains(.isNonisolated) { return .nonisolated }
        if let actor = function.attributes.first(where: isolation.index.globalActors.contains) {
            return isolation.global(actor)
        }
        guard let owner = function.owner else { return nil }
        guard let type = isolation.index.type(named: owner) else { return nil }
        if type.kind == .protocol { return nil }
        return isolation.typeIsolation(type)?.isolation ?? .nonisolated
    }

    /// Why `later` cannot start before `earlier` has finished, or nil when nothing shows a reason.
    func dependency(of later: Evidence, on earlier: Evidence) -> String? {
        let laterStep = later.step, earlierStep = earlier.step
        // Its value: `g(x)` after `let x = await f()`, or after `x = await f()`.
        if laterStep.mentions(Set(earlierStep.names)) { return "uses the value" }
        if let target = laterStep.target {
            let through = references(to: Set(earlierStep.names), in: target, within: .declaration)
            // After an assignment, writing another part of the same variable (`entry.grid` after
            // `entry.solar`) keeps the writes in their order; a binding must exist first.
            let otherPart = earlierStep.shape == .assignment && through.count == 1 && through[0].id == rootReference(of: target)?.id
                && earlierStep.target?.trimmedText != target.trimmedText
            if !through.isEmpty && !otherPart { return "assigns through the value" }
        }
        // A `mutating` method: two child tasks would change the same value at once.
        if earlier.effects.isMutating || later.effects.isMutating { return "mutating" }
        // If the earlier call fails, the later one must not have run: only a read may start early.
        if earlierStep.throwing && !later.effects.onlyReads { return "may have effects after a failure" }
        // State of `self` the earlier call writes (or assigns), read by the later one's arguments.
        if earlier.receiver == "self" {
            var written = earlier.effects.writes
            if earlierStep.shape == .assignment { written.formUnion(earlierStep.names) }
            if laterStep.mentions(written) { return "reads what the earlier writes" }
        }
        if earlierStep.shape == .assignment, later.receiver == "self",
           !later.effects.reads.union(later.effects.writes).isDisjoint(with: earlierStep.names) {
            return "reads the property the earlier one assigns"
        }
        guard let receiver = later.receiver, receiver == earlier.receiver else { return nil }
        // One object's state: written by one, touched by the other.
        let laterTouches = later.effects.reads.union(later.effects.writes)
        let earlierTouches = earlier.effects.reads.union(earlier.effects.writes)
        if !earlier.effects.writes.isDisjoint(with: laterTouches) || !later.effects.writes.isDisjoint(with: earlierTouches) {
            return "shared state"
        }
        // One actor: its code runs one call at a time, unless each call waits outside it.
        if let actor = later.calleeIsolation, actor == earlier.calleeIsolation, actor != .nonisolated,
           !later.wait.place.leavesReceiver || !earlier.wait.place.leavesReceiver {
            return "same actor"
        }
        // Callbacks of one object (a database, a connection) that may queue its requests.
        if !later.waitsElsewhere, !earlier.waitsElsewhere, case .receiver = later.wait.place,
           later.wait.place == earlier.wait.place {
            return "same object"
        }
        return nil
    }

    /// The variable an lvalue starts from: `entry` in `entry.solar`, `x` in `x[0]`.
    private func rootReference(of target: ExprSyntax) -> DeclReferenceExprSyntax? {
        var current = target
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) { return reference }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base }
            else if let subscripted = current.as(SubscriptCallExprSyntax.self) { current = subscripted.calledExpression }
            else if let optional = current.as(OptionalChainingExprSyntax.self) { current = optional.expression }
            else { return nil }
        }
    }

    /// A statement between two awaited ones that can run after the later call has started:
    /// a plain `let`, or an assignment to a variable or property (`count = page.total`).
    struct Passable {
        /// The names a `let` binds.
        var bound: [String] = []
        /// The variables an assignment writes.
        var assigned: [String] = []
    }

    /// Whether a plain `let` or assignment between two awaited statements can run after the
    /// later call has started: it awaits nothing, and what it calls is a value's method, an
    /// initializer, or a function of the module that writes nothing.
    func passable(_ item: CodeBlockItemSyntax) -> Passable? {
        if let sequence = item.item.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), !sequence.containsAwait,
                  let root = Flow.rootName(of: elements[0]), root != "self", callsWithoutEffects(in: sequence, at: item)
            else { return nil }
            return Passable(assigned: [root])
        }
        guard let declaration = item.item.as(VariableDeclSyntax.self),
              declaration.bindingSpecifier.tokenKind == .keyword(.let), !declaration.containsAwait,
              callsWithoutEffects(in: declaration, at: item) else { return nil }
        return Passable(bound: collect(IdentifierPatternSyntax.self, in: declaration, within: .declaration).map(\.identifier.text))
    }

    private func callsWithoutEffects(in node: some SyntaxProtocol, at item: CodeBlockItemSyntax) -> Bool {
        for call in collect(FunctionCallExprSyntax.self, in: node, within: .declaration) {
            guard let name = call.calleeName else { return false }
            if name.first?.isUppercase == true { continue }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                // A method of a local value (`items.map { … }`).
                guard let base = member.base, let root = Flow.rootName(of: base), isLocal(root, before: item) else { return false }
                continue
            }
            let summarized = FunctionSummary.Call(name: name, labels: FunctionSummary.Call.labels(of: call), receiver: .this)
            let effects = work.effects(summarized, owner: owner?.name)
            guard effects.resolved, effects.writes.isEmpty, !effects.writesElsewhere else { return false }
        }
        return true
    }

    /// A parameter or a local declared before `item`.
    private func isLocal(_ name: String, before item: CodeBlockItemSyntax) -> Bool {
        guard let function else { return false }
        if function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) {
            return true
        }
        guard let body = function.body else { return false }
        return collect(IdentifierPatternSyntax.self, in: body, within: .everything)
            .contains { $0.identifier.text == name && $0.endOffset <= item.startOffset }
    }
}
