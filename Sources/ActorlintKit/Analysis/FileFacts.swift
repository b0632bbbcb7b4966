import SwiftSyntax

/// What the capture, task and cancellation analyses look up across a file, gathered in one walk: type declarations and
/// extensions by type name, and functions by name.
struct FileFacts {
    let groups: [String: [any DeclGroupSyntax]]
    let functions: [String: [FunctionDeclSyntax]]

    /// Several rules and the cancellation reach ask for the same facts: gathered once per file,
    /// from the shared walk.
    init(_ file: SourceFile) {
        self = file.memo("FileFacts") { FileFacts(nodes: file.sharedNodes) }
    }

    private init(nodes: [Syntax]) {
        var groups: [String: [any DeclGroupSyntax]] = [:]
        var functions: [String: [FunctionDeclSyntax]] = [:]
        // Only declarations: the shared list also holds calls and closures, and the protocol
        // cast below is costly.
        for node in nodes {
            switch node.kind {
            case .functionDecl, .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: break
            default: continue
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                functions[function.name.text, default: []].append(function)
            } else if let group = node.asProtocol((any DeclGroupSyntax).self) {
                groups[group.qualifiedTypeName, default: []].append(group)
            }
        }
        self.groups = groups
        self.functions = functions
    }
}

/// The type a piece of code belongs to, with its extensions in the same file.
struct OwnerType {
    enum Kind { case `class`, actor, `struct`, `enum`, unknown }
    let name: String
    let kind: Kind
    let declarations: [any DeclGroupSyntax]

    /// Properties and methods declared in the type or its extensions: what a bare identifier in
    /// its code may implicitly reach through `self`.
    let memberNames: Set<String>
    /// Properties declared with `var`/`let` directly in the type or its extensions.
    let storedPropertyNames: Set<String>

    init?(enclosing node: some SyntaxProtocol, _ facts: FileFacts) {
        guard let group = node.nearest(orSelf: true, where: { $0.isProtocol((any DeclGroupSyntax).self) })?
            .asProtocol((any DeclGroupSyntax).self) else { return nil }
        // `class ViewModel` in `extension HistoryView` and `extension HistoryView.ViewModel` are
        // one type, and not the `ViewModel` of another view in the same file.
        let qualified = group.qualifiedTypeName
        let all = facts.groups[qualified] ?? [group]
        self.name = qualified.split(separator: ".").last.map(String.init) ?? qualified
        self.declarations = all
        let kinds: [Kind] = all.compactMap { declaration in
            if declaration.is(ClassDeclSyntax.self) { return .class }
            if declaration.is(ActorDeclSyntax.self) { return .actor }
            if declaration.is(StructDeclSyntax.self) { return .struct }
            if declaration.is(EnumDeclSyntax.self) { return .enum }
            return nil
        }
        self.kind = kinds.first ?? .unknown
        let members = all.flatMap { Array($0.memberBlock.members) }
        let properties = Set(members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
            .compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
        self.storedPropertyNames = properties
        self.memberNames = properties.union(members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
    }

    var isReferenceType: Bool { kind == .class || kind == .actor }

    /// What makes a closure in this type hold `self`: `self`/`super`, nested closures
    /// capturing `self`, and bare names of the type's members (implicit `self`).
    func strongSelfUses(in closure: ClosureExprSyntax) -> [Syntax] {
        let locals = LocalNames(around: closure)
        let references = locals.selfReferences(in: closure.statements).filter { reference in
            if reference.isExplicitSelf { return true }
            guard let name = reference.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            return memberNames.contains(name.replacingBackticks.replacingOccurrences(of: "$", with: ""))
        }
        let captures = collect(ClosureCaptureSyntax.self, in: closure.statements, within: .everything).filter(\.isSelf).map(Syntax.init)
        return references + captures
    }

    /// Conforms to SwiftUI's `View` (or `ViewModifier`) in any of its declarations.
    var isSwiftUIView: Bool {
        declarations.contains { declaration in
            declaration.inheritanceClause?.inheritedTypes.contains {
                ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"].contains($0.type.trimmedText)
            } ?? false
        }
    }
}

extension DeclGroupSyntax {
    var typeName: String {
        if let named = self.asProtocol((any NamedDeclSyntax).self) { return named.name.text }
        if let extensionDecl = self.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.trimmedText }
        return ""
    }

    /// The name with the types it is nested in: `HistoryView.ViewModel` for `class ViewModel`
    /// inside `extension HistoryView` (or `struct HistoryView`), and for `extension HistoryView.ViewModel`.
    var qualifiedTypeName: String {
        var parts = [typeName]
        var current = Syntax(self).parent
        while let node = current {
            if let group = node.asProtocol((any DeclGroupSyntax).self) { parts.insert(group.typeName, at: 0) }
            current = node.parent
        }
        return parts.joined(separator: ".")
    }
}
