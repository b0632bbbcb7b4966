import Foundation

/// Where `check`, `fix` and `explain` find the results cache.
extension ResultCache {
    /// Where `check` and `fix` keep the cache: `.build/actorlint-cache` in the checked project's
    /// root (the folder of `.actorlint.json`, else the nearest folder above the first path with
    /// `Package.swift`, an Xcode project or `.git`), else `$XDG_CACHE_HOME/actorlint` (or
    /// `~/.cache/actorlint`) in a subfolder named after the checked path. Nil when neither exists.
    public static func defaultDirectory(forPaths paths: [String], configurationPath: String?,
                                        environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let first = URL(fileURLWithPath: paths.first ?? ".").standardizedFileURL
        if let configurationPath {
            return URL(fileURLWithPath: configurationPath).deletingLastPathComponent().standardizedFileURL.path + "/.build/actorlint-cache"
        }
        var isDirectory: ObjCBool = false
        var directory = FileManager.default.fileExists(atPath: first.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? first : first.deletingLastPathComponent()
        while true {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if entries.contains(where: { $0 == "Package.swift" || $0 == ".git" || $0.hasSuffix(".xcodeproj") }) {
                return directory.path + "/.build/actorlint-cache"
            }
            if directory.path == "/" { break }
            directory = directory.deletingLastPathComponent()
        }
        return userDirectory(forCheckedPath: first.path, environment: environment)
    }

    /// The folder under `$XDG_CACHE_HOME/actorlint` (or `~/.cache/actorlint`) for a run over `path`.
    private static func userDirectory(forCheckedPath path: String, environment: [String: String]) -> String? {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.cache" }
        return base.map { $0 + "/actorlint/" + StableHasher.digest(path).description }
    }

    /// The caches a `check` over the file at `path` may have written, in the order to ask them:
    /// the one `check` of that file would use, then those of every run over a folder above it
    /// (its `.build/actorlint-cache`, or its folder in the user's cache) that exist. `check .`
    /// at a repository's root keeps its cache there, not in a package nested below.
    public static func directories(forFile path: String, configurationPath: String?,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var found = defaultDirectory(forPaths: [path], configurationPath: configurationPath, environment: environment).map { [$0] } ?? []
        var directory = StandardPath.absolute(path)
        while directory != "/" {
            directory = directory.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(directory[..<$0]) } ?? "/"
            if directory.isEmpty { directory = "/" }
            for candidate in [(directory == "/" ? "" : directory) + "/.build/actorlint-cache",
                              userDirectory(forCheckedPath: directory, environment: environment)].compactMap({ $0 })
            where !found.contains(candidate) && DirectoryListing.kind(atPath: candidate) == .directory {
                found.append(candidate)
            }
        }
        return found
    }
}
