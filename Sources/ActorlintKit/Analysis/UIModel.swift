import SwiftSyntax

/// A class that SwiftUI observes: an `ObservableObject` or an `@Observable` class, and the
/// properties that publish its state.
struct UIModel {
    let decl: ClassDeclSyntax
    /// `@Published` properties, or for `@Observable` the stored `var`s not marked `@ObservationIgnored`.
    let stateProperties: [String: VariableDeclSyntax]
    let kind: String
    /// Extensions of the class in the same file.
    var extensions: [ExtensionDeclSyntax] = []

    /// Every stored instance `var` of the class, published or not.
    var storedProperties: Set<String> {
        Set(decl.memberBlock.variables.filter { $0.bindingSpecifier.tokenKind == .keyword(.var) && $0.isStored && !$0.isStatic }
            .flatMap(\.names))
    }

    /// A model when the class conforms to `ObservableObject` (itself, or through a superclass
    /// declared in the module) or is `@Observable`, and has state to publish.
    init?(_ decl: ClassDeclSyntax, index: ProjectIndex? = nil) {
        let inherited = decl.inheritanceClause?.inheritedTypes.map { ProjectIndex.baseName($0.type) } ?? []
        let attributes = decl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
        var state: [String: VariableDeclSyntax] = [:]
        if inherited.contains("ObservableObject") || index.flatMap({ Self.observableSuperclass(inherited.first, in: $0) }) != nil {
            let through = inherited.contains("ObservableObject") ? nil : index.flatMap { Self.observableSuperclass(inherited.first, in: $0) }
            kind = through.map { "an `ObservableObject` (through its superclass `\($0)`)" } ?? "an `ObservableObject`"
            for variable in decl.memberBlock.variables where variable.attributeNames.contains("Published") {
                for name in variable.names { state[name] = variable }
            }
        } else if attributes.contains("Observable") {
            kind = "an `@Observable` class"
            for variable in decl.memberBlock.variables
            where variable.bindingSpecifier.tokenKind == .keyword(.var) && variable.isStored
                && !variable.attributeNames.contains("ObservationIgnored") && !variable.isStatic {
                for name in variable.names { state[name] = variable }
            }
        } else {
            return nil
        }
        guard !state.isEmpty else { return nil }
        self.decl = decl
        self.stateProperties = state
    }

    /// The first class of the module up the superclass chain from `name` that conforms to
    /// `ObservableObject` in its declaration.
    private static func observableSuperclass(_ name: String?, in index: ProjectIndex) -> String? {
        var current = name
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted, let type = index.type(named: name), type.kind == .class {
            if type.inherited.contains("ObservableObject") { return name }
            current = type.inherited.first
        }
        return nil
    }

    /// The file's models, in source order, with their extensions in the file; found once per
    /// file for the rules that ask.
    static func all(in file: SourceFile, index: ProjectIndex) -> [UIModel] {
        file.memo("UIModel.all") {
            let extensions = file.shared(ExtensionDeclSyntax.self)
            return file.shared(ClassDeclSyntax.self).compactMap { decl in
                var model = UIModel(decl, index: index)
                model?.extensions = extensions.filter { ProjectIndex.baseName($0.extendedType) == decl.name.text }
                return model
            }
        }
    }

    /// A model's class says `ObservableObject` or `@Observable`, or inherits the conformance
    /// and declares `@Published` state.
    static let triggers = ["Observable", "Published"]
}

extension MemberBlockSyntax {
    var variables: [VariableDeclSyntax] { members.compactMap { $0.decl.as(VariableDeclSyntax.self) } }
}

extension VariableDeclSyntax {
    var attributeNames: [String] { attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText } }
    var names: [String] { bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }
    var isStatic: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) } }
    /// No getter/setter block other than observers.
    var isStored: Bool {
        bindings.allSatisfy { binding in
            guard let accessors = binding.accessorBlock?.accessors else { return true }
            guard let list = accessors.as(AccessorDeclListSyntax.self) else { return false }
            return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }
}
