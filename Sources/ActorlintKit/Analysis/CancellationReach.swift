import Foundation

/// Which functions of a module run inside a task that gets cancelled: those awaited from a
/// SwiftUI `.task`/`.refreshable` closure or from a kept-and-cancelled `Task`, and, up to three
/// calls deep, the functions those await. Calls are matched by receiver type (`CalleeRefs`),
/// never by name alone, over every file of the module (and of the whole run once the indexes
/// are linked), so a view model's `load()` that its view awaits in `.task` is known in the view
/// model's file, and another type's `load()` is not.
public struct CancellationReach: Sendable {
    struct Root: Sendable, Equatable {
        var source: String
        var path: String
        var line: Int
    }

    /// Function key → why it runs in a cancelled task, in words: all a reach keeps. The merged
    /// awaits and roots it is worked out from are dropped: resolved reaches, those tables with
    /// their reasons, held 3.6 MB of the 11.8 MB the cancellation analysis kept at the end of
    /// the benchmark's run over 4 copies of its repositories.
    private var reasons: [String: String] = [:]

    /// How many calls deep cancellation is followed from the closure SwiftUI or the owner cancels.
    static let depth = 3

    /// The reach over the files that `contributions` describe, in any order.
    init(_ contributions: [FileContribution]) {
        let merged = Merged(contributions)
        // Function key → the cancelled context that awaits it directly.
        var roots: [String: Root] = [:]
        for contribution in contributions {
            for (reference, root) in contribution.roots {
                guard let key = merged.target(of: reference) else { continue }
                // Files (and linked modules) arrive in no fixed order: keep the earliest root by
                // path and line, so the message names the same place on every run.
                if let known = roots[key], (known.path, known.line) <= (root.path, root.line) { continue }
                roots[key] = root
            }
        }
        reasons = Self.reasons(merged: merged, roots: roots)
    }

    /// Why the function with this key (`Type.name`, `.name`) runs in a task that gets cancelled, or nil.
    func reason(forFunction key: String) -> String? { reasons[key] }

    /// The contributions of many files together, and how a reference resolves among them.
    struct Merged {
        var awaits: [String: Set<String>] = [:]
        var letsOut: [String: Set<String>] = [:]
        var properties: [String: String] = [:]
        var implementations: [String: Set<String>] = [:]

        init(_ contributions: [FileContribution]) {
            for contribution in contributions {
                for (key, references) in contribution.awaits { awaits[key, default: []].formUnion(references) }
                for (key, references) in contribution.letsOut { letsOut[key, default: []].formUnion(references) }
                for (key, type) in contribution.propertyTypes where properties[key] == nil { properties[key] = type }
                for (key, keys) in contribution.implementations { implementations[key, default: []].formUnion(keys) }
            }
        }

        /// The key a reference resolves to, when the types on the way are known.
        func key(of reference: String) -> String? {
            CalleeRefs.resolve(reference, properties: properties) { awaits[$0] != nil || implementations[$0] != nil }
        }

        /// The one function a call runs: its key, or the only implementation of a protocol
        /// requirement or overridable method that has none of its own here.
        func target(of reference: String) -> String? {
            guard let key = key(of: reference) else { return nil }
            if awaits[key] == nil, let only = implementations[key], only.count == 1 { return only.first }
            return key
        }
    }

    /// Works out the reach from the files' contributions the first time a rule asks, once for
    /// all the indexes that share it: runs that select no cancellation rule never resolve it.
    /// Holds the modules' lists as they are, not joined: every module a core module's importers
    /// reach would otherwise keep a copy of all their files' entries (10 MB of 270 at the peak
    /// of the benchmark's scale run, growing faster than the files).
    /// The same holds for what else is worked out from the contributions (`CancellationThrowers`).
    final class LazyBox<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [[FileContribution]]
        private var computed: Value?
        private let make: ([FileContribution]) -> Value

        init(_ parts: [[FileContribution]], make: @escaping ([FileContribution]) -> Value) {
            self.parts = parts
            self.make = make
        }

        var value: Value {
            lock.lock()
            defer { lock.unlock() }
            if let computed { return computed }
            let made = make(parts.count == 1 ? parts[0] : Array(parts.joined()))
            computed = made
            parts = []
            return made
        }
    }

    private static func reasons(merged: Merged, roots: [String: Root]) -> [String: String] {
        var reasons: [String: String] = [:]
        var frontier: [(key: String, chain: [String], root: Root)] = roots.sorted { $0.key < $1.key }
            .map { ($0.key, [], $0.value) }
        for (key, root) in roots { reasons[key] = Self.describe(chain: [], root: root) }
        for _ in 1..<Self.depth {
            var next: [(key: String, chain: [String], root: Root)] = []
            for (key, chain, root) in frontier {
                for reference in (merged.awaits[key] ?? []).sorted() {
                    guard let callee = merged.target(of: reference), reasons[callee] == nil else { continue }
                    let calleeChain = chain + [key]
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
        let through = chain.isEmpty ? "" : " (through " + chain.reversed().map { "`\(display($0))`" }.joined(separator: ", ") + ")"
        let cause: String
        if root.source.contains("(id:)") {
            cause = ", which SwiftUI cancels when the id changes and when the view disappears"
        } else if root.source.contains("`.") {
            cause = ", which SwiftUI cancels when the view disappears"
        } else {
            cause = ", which its owner cancels"
        }
        return "it is awaited\(through) from \(root.source) at \(file):\(root.line)\(cause)"
    }

    /// `FeedModel.refresh` for a method, `refresh` for a free function.
    static func display(_ key: String) -> String { key.hasPrefix(".") ? String(key.dropFirst()) : key }
}
