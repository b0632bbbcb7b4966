import Foundation

/// Absolute paths without `.`, `..`, repeated or trailing slashes, worked out from the text
/// alone. `URL(fileURLWithPath:).standardizedFileURL.path` gives the same answers but asks the
/// file system about each path (and parses it as a URL), which added up over every file and every
/// Xcode group of a run. One difference: a path ending in `/..` after a symbolic link goes to the
/// link's own folder here, to the link target's parent there.
enum StandardPath {
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `relative` resolved in `directory` (itself made absolute).
    static func resolve(_ relative: String, in directory: String) -> String {
        absolute(relative.hasPrefix("/") ? relative : directory + "/" + relative)
    }
}
