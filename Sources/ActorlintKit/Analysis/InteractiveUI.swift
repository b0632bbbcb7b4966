import SwiftSyntax

/// Whether code runs in a process where a user interacts with a UI, so that holding the main
/// actor freezes it: an app or an extension that shows interactive UI, a UI library, or a
/// library that such a module imports. Not a command-line tool, a test, a widget (WidgetKit
/// renders its timeline's views ahead of time, no touch waits on them), an extension without UI,
/// nor code whose module actorlint cannot place. Unknown is no.
enum InteractiveUI {
    /// Modules whose import marks a file as UI code when its module's role is not known.
    static let frameworks: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit"]

    /// Conformances of types whose code serves a widget's timeline, not an interactive UI.
    static let timelineProviders: Set<String> = [
        "TimelineProvider", "IntentTimelineProvider", "AppIntentTimelineProvider", "Widget", "ControlWidget",
    ]

    /// Conformances of command-line entry points (swift-argument-parser).
    static let commands: Set<String> = ["ParsableCommand", "AsyncParsableCommand", "AsyncMainProtocol"]

    static let widgetExtensionPoints: Set<String> = ["com.apple.widgetkit-extension"]

    /// Whether `node` of `file` runs where it can block an interactive UI; `indexes` are the
    /// run's modules' indexes, by module key.
    static func contains(_ node: some SyntaxProtocol, file: SourceFile, module: ModuleSettings, project: ProjectModel,
                         indexes: [String: ProjectIndex], index: ProjectIndex) -> Bool {
        guard !TestCode.contains(node, in: file), !isInTimelineProvider(node, index: index) else { return false }
        return moduleHasUI(module, project: project, indexes: indexes, index: index)
    }

    /// The module's role says it runs UI, or a module with UI imports it.
    static func moduleHasUI(_ module: ModuleSettings, project: ProjectModel, indexes: [String: ProjectIndex], index: ProjectIndex) -> Bool {
        index.memo("InteractiveUI:" + module.key) {
            if hasUI(module, index: index) { return true }
            guard canServeUI(module, index: index) else { return false }
            return isImportedByUI(module.name, project: project, indexes: indexes)
        }
    }

    /// An app or UI extension (not a widget, not a command), a UI library, or a library or
    /// project-less file that imports a UI framework.
    static func hasUI(_ module: ModuleSettings, index: ProjectIndex) -> Bool {
        let commandLine = index.types.values.contains { !$0.isForeign && $0.inherited.contains(where: commands.contains) }
        switch TargetRole.of(module, index: index) {
        case .app:
            if let point = module.extensionPoint, widgetExtensionPoints.contains(point) { return false }
            let hasApp = index.types.values.contains { !$0.isForeign && $0.inherited.contains("App") }
            return !(module.kind == .executable && commandLine && !hasApp)
        case .uiLibrary:
            return !commandLine
        case .library, .unknown:
            // A file outside any project, or a library, that imports a UI framework.
            return !commandLine && [.library, .unknown].contains(module.kind) && !frameworks.isDisjoint(with: index.imports)
        case .test, .tool, .nonUIExtension:
            return false
        }
    }

    /// A library (or a module actorlint cannot place) may run inside whatever imports it.
    private static func canServeUI(_ module: ModuleSettings, index: ProjectIndex) -> Bool {
        switch TargetRole.of(module, index: index) {
        case .library, .uiLibrary, .unknown: module.kind == .library || module.kind == .unknown
        default: false
        }
    }

    /// Some module of the run with UI imports `name`, directly or through libraries.
    private static func isImportedByUI(_ name: String, project: ProjectModel, indexes: [String: ProjectIndex]) -> Bool {
        var importers: [String: [ModuleSettings]] = [:]
        for module in project.modules {
            guard let index = indexes[module.key] else { continue }
            for imported in index.imports { importers[imported, default: []].append(module) }
        }
        var frontier = [name]
        var seen: Set<String> = [name]
        while let next = frontier.popLast() {
            for importer in importers[next] ?? [] where seen.insert(importer.name).inserted {
                guard let index = indexes[importer.key] else { continue }
                if hasUI(importer, index: index) { return true }
                if canServeUI(importer, index: index) { frontier.append(importer.name) }
            }
        }
        return false
    }

    /// In a type (or an extension of one) that conforms to a timeline provider, here or where
    /// the type is declared.
    private static func isInTimelineProvider(_ node: some SyntaxProtocol, index: ProjectIndex) -> Bool {
        node.nearest(where: { candidate in
            guard let group = candidate.asProtocol((any DeclGroupSyntax).self) else { return false }
            let written = group.inheritanceClause?.inheritedTypes.map { ProjectIndex.baseName($0.type) } ?? []
            let declared = index.type(named: group.typeName)?.inherited ?? []
            return (written + declared).contains(where: timelineProviders.contains)
        }) != nil
    }
}
