import Foundation

/// Finds and reads the projects (Package.swift, Xcode projects) that contain the checked paths,
/// without running anything: manifests are parsed, not executed, and build settings are read
/// from project files and xcconfigs. Each project is read once per run, not once per file.
public enum ProjectLoader {
    /// With a `cache`, a project whose files are unchanged is not read again (`ProjectReadings`).
    /// `listings`: those `FileDiscovery` made of the same paths, if it ran.
    public static func load(for paths: [String], cache: ResultCache? = nil,
                            listings: DirectoryListings = DirectoryListings()) -> ProjectModel {
        let projects = ProjectDiscovery.projects(for: paths, listings: listings)
        let readings = cache?.projectReadings(for: projects.map(\.path))
        // Projects are read independently, on all cores (a checkout of many packages has
        // hundreds of manifests), and merged in discovery order.
        // WorkPool's threads have the large stacks a deeply nested manifest needs.
        let contributions = Contributions(count: projects.count)
        // Xcode projects first: one can take as long as a hundred manifests, and started last
        // it would keep one core busy while the other waits.
        let order = projects.indices.filter { projects[$0].isXcode } + projects.indices.filter { !projects[$0].isXcode }
        var next = 0
        var finished = 0
        WorkPool().run(threads: min(ProcessInfo.processInfo.activeProcessorCount, max(1, projects.count)), next: {
            guard next < order.count else { return nil }
            let index = order[next]
            next += 1
            return WorkPool.Job(limit: nil, work: {
                let project = projects[index]
                let read = { (inputs: ProjectInputs) in
                    switch project {
                    case .package(let manifest): PackageManifestReader.read(manifestAt: manifest, inputs: inputs)
                    case .xcode(let bundle): XcodeProjectReader.read(projectAt: bundle, inputs: inputs)
                    }
                }
                let contribution = readings?.contribution(ofProject: project.path, read: read) ?? read(ProjectInputs())
                contributions.set(index, contribution)
                return { finished += 1 }
            })
        }, isFinished: { finished == projects.count })
        if let cache, let readings { cache.save(readings) }
        return merge(contributions.all)
    }

    /// Results written by concurrent readers, each to its own slot.
    private final class Contributions: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [ProjectContribution?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ contribution: ProjectContribution) {
            lock.withLock { slots[index] = contribution }
        }

        var all: [ProjectContribution] { lock.withLock { slots.map { $0! } } }
    }

    /// The model of one package manifest that is already parsed, e.g. one held in memory by an
    /// editor or a rule example; `path` (absolute) is where the manifest is taken to be.
    public static func load(manifest file: SourceFile, path: String) -> ProjectModel {
        merge([PackageManifestReader.read(file, path: path).contribution])
    }

    /// Joins contributions, innermost first: for the same directory the inner project wins, and
    /// a file an outer Xcode project lists explicitly still belongs to a package nested deeper.
    static func merge(_ contributions: [ProjectContribution]) -> ProjectModel {
        var model = ProjectModel()
        var rootOwners: [String: String] = [:] // root → directory of the project that declared it
        var fileOwners: [String: String] = [:]
        var notes: Set<String> = []
        for contribution in contributions {
            let offset = model.modules.count
            for (index, module) in contribution.modules.enumerated() {
                model.modules.append(module.settings)
                if !module.configurations.isEmpty { model.configurations[offset + index] = module.configurations }
            }
            for (root, module) in contribution.roots.sorted(by: { $0.key < $1.key }) where rootOwners[root] == nil {
                model.roots.append((root, offset + module))
                rootOwners[root] = contribution.directory
            }
            for (file, module) in contribution.files where model.files[file] == nil {
                model.files[file] = offset + module
                fileOwners[file] = contribution.directory
            }
            for note in contribution.notes where notes.insert(note).inserted { model.notes.append(note) }
        }
        // The longest root that is a folder above the file: looked up by the file's own ancestor
        // paths, not by testing every root of every project against every listed file.
        var rootPaths: [String: Int] = [:]
        for (index, root) in model.roots.enumerated() where rootPaths[root.path] == nil { rootPaths[root.path] = index }
        for (file, owner) in fileOwners {
            var covering: (path: String, module: Int)?
            var end = file.utf8.endIndex
            while covering == nil, let slash = file.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                if let index = rootPaths[String(file[..<slash])] { covering = model.roots[index] }
                end = slash
            }
            if let covering, let rootOwner = rootOwners[covering.path], rootOwner.count > owner.count,
               rootOwner.hasPrefix(owner == "/" ? "/" : owner + "/") {
                model.files[file] = nil
            }
        }
        return model
    }
}
