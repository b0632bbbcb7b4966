import SwiftSyntax

// What the index takes from one file's tree: its type declarations, closure-typed parameters
// and properties, imports and off-main uses (`FileSummary`).

extension ProjectIndex {
    /// Index information for one type declaration node.
    static func info(for node: Syntax, file: SourceFile) -> TypeInfo? {
        let kind: TypeInfo.Kind
        let name: TokenSyntax
        let attributes: AttributeListSyntax
        let modifiers: DeclModifierListSyntax
        let inheritance: InheritanceClauseSyntax?
        let members: MemberBlockSyntax
        if let decl = node.as(ClassDeclSyntax.self) {
            (kind, name, attributes, modifiers, inheritance, members) = (.class, decl.name, decl.attributes, decl.modifiers, decl.inheritanceClause, decl.memberBlock)
        } else if let decl = node.as(StructDeclSyntax.self) {
            (kind, name, attributes, modifiers, inheritance, members) = (.struct, decl.name, decl.attributes, decl.modifiers, decl.inheritanceClause, decl.memberBlock)
        } else if let decl = node.as(EnumDeclSyntax.self) {
            (kind, name, attributes, modifiers, inheritance, members) = (.enum, decl.name, decl.attributes, decl.modifiers, decl.inheritanceClause, decl.memberBlock)
        } else if let decl = node.as(ActorDeclSyntax.self) {
            (kind, name, attributes, modifiers, inheritance, members) = (.actor, decl.name, decl.attributes, decl.modifiers, decl.inheritanceClause, decl.memberBlock)
        } else if let decl = node.as(ProtocolDeclSyntax.self) {
            (kind, name, attributes, modifiers, inheritance, members) = (.protocol, decl.name, decl.attributes, decl.modifiers, decl.inheritanceClause, decl.memberBlock)
        } else {
            return nil
        }
        var requirements: Set<String> = []
        var wrapper: String?
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) { requirements.insert(function.name.text) }
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings { requirements.insert(binding.pattern.trimmedText) }
                for attribute in variable.attributes {
                    let attributeName = attribute.as(AttributeSyntax.self)?.attributeName.trimmedText ?? ""
                    if Catalogue.mainActorPropertyWrappers.contains(attributeName) { wrapper = wrapper ?? attributeName }
                }
            }
        }
        return TypeInfo(
            kind: kind, name: name.text,
            attributes: attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText },
            isNonisolated: modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) },
            inherited: inheritance?.inheritedTypes.map { baseName($0.type) } ?? [],
            requirements: kind == .protocol ? requirements : [],
            mainActorPropertyWrapper: wrapper, parent: parent(of: node),
            path: file.path, line: file.line(of: node))
    }

    private static func parent(of node: Syntax) -> Parent? {
        var current = node.parent
        while let candidate = current, !candidate.is(MemberBlockSyntax.self) {
            if candidate.is(CodeBlockSyntax.self) || candidate.is(SourceFileSyntax.self) { return nil }
            current = candidate.parent
        }
        guard let owner = current?.parent else { return nil }
        if let extensionDecl = owner.as(ExtensionDeclSyntax.self) {
            return Parent(typeName: baseName(extensionDecl.extendedType), isExtension: true,
                          attributes: extensionDecl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText },
                          isNonisolated: extensionDecl.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) })
        }
        return TypeDeclaration(owner).map { Parent(typeName: $0.name, isExtension: false, attributes: [], isNonisolated: false) }
    }

    /// What `FileSummary` takes from one file's tree.
    final class Collector: SyntaxVisitor {
        let file: SourceFile
        var types: [TypeInfo] = []
        var globalActorNames: Set<String> = []
        var imports: Set<String> = []
        var offMainUses: [String: OffMainUse] = [:]
        var closureParameters: [String: [ClosureParameter]] = [:]
        var closureProperties: [String: ClosureParameter] = [:]

        init(file: SourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        /// Stored closure-typed properties of a type: `var onChange: ((Int) -> Void)?`.
        func recordClosureProperties(_ members: MemberBlockSyntax) {
            for variable in members.members.compactMap({ $0.decl.as(VariableDeclSyntax.self) }) {
                for binding in variable.bindings {
                    guard let type = binding.typeAnnotation?.type, let behaviour = ClosureParameter.behaviour(of: type),
                          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    closureProperties[name] = ClosureParameter(label: name, behaviour: behaviour.0, note: behaviour.1, isEscaping: true)
                }
            }
        }

        private func record(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            if let group = node.asProtocol(DeclGroupSyntax.self) { recordClosureProperties(group.memberBlock) }
            if let info = ProjectIndex.info(for: Syntax(node), file: file) {
                types.append(info)
                if info.attributes.contains("globalActor") { globalActorNames.insert(info.name) }
            }
            return .visitChildren
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            if let module = node.path.first?.name.text { imports.insert(module) }
            return .skipChildren
        }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            // An actor's members run on the actor, never on the main actor.
            collectUses(in: node.memberBlock, context: "actor `\(node.name.text)`")
            return record(node)
        }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { _ = record(node); return .skipChildren }
        func recordParameters(_ clause: FunctionParameterClauseSyntax, under name: String, body: CodeBlockSyntax?) {
            for parameter in clause.parameters {
                guard let behaviour = ClosureParameter.behaviour(of: parameter.type) else { continue }
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                let escaping = ClosureParameter.isEscaping(parameter.type)
                let use: ClosureUse = escaping ? body.map { ClosureUse.of(parameter.internalName, in: $0) } ?? .kept : .called
                closureParameters[name, default: []].append(ClosureParameter(
                    label: label, behaviour: behaviour.0, note: behaviour.1, isEscaping: escaping, use: use))
            }
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            if let owner = node.nearest(MemberBlockSyntax.self)?.parent,
               let name = TypeDeclaration(owner)?.name ?? owner.as(ExtensionDeclSyntax.self).map({ ProjectIndex.baseName($0.extendedType) }) {
                recordParameters(node.signature.parameterClause, under: name, body: node.body)
            }
            return .skipChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            // Stored closure properties become parameters of the memberwise initializer.
            for variable in node.memberBlock.members.compactMap({ $0.decl.as(VariableDeclSyntax.self) }) {
                // `@ViewBuilder let content: Content` takes a builder closure, run synchronously.
                let builder = variable.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "ViewBuilder" }
                for binding in variable.bindings where binding.accessorBlock == nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if builder {
                        closureParameters[node.name.text, default: []].append(ClosureParameter(
                            label: name, behaviour: .inherits, note: "its `@ViewBuilder` property takes a closure that builds the view in place"))
                        continue
                    }
                    guard let type = binding.typeAnnotation?.type, let behaviour = ClosureParameter.behaviour(of: type) else { continue }
                    closureParameters[node.name.text, default: []].append(ClosureParameter(
                        label: name, behaviour: behaviour.0, note: behaviour.1, isEscaping: true))
                }
            }
            return record(node)
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            recordParameters(node.signature.parameterClause, under: node.name.text, body: node.body)
            let concurrent = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "concurrent" }
            let nonisolated = node.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) && $0.detail == nil }
            guard concurrent || nonisolated else { return .visitChildren }
            collectUses(in: node, context: "`\(node.name.text)`")
            return .skipChildren
        }

        /// The types whose members `node` uses (`OffMainUseFinder`), recorded as used off the
        /// main actor.
        private func collectUses(in node: some SyntaxProtocol, context: String) {
            for (name, line) in OffMainUseFinder.uses(in: node, file: file) where offMainUses[name] == nil {
                offMainUses[name] = OffMainUse(path: file.path, line: line, context: context)
            }
        }
        // Function bodies and expressions hold no declarations that decide isolation elsewhere.
        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

extension ProjectIndex.ClosureParameter {
    /// `@escaping` or optional: a closure the callee may keep and call after it returns.
    static func isEscaping(_ type: TypeSyntax) -> Bool {
        var base = type
        while let attributed = base.as(AttributedTypeSyntax.self) {
            if attributed.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "escaping" }) { return true }
            base = attributed.baseType
        }
        return base.is(OptionalTypeSyntax.self) || base.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }

    /// How a parameter of this type treats its closure, or nil when it is not a closure.
    static func behaviour(of type: TypeSyntax) -> (Catalogue.ClosureBehaviour, String)? {
        var base = type
        var attributes: [String] = []
        var specifiers: [String] = []
        while true {
            if let attributed = base.as(AttributedTypeSyntax.self) {
                attributes += attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
                specifiers += attributed.specifiers.map(\.trimmedText)
                base = attributed.baseType
            } else if let optional = base.as(OptionalTypeSyntax.self) {
                base = optional.wrappedType
            } else if let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                base = only.type
            } else {
                break
            }
        }
        guard base.is(FunctionTypeSyntax.self) else { return nil }
        if attributes.contains("MainActor") { return (.mainActor, "its closure parameter is `@MainActor`") }
        if attributes.contains("Sendable") || specifiers.contains("sending") {
            return (.nonisolated, "its closure parameter is `@Sendable`, so the closure does not inherit the caller's isolation")
        }
        return (.inherits, "its closure parameter is not `@Sendable`, so the closure keeps the isolation of the code that forms it")
    }
}
