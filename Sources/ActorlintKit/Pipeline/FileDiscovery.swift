import Foundation

/// Finds the Swift files under the paths the user named.
public struct FileDiscovery: Sendable {
    /// Directories that hold build products or third-party checkouts, never the user's code.
    public static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]

    public var excludes: [GlobPattern]

    public init(excludes: [GlobPattern] = []) {
        self.excludes = excludes
    }

    public struct Result: Sendable {
        /// Paths as given on the command line joined with the relative path, sorted.
        public var files: [String] = []
        public var failures: [AnalysisFailure] = []
    }

    public func discover(_ paths: [String]) -> Result {
        var result = Result()
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.failures.append(AnalysisFailure(path: path, reason: "no such file or directory"))
                continue
            }
            if !isDirectory.boolValue {
                // A file named explicitly is analysed whatever its extension says.
                result.files.append(path)
                continue
            }
            walk(path, into: &result)
        }
        result.files = Array(Set(result.files)).sorted()
        return result
    }

    private func walk(_ root: String, into result: inout Result) {
        let fileManager = FileManager.default
        var visited: Set<String> = []
        var stack = [root]
        while let directory = stack.popLast() {
            // A symlink loop would revisit the same real directory: stop there.
            let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
            guard visited.insert(real).inserted else { continue }
            let entries: [String]
            do {
                entries = try fileManager.contentsOfDirectory(atPath: directory).sorted()
            } catch {
                result.failures.append(AnalysisFailure(path: directory, reason: "cannot list directory: \(error.localizedDescription)"))
                continue
            }
            for entry in entries {
                let path = directory == "." ? entry : (directory.hasSuffix("/") ? directory + entry : directory + "/" + entry)
                if isExcluded(path) { continue }
                var isDirectory: ObjCBool = false
                let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
                if !exists {
                    if entry.hasSuffix(".swift") {
                        result.failures.append(AnalysisFailure(path: path, reason: "broken symbolic link"))
                    }
                    continue
                }
                if isDirectory.boolValue {
                    if entry.hasSuffix(".swift") {
                        result.failures.append(AnalysisFailure(path: path, reason: "is a directory, not a Swift file"))
                    }
                    if !Self.skippedDirectories.contains(entry) { stack.append(path) }
                } else if entry.hasSuffix(".swift") {
                    result.files.append(path)
                }
            }
        }
    }

    private func isExcluded(_ path: String) -> Bool {
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return excludes.contains { $0.matches(relative) }
    }
}
