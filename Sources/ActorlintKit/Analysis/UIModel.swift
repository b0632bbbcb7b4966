import SwiftSyntax

/// A class that SwiftUI observes: an `ObservableObject` or an `@Observable` class, and the
/// properties that publish its state.
struct UIModel {
    let decl: ClassDeclSyntax
    /// `@Published` properties, or for `@Observable` the stored `var`s not marked `@ObservationIgnored`.
    let stateProperties: [String: VariableDeclSyntax]
    let kind: String

    init?(_ decl: ClassDeclSyntax) {
        let inherited = decl.inheritanceClause?.inheritedTypes.map { ProjectIndex.baseName($0.type) } ?? []
        let attributes = decl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
        var state: [String: VariableDeclSyntax] = [:]
        if inherited.contains("ObservableObject") {
            kind = "an `ObservableObject`"
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

    /// The file's models, in source order; found once per file for the rules that ask.
    static func all(in file: SourceFile) -> [UIModel] {
        file.memo("UIModel.all") { file.shared(ClassDeclSyntax.self).compactMap(UIModel.init) }
    }

    /// A model's class says `ObservableObject` or `@Observable`.
    static let triggers = ["Observable"]
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
