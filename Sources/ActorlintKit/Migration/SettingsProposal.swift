/// What `actorlint migrate` turns on (`--to`).
public enum MigrationGoal: String, Sendable, CaseIterable, Codable {
    /// `NonisolatedNonsendingByDefault` (SE-0461; Xcode's Approachable Concurrency) only.
    case approachable
    /// Default isolation MainActor (SE-0466) only, where a module's role calls for it.
    case defaultMainActor = "default-main-actor"
    /// Each module what its role calls for: app, UI and executable code both settings,
    /// libraries only `NonisolatedNonsendingByDefault`.
    case both
}

/// The settings a module has and the ones the migration proposes for it, with the reason. The
/// plan, `apply` and `explain` all take a module's Swift 6.2 settings from here.
public struct SettingsProposal: Sendable {
    public var module: ModuleSettings
    /// `module` with the proposed settings; equal to it when nothing is proposed.
    public var proposed: ModuleSettings
    public var role: TargetRole
    public var addsFeature = false
    public var addsMainActor = false
    /// Why these settings, in a sentence.
    public var reason: String
    /// Settings that cannot be resolved statically: the module is not planned, `apply` refuses.
    public var blockers: [String] = []
    /// What was left out and why (a tools version too old for `.defaultIsolation`).
    public var notes: [String] = []

    public var changes: Bool { addsFeature || addsMainActor }

    /// The proposal for `module`, whose index is `index` (nil: none of its files were checked)
    /// and whose directly imported modules of the run are `dependencies` (a test target follows
    /// what it tests). `configurations`: every build configuration of an Xcode target, which must
    /// agree. `selected`: false when `--target` leaves the module out.
    public static func make(_ module: ModuleSettings, index: ProjectIndex?,
                            dependencies: [(settings: ModuleSettings, index: ProjectIndex)],
                            configurations: [(name: String, settings: ModuleSettings)] = [],
                            goal: MigrationGoal = .both, selected: Bool = true) -> SettingsProposal {
        let role = TargetRole.of(module, index: index)
        var proposal = SettingsProposal(module: module, proposed: module, role: role, reason: "")
        guard selected else {
            proposal.reason = "not selected (--target)"
            return proposal
        }
        guard module.projectPath != nil else {
            proposal.reason = "its files belong to no Package.swift or Xcode project: there are no settings to change"
            return proposal
        }
        if case .unknown(let why) = module.defaultIsolation {
            proposal.blockers.append("its default isolation cannot be resolved statically: \(why)")
            proposal.reason = "its settings cannot be resolved statically, so nothing is planned for it"
            return proposal
        }
        let differing = configurations.filter {
            $0.settings.defaultIsolation != module.defaultIsolation || $0.settings.nonisolatedNonsending != module.nonisolatedNonsending
        }
        if !differing.isEmpty {
            let names = configurations.map { "\($0.name): \(MigrationPlan.Settings($0.settings).phrase)" }
            proposal.blockers.append("its configurations compile it under different concurrency settings (\(names.joined(separator: "; "))): make them agree first")
            proposal.reason = "its build configurations disagree, so nothing is planned for it"
            return proposal
        }
        let (wantsFeature, wantsMainActor, why) = recommendation(for: role, module: module, dependencies: dependencies)
        proposal.reason = why
        let feature = wantsFeature && goal != .defaultMainActor
        let mainActor = wantsMainActor && goal != .approachable
        if wantsMainActor && !mainActor && module.defaultIsolation != .mainActor {
            proposal.notes.append("default isolation MainActor is left for a later step (--to \(goal.rawValue))")
        }
        if wantsFeature && !feature && !module.nonisolatedNonsending {
            proposal.notes.append("NonisolatedNonsendingByDefault is left for a later step (--to \(goal.rawValue))")
        }
        if feature && !module.nonisolatedNonsending {
            if module.projectPath?.hasSuffix(".xcodeproj") == false, !SettingsSupport.versionAtLeast(module.toolsVersion ?? "0", [5, 8]) {
                proposal.notes.append("`.enableUpcomingFeature` needs swift-tools-version 5.8 (the manifest says \(module.toolsVersion ?? "none"))")
            } else {
                proposal.addsFeature = true
                proposal.proposed.features.insert(ModuleSettings.nonisolatedNonsendingByDefault)
            }
        }
        if mainActor && module.defaultIsolation != .mainActor {
            if let origin = module.origins[ModuleSettings.defaultIsolationSetting] {
                proposal.notes.append("default isolation is set to nonisolated on purpose (\(origin.shortLocation)): left as it is")
            } else if module.projectPath?.hasSuffix(".xcodeproj") == false, !SettingsSupport.versionAtLeast(module.toolsVersion, [6, 2]) {
                proposal.notes.append("`.defaultIsolation(MainActor.self)` needs swift-tools-version 6.2 (the manifest says "
                    + "\(module.toolsVersion ?? "none")): raise it to adopt default isolation MainActor")
            } else {
                proposal.addsMainActor = true
                proposal.proposed.defaultIsolation = .mainActor
            }
        }
        return proposal
    }

    /// What a module's role calls for: (feature, default MainActor, why).
    static func recommendation(for role: TargetRole, module: ModuleSettings,
                               dependencies: [(settings: ModuleSettings, index: ProjectIndex)]) -> (Bool, Bool, String) {
        switch role {
        case .app(let evidence), .uiLibrary(let evidence):
            return (true, true, "\(evidence): UI code runs on the main actor by default (SE-0466) and its async functions "
                + "stay on their caller's actor (SE-0461)")
        case .tool(let evidence) where module.kind == .executable:
            return (true, true, "\(evidence): a program starts on the main actor, so it defaults there (SE-0466) and its "
                + "async functions stay on their caller's actor (SE-0461)")
        case .tool(let evidence):
            return (false, false, "\(evidence): it runs inside the build, not in the program; left as it is")
        case .library(let evidence), .nonUIExtension(let evidence):
            // A library that defaults to MainActor today keeps it (the plan never takes it away): say so.
            let isolation = module.defaultIsolation != .mainActor ? "stays nonisolated by default"
                : "defaults to MainActor already" + (module.origins[ModuleSettings.defaultIsolationSetting].map { " (\($0.shortLocation))" } ?? "")
                    + ", which is left as it is, though a library is usually nonisolated"
            return (true, false, "\(evidence): \(isolation) (SE-0466); its async functions run on their caller's actor (SE-0461)")
        case .test(let evidence):
            let tested = dependencies.map { ($0.settings.name, recommendation(for: TargetRole.of($0.settings, index: $0.index),
                                                                                module: $0.settings, dependencies: [])) }
            if let app = tested.first(where: { $0.1.1 }) {
                return (true, true, "\(evidence) that tests `\(app.0)`: it follows it (both settings)")
            }
            if let library = tested.first(where: { $0.1.0 }) {
                return (true, false, "\(evidence) that tests `\(library.0)`: it follows it (NonisolatedNonsendingByDefault only)")
            }
            return (true, false, "\(evidence): NonisolatedNonsendingByDefault only, as for a library")
        case .unknown(let evidence):
            return (false, false, "\(evidence): actorlint cannot tell what it is, so it proposes nothing")
        }
    }
}
