import Foundation
import SwiftSyntax

extension CancellationReach {
    /// What one file tells `CancellationReach`: which of its async functions await what, and
    /// which functions its cancelled closures await directly. Plain data, so a module's index
    /// keeps it (and the cache stores it) once the file's tree is gone; contributions of many
    /// files merge in any order into the reach `CancellationReach.init` resolves.
    struct FileContribution: Sendable, Equatable {
        /// Async function name → the names it awaits (outside other tasks).
        var awaits: [String: Set<String>] = [:]
        /// Function name → the earliest cancelled closure of this file that awaits it directly.
        var roots: [String: Root] = [:]

        init(awaits: [String: Set<String>] = [:], roots: [String: Root] = [:]) {
            self.awaits = awaits
            self.roots = roots
        }

        init(_ file: SourceFile) {
            // Most files start no cancellable work; skip the per-closure analysis for them.
            let mayHaveRoots = file.contains(".task") || file.contains(".refreshable") || file.contains("cancel()")
            guard mayHaveRoots || file.contains("await") else { return }
            let facts = FileFacts(file)
            for functions in facts.functions.values {
                for function in functions where function.signature.effectSpecifiers?.asyncSpecifier != nil {
                    guard let body = function.body else { continue }
                    let callees = CancellationSource.awaitedCallees(in: body, facts: facts)
                    if !callees.isEmpty { awaits[function.name.text, default: []].formUnion(callees) }
                }
            }
            guard mayHaveRoots else { return }
            for closure in file.closures {
                let source: String
                switch CancellationSource.kind(of: closure, facts: facts) {
                case .swiftUI(let modifier): source = "the \(modifier) closure"
                case .storedAndCancelled(let property): source = "the task kept in `\(property)` (and cancelled)"
                case .neverCancelled, .shielded, .inherits: continue
                }
                let root = Root(source: source, path: file.path, line: file.line(of: closure))
                for name in CancellationSource.awaitedCallees(in: closure, facts: facts) {
                    // Two closures of this file that await the same name: the earlier one.
                    if let known = roots[name], known.line <= root.line { continue }
                    roots[name] = root
                }
            }
        }
    }
}
