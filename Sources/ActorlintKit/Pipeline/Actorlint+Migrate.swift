import Foundation

/// How `Actorlint.migrationPlan` and `Actorlint.migrate` migrate.
public struct MigrateOptions: Sendable, Equatable {
    public var goal: MigrationGoal
    /// Module names to migrate; empty: every module of the checked files.
    public var targets: [String]
    /// `apply`: also remove the hops the change makes redundant (unsafe fixes of those rules).
    public var unsafe: Bool
    /// `apply`: write nothing, return the changes.
    public var diff: Bool

    public init(goal: MigrationGoal = .both, targets: [String] = [], unsafe: Bool = false, diff: Bool = false) {
        self.goal = goal
        self.targets = targets
        self.unsafe = unsafe
        self.diff = diff
    }
}

/// Why a migration cannot be planned or applied.
public enum MigrationError: Error, Equatable, Sendable {
    /// `--target` names no module of the checked files.
    case unknownTarget(String, suggestion: String?)
    /// Settings that cannot be resolved statically or placed: `apply` edits nothing.
    case blocked([String])
}

extension Actorlint {
    /// The plan of the selective Swift 6.2 migration of the modules under `paths`: one run of the
    /// pipeline, in which each file is parsed once and both the rules (with the settings now and
    /// with the proposed ones) and the migration's analysis (`FileMigration`) read its tree.
    public func migrationPlan(_ paths: [String], _ options: MigrateOptions = MigrateOptions()) throws -> MigrationPlan {
        try planning(paths, options).plan
    }

    /// What a plan run computed, for `migrate` to apply.
    struct Planning {
        var plan: MigrationPlan
        var inputs: Inputs
        var proposals: [String: SettingsProposal]
        /// `@concurrent` and `nonisolated` by path as given; settings by absolute path.
        var sourceEdits: [String: [TextEdit]]
        var settingsEdits: [String: [TextEdit]]
    }

    func planning(_ paths: [String], _ options: MigrateOptions) throws -> Planning {
        var planOptions = self.options
        // The cache holds findings; a plan needs every file's tree.
        planOptions.cache = .off
        var inputs = try Actorlint(planOptions).prepare(paths)
        let project = inputs.linter.project
        let names = Set(project.modules.map(\.name))
        for target in options.targets where !names.contains(target) {
            throw MigrationError.unknownTarget(target, suggestion: Suggestion.closest(to: target, in: names.sorted()))
        }
        let proposals = ProposalCache(goal: options.goal, targets: Set(options.targets), project: project)
        inputs.linter.fileAnalysis = FileAnalysis(triggers: options.goal == .approachable ? ["async", "await"] : []) { file, module, linter in
            let proposal = proposals.proposal(for: module.settings, index: module.index, dependencies: module.dependencies)
            let guarded = module.settings.compilerSupports(CompilerVersion.concurrentAttribute) != true
            return FileMigration.analyse(file, proposal: proposal, index: module.index, linter: linter, guarded: guarded)
        }
        let run = inputs.linter.run(paths: inputs.files)
        let files = run.extras.values.compactMap { $0 as? FileMigration }

        // Every module with a checked file, in adoption order (the modules it imports first).
        let catalog = ModuleCatalog(project.modules)
        // Placeholders for files no target compiles are not modules to migrate.
        let indexed = project.modules.indices.filter {
            run.indexes[project.modules[$0].key] != nil && project.modules[$0].name != ModuleSettings.plainSwift6.name
        }
        var byKey: [String: SettingsProposal] = [:]
        var dependencies: [[Int]] = []
        let declared = Self.declaredDependencies(of: indexed.map { project.modules[$0] }, linter: inputs.linter)
        for (offset, position) in indexed.enumerated() {
            let module = project.modules[position], index = run.indexes[module.key]!
            let imported = catalog.resolve(index.imports, of: module).filter { run.indexes[project.modules[$0].key] != nil }
            dependencies.append(Array(Set(imported.compactMap { indexed.firstIndex(of: $0) } + declared[offset])).sorted())
            byKey[module.key] = proposals.proposal(for: module, index: index, dependencies: imported.map {
                (project.modules[$0], run.indexes[project.modules[$0].key]!)
            })
        }
        let ordered = ModuleOrder.sorted(dependencies: dependencies).map { project.modules[indexed[$0]] }
        let settings = SettingsEdits(ordered.map { byKey[$0.key]! }, project: project)
        for (key, why) in settings.unplaced { byKey[key]?.blockers.append("`apply` cannot place its settings: \(why)") }

        let relative = inputs.files.contains { !$0.hasPrefix("/") }
        var compared = Set(files.filter { byKey[$0.moduleKey]?.changes == true }.map(\.path))
        var after = files.flatMap(\.findingsAfter)
        after += afterFindings(settings.edits, inputs: inputs, run: run, proposals: byKey, relative: relative, compared: &compared)
        let planner = MigrationPlanner(
            goal: options.goal,
            proposals: ordered.map { ($0.key, byKey[$0.key]!, $0.projectPath.map { Linter.displayPath($0, relative: relative) }) },
            files: files.filter { byKey[$0.moduleKey]?.changes == true }, findingsNow: run.findings, findingsAfter: after,
            comparedPaths: compared)
        var (plan, sourceEdits) = planner.plan()
        // The findings after the change are those of the edited files: a function marked
        // `@concurrent` no longer blocks its caller's actor.
        var edited: [String: [Finding]] = [:]
        for (path, list) in sourceEdits {
            guard let original = try? inputs.linter.load(path), let text = TextEdits.apply(list, to: original.text) else { continue }
            let module = project.settings(forAbsolutePath: inputs.linter.absolutePath(path))
            guard let proposal = byKey[module.key], let index = run.indexes[module.key] else { continue }
            let file = SourceFile(path: path, text: text)
            edited[path] = inputs.linter.analyse(file, module: proposal.proposed, index: ProjectIndex(updating: index, with: file), indexes: [:]).findings
        }
        if !edited.isEmpty {
            after = after.filter { edited[$0.path] == nil } + edited.values.flatMap { $0 }
            (plan.resolved, plan.created) = MigrationPlanner.findingChanges(now: run.findings, after: after, compared: compared)
        }
        return Planning(plan: plan, inputs: inputs, proposals: byKey, sourceEdits: sourceEdits, settingsEdits: settings.edits)
    }

    /// For each module, the positions in `modules` of the targets its Package.swift says it
    /// depends on: sources need not import a dependency for the order to follow it.
    static func declaredDependencies(of modules: [ModuleSettings], linter: Linter) -> [[Int]] {
        var byManifest: [String: [String: Set<String>]] = [:]
        for path in Set(modules.compactMap(\.projectPath)) where path.hasSuffix(".swift") {
            guard let file = try? linter.load(path), let manifest = PackageManifest(file, project: linter.project) else { continue }
            byManifest[path] = Dictionary(manifest.targets.map { ($0.declaration.name, manifest.localDependencies(of: $0.declaration)) }) { $0.union($1) }
        }
        return modules.map { module in
            let names = module.projectPath.flatMap { byManifest[$0]?[module.name] } ?? []
            return modules.indices.filter { names.contains(modules[$0].name) && modules[$0].projectPath == module.projectPath }
        }
    }

    /// The findings of the edited manifests and of the Xcode projects under the proposed settings.
    private func afterFindings(_ edits: [String: [TextEdit]], inputs: Inputs, run: Linter.Run, proposals: [String: SettingsProposal],
                               relative: Bool, compared: inout Set<String>) -> [Finding] {
        var found: [Finding] = []
        let linter = inputs.linter
        for (path, list) in edits where path.hasSuffix(".swift") {
            guard let given = inputs.files.first(where: { linter.absolutePath($0) == path }),
                  let original = try? linter.load(given), let text = TextEdits.apply(list, to: original.text) else { continue }
            compared.insert(given)
            found += linter.findings(in: SourceFile(path: given, text: text), module: linter.project.settings(forAbsolutePath: path),
                                     indexes: run.indexes)
        }
        var proposed = linter
        proposed.project = Self.applying(proposals, to: linter.project)
        let projects = Set(run.indexes.keys.compactMap { key in linter.project.modules.first { $0.key == key }?.projectPath })
        let before = linter.projectFindings(checkedProjects: projects, indexes: run.indexes, relativePaths: relative)
        let xcode = proposed.projectFindings(checkedProjects: projects, indexes: run.indexes, relativePaths: relative)
        compared.formUnion((before + xcode).map(\.path))
        return found + xcode
    }

    /// `project` with each module's proposed settings, in every configuration.
    static func applying(_ proposals: [String: SettingsProposal], to project: ProjectModel) -> ProjectModel {
        var project = project
        func change(_ module: inout ModuleSettings, _ proposal: SettingsProposal) {
            if proposal.addsFeature {
                module.features.insert(ModuleSettings.nonisolatedNonsendingByDefault)
                if module.projectPath?.hasSuffix(".xcodeproj") == true { module.features.formUnion(ModuleSettings.approachableConcurrencyFeatures) }
            }
            if proposal.addsMainActor { module.defaultIsolation = .mainActor }
        }
        for position in project.modules.indices {
            guard let proposal = proposals[project.modules[position].key], proposal.changes else { continue }
            change(&project.modules[position], proposal)
            for name in project.configurations[position]?.keys.sorted() ?? [] { change(&project.configurations[position]![name]!, proposal) }
        }
        return project
    }
}

/// The proposal of each module, made once per run whichever thread asks first: the file
/// analyses of a module and the plan after the run must agree.
private final class ProposalCache: @unchecked Sendable {
    let goal: MigrationGoal
    let targets: Set<String>
    let project: ProjectModel
    private let lock = NSLock()
    private var proposals: [String: SettingsProposal] = [:]

    init(goal: MigrationGoal, targets: Set<String>, project: ProjectModel) {
        self.goal = goal
        self.targets = targets
        self.project = project
    }

    func proposal(for module: ModuleSettings, index: ProjectIndex?, dependencies: [(settings: ModuleSettings, index: ProjectIndex)]) -> SettingsProposal {
        if let known = lock.withLock({ proposals[module.key] }) { return known }
        let made = SettingsProposal.make(module, index: index, dependencies: dependencies, configurations: project.configurations(of: module),
                                         goal: goal, selected: targets.isEmpty || targets.contains(module.name))
        return lock.withLock {
            if let known = proposals[module.key] { return known }
            proposals[module.key] = made
            return made
        }
    }
}
