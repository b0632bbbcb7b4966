import SwiftSyntax

/// Every node of `root`'s subtree (`root` included) that `match` accepts, in source order, not
/// entering what `reach` bounds below `root`: a nested closure at the boundary can match (its
/// body is not searched), a nested declaration cannot. `root` itself is always entered, so a
/// closure's or a function's own body can be searched.
func collect(in root: some SyntaxProtocol, within reach: Reach, where match: @escaping (Syntax) -> Bool) -> [Syntax] {
    let collector = NodeCollector(root: Syntax(root).id, reach: reach, firstOnly: false, match: match)
    collector.walk(Syntax(root))
    return collector.found
}

func collect<T: SyntaxProtocol>(_ type: T.Type, in root: some SyntaxProtocol, within reach: Reach) -> [T] {
    collect(in: root, within: reach) { $0.is(type) }.compactMap { $0.as(type) }
}

/// Whether `collect` would find anything; the walk ends at the first match.
func contains(in root: some SyntaxProtocol, within reach: Reach, where match: @escaping (Syntax) -> Bool) -> Bool {
    let collector = NodeCollector(root: Syntax(root).id, reach: reach, firstOnly: true, match: match)
    collector.walk(Syntax(root))
    return !collector.found.isEmpty
}

extension SyntaxProtocol {
    /// Whether this code suspends by itself: an `await` (or `for await`) outside nested closures
    /// and declarations, whose bodies run when they are called.
    var containsAwait: Bool {
        contains(in: self, within: .context) { node in
            node.is(AwaitExprSyntax.self) || node.as(ForStmtSyntax.self)?.awaitKeyword != nil
        }
    }
}

/// References to the variables `names` in `root`, within `reach` (not `x.name`, which is a
/// member of something else).
func references(to names: Set<String>, in root: some SyntaxProtocol, within reach: Reach) -> [DeclReferenceExprSyntax] {
    collect(DeclReferenceExprSyntax.self, in: root, within: reach).filter { reference in
        names.contains(reference.baseName.text) && !reference.isMemberName
    }
}

/// The walker behind `collect` and `contains`.
private final class NodeCollector: SyntaxAnyVisitor {
    let root: SyntaxIdentifier
    let reach: Reach
    let firstOnly: Bool
    let match: (Syntax) -> Bool
    var found: [Syntax] = []

    init(root: SyntaxIdentifier, reach: Reach, firstOnly: Bool, match: @escaping (Syntax) -> Bool) {
        self.root = root
        self.reach = reach
        self.firstOnly = firstOnly
        self.match = match
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if firstOnly, !found.isEmpty { return .skipChildren }
        let bounded = reach != .everything && node.id != root && node.bounds(reach)
        if bounded, node.kind != .closureExpr { return .skipChildren }
        if match(node) { found.append(node) }
        return bounded ? .skipChildren : .visitChildren
    }
}
