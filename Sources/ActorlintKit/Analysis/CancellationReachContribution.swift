import Foundation
import SwiftSyntax

extension CancellationReach {
    /// What one file tells `CancellationReach` and `CancellationThrowers`: which of its async
    /// functions await what and let whose errors out, which functions its cancelled closures
    /// await directly, the types of its properties and which methods implement which. Functions
    /// are keyed `Type.name` and calls are `CalleeRefs` references, resolved once every file is
    /// read. Plain data, so a module's index keeps it (and the cache stores it) once the file's
    /// tree is gone; contributions of many files merge in any order.
    struct FileContribution: Sendable, Equatable {
        /// Async function key → the references it awaits (outside other tasks and shields).
        var awaits: [String: Set<String>] = [:]
        /// Async function key → the references whose errors it lets out unchanged.
        var letsOut: [String: Set<String>] = [:]
        /// Reference → the earliest cancelled closure of this file that awaits it directly.
        var roots: [String: Root] = [:]
        /// `Owner#property` → its type, or a reference to one (`CalleeRefs.propertyTypes`).
        var propertyTypes: [String: String] = [:]
        /// `Protocol.name` or `Superclass.name` → the keys of the methods of this file that
        /// implement or override it (the types declaring them name it in their inheritance).
        var implementations: [String: Set<String>] = [:]

        init(awaits: [String: Set<String>] = [:], letsOut: [String: Set<String>] = [:], roots: [String: Root] = [:],
             propertyTypes: [String: String] = [:], implementations: [String: Set<String>] = [:]) {
            self.awaits = awaits
            self.letsOut = letsOut
            self.roots = roots
            self.propertyTypes = propertyTypes
            self.implementations = implementations
        }

        init(_ file: SourceFile) {
            // Most files start no cancellable work; skip the per-closure analysis for them.
            let mayHaveRoots = file.contains(".task") || file.contains(".refreshable") || file.contains("cancel()")
            guard mayHaveRoots || file.contains("await") else { return }
            let facts = FileFacts(file)
            propertyTypes = CalleeRefs.propertyTypes(in: file)
            for functions in facts.functions.values {
                for function in functions where function.signature.effectSpecifiers?.asyncSpecifier != nil {
                    guard let body = function.body, let key = CalleeRefs.key(of: function) else { continue }
                    // Every async function is listed, awaiting something or not: a bare call resolves
                    // to the type's method or a free function by what is declared.
                    awaits[key, default: []].formUnion(CancellationSource.awaitedCallees(in: body, file: file))
                    if function.signature.effectSpecifiers?.throwsClause != nil {
                        let escaping = Set(CancellationThrows.escapingCalls(in: body, file: file).map(\.ref))
                        if !escaping.isEmpty { letsOut[key, default: []].formUnion(escaping) }
                    }
                    for inherited in Self.inheritedNames(of: function) {
                        implementations["\(inherited).\(function.name.text)", default: []].insert(key)
                    }
                }
            }
            guard mayHaveRoots else { return }
            for closure in file.closures {
                let source: String
                switch CancellationSource.kind(of: closure, facts: facts) {
                case .swiftUI(let modifier): source = "the \(modifier) closure"
                case .storedAndCancelled(let property): source = "the task kept in `\(property)`"
                case .neverCancelled, .shielded, .inherits: continue
                }
                let root = Root(source: source, path: file.path, line: file.line(of: closure))
                for reference in CancellationSource.awaitedCallees(in: closure, file: file) {
                    // Two closures of this file that await the same callee: the earlier one.
                    if let known = roots[reference], known.line <= root.line { continue }
                    roots[reference] = root
                }
            }
        }

        /// By name alone, what the async functions named `name` await, by name: for analyses that
        /// match by name (`LastingFailure`), as these tables were before they were keyed by type.
        func awaitedNames(of name: String) -> Set<String> {
            var names: Set<String> = []
            for (key, references) in awaits where Self.name(of: key) == name {
                names.formUnion(references.map(Self.name(of:)))
            }
            return names
        }

        /// `load` for `Model.load`, `.load`, `~Screen.load`, `Screen#model.load`.
        static func name(of key: String) -> String {
            key.lastIndex(of: ".").map { String(key[key.index(after: $0)...]) } ?? key
        }

        /// The protocols and superclass the type (or extension) declaring `function` names.
        private static func inheritedNames(of function: FunctionDeclSyntax) -> [String] {
            guard function.parent?.is(MemberBlockItemSyntax.self) == true,
                  let group = function.nearest(where: { $0.isProtocol((any DeclGroupSyntax).self) })?
                    .asProtocol((any DeclGroupSyntax).self) else { return [] }
            return group.inheritanceClause?.inheritedTypes.compactMap { CalleeRefs.normalized($0.type.trimmedText) } ?? []
        }
    }
}
