import Foundation

/// What a function throws when its task is cancelled, and why that is known: the API it
/// reaches (`URLSession.data`, `Task.sleep`) and the functions on the way.
struct CancellationEvidence: Sendable, Equatable {
    var kinds: CancellationKinds
    /// The function key or leaf (`CancellationThrows.leaves`) the cancellation comes from.
    var leaf: String
    /// The functions between the caller and `leaf`, outermost first.
    var through: [String] = []
}

/// Which functions of a module and the modules it imports throw when their task is cancelled
/// (`CancellationThrows`): worked out over the functions' escaping calls, through protocol
/// requirements and overridden methods when every implementation of the run does. Answers are
/// worked out on demand and kept.
final class CancellationThrowers: @unchecked Sendable {
    private let merged: CancellationReach.Merged
    private let lock = NSLock()
    private var known: [String: CancellationEvidence?] = [:]

    init(_ contributions: [CancellationReach.FileContribution]) {
        merged = CancellationReach.Merged(contributions)
    }

    /// Whether a call with this reference is itself one of the APIs known to throw when cancelled.
    func isLeaf(_ reference: String) -> Bool {
        CancellationThrows.leaves[reference] != nil || merged.key(of: reference).map { CancellationThrows.leaves[$0] != nil } == true
    }

    /// What a call with this reference (`CalleeRefs`, or a leaf) throws when cancelled, or nil
    /// when nothing shows it throws at all then.
    func evidence(forReference reference: String) -> CancellationEvidence? {
        if let kinds = CancellationThrows.leaves[reference] { return CancellationEvidence(kinds: kinds, leaf: reference) }
        guard let key = merged.key(of: reference) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        var visiting: Set<String> = []
        return evidence(forKey: key, visiting: &visiting)
    }

    private func evidence(forKey key: String, visiting: inout Set<String>) -> CancellationEvidence? {
        if let kinds = CancellationThrows.leaves[key] { return CancellationEvidence(kinds: kinds, leaf: key) }
        if let answer = known[key] { return answer }
        guard visiting.insert(key).inserted else { return nil }
        defer { visiting.remove(key) }
        var own: CancellationEvidence?
        for reference in (merged.letsOut[key] ?? []).sorted() {
            let callee = CancellationThrows.leaves[reference] != nil ? reference : merged.key(of: reference)
            guard let callee, callee != key, let found = evidence(forKey: callee, visiting: &visiting) else { continue }
            if own == nil {
                let isLeaf = CancellationThrows.leaves[callee] != nil
                own = CancellationEvidence(kinds: found.kinds, leaf: found.leaf, through: (isLeaf ? [] : [callee]) + found.through)
            } else {
                own?.kinds.formUnion(found.kinds)
            }
        }
        var answer = own
        // A protocol requirement or an overridable method: every implementation must throw.
        let implementations = (merged.implementations[key] ?? []).subtracting([key]).sorted()
        if !implementations.isEmpty {
            var all: CancellationEvidence? = merged.letsOut[key] == nil ? nil : own
            var everyOne = merged.letsOut[key] == nil || own != nil
            for implementation in implementations {
                guard let found = evidence(forKey: implementation, visiting: &visiting) else {
                    everyOne = false
                    break
                }
                if all == nil {
                    all = CancellationEvidence(kinds: found.kinds, leaf: found.leaf, through: [implementation] + found.through)
                } else {
                    all?.kinds.formUnion(found.kinds)
                }
            }
            answer = everyOne ? all : nil
        }
        known[key] = .some(answer)
        return answer
    }
}

