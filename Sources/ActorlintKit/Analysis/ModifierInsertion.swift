import SwiftSyntax

/// Where a modifier such as `nonisolated` can be added to a type or extension declaration, and
/// when it must not be: shared by `nonisolated-model-type` and the migration plan.
enum ModifierInsertion {
    /// The offset before the declaration's keyword (`struct`, `enum`, `class`, `protocol`,
    /// `extension`), after its attributes and other modifiers; nil when the word would not be
    /// a modifier there or would move more than the declaration (see `whyNot`).
    static func offset(before decl: some DeclGroupSyntax) -> Int? {
        whyNot(decl) == nil ? keyword(of: decl).map { $0.positionAfterSkippingLeadingTrivia.utf8Offset } : nil
    }

    /// Why a modifier cannot be added to `decl`, or nil when it can.
    static func whyNot(_ decl: some DeclGroupSyntax) -> String? {
        // A class nested without attributes of its own takes the default MainActor only inside
        // main-actor code: `nonisolated` on its parent would move it (a nested view model) too.
        // Nested value types (`CodingKeys`) are data, and should move.
        let movesNested = decl.memberBlock.members.contains { member in
            guard let nested = member.decl.as(ClassDeclSyntax.self) else { return false }
            return nested.attributes.isEmpty && !nested.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
        }
        if movesNested { return "it holds a nested class, which would move with it" }
        // Only a declaration that starts a statement takes the modifier; after `let x =` (a
        // parser's guess in broken code) the word would become an expression instead.
        let previous = decl.firstToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.tokenKind
        let takesModifier = previous.map { kind in
            if [.leftBrace, .rightBrace, .semicolon].contains(kind) { return true }
            if case .binaryOperator = kind { return false }
            return ![.equal, .comma, .colon, .leftParen, .leftSquare, .arrow].contains(kind)
                && decl.leadingTrivia.contains(where: \.isNewline)
        } ?? true
        if !takesModifier || keyword(of: decl) == nil { return "the declaration does not start a statement" }
        return nil
    }

    static func keyword(of decl: some DeclGroupSyntax) -> TokenSyntax? {
        let node = Syntax(decl)
        if let type = node.as(StructDeclSyntax.self) { return type.structKeyword }
        if let type = node.as(EnumDeclSyntax.self) { return type.enumKeyword }
        if let type = node.as(ClassDeclSyntax.self) { return type.classKeyword }
        if let type = node.as(ProtocolDeclSyntax.self) { return type.protocolKeyword }
        if let type = node.as(ExtensionDeclSyntax.self) { return type.extensionKeyword }
        return nil
    }
}
