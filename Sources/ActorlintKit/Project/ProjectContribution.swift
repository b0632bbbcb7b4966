/// What one Package.swift or Xcode project adds to the `ProjectModel`, with module indices local
/// to it; `ProjectLoader` merges contributions.
struct ProjectContribution: Equatable {
    /// The directory of the manifest or of the `.xcodeproj`: the deeper, the more inner the project.
    var directory: String
    struct Module: Equatable {
        /// The configuration reported by default.
        var settings: ModuleSettings
        /// Every configuration by name, the reported one included.
        var configurations: [String: ModuleSettings]
    }

    var modules: [Module] = []
    /// Directories (absolute, standardized) → local module index.
    var roots: [String: Int] = [:]
    /// Files (absolute, standardized) → local module index; wins over `roots`.
    var files: [String: Int] = [:]
    var notes: [String] = []

    init(directory: String) {
        self.directory = directory
    }

    mutating func add(_ settings: ModuleSettings, configurations: [String: ModuleSettings] = [:]) -> Int {
        modules.append(Module(settings: settings, configurations: configurations))
        return modules.count - 1
    }

    /// A module for files that sit inside a project but that no target compiles: they get the
    /// plain Swift 6 defaults, and the provenance says why.
    mutating func addUncompiled(_ provenance: String, projectPath: String) -> Int {
        var settings = ModuleSettings.plainSwift6
        settings.provenance = provenance
        settings.projectPath = projectPath
        return add(settings)
    }
}
