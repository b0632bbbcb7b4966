import Foundation

/// Finds the Swift files under the paths the user named.
public struct FileDiscovery: Sendable {
    /// Directories that hold build products or third-party checkouts, never the user's code.
    public static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]
    /// Folders Xcode owns whose contents are never compiled: an asset catalog holds a folder per
    /// image (a quarter of the folders of the benchmark's repositories).
    static let resourceBundleSuffixes = [".xcassets", ".xcodeproj", ".xcworkspace", ".xcframework"]

    /// Whether the walk goes into a directory of this name (a checked path is walked whatever its name).
    static func walksInto(directoryNamed name: String) -> Bool {
        !skippedDirectories.contains(name) && !resourceBundleSuffixes.contains { name.hasSuffix($0) }
    }

    public var excludes: [GlobPattern]
    /// The folder excludes are relative to (the configuration file's), absolute. Without it,
    /// excludes match the paths as given on the command line.
    public var base: String?

    public init(excludes: [GlobPattern] = [], base: String? = nil) {
        self.excludes = excludes
        self.base = base.map { StandardPath.absolute($0) }
    }

    public struct Result: Sendable {
        /// Paths as given on the command line joined with the relative path, sorted.
        public var files: [String] = []
        public var failures: [AnalysisFailure] = []
    }

    /// Give `ProjectLoader.load` the same `listings`: it walks the same trees.
    public func discover(_ paths: [String], listings: DirectoryListings = DirectoryListings()) -> Result {
        var result = Result()
        let kinds = paths.map(DirectoryListing.kind(atPath:))
        // Every tree at once: the walks below then find each directory listed.
        let directories = zip(paths, kinds).filter { $0.1 == .directory }.map(\.0)
        listings.prefetch(directories, threads: ProcessInfo.processInfo.activeProcessorCount) { path, name in
            Self.walksInto(directoryNamed: name) && !isExcluded(path)
        }
        for (path, kind) in zip(paths, kinds) {
            switch kind {
            case .missing:
                result.failures.append(AnalysisFailure(path: path, reason: Self.missingReason(path) ?? "no such file or directory"))
            case .file:
                // A file named explicitly is analysed whatever its extension says.
                result.files.append(path)
            case .directory:
                walk(path, listings: listings, into: &result)
            }
        }
        // Sorted, then each path once (roots may overlap): cheaper than hashing every path.
        var unique: [String] = []
        unique.reserveCapacity(result.files.count)
        for path in result.files.sorted() where path != unique.last { unique.append(path) }
        result.files = unique
        return result
    }

    private func walk(_ root: String, listings: DirectoryListings, into result: inout Result) {
        var visited: Set<DirectoryListing.Identity> = []
        var stack = [root]
        while let directory = stack.popLast() {
            // A symlink loop would revisit the same real directory: stop there.
            if let identity = listings.identity(of: directory), !visited.insert(identity).inserted { continue }
            let entries: [DirectoryListing.Entry]
            do {
                entries = try listings.entries(of: directory)
            } catch {
                result.failures.append(AnalysisFailure(path: directory, reason: "cannot list directory: \(error.reason)"))
                continue
            }
            for entry in entries {
                let name = entry.name
                // Most entries are other files (images, JSON, docs): no path is made for them.
                if entry.kind != .directory && !name.hasSuffix(".swift") { continue }
                let path = directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
                if isExcluded(path) { continue }
                switch entry.kind {
                case .missing:
                    result.failures.append(AnalysisFailure(path: path, reason: Self.missingReason(path) ?? "broken symbolic link"))
                case .directory:
                    if name.hasSuffix(".swift") {
                        result.failures.append(AnalysisFailure(path: path, reason: "is a directory, not a Swift file"))
                    }
                    if Self.walksInto(directoryNamed: name) { stack.append(path) }
                case .file:
                    result.files.append(path)
                }
            }
        }
    }

    /// Why a path that is listed (or was named) does not exist: a symlink loop or a link to nothing.
    static func missingReason(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        if stat(path, &info) != 0, errno == ELOOP { return "symbolic link loop" }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to '\($0)'" } ?? ""
        return "broken symbolic link\(target): the target does not exist"
    }

    private func isExcluded(_ path: String) -> Bool {
        guard !excludes.isEmpty else { return false }
        var relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        // `Generated/**` in /repo/.actorlint.json must match /repo/Generated/A.swift whether the
        // user typed `.`, `/repo` or `../repo`: make the path relative to the config's folder.
        if let base {
            let absolute = StandardPath.absolute(path)
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if absolute.hasPrefix(prefix) { relative = String(absolute.dropFirst(prefix.count)) }
        }
        return excludes.contains { $0.matches(relative) }
    }
}
