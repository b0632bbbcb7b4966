import Foundation

/// Absolute paths without `.`, `..`, repeated or trailing slashes, worked out from the text
/// alone. `URL(fileURLWithPath:).standardizedFileURL.path` gives the same answers but asks the
/// file system about each path (and parses it as a URL), which added up over every file and every
/// Xcode group of a run. One difference: a path ending in `/..` after a symbolic link goes to the
/// link's own folder here, to the link target's parent there. Every path the run compares (files,
/// modules' folders, manifests, Xcode groups, `explain`'s file) goes through this one function, so
/// two spellings of a path always meet.
enum StandardPath {
    static func absolute(_ path: String) -> String {
        if isStandard(path) { return path }
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

    /// Absolute with no empty, `.` or `..` component and no trailing slash: most paths a run
    /// sees, answered by one byte scan.
    private static func isStandard(_ path: String) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        // What the current component holds so far: 0 bytes, "." or "..", or something else.
        var component = 0
        var onlyDots = true
        // Empty, `.` or `..`: a component standardizing would remove.
        var removable: Bool { component == 0 || (onlyDots && component <= 2) }
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "/") {
                if removable { return false }
                component = 0
                onlyDots = true
            } else {
                component += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return path == "/" || !removable
    }

    /// `relative` resolved in `directory` (itself made absolute).
    static func resolve(_ relative: String, in directory: String) -> String {
        absolute(relative.hasPrefix("/") ? relative : directory + "/" + relative)
    }
}
