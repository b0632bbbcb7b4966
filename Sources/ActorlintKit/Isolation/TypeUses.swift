import SwiftSyntax

// Where a module's code names a type, and what decides the isolation of that code: rules ask
// whether a type is used outside main-actor code anywhere in the module (making it `@MainActor`
// would then turn those uses into compile errors). Collected per file without the index (the
// isolation of the code around a use depends on declarations in other files), resolved with it.

extension ProjectIndex {
    /// A kind of place where a type's name appears inside a member (its signature, body or
    /// type). No line is kept: the table changes only when a new kind of context uses a type.
    public struct TypeUse: Sendable, Hashable {
        /// What a closure around the use says about where it runs.
        public enum Closure: UInt8, Sendable {
            /// No closure, or closures that keep the isolation of the code around them.
            case inherits
            /// `@MainActor`, `MainActor.run`, `DispatchQueue.main.async`, `Task { @MainActor in }`.
            case mainActor
            /// `@Sendable` or detached: `Task.detached`, `DispatchQueue.global().async`, observers.
            case offMain
        }
        /// The type, or the extended type, whose member holds the use; nil for a global.
        public var owner: String?
        /// The member's own `@GlobalActor` attribute name, or `nonisolated`/`concurrent`; else
        /// an extension's global actor; nil when the member declares nothing.
        public var declared: String?
        public var closure: Closure
        /// The use is the type of a property that a SwiftUI view observes (`@StateObject`,
        /// `@ObservedObject`, `@EnvironmentObject`, `@State`, `@Bindable`, `@Environment`).
        public var observed = false
    }

    /// Property wrappers through which a SwiftUI view observes a model.
    static let observingWrappers: Set<String> = [
        "StateObject", "ObservedObject", "EnvironmentObject", "State", "Bindable", "Environment",
    ]

    /// The uses of each name in one file: the first of each kind of context (owner, declared
    /// isolation, closure), which is all a question about isolation needs. A scan of the
    /// file's tokens, not a walk of every node: only a capitalized name asks for its context.
    enum TypeUseCollector {
        static func uses(in tree: some SyntaxProtocol) -> [String: [TypeUse]] {
            var scan = Scan()
            for token in tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true,
                      let parent = token.parent, parent.is(DeclReferenceExprSyntax.self) || parent.is(IdentifierTypeSyntax.self),
                      !sdkNames.contains(name), let use = scan.context(of: parent),
                      scan.seen.insert(Key(name: name, use: use)).inserted else { continue }
                scan.uses[name, default: []].append(use)
            }
            return scan.uses
        }

        private struct Key: Hashable {
            var name: String
            var use: TypeUse
        }

        /// One file's scan: the contexts of closures and members are computed once each.
        private struct Scan {
            var uses: [String: [TypeUse]] = [:]
            var seen: Set<Key> = []
            private var contexts: [SyntaxIdentifier: TypeUse?] = [:]

            /// The context of a use: the innermost closure that says where it runs, the member
            /// it is in (a declaration directly in a type or the file), and the type around
            /// that. nil outside any member (an inheritance clause, top-level statements) and in
            /// a local type.
            mutating func context(of node: Syntax) -> TypeUse? {
                var current = node.parent
                while let candidate = current {
                    if candidate.is(ClosureExprSyntax.self) || Self.isMember(candidate) { return context(at: candidate) }
                    if Self.endsSearch(candidate) { return nil }
                    current = candidate.parent
                }
                return nil
            }

            /// The context of a closure or a member node, memoized.
            private mutating func context(at node: Syntax) -> TypeUse? {
                if let known = contexts[node.id] { return known }
                let result: TypeUse?
                if let closure = node.as(ClosureExprSyntax.self) {
                    let kind = TypeUseCollector.kind(of: closure)
                    var outer = context(of: node)
                    if kind != .inherits { outer?.closure = kind }
                    result = outer
                } else {
                    result = memberContext(node)
                }
                contexts[node.id] = result
                return result
            }

            /// A member's owner and declared isolation: the type or extension whose member block
            /// holds it, or the file; nil for a member of a local type.
            private func memberContext(_ member: Syntax) -> TypeUse? {
                var current = member.parent
                while let candidate = current {
                    switch candidate.kind {
                    case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl:
                        guard let group = candidate.asProtocol((any DeclGroupSyntax).self) else { return nil }
                        let extensionDecl = candidate.as(ExtensionDeclSyntax.self)
                        let owner = extensionDecl.map { ProjectIndex.baseName($0.extendedType) } ?? group.typeName
                        let extensionActor = extensionDecl.flatMap { declared($0.attributes, $0.modifiers) }
                        return use(member, owner: owner, ownerDeclared: extensionActor, closure: .inherits)
                    case .sourceFile:
                        return use(member, owner: nil, ownerDeclared: nil, closure: .inherits)
                    case .protocolDecl, .codeBlock, .closureExpr, .accessorBlock:
                        return nil
                    default:
                        current = candidate.parent
                    }
                }
                return nil
            }

            /// A declaration directly in a type's member block or at file scope.
            static func isMember(_ node: Syntax) -> Bool {
                switch node.kind {
                case .functionDecl, .initializerDecl, .deinitializerDecl, .subscriptDecl, .variableDecl:
                    return node.parent?.is(MemberBlockItemSyntax.self) == true || node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
                default:
                    return false
                }
            }

            /// Where a use has no member around it.
            static func endsSearch(_ node: Syntax) -> Bool {
                switch node.kind {
                case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl, .sourceFile: true
                default: false
                }
            }
        }

        fileprivate static func use(_ member: Syntax, owner: String?, ownerDeclared: String?, closure: TypeUse.Closure) -> TypeUse {
            let decl = member.asProtocol((any WithAttributesSyntax).self)
            let modifiers = member.asProtocol((any WithModifiersSyntax).self)?.modifiers
            let attributes = decl?.attributes ?? AttributeListSyntax([])
            let observed = member.is(VariableDeclSyntax.self) && attributes.contains {
                $0.as(AttributeSyntax.self).map { ProjectIndex.observingWrappers.contains($0.attributeName.trimmedText) } ?? false
            }
            return TypeUse(owner: owner, declared: declared(attributes, modifiers) ?? ownerDeclared, closure: closure, observed: observed)
        }

        fileprivate static func declared(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax?) -> String? {
            if modifiers?.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) && $0.detail == nil }) == true { return "nonisolated" }
            let names = attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
            if names.contains("concurrent") { return "concurrent" }
            return names.first { $0.first?.isUppercase == true && !Self.notActors.contains($0) }
        }

        /// Attributes that name no global actor.
        static let notActors: Set<String> = [
            "Published", "State", "Binding", "ObservedObject", "StateObject", "EnvironmentObject", "Environment",
            "ViewBuilder", "MainActorUnsafe", "Sendable", "AppStorage", "SceneStorage", "FocusState", "Namespace",
            "ObservationIgnored", "Observable", "IBOutlet", "IBAction", "IBInspectable", "NSManaged", "NSCopying",
            "GestureState", "ToolbarContentBuilder", "SceneBuilder", "CommandsBuilder", "ResultBuilder",
        ]

        /// What the API a closure is passed to, or its own attributes, say about where it runs.
        static func kind(of closure: ClosureExprSyntax) -> TypeUse.Closure {
            let attributes = closure.signature?.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText } ?? []
            if attributes.contains("MainActor") { return .mainActor }
            guard let (call, _) = closure.invocation else { return .inherits }
            switch IsolationModel.behaviour(of: call, callee: call.calleeText)?.kind {
            case .mainActor?: return .mainActor
            case .nonisolated?: return .offMain
            default: return .inherits
            }
        }

        /// Types of the standard library and the SDKs that every file names: never a class of the
        /// module, so not worth a place in each file's summary.
        static let sdkNames: Set<String> = {
            var names: Set<String> = [
                "String", "Int", "Double", "Float", "Bool", "Character", "Array", "Dictionary", "Set", "Optional",
                "Result", "Error", "Void", "Never", "Any", "AnyObject", "Self", "Int64", "Int32", "UInt", "UInt8",
                "Data", "Date", "URL", "UUID", "Task", "TaskGroup", "MainActor", "DispatchQueue", "NotificationCenter",
                "Notification", "UserDefaults", "Bundle", "FileManager", "JSONDecoder", "JSONEncoder", "Timer", "RunLoop",
                "OperationQueue", "URLSession", "URLRequest", "IndexPath", "NSNumber", "NSString", "NSObject",
                "TimeInterval", "Locale", "Calendar", "DateFormatter", "CGFloat", "CGRect", "CGSize", "CGPoint",
                "AnyCancellable", "AnyPublisher", "PassthroughSubject", "CurrentValueSubject", "Published", "Binding",
                "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Text", "Image", "Color",
                "Font", "Spacer", "Divider", "EmptyView", "AnyView", "UIColor", "UIImage", "UIFont", "NSColor", "NSImage",
                "NSFont", "Logger",
            ]
            names.formUnion(Catalogue.swiftUIBuilders)
            names.formUnion(Catalogue.mainActorClasses.keys)
            return names
        }()

    }
}

extension ProjectIndex {
    /// Classes whose uses the index keeps: those that may be UI models (`@Observable`, or with a
    /// superclass or conformances); a class without either cannot be one.
    static func keepsUses(of type: TypeInfo) -> Bool {
        type.kind == .class && (!type.inherited.isEmpty || type.attributes.contains("Observable"))
    }

    /// Identifies the uses of the classes declared in the file at `path`: what the file's
    /// findings read of the table besides the module's declarations, so that a new use of a
    /// class changes the findings key of the file that declares it, not of the whole module.
    func typeUsesDigest(forFile path: String) -> Digest {
        let names = memo("typeUses.byFile") { () -> [String: [String]] in
            var byFile: [String: [String]] = [:]
            for (name, type) in types where typeUses[name] != nil { byFile[type.path, default: []].append(name) }
            return byFile.mapValues { $0.sorted() }
        }[path] ?? []
        guard !names.isEmpty else { return .zero }
        var writer = ByteWriter()
        for name in names {
            writer.write(name)
            FileSummary.encode(uses: typeUses[name] ?? [], to: &writer)
        }
        return writer.bytes.withUnsafeBytes { StableHasher.digest($0) }
    }
}

extension IsolationModel {
    /// Whether the code at `use` is main-actor code, as far as the index tells; nil when it
    /// cannot tell (a member of a type it does not know).
    func isMainActor(_ use: ProjectIndex.TypeUse) -> Bool? {
        switch use.closure {
        case .mainActor: return true
        case .offMain: return false
        case .inherits: break
        }
        if let declared = use.declared {
            if declared == "MainActor" { return true }
            if declared == "nonisolated" || declared == "concurrent" || index.globalActors.contains(declared) { return false }
        }
        guard let owner = use.owner else { return module.defaultIsolation == .mainActor }
        if let type = index.type(named: owner) {
            return typeIsolation(type)?.isolation == .mainActor
        }
        return Catalogue.mainActorClasses[owner] != nil ? true : nil
    }
}
