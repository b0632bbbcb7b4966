import SwiftSyntax

/// Uses of a type's members in a piece of code (`@concurrent` and `nonisolated` functions, the
/// members of actors) for `ProjectIndex.offMainUses`: its initializer called (`Post(…)`), a
/// static member (`Post.empty`), a collection of it decoded (`decode([Post].self, …)`), or a
/// member of a parameter or local declared with its type (`post.title`). A name that only
/// passes through (a parameter's or result's type, `Post?.self` given to a task group) is
/// no use. A nested type counts under its qualified name (`Filter.Snapshot`), as written: a
/// bare `Data` in other code is Foundation's, not a nested `Message.Data`. Generated files
/// (mocks) are not the module's own code and count for nothing.
enum OffMainUseFinder {
    /// The names used, each with the line of its first use, in source order.
    static func uses(in node: some SyntaxProtocol, file: SourceFile) -> [(name: String, line: Int)] {
        guard !isGenerated(file) else { return [] }
        var found: [(name: String, line: Int)] = []
        var typed: [String: String] = [:]
        for function in [Syntax(node)] + Syntax(node).functions {
            for parameter in function.parameters { typed[parameter.name] = parameter.type }
        }
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind, let parent = token.parent else { continue }
            if let reference = parent.as(DeclReferenceExprSyntax.self) {
                if text.first?.isUppercase == true, let name = memberUse(of: reference) { found.append((name, file.line(of: token))) }
                // `post.title` where `post` was declared with a type of the module.
                if let type = typed[text], let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id {
                    found.append((type, file.line(of: token)))
                }
            }
            if let binding = parent.as(IdentifierPatternSyntax.self)?.parent?.as(PatternBindingSyntax.self),
               let type = binding.typeAnnotation.flatMap({ typeName($0.type) }) {
                typed[text] = type
            }
        }
        return found
    }

    /// `Post(…)`, `Post.empty`, `Filter.Snapshot(…)`, `[Post].self` or `Post.self` in a decode call.
    private static func memberUse(of reference: DeclReferenceExprSyntax) -> String? {
        var name = reference.baseName.text
        var node = Syntax(reference)
        // `Filter.Snapshot`: the qualified name, as written.
        while let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id,
              access.declName.baseName.text.first?.isUppercase == true {
            name += "." + access.declName.baseName.text
            node = Syntax(access)
        }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return name }
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id {
            guard access.declName.baseName.tokenKind == .keyword(.self) else { return name }
            return access.nearest(FunctionCallExprSyntax.self, within: .declaration)?.calleeName?.lowercased().contains("decode") == true ? name : nil
        }
        // `[Post].self`.
        if let element = node.parent?.as(ArrayElementSyntax.self),
           let access = element.parent?.parent?.parent?.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.self) {
            return access.nearest(FunctionCallExprSyntax.self, within: .declaration)?.calleeName?.lowercased().contains("decode") == true ? name : nil
        }
        return nil
    }

    /// The module type a declared type names: `Post`, `Post?`, `Filter.Snapshot`.
    static func typeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(unwrapped.wrappedType) }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self), let base = typeName(member.baseType) { return base + "." + member.name.text }
        return nil
    }

    /// A file whose opening comment says it is generated (Sourcery, SwiftGen, protoc, "DO NOT EDIT").
    static func isGenerated(_ file: SourceFile) -> Bool {
        file.memo("OffMainUseFinder.isGenerated") {
            let header = file.tree.leadingTrivia.compactMap { piece -> String? in
                switch piece {
                case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text): text.lowercased()
                default: nil
                }
            }.joined(separator: " ")
            return ["generated", "do not edit", "sourcery"].contains(where: header.contains)
        }
    }
}

private extension Syntax {
    /// The functions declared below this node.
    var functions: [Syntax] {
        final class Finder: SyntaxVisitor {
            var found: [Syntax] = []
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(Syntax(node))
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }

    /// The parameters of a function, with the module type each names.
    var parameters: [(name: String, type: String)] {
        guard let function = self.as(FunctionDeclSyntax.self) else { return [] }
        return function.signature.parameterClause.parameters.compactMap { parameter in
            guard let type = OffMainUseFinder.typeName(parameter.type) else { return nil }
            return ((parameter.secondName ?? parameter.firstName).text, type)
        }
    }
}
