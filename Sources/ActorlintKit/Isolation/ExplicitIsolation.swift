import SwiftSyntax

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
