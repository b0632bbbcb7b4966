import Foundation

/// Finds the packages and Xcode projects that may contain the checked paths: those in a
/// directory above a path (up to the repository root) and those inside a checked directory
/// (an app repository with local packages under `Packages/`).
struct ProjectDiscovery {
    enum Project: Hashable {
        /// The manifest SwiftPM would read (`Package.swift` or `Package@swift-X.Y.swift`).
        case package(manifest: String)
        /// The `.xcodeproj` bundle.
        case xcode(bundle: String)

        var isXcode: Bool {
            if case .xcode = self { true } else { false }
        }

        /// The manifest or the bundle.
        var path: String {
            switch self {
            case .package(let path), .xcode(let path): path
            }
        }

        var directory: String { (path as NSString).deletingLastPathComponent }
    }

    private let listings: DirectoryListings
    private var found: [Project] = []
    private var seen: Set<Project> = []

    /// The projects for `paths`, each once, innermost (deepest directory) first.
    static func projects(for paths: [String], listings: DirectoryListings = DirectoryListings()) -> [Project] {
        var discovery = ProjectDiscovery(listings: listings)
        for path in paths {
            let absolute = StandardPath.absolute(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else { continue }
            let start = isDirectory.boolValue ? absolute : (absolute as NSString).deletingLastPathComponent
            discovery.walkUp(from: start)
            if isDirectory.boolValue { discovery.walkDown(from: absolute) }
        }
        // Stable: depth first, then discovery order.
        let depths = discovery.found.map(\.directory.count)
        return discovery.found.indices.sorted {
            depths[$0] != depths[$1] ? depths[$0] > depths[$1] : $0 < $1
        }.map { discovery.found[$0] }
    }

    private mutating func walkUp(from start: String) {
        var directory = start
        while true {
            let entries = listing(directory)
            record(in: directory, entries: entries)
            // A repository's projects do not claim files above its root.
            if entries.contains(where: { $0.name == ".git" }) || directory == "/" { return }
            directory = (directory as NSString).deletingLastPathComponent
        }
    }

    private mutating func walkDown(from root: String) {
        var visited: Set<DirectoryListing.Identity> = []
        var stack = [root]
        while let directory = stack.popLast() {
            // A symlink loop would bring the same real directory back.
            if let identity = listings.identity(of: directory), !visited.insert(identity).inserted { continue }
            let entries = listing(directory)
            record(in: directory, entries: entries)
            for entry in entries where entry.kind == .directory
                && !FileDiscovery.skippedDirectories.contains(entry.name) && !Self.isBundle(entry.name) {
                stack.append(directory == "/" ? "/" + entry.name : directory + "/" + entry.name)
            }
        }
    }

    private mutating func record(in directory: String, entries: [DirectoryListing.Entry]) {
        let names = entries.map(\.name)
        if let manifest = PackageManifestReader.manifestPath(inPackage: directory, entries: names) {
            add(.package(manifest: manifest))
        }
        for name in names where name.hasSuffix(".xcodeproj") {
            add(.xcode(bundle: directory == "/" ? "/" + name : directory + "/" + name))
        }
    }

    private mutating func add(_ project: Project) {
        if seen.insert(project).inserted { found.append(project) }
    }

    private func listing(_ directory: String) -> [DirectoryListing.Entry] {
        // An unreadable directory holds no project actorlint can read.
        (try? listings.entries(of: directory)) ?? []
    }

    /// Xcode bundles hold no sources of their own, nor projects: those the file walk skips, and
    /// built products and localizations.
    private static func isBundle(_ name: String) -> Bool {
        (FileDiscovery.resourceBundleSuffixes + [".framework", ".app", ".lproj"]).contains { name.hasSuffix($0) }
    }
}
