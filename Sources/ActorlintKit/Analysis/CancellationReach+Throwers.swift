import Foundation

/// What a function throws when its task is cancelled, and why that is known: the API it
/// reaches (`URLSession.data`, `Task.sleep`) and the functions on the way.
struct CancellationEvidence: Sendable, Equatable {
    var kinds: CancellationKinds
    /// The function key or leaf (`CancellationThrows.leaves`) the cancellation comes from.
    var leaf: String
    /// The functions between the caller and `leaf`, outermost first.
    var through: [String] = []
    /// A `catch` on the way turns the leaf's error into one of the code's own.
    var converted = false
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
        if reference.hasPrefix(CancellationThrows.converted) { return convertedEvidence(String(reference.dropFirst(CancellationThrows.converted.count))) }
        if let kinds = CancellationThrows.leaves[reference] { return CancellationEvidence(kinds: kinds, leaf: reference) }
        guard let key = merged.key(of: reference) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        var visiting: Set<String> = []
        return evidence(forKey: key, visiting: &visiting)
    }

    /// What a call whose error is converted on the way throws when cancelled: an error of the
    /// code's own, when the call throws one at all then.
    private func convertedEvidence(_ reference: String) -> CancellationEvidence? {
        guard var found = evidence(forReference: reference) else { return nil }
        found.kinds = .other
        found.converted = true
        return found
    }

    private func evidence(forKey key: String, visiting: inout Set<String>) -> CancellationEvidence? {
        if let kinds = CancellationThrows.leaves[key] { return CancellationEvidence(kinds: kinds, leaf: key) }
        if let answer = known[key] { return answer }
        guard visiting.insert(key).inserted else { return nil }
        defer { visiting.remove(key) }
        var own: CancellationEvidence?
        for listed in (merged.letsOut[key] ?? []).sorted() {
            // A `catch` on the way turns the cancellation into an error of the code's own.
            let isConverted = listed.hasPrefix(CancellationThrows.converted)
            let reference = isConverted ? String(listed.dropFirst(CancellationThrows.converted.count)) : listed
            let callee = CancellationThrows.leaves[reference] != nil ? reference : merged.key(of: reference)
            guard let callee, callee != key, var found = evidence(forKey: callee, visiting: &visiting) else { continue }
            if isConverted { found.kinds = .other; found.converted = true }
            if own == nil {
                let isLeaf = CancellationThrows.leaves[callee] != nil
                own = CancellationEvidence(kinds: found.kinds, leaf: found.leaf, through: (isLeaf ? [] : [callee]) + found.through,
                                           converted: found.converted)
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
                    all = CancellationEvidence(kinds: found.kinds, leaf: found.leaf, through: [implementation] + found.through,
                                               converted: found.converted)
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

