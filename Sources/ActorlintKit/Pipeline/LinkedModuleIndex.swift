import Foundation

/// The index of one file's module linked as `check` links it, made without a run (for
/// `explain`): from the summaries of the module's files and of the modules it imports, directly
/// or not, and of its Xcode project's other targets (`ModuleCatalog.closure`, which the
/// pipeline's module order resolves with too), each taken from a cache where unchanged.
enum LinkedModuleIndex {
    /// With `caches` (those `check` writes: `ResultCache.directories(forFile:)`), each module's
    /// files are summarized from the first that holds the module where their content is
    /// unchanged, not parsed.
    /// Also returns the modules the file's module imports directly, with their indexes (the
    /// migration's proposal for a test target follows what it tests).
    static func make(for file: SourceFile, module: ModuleSettings, linter: Linter, caches: [ResultCache])
        -> (index: ProjectIndex, dependencies: [(settings: ModuleSettings, index: ProjectIndex)]) {
        let project = linter.project
        let index = ProjectIndex(summaries: [FileSummary(file)]
            + summaries(of: module, besides: file.path, linter: linter, caches: caches))
        // So a superclass or protocol from a local package resolves.
        let catalog = ModuleCatalog(project.modules)
        var built: [Int: ProjectIndex] = [:]
        index.link(dependencies: catalog.closure(of: module, imports: index.imports) { position in
            let dependency = ProjectIndex(summaries: summaries(of: project.modules[position], besides: file.path,
                                                               linter: linter, caches: caches))
            built[position] = dependency
            return (dependency, dependency.imports)
        })
        let direct = catalog.resolve(index.imports, of: module).compactMap { position in
            built[position].map { (project.modules[position], $0) }
        }
        return (index, direct)
    }

    /// The summaries of the files of `module`, except `path`: those under its roots and those its
    /// project lists; for the explained file's own module without either, the files beside it.
    /// On all cores: an app target is a thousand files.
    private static func summaries(of module: ModuleSettings, besides path: String, linter: Linter,
                                  caches: [ResultCache]) -> [FileSummary] {
        let project = linter.project
        let absolute = StandardPath.absolute(path)
        let belongs = { (file: String) in project.settings(forAbsolutePath: file).key == module.key }
        var roots = project.roots.filter { project.modules[$0.module].key == module.key }.map(\.path)
        let listed = project.files.filter { project.modules[$0.value].key == module.key }.map(\.key)
        if roots.isEmpty, listed.isEmpty, belongs(absolute) {
            roots = [URL(fileURLWithPath: absolute).deletingLastPathComponent().path]
        }
        let found = FileDiscovery().discover(roots).files.map(StandardPath.absolute) + listed
        let others = Set(found.filter { $0 != absolute && $0.hasSuffix(".swift") && belongs($0) }).sorted()
        let store = caches.lazy.map { $0.store(forModule: module.key) }.first { !$0.isEmpty }
        return Parallel.map(count: others.count, threads: linter.threads) { summary(of: others[$0], store: store, linter: linter) }
            .compactMap { $0 }
    }

    /// The summary of the file at `path` (absolute): its cache entry's when the entry was made
    /// from the same content (known from its stamp, else from its digest), else parsed; nil for
    /// a file that cannot be analysed.
    private static func summary(of path: String, store: ResultCache.ModuleStore?, linter: Linter) -> FileSummary? {
        guard let entry = store?.entry(path) else { return (try? linter.load(path)).map(FileSummary.init) }
        if let stamp = entry.stamp, FileStamp(regularFileAt: path) == stamp { return entry.summary.relocated(to: path) }
        guard let data = try? linter.readChecked(path) else { return nil }
        if data.withUnsafeBytes({ StableHasher.digest($0) }) == entry.content { return entry.summary.relocated(to: path) }
        return (try? linter.parse(path, data: data)).map(FileSummary.init)
    }
}
