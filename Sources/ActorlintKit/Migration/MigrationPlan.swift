/// `actorlint migrate plan`: per module, its settings now and proposed with the reason, the code
/// whose isolation moves, what to mark `@concurrent` and what to leave (with the evidence), the
/// types that need `nonisolated`, the findings the change resolves and creates, the order in
/// which to adopt the modules, and the counts against the blanket migration.
public struct MigrationPlan: Sendable, Codable {
    public var goal: MigrationGoal
    /// In adoption order: modules that others import first.
    public var modules: [Module]
    /// Findings of the rules now that the proposed settings make go away.
    public var resolved: [FindingChange] = []
    /// Findings the proposed settings make appear; `redundantHops` are among them.
    public var created: [FindingChange] = []
    public var totals = Counts()

    public init(goal: MigrationGoal, modules: [Module]) {
        self.goal = goal
        self.modules = modules
    }

    /// The rules whose findings are hops that the change makes redundant (`--unsafe-fixes` removes them).
    public static let hopRules: Set<String> = ["redundant-main-dispatch", "redundant-main-actor-run"]

    public var redundantHops: [FindingChange] { created.filter { Self.hopRules.contains($0.rule) } }

    /// Modules whose settings cannot be resolved statically: `apply` refuses to edit anything.
    public var blockers: [String] {
        modules.flatMap { module in module.blockers.map { "`\(module.name)`: \($0)" } }
    }

    /// The names of the modules to change, in the order to change them.
    public var order: [String] { modules.filter(\.changes).map(\.name) }

    public struct Module: Sendable, Codable {
        public var name: String
        /// The Package.swift or `.xcodeproj`, as given or relative to the current folder.
        public var project: String?
        public var kind: String
        /// What the target is, in words ("an app target", "a library (…)").
        public var role: String
        public var now: Settings
        public var proposed: Settings
        public var reason: String
        public var blockers: [String]
        public var notes: [String]
        public var moves: [MovedCode] = []
        public var types: [MovedType] = []
        public var globals: [MovedGlobal] = []
        public var counts = Counts()

        public var changes: Bool { now != proposed }
    }

    public struct Settings: Sendable, Codable, Equatable {
        public var languageMode: Int
        /// "MainActor", "nonisolated" or "unknown".
        public var defaultIsolation: String
        public var nonisolatedNonsendingByDefault: Bool

        public init(languageMode: Int, defaultIsolation: String, nonisolatedNonsendingByDefault: Bool) {
            self.languageMode = languageMode
            self.defaultIsolation = defaultIsolation
            self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
        }

        init(_ module: ModuleSettings) {
            languageMode = module.languageMode
            switch module.defaultIsolation {
            case .mainActor: defaultIsolation = "MainActor"
            case .nonisolated: defaultIsolation = "nonisolated"
            case .unknown: defaultIsolation = "unknown"
            }
            nonisolatedNonsendingByDefault = module.nonisolatedNonsending
        }

        /// "default isolation MainActor, NonisolatedNonsendingByDefault".
        public var phrase: String {
            "default isolation \(defaultIsolation)" + (nonisolatedNonsendingByDefault ? ", NonisolatedNonsendingByDefault" : "")
        }
    }

    public struct Counts: Sendable, Codable, Equatable {
        /// Functions, initializers, accessors and closures whose isolation moves.
        public var moved = 0
        /// Of those, by direction ("concurrent → caller").
        public var byDirection: [String: Int] = [:]
        /// `@concurrent` actorlint adds.
        public var concurrent = 0
        /// Async code left on its caller's actor (or the main actor), with a reason.
        public var left = 0
        /// Heavy code a person must look at.
        public var review = 0
        /// Types and functions actorlint marks `nonisolated`.
        public var nonisolated = 0
        /// What the blanket migration (`swift package migrate --to-feature
        /// NonisolatedNonsendingByDefault`) would mark `@concurrent`.
        public var blanket = 0

        mutating func add(_ other: Counts) {
            moved += other.moved
            for (direction, count) in other.byDirection { byDirection[direction, default: 0] += count }
            concurrent += other.concurrent
            left += other.left
            review += other.review
            nonisolated += other.nonisolated
            blanket += other.blanket
        }
    }
}

extension MigrationPlan.Module {
    init(_ proposal: SettingsProposal, project: String?) {
        let module = proposal.module
        self.init(name: module.name, project: project, kind: module.kind.rawValue, role: proposal.role.evidence,
                  now: .init(module), proposed: .init(proposal.proposed), reason: proposal.reason,
                  blockers: proposal.blockers, notes: proposal.notes)
    }

    mutating func count(blanket: Int) {
        counts = MigrationPlan.Counts()
        counts.moved = moves.count
        for move in moves { counts.byDirection[move.direction, default: 0] += 1 }
        counts.concurrent = moves.filter { $0.decision?.action == .markConcurrent }.count
        counts.left = moves.filter { $0.decision?.action == .leave }.count
        counts.review = moves.filter { $0.decision?.action == .review }.count
        counts.nonisolated = types.filter { $0.needsNonisolated != nil && $0.notApplied == nil }.count
            + moves.filter { $0.decision?.action == .markNonisolated }.count
        counts.blanket = blanket
    }
}
