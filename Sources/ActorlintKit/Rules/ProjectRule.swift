/// A rule about settings written outside Swift files (`project.pbxproj`, `.xcconfig`): no `Rule`
/// ever sees those files, so the linter runs these once per run over the project model. A rule
/// that checks manifests too conforms to both protocols and shares one description and id.
public protocol ProjectRule: Sendable {
    static var description: RuleDescription { get }
    init()
    func violations(in context: ProjectRuleContext) -> [ProjectViolation]
}

/// What a project rule may look at.
public struct ProjectRuleContext: Sendable {
    /// The modules declared by Xcode projects that hold at least one checked file: a run over
    /// one package does not report on an app project above it that the user did not ask about.
    public let modules: [ModuleSettings]
    public let project: ProjectModel
    /// The index of each module of the run, by `ModuleSettings.key`; a module none of whose
    /// files were checked has none.
    public let indexes: [String: ProjectIndex]

    public init(modules: [ModuleSettings], project: ProjectModel, indexes: [String: ProjectIndex]) {
        self.modules = modules
        self.project = project
        self.indexes = indexes
    }
}

/// A finding of a project rule, at the build setting line that causes it (or, for a setting
/// that is missing, where it would be added).
public struct ProjectViolation: Sendable {
    public var message: String
    public var origin: SettingOrigin

    public init(message: String, origin: SettingOrigin) {
        self.message = message
        self.origin = origin
    }
}
