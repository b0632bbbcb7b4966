import SwiftSyntax

/// What actorlint knows about the declarations of one module, across all its files: the types,
/// their attributes, superclasses and conformances, extensions, and user-declared global actors.
/// Built from each file's `FileSummary` (taken from its tree once, or from the cache), so the
/// trees need not be kept; extensions and types declared later or in other files resolve
/// because lookups happen after the whole module is indexed.
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
        /// Declared in another module of the run (see `ProjectIndex.link`).
        public var isForeign = false
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
    /// Those declared in this module's own files: what linking reads of a dependency, which may
    /// be linked itself at the same time (its `globalActors` then grows).
    private var declaredGlobalActors: Set<String> = ["MainActor"]
    /// Modules the module's files import (`SwiftUI`, `UIKit`…): settings rules tell UI code by it.
    public private(set) var imports: Set<String> = []
    /// Where a capitalized name (a type) is first used in code that is plainly off the main
    /// actor: `@concurrent` or `nonisolated` functions and the members of actors. A syntactic
    /// summary, so `nonisolated-model-type` can see uses in other files without their trees.
    public private(set) var offMainUses: [String: OffMainUse] = [:]

    /// Closure-typed parameters of the module's functions and initializers (and the stored
    /// closure properties behind memberwise initializers), by function name or type name: how
    /// the module's own APIs treat the closures passed to them.
    public private(set) var closureParameters: [String: [ClosureParameter]] = [:]

    public struct ClosureParameter: Sendable, Equatable {
        /// The argument label; nil for `_`.
        public var label: String?
        public var behaviour: Catalogue.ClosureBehaviour
        /// "`@Sendable`" or "`@MainActor`" or "non-`@Sendable`", for reasons.
        public var note: String
    }

    public struct OffMainUse: Sendable, Equatable {
        public var path: String
        public var line: Int
        /// "`decodePosts(from:)`"
        public var context: String
    }

    /// Which functions run in tasks that get cancelled (the cancellation rules). Resolved on
    /// first use from the files' contributions: this module's, and once linked, those of the
    /// modules that import it (only they can await its functions).
    private var cancellationReachBox: CancellationReach.LazyBox
    public var cancellationReach: CancellationReach { cancellationReachBox.value }
    /// This module's own files' contributions, whatever the reach was linked to.
    let cancellationContributions: [CancellationReach.FileContribution]

    public convenience init(files: [SourceFile] = []) {
        self.init(summaries: files.map(FileSummary.init))
    }

    /// The index of the files `summaries` describe, in the same order: for a name declared
    /// twice, the first declaration wins.
    public init(summaries: [FileSummary]) {
        var conflicting: Set<String> = []
        cancellationContributions = summaries.map(\.cancellation)
        cancellationReachBox = CancellationReach.LazyBox([cancellationContributions])
        for summary in summaries {
            for info in summary.types where types[info.name] == nil {
                // Keep the first declaration of a name; nested duplicates elsewhere are rare.
                types[info.name] = info
            }
            globalActors.formUnion(summary.globalActorNames)
            imports.formUnion(summary.imports)
            for (name, use) in summary.offMainUses where offMainUses[name] == nil { offMainUses[name] = use }
            for (name, parameters) in summary.closureParameters { closureParameters[name, default: []] += parameters }
            for (name, property) in summary.closureProperties {
                // Two declarations that disagree leave the name unknown.
                if let known = closureProperties[name], known.behaviour != property.behaviour { conflicting.insert(name) }
                closureProperties[name] = property
            }
            for name in conflicting { closureProperties[name] = nil }
        }
        declaredGlobalActors = globalActors
    }

    /// `base` with `file` read afresh in place of its earlier version (same path). The fixer
    /// needs it between passes: the module's index still describes the file as it was, so a
    /// class a fix just made `@MainActor` would look nonisolated and be fixed again.
    public init(updating base: ProjectIndex, with file: SourceFile) {
        let fresh = ProjectIndex(files: [file])
        types = base.types.filter { $0.value.path != file.path }
        for (name, info) in fresh.types where types[name] == nil { types[name] = info }
        globalActors = base.globalActors.union(fresh.globalActors)
        declaredGlobalActors = base.declaredGlobalActors.union(fresh.declaredGlobalActors)
        imports = base.imports.union(fresh.imports)
        offMainUses = base.offMainUses.filter { $0.value.path != file.path }
        for (name, use) in fresh.offMainUses where offMainUses[name] == nil { offMainUses[name] = use }
        closureParameters = base.closureParameters
        closureProperties = base.closureProperties
        // Which tasks get cancelled, and the sibling modules, do not change with one file's fix.
        cancellationContributions = base.cancellationContributions
        cancellationReachBox = base.cancellationReachBox
        dependencies = base.dependencies
    }

    public static let empty = ProjectIndex()

    /// The modules this one imports (directly or through another), in run order: consulted
    /// when a name is not declared here, so a superclass, protocol or view from a sibling
    /// package resolves. A type found there is marked `isForeign`: its module's default
    /// isolation is not this module's, so only what it declares counts.
    public private(set) var dependencies: [ProjectIndex] = []

    /// Links this module to the modules it imports, directly or not (`dependencies`, in run order).
    /// Reads only what the dependencies' own files declared, so they may be linked meanwhile.
    public func link(dependencies: [ProjectIndex]) {
        self.dependencies = dependencies.filter { $0 !== self }
        // `dependencies` is transitive: their own declarations are all there is to add.
        for dependency in self.dependencies { globalActors.formUnion(dependency.declaredGlobalActors) }
    }

    /// Resolves this module's cancellation reach from its own files and those of `importers`
    /// (the modules that import it, directly or not): a `.task` in an app can await a package's
    /// function, never the other way round.
    public func linkCancellationReach(importers: [ProjectIndex]) {
        cancellationReachBox = CancellationReach.LazyBox(
            [cancellationContributions] + importers.filter { $0 !== self }.map(\.cancellationContributions))
    }

    /// Links every index to all the others, as if each module imported every other one (for
    /// `explain` and surveys, which have no import graph of the run).
    public static func link(_ indexes: [ProjectIndex]) {
        guard indexes.count > 1 else { return }
        for index in indexes {
            index.link(dependencies: indexes)
            index.linkCancellationReach(importers: indexes)
        }
    }

    /// The global actor a type's own attributes name, if any.
    public func globalActor(of type: TypeInfo) -> String? {
        type.attributes.first { globalActors.contains($0) }
    }

    public func type(named name: String) -> TypeInfo? {
        if let local = ownType(named: name) { return local }
        guard !dependencies.isEmpty else { return nil }
        // As one merged index would answer: the whole name in any dependency first.
        let last = name.split(separator: ".").last.map(String.init)
        for candidate in [name, last] {
            guard let candidate else { continue }
            for dependency in dependencies {
                if var foreign = dependency.types[candidate] {
                    foreign.isForeign = true
                    return foreign
                }
            }
        }
        return nil
    }

    private func ownType(named name: String) -> TypeInfo? {
        types[name] ?? name.split(separator: ".").last.flatMap { types[String($0)] }
    }

    /// Stored properties of closure type, by property name: what a closure assigned to one gets.
    public private(set) var closureProperties: [String: ClosureParameter] = [:]

    /// The declared closure type of a property named `name`, when every declaration agrees.
    public func closureProperty(named name: String) -> ClosureParameter? {
        closureProperties[name] ?? dependencies.lazy.compactMap { $0.closureProperties[name] }.first
    }

    /// The closure parameters of the module's (or a sibling module's) functions named `name`.
    public func closureParameters(named name: String) -> [ClosureParameter]? {
        closureParameters[name] ?? dependencies.lazy.compactMap { $0.closureParameters[name] }.first
    }

    /// The base name of a type as written: `Foo` for `Foo<Bar>`, `Module.Foo`, `Foo?`.
    static func baseName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(attributed.baseType) }
        return type.trimmedText
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
                    closureProperties[name] = ClosureParameter(label: name, behaviour: behaviour.0, note: behaviour.1)
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
        func recordParameters(_ clause: FunctionParameterClauseSyntax, under name: String) {
            for parameter in clause.parameters {
                guard let behaviour = ClosureParameter.behaviour(of: parameter.type) else { continue }
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                closureParameters[name, default: []].append(ClosureParameter(label: label, behaviour: behaviour.0, note: behaviour.1))
            }
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            if let owner = node.nearest(MemberBlockSyntax.self)?.parent,
               let name = TypeDeclaration(owner)?.name ?? owner.as(ExtensionDeclSyntax.self).map({ ProjectIndex.baseName($0.extendedType) }) {
                recordParameters(node.signature.parameterClause, under: name)
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
                    closureParameters[node.name.text, default: []].append(ClosureParameter(label: name, behaviour: behaviour.0, note: behaviour.1))
                }
            }
            return record(node)
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            recordParameters(node.signature.parameterClause, under: node.name.text)
            let concurrent = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "concurrent" }
            let nonisolated = node.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) && $0.detail == nil }
            guard concurrent || nonisolated else { return .visitChildren }
            collectUses(in: node, context: "`\(node.name.text)`")
            return .skipChildren
        }

        /// Capitalized names used anywhere in `node`, recorded as used off the main actor.
        private func collectUses(in node: some SyntaxProtocol, context: String) {
            for token in node.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true,
                      offMainUses[name] == nil else { continue }
                offMainUses[name] = OffMainUse(path: file.path, line: file.line(of: token), context: context)
            }
        }
        // Function bodies and expressions hold no declarations that decide isolation elsewhere.
        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

extension ProjectIndex.ClosureParameter {
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
            let name = attribute.attributeName.trimmedText
            if name == "concurrent" { self = .concurrent; return }
            if globalActors.contains(name) { self = .globalActor(name); return }
        }
        return nil
    }
}
