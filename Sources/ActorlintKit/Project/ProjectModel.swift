/// Which module each file belongs to, with that module's settings. Built by `ProjectLoader`
/// from Package.swift files and Xcode projects; a file in no known module gets `unplaced`.
public struct ProjectModel: Sendable {
    /// Modules by name, each with the directories and files that belong to it.
    public var modules: [ModuleSettings]
    /// Source roots (absolute, standardized directory paths) → module index; longest prefix wins.
    public var roots: [(path: String, module: Int)]
    /// Files listed explicitly (Xcode build phases) → module index.
    public var files: [String: Int]
    /// What could not be resolved, for `explain` and diagnostics.
    public var notes: [String]
    /// Every build configuration of a module, by module index and configuration name; `modules`
    /// holds the one reported (Xcode "Debug" when it exists, SwiftPM "debug").
    public var configurations: [Int: [String: ModuleSettings]]
    /// What a file in no known module gets: a plain Swift 6 module, with the compiler the user
    /// stated if any (`state(_:)`).
    public var unplaced = ModuleSettings.plainSwift6

    public init(modules: [ModuleSettings] = [], roots: [(path: String, module: Int)] = [],
                files: [String: Int] = [:], notes: [String] = [],
                configurations: [Int: [String: ModuleSettings]] = [:]) {
        self.modules = modules
        self.roots = roots
        self.files = files
        self.notes = notes
        self.configurations = configurations
    }

    /// The settings of the module `absolutePath` belongs to.
    public func settings(forAbsolutePath absolutePath: String) -> ModuleSettings {
        if let index = files[absolutePath] { return modules[index] }
        let match = roots
            .filter { absolutePath.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
            .max { $0.path.count < $1.path.count }
        return match.map { modules[$0.module] } ?? unplaced
    }

    /// Gives every module, each of its configurations, and files in no module the compiler the
    /// user stated (`swift-version` in `.actorlint.json`, `--swift-version`): the user knows
    /// which toolchain builds the project better than its files do.
    public mutating func state(_ compiler: CompilerVersion) {
        for index in modules.indices { modules[index].compiler = compiler }
        for (index, all) in configurations {
            configurations[index] = all.mapValues { settings in
                var stated = settings
                stated.compiler = compiler
                return stated
            }
        }
        unplaced.compiler = compiler
    }

    /// Every configuration of `module` by name, sorted; just `module` when the model keeps none.
    public func configurations(of module: ModuleSettings) -> [(name: String, settings: ModuleSettings)] {
        guard let index = modules.firstIndex(where: { $0.key == module.key }), let all = configurations[index], !all.isEmpty else {
            return [(module.configuration ?? "default", module)]
        }
        return all.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
