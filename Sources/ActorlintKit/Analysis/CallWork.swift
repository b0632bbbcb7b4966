import Foundation

/// What awaiting a call does, worked out from the summaries of the functions it can reach in
/// its module and the modules that module imports (`FunctionSummary`), a few calls deep: what
/// it waits on along every path, which HTTP methods it names, and what state it reads and
/// writes. A call is resolved by name and argument labels, and by the receiver's type when that
/// is known; a claim about it holds only when every declaration it can be agrees. A call that
/// resolves to nothing (a closure parameter, a function of a package outside the run, a
/// framework) is unknown: it shows no wait, no HTTP method and no effects.
struct CallWork {
    /// How many calls deep the summaries are followed from the call itself.
    static let depth = 4

    let index: ProjectIndex
    /// The names of the functions looked up: what a finding resting on the answers depends on.
    let consulted: NameLog

    init(index: ProjectIndex, consulted: NameLog = NameLog()) {
        self.index = index
        self.consulted = consulted
    }

    /// Names, gathered as they are looked up.
    final class NameLog {
        private(set) var names: Set<String> = []
        func note(_ name: String) { names.insert(name) }
        func note(_ other: Set<String>) { names.formUnion(other) }
    }

    /// The latency a call waits on along every path.
    struct Wait {
        /// `URLSession.data(for:)`, `withCheckedContinuation`, `Task.sleep`.
        var leaf: FunctionSummary.Leaf
        /// The functions from the call to the one that waits: `get`, `makeEntityRequest`.
        var through: [String]
        /// Where the waiting happens.
        var place: Place
    }

    /// Where a wait happens, seen from the call's receiver.
    enum Place: Equatable {
        /// Outside it: the network, a timer, another object reached through a parameter, a
        /// type or a new instance.
        case elsewhere
        /// In callbacks of the receiver itself (`[]`) or of one of its properties (`["database"]`).
        case receiver([String])
        /// A continuation whose closure shows no object.
        case unknown

        /// The wait is shown to happen outside the receiver (its own properties count as
        /// other objects: a database, a queue it holds).
        var leavesReceiver: Bool { self != .receiver([]) && self != .unknown }
    }

    /// What a call (and what it calls, `depth` deep) reads, writes and names.
    struct Effects {
        /// Properties of the call's receiver (for a call on `self`: of `self`) written or read.
        var writes: Set<String> = []
        var reads: Set<String> = []
        var httpMethods: Set<String> = []
        /// It writes state that is not its receiver's: a parameter's, a global, another object's.
        var writesElsewhere = false
        var isMutating = false
        /// Some declaration was found for it.
        var resolved = false

        mutating func merge(_ other: Effects) {
            writes.formUnion(other.writes)
            reads.formUnion(other.reads)
            httpMethods.formUnion(other.httpMethods)
            writesElsewhere = writesElsewhere || other.writesElsewhere
            isMutating = isMutating || other.isMutating
            resolved = resolved || other.resolved
        }

        /// It names an HTTP method, only GET or HEAD, and writes nothing the summaries show:
        /// a request that reads (RFC 9110 defines GET and HEAD as safe).
        var onlyReads: Bool {
            resolved && !httpMethods.isEmpty && httpMethods.isSubset(of: ["GET", "HEAD"]) && writes.isEmpty && !writesElsewhere
        }
    }

    // MARK: Resolving a call

    /// The declarations `call` can reach. `owner` is the type the calling code belongs to (for
    /// calls on `self`); `receiverType` the receiver's type when the caller knows it.
    func candidates(_ call: FunctionSummary.Call, owner: String?, receiverType: String? = nil) -> [FunctionSummary] {
        consulted.note(call.name)
        let named = index.functions(named: call.name).filter { accepts($0, labels: call.labels) }
        guard !named.isEmpty else { return [] }
        switch call.receiver {
        case .this:
            // A method of the type, its superclasses or protocols, or a free function.
            let family = owner.map(typeFamily) ?? []
            return named.filter { $0.owner == nil || family.contains($0.owner!) }
        case .type(let type):
            let family = typeFamily(type)
            let matching = named.filter { $0.owner.map(family.contains) == true }
            return matching.isEmpty && index.type(named: type) == nil ? named : matching
        case .state, .local:
            guard let type = receiverType ?? call.receiver.declaredType else { return named }
            let family = typeFamily(type)
            let matching = named.filter { $0.owner.map(family.contains) == true }
            // A protocol's conformers are not listed: every declaration of the name must agree.
            return matching.isEmpty ? named : matching
        }
    }

    /// Whether a call with these argument labels can call `function`: each label in order (a
    /// trailing closure, `{}`, takes a parameter whatever its label), and the parameters left
    /// out have default values.
    private func accepts(_ function: FunctionSummary, labels: [String]) -> Bool {
        var next = 0
        for parameter in function.parameters {
            if next < labels.count, labels[next] == parameter.label || labels[next] == "{}" { next += 1; continue }
            if parameter.hasDefault { continue }
            return false
        }
        return next == labels.count
    }

    /// The type, its superclasses and the protocols they list, by name.
    private func typeFamily(_ type: String) -> Set<String> {
        var family: Set<String> = []
        var pending = [type]
        while let name = pending.popLast(), family.count < 32 {
            guard family.insert(name).inserted else { continue }
            pending += index.type(named: name)?.inherited ?? []
        }
        return family
    }

    // MARK: Waits

    /// What `call` waits on along every path, when every declaration it can be waits.
    func wait(_ call: FunctionSummary.Call, owner: String?, receiverType: String? = nil, depth: Int = 0) -> Wait? {
        guard depth < Self.depth else { return nil }
        let found = candidates(call, owner: owner, receiverType: receiverType)
        guard !found.isEmpty else { return nil }
        var waits: [Wait] = []
        for function in found {
            guard let wait = wait(inside: function, depth: depth) else { return nil }
            waits.append(wait)
        }
        var first = waits[0]
        // Candidates that wait in different places: which one is unknown.
        if waits.contains(where: { $0.place != first.place }) { first.place = .unknown }
        return first
    }

    private func wait(inside function: FunctionSummary, depth: Int) -> Wait? {
        if let leaf = function.leaf {
            var place = Place.elsewhere
            if leaf.kind == .bridge {
                switch leaf.object {
                case .this?: place = .receiver([])
                case .state(let property)?: place = .receiver([property])
                case .type?, .local?: place = .elsewhere
                case nil: place = .unknown
                }
            }
            return Wait(leaf: leaf, through: [function.name], place: place)
        }
        for call in function.waits {
            guard var inner = wait(call, owner: function.owner, depth: depth + 1) else { continue }
            switch (call.receiver, inner.place) {
            case (.this, _), (_, .elsewhere): break
            // In one of the receiver's properties: the place within it, if known.
            case (.state(let property), .receiver(let path)): inner.place = .receiver([property] + path)
            case (.state(let property), .unknown): inner.place = .receiver([property])
            // In another object: a parameter, a type, a new instance.
            case (.type, _), (.local, _): inner.place = .elsewhere
            }
            inner.through.insert(function.name, at: 0)
            return inner
        }
        return nil
    }

    // MARK: Effects

    /// What `call` and the calls it makes read, write and name, as far as the summaries go.
    func effects(_ call: FunctionSummary.Call, owner: String?, receiverType: String? = nil, depth: Int = 0) -> Effects {
        var effects = Effects()
        guard depth < Self.depth else { return effects }
        for function in candidates(call, owner: owner, receiverType: receiverType) {
            effects.merge(self.effects(inside: function, depth: depth))
        }
        return effects
    }

    private func effects(inside function: FunctionSummary, depth: Int) -> Effects {
        let key = "\(function.path)|\(function.owner ?? "")|\(function.name)|\(function.parameters.map(\.label))|\(depth)"
        // Each level goes one call deeper, so recursion ends at `depth` even through cycles. The
        // effects are kept with the names they rest on, for the next file that asks.
        let (effects, names) = index.memo("CallWork.effects " + key) { () -> (Effects, Set<String>) in
            let scoped = CallWork(index: index, consulted: NameLog())
            var effects = Effects(writes: function.writes, reads: function.reads, httpMethods: function.httpMethods,
                                  isMutating: function.flags.contains(.isMutating), resolved: true)
            for call in function.waits + function.calls {
                let inner = scoped.effects(call, owner: function.owner, depth: depth + 1)
                effects.httpMethods.formUnion(inner.httpMethods)
                switch call.receiver {
                case .this:
                    effects.writes.formUnion(inner.writes)
                    effects.reads.formUnion(inner.reads)
                    effects.writesElsewhere = effects.writesElsewhere || inner.writesElsewhere
                case .state(let property):
                    if !inner.writes.isEmpty || inner.isMutating { effects.writes.insert(property) }
                    if !inner.reads.isEmpty { effects.reads.insert(property) }
                    effects.writesElsewhere = effects.writesElsewhere || inner.writesElsewhere
                case .type, .local:
                    if !inner.writes.isEmpty || inner.writesElsewhere || inner.isMutating { effects.writesElsewhere = true }
                }
            }
            return (effects, scoped.consulted.names)
        }
        consulted.note(names)
        return effects
    }
}

extension FunctionSummary.Call.Receiver {
    /// The type a parameter or local was declared with.
    var declaredType: String? {
        if case .local(let type) = self { return type }
        return nil
    }
}
