import Foundation

/// Default isolation `MainActor` on a library whose files import no UI framework.
struct LibraryDefaultMainActor: Rule, ProjectRule {
    static let triggers = PackageManifest.triggers
    static let description = RuleDescription(
        id: "library-default-main-actor",
        category: .settings,
        summary: "A library target with no UI imports defaults to MainActor isolation",
        rationale: """
            Default isolation MainActor (SE-0466; `.defaultIsolation(MainActor.self)`, \
            `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`) makes every unannotated declaration of the \
            module main-actor isolated. That suits app and UI code. In a networking, persistence \
            or other library module it pushes work that has nothing to do with the UI onto the \
            main actor: callers off the main actor hop there and back for every call, and the \
            work competes with the interface. Leave such modules nonisolated and decide \
            deliberately what crosses the boundary (SE-0466). \
            A target counts as a library without UI when it is a library or framework and none \
            of its checked files imports SwiftUI, UIKit, AppKit, Cocoa or WatchKit; when none of \
            its files were checked the rule cannot tell and stays silent. Reported on the line \
            that sets the isolation.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        guard let manifest = PackageManifest(context.file, project: context.project) else { return [] }
        return Self.offenders(manifest.targets.map(\.settings), indexes: context.indexes).compactMap { origin, modules in
            manifest.range(of: origin).map { Violation(message: Self.message(modules, origin: origin), range: $0) }
        }
    }

    func violations(in context: ProjectRuleContext) -> [ProjectViolation] {
        Self.offenders(context.modules, indexes: context.indexes).map { origin, modules in
            ProjectViolation(message: Self.message(modules, origin: origin), origin: origin)
        }
    }

    /// Library modules without UI imports that default to MainActor, by the line that says so.
    static func offenders(_ modules: [ModuleSettings], indexes: [String: ProjectIndex])
        -> [(origin: SettingOrigin, modules: [ModuleSettings])] {
        let flagged = modules.filter {
            $0.kind == .library && $0.defaultIsolation == .mainActor && UIEvidence($0, indexes: indexes) == .noUI
        }
        return SettingsSupport.groupedByOrigin(flagged, setting: ModuleSettings.defaultIsolationSetting)
    }

    static func message(_ modules: [ModuleSettings], origin: SettingOrigin) -> String {
        let names = SettingsSupport.listing(modules.map(\.name))
        let subject = modules.count == 1 ? "\(names) is a library target whose files import no UI framework"
            : "\(names) are library targets whose files import no UI framework"
        let hints = Set(modules.compactMap { nameHint($0.name) }).sorted()
        let hint = hints.isEmpty ? "" : " (the name suggests \(hints.joined(separator: " and ")) code)"
        return "\(subject)\(hint), yet `\(origin.shortText)` (\(origin.shortLocation)) makes MainActor "
            + "\(modules.count == 1 ? "its" : "their") default isolation: every unannotated declaration "
            + "runs on the main actor, so callers off it hop there and back on every call and the work "
            + "competes with the UI. Leave library modules nonisolated and mark only what must be "
            + "main-actor code (SE-0466)."
    }

    /// Words in a module name that say what kind of library it is; they only add to the message,
    /// the imports decide.
    static func nameHint(_ name: String) -> String? {
        let hints: [(words: [String], kind: String)] = [
            (["Network", "API", "HTTP", "Client", "Service"], "networking"),
            (["Persist", "Storage", "Database", "DB", "Store", "Cache"], "persistence"),
        ]
        return hints.first { $0.words.contains { name.contains($0) } }?.kind
    }
}
