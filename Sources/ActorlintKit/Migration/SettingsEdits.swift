import Foundation

/// The edits of the projects' own files that turn the proposed settings on: each Package.swift
/// once for all its targets (`ManifestSettingsPlacement`), each Xcode target in every
/// configuration or in the xcconfig it owns (`XcodeSettingsEdit`). A module whose settings
/// cannot be placed is named with the reason; `apply` then edits nothing.
struct SettingsEdits {
    /// By absolute path.
    var edits: [String: [TextEdit]] = [:]
    /// By module key: why its settings cannot be placed.
    var unplaced: [String: String] = [:]

    static let approachableKey = "SWIFT_APPROACHABLE_CONCURRENCY"
    static let isolationKey = "SWIFT_DEFAULT_ACTOR_ISOLATION"

    init(_ proposals: [SettingsProposal], project: ProjectModel) {
        let changing = proposals.filter(\.changes)
        var manifests: [String: [SettingsProposal]] = [:]
        for proposal in changing {
            guard let path = proposal.module.projectPath else { continue }
            if path.hasSuffix(".xcodeproj") {
                var settings: [(key: String, value: String)] = []
                if proposal.addsFeature { settings.append((Self.approachableKey, "YES")) }
                if proposal.addsMainActor { settings.append((Self.isolationKey, "MainActor")) }
                let result = XcodeSettingsEdit.edits(adding: settings, to: proposal.module, in: project)
                if let refusal = result.refusal {
                    unplaced[proposal.module.key] = refusal
                } else {
                    for (file, list) in result.edits { edits[file, default: []] += list }
                }
            } else {
                manifests[path, default: []].append(proposal)
            }
        }
        for (path, proposals) in manifests.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                for proposal in proposals { unplaced[proposal.module.key] = "cannot read \(path)" }
                continue
            }
            let additions = Dictionary(proposals.map { proposal in
                (proposal.module.name, ManifestSettingsPlacement.Addition(
                    features: proposal.addsFeature ? [ModuleSettings.nonisolatedNonsendingByDefault] : [],
                    mainActor: proposal.addsMainActor))
            }) { first, _ in first }
            // C targets share a loop's settings harmlessly: Swift settings do nothing to them.
            let planned = Set(proposals.map(\.module.name))
            let withoutSwift = Set(project.modules.indices.filter { position in
                let module = project.modules[position]
                guard module.projectPath == path, !planned.contains(module.name) else { return false }
                let roots = project.roots.filter { $0.module == position }.map(\.path)
                return !roots.isEmpty && FileDiscovery().discover(roots).files.isEmpty
            }.map { project.modules[$0].name })
            let placement = ManifestSettingsPlacement.place(additions, in: SourceFile(path: path, text: text), path: path,
                                                            withoutSwift: withoutSwift)
            for proposal in proposals {
                if let why = placement.unplaced[proposal.module.name] { unplaced[proposal.module.key] = why }
            }
            if placement.unplaced.isEmpty, !placement.edits.isEmpty { edits[path] = placement.edits }
        }
    }
}
