import SwiftSyntax

/// The nodes many rules look for, gathered in one walk per file instead of one walk per rule:
/// function calls, closures, function declarations and initializers, `await`s, `do` statements, and type
/// declarations and extensions, in source order (the order a visitor meets them). Rules filter
/// these lists; the result is what their own full-tree visitors found, in the same order.
private final class SharedNodeCollector: SyntaxVisitor {
    var nodes: [Syntax] = []

    private func keep(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        nodes.append(Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { keep(node) }
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind { keep(node) }
}

extension SourceFile {
    /// Every node of the kinds above, in source order; walked once per file.
    var sharedNodes: [Syntax] {
        memo("sharedNodes") {
            let collector = SharedNodeCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            return collector.nodes
        }
    }

    /// Every function call of the file, in source order.
    var functionCalls: [FunctionCallExprSyntax] {
        memo("functionCalls") { shared(FunctionCallExprSyntax.self) }
    }

    /// Every closure of the file, in source order.
    var closures: [ClosureExprSyntax] {
        memo("closures") { shared(ClosureExprSyntax.self) }
    }

    /// The file's nodes of type `T` among those above, in source order.
    func shared<T: SyntaxProtocol>(_ type: T.Type) -> [T] { sharedNodes.compactMap { $0.as(type) } }

    /// Every `await` of the file, in source order.
    var awaits: [AwaitExprSyntax] {
        memo("awaits") { shared(AwaitExprSyntax.self) }
    }
}
