import SwiftSyntax

/// What actorlint knows about the declarations of one module, across all its files: the types,
/// their attributes, superclasses and conformances, extensions, and user-declared global actors.
/// Built from the already-parsed trees (no second parse); extensions and types declared later
/// or in other files resolve because lookups happen after the whole module is indexed.
public final class ProjectIndex: @unchecked Sendable {
    public struct TypeInfo: Sendable, Hashable {
        public enum Kind: String, Sendable { case `class`, `struct`, `enum`, actor, `protocol` }
        public var kind: Kind
        public var name: String
        /// Attribute names as written (`MainActor`, `Observable`, `DatabaseActor`…).
        public var attributes: [String]
        /// `nonisolated struct Row` (SE-0449).
        public var isNonisolated: Bool
        /// Inherited types as written (superclass first for classes), generic arguments dropped.
        public var inherited: [String]
        /// For protocols: the names of their requirements.
        public var requirements: Set<String>
        /// A `@StateObject`/`@ObservedObject`… property: main-actor inference in Swift 5 mode only.
        public var mainActorPropertyWrapper: String?
        /// The type or extension this type is nested in, if any: under default isolation MainActor
        /// a nested type gets the default only when its parent is main-actor code.
        public var parent: Parent?
        public var path: String
        public var line: Int
    }

    public struct Parent: Sendable, Hashable {
        /// The enclosing type's name, or the extended type's name for an extension.
        public var typeName: String
        public var isExtension: Bool
        /// For an extension: its attribute names and whether it is declared `nonisolated`.
        public var attributes: [String]
        public var isNonisolated: Bool
    }

    public private(set) var types: [String: TypeInfo] = [:]
    /// Global actors declared in the module (`@globalActor actor Database`), plus MainActor.
    public private(set) var globalActors: Set<String> = ["MainActor"]
    /// Modules the module's files import (`SwiftUI`, `UIKit`…): settings rules tell UI code by it.
    public private(set) var imports: Set<String> = []

    public convenience init(files: [SourceFile] = []) {
        self.init(summaries: files.map(FileSummary.init))
    }

    /// The index of the files `summaries` describe, in the same order: for a name declared
    /// twice, the first declaration wins.
    public init(summaries: [FileSummary]) {
        for summary in summaries {
            for info in summary.types where types[info.name] == nil {
                // Keep the first declaration of a name; nested duplicates elsewhere are rare.
                types[info.name] = info
            }
            globalActors.formUnion(summary.globalActorNames)
            imports.formUnion(summary.imports)
        }
    }

    public static let empty = ProjectIndex()

    /// The global actor a type's own attributes name, if any.
    public func globalActor(of type: TypeInfo) -> String? {
        type.attributes.first { globalActors.contains($0) }
    }

    public func type(named name: String) -> TypeInfo? {
        types[name] ?? name.split(separator: ".").last.flatMap { types[String($0)] }
    }

    /// The base name of a type as written: `Foo` for `Foo<Bar>`, `Module.Foo`, `Foo?`.
    static func baseName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(attributed.baseType) }
        return type.trimmedDescription
    }

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
                for binding in variable.bindings { requirements.insert(binding.pattern.trimmedDescription) }
                for attribute in variable.attributes {
                    let attributeName = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? ""
                    if Catalogue.mainActorPropertyWrappers.contains(attributeName) { wrapper = wrapper ?? attributeName }
                }
            }
        }
        return TypeInfo(
            kind: kind, name: name.text,
            attributes: attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription },
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
                          attributes: extensionDecl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription },
                          isNonisolated: extensionDecl.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) })
        }
        return TypeDeclaration(owner).map { Parent(typeName: $0.name, isExtension: false, attributes: [], isNonisolated: false) }
    }

    final class Collector: SyntaxVisitor {
        let file: SourceFile
        var types: [TypeInfo] = []
        var globalActorNames: Set<String> = []
        var imports: Set<String> = []

        init(file: SourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        private func record(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
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
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { _ = record(node); return .skipChildren }
        // Function bodies and expressions hold no declarations that decide isolation elsewhere.
        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

/// An isolation written on a declaration: `@MainActor`, `@SomeGlobalActor`, `nonisolated`,
/// `nonisolated(nonsending)`, `@concurrent`.
enum ExplicitIsolation: Equatable {
    case globalActor(String)
    case nonisolated
    case nonsending
    case concurrent

    var globalActorName: String? {
        if case .globalActor(let name) = self { return name }
        return nil
    }

    init?(attributes: AttributeListSyntax?, modifiers: DeclModifierListSyntax?, globalActors: Set<String>) {
        for modifier in modifiers ?? [] where modifier.name.tokenKind == .keyword(.nonisolated) {
            self = modifier.detail?.detail.text == "nonsending" ? .nonsending : .nonisolated
            return
        }
        for element in attributes ?? [] {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            if name == "concurrent" { self = .concurrent; return }
            if globalActors.contains(name) { self = .globalActor(name); return }
        }
        return nil
    }
}
