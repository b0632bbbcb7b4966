import SwiftSyntax

/// Work whose failure path leaves a mark that outlives it: a `catch` clause that writes state
/// shared beyond the object at hand, in a type's static or shared instance (`Cache.shared.bad
/// .insert(url)`, `Self.failed[id] = …`) or in user defaults. Cancelling such work half-way
/// (a `.task` that SwiftUI cancels when its view disappears) takes that path: an awaited call
/// that honours cancellation throws, and the mark is made for work that never failed.
enum LastingFailure {
    /// Calls that change what their receiver holds.
    private static let mutations: Set<String> = [
        "insert", "append", "set", "setValue", "updateValue", "update", "remove", "removeValue", "removeAll",
        "formUnion", "add", "save", "store", "write", "mark",
    ]

    /// Whether a `catch` clause of `root` (outside nested closures and declarations, which run at
    /// another time) writes shared state.
    static func isRecorded(in root: some SyntaxProtocol) -> Bool {
        collect(CatchClauseSyntax.self, in: root, within: .context).contains { clause in
            contains(in: clause.body, within: .context) { node in
                if let call = node.as(FunctionCallExprSyntax.self), let name = call.calleeName, mutations.contains(name),
                   let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    return isShared(base) || base.trimmedText.hasPrefix("UserDefaults")
                }
                if let sequence = node.as(SequenceExprSyntax.self), let assignment = UnfoldedAssignment(sequence) {
                    return isShared(assignment.target)
                }
                return false
            }
        }
    }

    /// `Type.member…` or `Self.member…`: state of a type rather than of one instance (a static
    /// property, or a shared instance reached through one).
    private static func isShared(_ expression: ExprSyntax) -> Bool {
        var current = expression
        var depth = 0
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base; depth += 1; continue }
            if let subscripted = current.as(SubscriptCallExprSyntax.self) { current = subscripted.calledExpression; continue }
            if let forced = current.as(ForceUnwrapExprSyntax.self) { current = forced.expression; continue }
            if let optional = current.as(OptionalChainingExprSyntax.self) { current = optional.expression; continue }
            break
        }
        guard depth > 0, let root = current.as(DeclReferenceExprSyntax.self) else { return false }
        return root.baseName.tokenKind == .keyword(.Self) || root.baseName.text.first?.isUppercase == true
    }

    /// The async functions of `file` whose own `catch` clauses record a failure for good: what a
    /// module's index keeps (`ProjectIndex.lastingFailures`) so that callers in other files see it.
    static func functions(in file: SourceFile) -> Set<String> {
        guard file.contains("catch") else { return [] }
        var names: Set<String> = []
        for functions in FileFacts(file).functions.values {
            for function in functions where function.signature.effectSpecifiers?.asyncSpecifier != nil {
                if let body = function.body, isRecorded(in: body) { names.insert(function.name.text) }
            }
        }
        return names
    }
}

extension ProjectIndex {
    /// Whether the async function `name` (of this module or one it imports), or one it awaits
    /// up to three calls down, records a failure for good in a `catch` (`LastingFailure`).
    /// Functions are known by name only: any function of that name counts, which errs towards
    /// "yes", the answer that keeps a rule quiet.
    func recordsFailureForGood(_ name: String) -> Bool {
        let indexes = [self] + dependencies
        var frontier: Set<String> = [name]
        var seen: Set<String> = []
        for _ in 0...3 {
            if frontier.contains(where: { callee in indexes.contains { $0.lastingFailures.contains(callee) } }) { return true }
            seen.formUnion(frontier)
            var next: Set<String> = []
            for callee in frontier {
                for index in indexes {
                    for contribution in index.cancellationContributions { next.formUnion(contribution.awaitedNames(of: callee)) }
                }
            }
            frontier = next.subtracting(seen)
            if frontier.isEmpty { return false }
        }
        return false
    }
}
