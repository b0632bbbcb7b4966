import SwiftSyntax

/// Answers "where does this code run, and why?" for any node of one file, from the file's
/// tree, its module's settings and the module's project index. The order of the
/// checks follows the compiler: explicit attributes, then the enclosing declaration, then
/// inference (actor types, superclasses, conformances), then the module's default isolation.
public final class IsolationModel: @unchecked Sendable {
    public let file: SourceFile
    public let module: ModuleSettings
    public let index: ProjectIndex
    private var cache: [SyntaxIdentifier: IsolationResult] = [:]

    public init(file: SourceFile, module: ModuleSettings, index: ProjectIndex) {
        self.file = file
        self.module = module
        self.index = index
    }

    /// The isolation of the innermost executable context containing `node`.
    public func isolation(at node: some SyntaxProtocol) -> IsolationResult {
        isolation(of: ExecutionContext.innermost(containing: Syntax(node)))
    }

    public func isolation(of context: ExecutionContext) -> IsolationResult {
        guard let node = context.node else { return topLevel() }
        if let cached = cache[node.id] { return cached }
        let result: IsolationResult
        switch context.kind {
        case .closure: result = closure(node.as(ClosureExprSyntax.self)!)
        case .function:
            let function = node.as(FunctionDeclSyntax.self)!
            result = declaration(node, name: "`\(function.name.text)`", attributes: function.attributes, modifiers: function.modifiers,
                                 isAsync: function.signature.effectSpecifiers?.asyncSpecifier != nil,
                                 isolatedParameter: isolatedParameter(function.signature.parameterClause))
        case .initializer:
            let initializer = node.as(InitializerDeclSyntax.self)!
            result = declaration(node, name: "`init`", attributes: initializer.attributes, modifiers: initializer.modifiers,
                                 isAsync: initializer.signature.effectSpecifiers?.asyncSpecifier != nil,
                                 isolatedParameter: isolatedParameter(initializer.signature.parameterClause))
        case .deinitializer: result = deinitializer(node.as(DeinitializerDeclSyntax.self)!)
        case .subscript:
            let declaration = node.as(SubscriptDeclSyntax.self)!
            result = self.declaration(node, name: "subscript", attributes: declaration.attributes, modifiers: declaration.modifiers,
                                      isAsync: false, isolatedParameter: nil)
        case .accessor, .variableInitializer: result = property(context)
        case .typeDeclaration: result = typeDeclaration(node)
        case .topLevel: result = topLevel()
        }
        cache[node.id] = result
        return result
    }

    // MARK: Declarations

    func reason(_ message: String, at node: some SyntaxProtocol) -> IsolationReason {
        IsolationReason(message: message, path: file.path, line: file.line(of: node))
    }

    func explicit(_ attributes: AttributeListSyntax?, _ modifiers: DeclModifierListSyntax?) -> ExplicitIsolation? {
        ExplicitIsolation(attributes: attributes, modifiers: modifiers, globalActors: index.globalActors)
    }

    /// A nonisolated async function: the caller's actor under SE-0461, else the concurrent executor.
    func nonisolatedAsync(_ name: String, at node: some SyntaxProtocol, reasons: [IsolationReason] = []) -> IsolationResult {
        if module.nonisolatedNonsending {
            return IsolationResult(.caller, reasons: [reason(
                "\(name) is a nonisolated async function and module `\(module.name)` enables NonisolatedNonsendingByDefault: it runs on the caller's actor (SE-0461)", at: node)] + reasons)
        }
        return IsolationResult(.concurrent, reasons: [reason(
            "\(name) is a nonisolated async function: without NonisolatedNonsendingByDefault it leaves the caller's actor for the global concurrent executor (SE-0338)", at: node)] + reasons)
    }

    private func isolatedParameter(_ clause: FunctionParameterClauseSyntax) -> FunctionParameterSyntax? {
        clause.parameters.first { parameter in
            parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
                $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.isolated)
            } ?? false
        }
    }

    func global(_ name: String) -> Isolation { name == "MainActor" ? .mainActor : .globalActor(name) }

    /// Functions, initializers, subscripts and properties.
    private func declaration(_ node: Syntax, name: String, attributes: AttributeListSyntax?, modifiers: DeclModifierListSyntax?,
                             isAsync: Bool, isolatedParameter: FunctionParameterSyntax?) -> IsolationResult {
        switch explicit(attributes, modifiers) {
        case .globalActor(let actor)?:
            return IsolationResult(global(actor), reasons: [reason("\(name) is declared `@\(actor)`", at: node)])
        case .nonsending?:
            return IsolationResult(.caller, reasons: [reason("\(name) is declared `nonisolated(nonsending)`: it runs on the caller's actor (SE-0461)", at: node)])
        case .concurrent?:
            return IsolationResult(.concurrent, reasons: [reason("\(name) is declared `@concurrent`: it runs on the global concurrent executor (SE-0461)", at: node)])
        case .nonisolated?:
            if isAsync { return nonisolatedAsync(name, at: node, reasons: [reason("\(name) is declared `nonisolated`", at: node)]) }
            return IsolationResult(.nonisolated, reasons: [reason("\(name) is declared `nonisolated`", at: node)])
        case nil: break
        }
        if let parameter = isolatedParameter {
            let type = ProjectIndex.baseName(parameter.type.as(AttributedTypeSyntax.self)?.baseType ?? parameter.type)
            return IsolationResult(.actorInstance(type), reasons: [reason("\(name) has the `isolated` parameter `\(parameter.firstName.text)`", at: parameter)])
        }
        let isStatic = modifiers?.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) } ?? false
        // The program's entry point: swiftc runs `main()` of a `@main` type on the main actor.
        if isStatic, name == "`main`", case .type(let decl) = Enclosing(node),
           decl.asProtocol(WithAttributesSyntax.self)?.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "main" }) == true {
            return IsolationResult(.mainActor, reasons: [reason("`main` is the entry point of a `@main` type, which runs on the main actor", at: node)])
        }
        switch Enclosing(node) {
        case .local(let parent):
            var result = isolation(of: parent)
            result.reasons.insert(reason("\(name) is a local function: it has the isolation of the code around it", at: node), at: 0)
            return result
        case .type(let decl):
            if let inherited = member(of: decl, name: name, node: node, isStatic: isStatic) {
                if inherited.isolation == .nonisolated && isAsync { return nonisolatedAsync(name, at: node, reasons: inherited.reasons) }
                return inherited
            }
        case .file:
            if let result = moduleDefault(name, at: node) { return result }
        }
        if isAsync { return nonisolatedAsync(name, at: node) }
        return IsolationResult(.nonisolated, reasons: [reason("\(name) has no isolation of its own or from its context", at: node)])
    }

    /// The isolation a member gets from its type or extension; nil when it gets none.
    private func member(of decl: Syntax, name: String, node: Syntax, isStatic: Bool) -> IsolationResult? {
        let bareName = name.trimmingCharacters(in: ["`"]).split(separator: "(").first.map(String.init) ?? name
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            let typeName = ProjectIndex.baseName(extensionDecl.extendedType)
            let memberReason = reason("\(name) is declared in an extension of `\(typeName)`", at: node)
            // A witness to a global-actor protocol's requirement, in the extension that adds the
            // conformance, takes the protocol's actor even in a `nonisolated` extension; a
            // `nonisolated` type blocks this unless the module defaults to MainActor (swiftc 6.3).
            let extended = index.type(named: ProjectIndex.qualifiedName(extensionDecl.extendedType))
            if !(extended?.isNonisolated ?? false) || module.defaultIsolation == .mainActor,
               let witness = witnessIsolation(extensionDecl.inheritanceClause, requirement: bareName, at: Syntax(extensionDecl)) {
                return IsolationResult(witness.isolation, reasons: [memberReason] + witness.reasons)
            }
            switch explicit(extensionDecl.attributes, extensionDecl.modifiers) {
            case .globalActor(let actor)?:
                return IsolationResult(global(actor), reasons: [memberReason, reason("the extension is declared `@\(actor)`", at: extensionDecl)])
            case .nonisolated?:
                return IsolationResult(.nonisolated, reasons: [memberReason, reason("the extension is declared `nonisolated`", at: extensionDecl)])
            default: break
            }
            // The module default applies to the extension itself: an extension of a `nonisolated`
            // type, or of a type from another module, is main-actor code under default MainActor.
            let typeResult = extended.flatMap { typeIsolation($0) }
            if let type = extended, let amended = sendableMetatypeNonisolation(type) {
                return IsolationResult(.nonisolated, reasons: [memberReason] + amended.reasons)
            }
            if let type = extended, let typeResult, typeResult.isolation != .nonisolated {
                return memberIsolation(typeResult, type: type, memberReason: memberReason, isStatic: isStatic)
            }
            if let fallback = moduleDefault(name, at: node) {
                return IsolationResult(fallback.isolation, reasons: [memberReason] + fallback.reasons)
            }
            return typeResult.map { IsolationResult(.nonisolated, reasons: [memberReason] + $0.reasons) }
        }
        guard let type = TypeDeclaration(decl).flatMap({ $0.info(file: file, index: index) }) else { return nil }
        if type.kind == .protocol { return nil }
        let memberReason = reason("\(name) is a member of `\(type.name)`", at: node)
        if type.isNonisolated, module.defaultIsolation == .mainActor,
           let witness = witnessIsolation(TypeDeclaration(decl)?.inheritanceClause, requirement: bareName, at: decl) {
            return IsolationResult(witness.isolation, reasons: [memberReason] + witness.reasons)
        }
        return memberIsolation(typeIsolation(type), type: type, memberReason: memberReason, isStatic: isStatic)
    }

    /// The isolation of a member that implements a requirement of a global-actor protocol
    /// listed in `clause`.
    private func witnessIsolation(_ clause: InheritanceClauseSyntax?, requirement: String, at node: Syntax) -> IsolationResult? {
        for inherited in clause?.inheritedTypes ?? [] {
            let proto = ProjectIndex.baseName(inherited.type)
            if let actor = protocolActor(proto, requirement: requirement) {
                return IsolationResult(global(actor.name), reasons: [reason(
                    "it implements a requirement of `\(proto)`, which \(actor.source) declares `@\(actor.name)`, where the conformance is declared", at: node)])
            }
        }
        return nil
    }

    private func memberIsolation(_ typeResult: IsolationResult?, type: ProjectIndex.TypeInfo, memberReason: IsolationReason,
                                 isStatic: Bool) -> IsolationResult? {
        guard let typeResult else { return nil }
        if case .actorInstance = typeResult.isolation, isStatic {
            return IsolationResult(.nonisolated, reasons: [memberReason, IsolationReason(
                message: "static members of an actor are not isolated to an instance", path: type.path, line: type.line)])
        }
        if typeResult.isolation == .nonisolated { return IsolationResult(.nonisolated, reasons: [memberReason] + typeResult.reasons) }
        return IsolationResult(typeResult.isolation, reasons: [memberReason] + typeResult.reasons)
    }

    /// The isolation a type gets; nil when it has none (its members are nonisolated).
    func typeIsolation(_ type: ProjectIndex.TypeInfo, depth: Int = 0) -> IsolationResult? {
        func at(_ message: String) -> IsolationReason { IsolationReason(message: message, path: type.path, line: type.line) }
        if let actor = index.globalActor(of: type) {
            return IsolationResult(global(actor), reasons: [at("`\(type.name)` is declared `@\(actor)`")])
        }
        if type.isNonisolated {
            return IsolationResult(.nonisolated, reasons: [at("`\(type.name)` is declared `nonisolated` (SE-0449)")])
        }
        if type.kind == .actor {
            return IsolationResult(.actorInstance(type.name), reasons: [at("`\(type.name)` is an actor")])
        }
        guard depth < 16 else { return nil }
        for inherited in type.inherited {
            if type.kind == .class, let framework = Catalogue.mainActorClasses[inherited] {
                return IsolationResult(.mainActor, reasons: [at("`\(type.name)` inherits from `\(inherited)`, which \(framework) declares `@MainActor`")])
            }
            if type.kind == .class, let superclass = index.type(named: inherited), superclass.kind == .class,
               let result = typeIsolation(superclass, depth: depth + 1), result.isolation != .nonisolated {
                return IsolationResult(result.isolation, reasons: [at("`\(type.name)` inherits from `\(inherited)`")] + result.reasons)
            }
            if let actor = protocolActor(inherited, requirement: nil) {
                if inherited == "View", let evidence = module.mayBuildWithPreSwift6SDK {
                    // A library that older toolchains may still build: with their SDKs only `body` is main-actor.
                    return IsolationResult(.unknown("`\(type.name)` conforms to `View`, which SwiftUI declares `@MainActor` only since the iOS 18 / macOS 15 SDKs, and this library may be built with an older one (\(evidence))"), reasons: [
                        at("`\(type.name)` conforms to `View`: `@MainActor` \(Catalogue.viewSDKNote); \(module.name) is a library a Swift 5 compiler may build (\(evidence))"),
                    ])
                }
                let note = inherited == "View" ? " (\(Catalogue.viewSDKNote))" : ""
                return IsolationResult(global(actor.name), reasons: [at("`\(type.name)` conforms to `\(inherited)`, which \(actor.source) declares `@\(actor.name)`\(note)")])
            }
        }
        if module.languageMode < 6, let wrapper = type.mainActorPropertyWrapper {
            return IsolationResult(.mainActor, reasons: [at("in Swift 5 mode `\(type.name)` infers `@MainActor` from its `@\(wrapper)` property (removed in Swift 6 by SE-0401)")])
        }
        // Another module's default isolation is not ours to apply.
        if type.isForeign { return nil }
        // A nested type gets the module default only inside main-actor code (checked with swiftc).
        if let parent = type.parent, module.defaultIsolation == .mainActor,
           parentIsolation(parent, depth: depth)?.isolation != .mainActor {
            return nil
        }
        if let amended = sendableMetatypeNonisolation(type) { return amended }
        return moduleDefault("`\(type.name)`", path: type.path, line: type.line)
    }

    private func parentIsolation(_ parent: ProjectIndex.Parent, depth: Int) -> IsolationResult? {
        let parentType = index.type(named: parent.typeName)
        if parent.isExtension {
            if parent.isNonisolated { return nil }
            if let actor = parent.attributes.first(where: { index.globalActors.contains($0) }) {
                return IsolationResult(global(actor), reasons: [])
            }
            if let parentType, let result = typeIsolation(parentType, depth: depth + 1), result.isolation != .nonisolated { return result }
            return moduleDefault("extension of `\(parent.typeName)`", path: file.path, line: 1)
        }
        return parentType.flatMap { typeIsolation($0, depth: depth + 1) }
    }

    /// The global actor of a protocol, from the catalogue or the project (through refinements).
    /// With `requirement`, only when the protocol has a requirement of that name.
    private func protocolActor(_ name: String, requirement: String?, depth: Int = 0) -> (name: String, source: String)? {
        if let known = Catalogue.mainActorProtocols[name] {
            guard requirement.map({ known.requirements.contains($0) }) ?? true else { return nil }
            return ("MainActor", known.framework)
        }
        guard depth < 16, let type = index.type(named: name), type.kind == .protocol else { return nil }
        if requirement.map({ type.requirements.contains($0) }) ?? true, let actor = index.globalActor(of: type) {
            return (actor, "`\(type.name)`")
        }
        for parent in type.inherited {
            if let actor = protocolActor(parent, requirement: requirement, depth: depth + 1) { return actor }
        }
        return nil
    }

    private func moduleDefault(_ name: String, at node: some SyntaxProtocol) -> IsolationResult? {
        moduleDefault(name, path: file.path, line: file.line(of: node))
    }

    private func moduleDefault(_ name: String, path: String, line: Int) -> IsolationResult? {
        let origin = module.origins["defaultIsolation"]
        switch module.defaultIsolation {
        case .nonisolated: return nil
        case .mainActor:
            return IsolationResult(.mainActor, reasons: [
                IsolationReason(message: "\(name) has no explicit isolation", path: path, line: line),
                IsolationReason(message: "module `\(module.name)` sets default isolation MainActor (SE-0466)",
                                path: origin?.path ?? path, line: origin?.line ?? line),
            ])
        case .unknown(let why):
            return IsolationResult(.unknown("the default isolation of module `\(module.name)` is unknown: \(why)"), reasons: [
                IsolationReason(message: "module `\(module.name)` sets a default isolation actorlint could not resolve: \(why)",
                                path: origin?.path ?? path, line: origin?.line ?? line),
            ])
        }
    }

    private func deinitializer(_ node: DeinitializerDeclSyntax) -> IsolationResult {
        if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.isolated) }),
           case .type(let decl) = Enclosing(Syntax(node)), let inherited = member(of: decl, name: "`deinit`", node: Syntax(node), isStatic: false) {
            return inherited
        }
        return IsolationResult(.nonisolated, reasons: [reason("`deinit` is nonisolated unless declared `isolated deinit` (SE-0371): it runs wherever the last reference is released", at: node)])
    }

    private func property(_ context: ExecutionContext) -> IsolationResult {
        guard let node = context.node else { return topLevel() }
        var current = node.parent
        let isAsync = node.as(AccessorDeclSyntax.self)?.effectSpecifiers?.asyncSpecifier != nil
        if context.kind == .variableInitializer { current = node }
        while let candidate = current {
            if let variable = candidate.as(VariableDeclSyntax.self) {
                let name = "`\(variable.bindings.first?.pattern.trimmedText ?? "property")`"
                if context.kind == .variableInitializer, case .file = Enclosing(Syntax(variable)), file.hasTopLevelCode {
                    return topLevel()
                }
                if context.kind == .variableInitializer, case .type(let decl) = Enclosing(Syntax(variable)),
                   TypeDeclaration(decl)?.kind == .actor, explicit(variable.attributes, variable.modifiers) == nil {
                    return IsolationResult(.nonisolated, reasons: [reason("the initial value of \(name) in an actor is evaluated outside the actor's isolation", at: variable)])
                }
                return declaration(Syntax(variable), name: name, attributes: variable.attributes, modifiers: variable.modifiers,
                                   isAsync: isAsync, isolatedParameter: nil)
            }
            if let subscriptDecl = candidate.as(SubscriptDeclSyntax.self) {
                return declaration(Syntax(subscriptDecl), name: "subscript", attributes: subscriptDecl.attributes,
                                   modifiers: subscriptDecl.modifiers, isAsync: isAsync, isolatedParameter: nil)
            }
            current = candidate.parent
        }
        return topLevel()
    }

    private func typeDeclaration(_ node: Syntax) -> IsolationResult {
        if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
            let name = ProjectIndex.baseName(extensionDecl.extendedType)
            return index.type(named: ProjectIndex.qualifiedName(extensionDecl.extendedType)).flatMap { typeIsolation($0) }
                ?? IsolationResult(.nonisolated, reasons: [reason("extension of `\(name)`", at: node)])
        }
        guard let type = TypeDeclaration(node).flatMap({ $0.info(file: file, index: index) }) else { return topLevel() }
        return typeIsolation(type) ?? IsolationResult(.nonisolated, reasons: [reason("`\(type.name)` has no isolation", at: node)])
    }

    private func topLevel() -> IsolationResult {
        IsolationResult(.mainActor, reasons: [IsolationReason(message: "top-level code runs on the main actor", path: file.path, line: 1)])
    }
}

/// What a declaration is nested in.
enum Enclosing {
    case type(Syntax)
    case local(ExecutionContext)
    case file

    init(_ declaration: Syntax) {
        var current = declaration.parent
        while let node = current {
            if node.is(MemberBlockSyntax.self), let owner = node.parent {
                self = .type(owner)
                return
            }
            if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) || node.is(AccessorBlockSyntax.self) {
                self = .local(ExecutionContext.innermost(containing: node))
                return
            }
            current = node.parent
        }
        self = .file
    }
}

/// A type declaration's syntax, seen through the parts the isolation model needs.
struct TypeDeclaration {
    var name: String
    var kind: ProjectIndex.TypeInfo.Kind
    var node: Syntax

    var inheritanceClause: InheritanceClauseSyntax? {
        node.asProtocol(DeclGroupSyntax.self)?.inheritanceClause
    }

    init?(_ node: Syntax) {
        self.node = node
        if let decl = node.as(ClassDeclSyntax.self) { name = decl.name.text; kind = .class }
        else if let decl = node.as(StructDeclSyntax.self) { name = decl.name.text; kind = .struct }
        else if let decl = node.as(EnumDeclSyntax.self) { name = decl.name.text; kind = .enum }
        else if let decl = node.as(ActorDeclSyntax.self) { name = decl.name.text; kind = .actor }
        else if let decl = node.as(ProtocolDeclSyntax.self) { name = decl.name.text; kind = .protocol }
        else { return nil }
    }

    /// What the index holds for this very declaration; read from the syntax for a type the
    /// index does not hold (a local type) or holds another of that name (`A.State`, `B.State`:
    /// the index keeps the first).
    func info(file: SourceFile, index: ProjectIndex) -> ProjectIndex.TypeInfo? {
        if let known = index.type(named: name), known.path == file.path, known.line == file.line(of: node) { return known }
        return ProjectIndex.info(for: node, file: file)
    }
}

extension SourceFile {
    /// Whether the file has top-level statements (main.swift or a script): then its top-level
    /// code and variables run on the main actor.
    var hasTopLevelCode: Bool {
        path.hasSuffix("main.swift") || tree.statements.contains { !$0.item.is(DeclSyntax.self) }
    }
}
