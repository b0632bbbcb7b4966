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
    /// isolation, closure), which is all a question about isolation needs.
    final class TypeUseCollector: SyntaxVisitor {
        private(set) var uses: [String: [TypeUse]] = [:]
        private struct Key: Hashable {
            var name: String
            var use: TypeUse
        }
        private var seen: Set<Key> = []
        private var owners: [(name: String, declared: String?)] = []
        private var members: [(declared: String?, observed: Bool)] = []
        private var closures: [TypeUse.Closure] = []
        /// Depth of code blocks inside the innermost member: declarations there are locals.
        private var bodies: [Int] = [0]

        init() {
            super.init(viewMode: .sourceAccurate)
        }

        private func declared(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax?) -> String? {
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

        private var inLocalScope: Bool { (bodies.last ?? 0) > 0 }

        private func enterType(_ name: String, declared: String?) -> SyntaxVisitorContinueKind {
            guard !inLocalScope else { return .skipChildren }
            owners.append((name, declared))
            return .visitChildren
        }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, declared: nil) }
        override func visitPost(_ node: ClassDeclSyntax) { if !inLocalScope { owners.removeLast() } }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, declared: nil) }
        override func visitPost(_ node: StructDeclSyntax) { if !inLocalScope { owners.removeLast() } }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, declared: nil) }
        override func visitPost(_ node: EnumDeclSyntax) { if !inLocalScope { owners.removeLast() } }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, declared: nil) }
        override func visitPost(_ node: ActorDeclSyntax) { if !inLocalScope { owners.removeLast() } }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            enterType(ProjectIndex.baseName(node.extendedType), declared: declared(node.attributes, node.modifiers))
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { if !inLocalScope { owners.removeLast() } }

        private func enterMember(_ name: String, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax?,
                                 isProperty: Bool = false) {
            guard !inLocalScope else { return }
            let observed = isProperty && attributes.contains {
                $0.as(AttributeSyntax.self).map { ProjectIndex.observingWrappers.contains($0.attributeName.trimmedText) } ?? false
            }
            members.append((declared(attributes, modifiers) ?? owners.last?.declared, observed))
            bodies.append(0)
        }
        private func leaveMember() {
            guard bodies.count > 1, bodies.last == 0 else { return }
            members.removeLast()
            bodies.removeLast()
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            enterMember(node.name.text, node.attributes, node.modifiers)
            return .visitChildren
        }
        override func visitPost(_ node: FunctionDeclSyntax) { leaveMember() }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            enterMember("init", node.attributes, node.modifiers)
            return .visitChildren
        }
        override func visitPost(_ node: InitializerDeclSyntax) { leaveMember() }
        override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            enterMember("deinit", node.attributes, node.modifiers)
            return .visitChildren
        }
        override func visitPost(_ node: DeinitializerDeclSyntax) { leaveMember() }
        override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
            enterMember("subscript", node.attributes, node.modifiers)
            return .visitChildren
        }
        override func visitPost(_ node: SubscriptDeclSyntax) { leaveMember() }
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            enterMember(node.names.first ?? "property", node.attributes, node.modifiers, isProperty: true)
            return .visitChildren
        }
        override func visitPost(_ node: VariableDeclSyntax) { leaveMember() }

        // Code blocks and closures inside a member: declarations there are locals of the member.
        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
            bodies[bodies.count - 1] += 1
            return .visitChildren
        }
        override func visitPost(_ node: CodeBlockSyntax) { bodies[bodies.count - 1] -= 1 }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
            bodies[bodies.count - 1] += 1
            return .visitChildren
        }
        override func visitPost(_ node: AccessorBlockSyntax) { bodies[bodies.count - 1] -= 1 }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            bodies[bodies.count - 1] += 1
            closures.append(Self.kind(of: node))
            return .visitChildren
        }
        override func visitPost(_ node: ClosureExprSyntax) {
            bodies[bodies.count - 1] -= 1
            closures.removeLast()
        }

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

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            record(node.baseName)
            return .visitChildren
        }
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            record(node.name)
            return .visitChildren
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

        private func record(_ token: TokenSyntax) {
            guard let member = members.last, case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true,
                  !Self.sdkNames.contains(name) else { return }
            // The innermost closure that says where it runs decides.
            let closure = closures.last(where: { $0 != .inherits }) ?? .inherits
            let owner = owners.last?.name
            let use = TypeUse(owner: owner, declared: member.declared, closure: closure, observed: member.observed)
            guard seen.insert(Key(name: name, use: use)).inserted else { return }
            uses[name, default: []].append(use)
        }
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
