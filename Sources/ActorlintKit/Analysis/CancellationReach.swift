import Foundation

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
