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
        var full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // On bytes: every path of a run given relative (`actorlint check .`) comes here, and
        // splitting into substrings and joining them was a quarter of a warm run.
        return full.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                let length = end - start
                if length == 2, bytes[start] == UInt8(ascii: "."), bytes[start + 1] == UInt8(ascii: ".") {
                    // `..`: back to the parent, never above the root.
                    while let last = output.popLast(), last != UInt8(ascii: "/") {}
                } else if length > 0, !(length == 1 && bytes[start] == UInt8(ascii: ".")) {
                    output.append(UInt8(ascii: "/"))
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
                start = end + 1
            }
            return output.isEmpty ? "/" : String(decoding: output, as: UTF8.self)
        }
    }

    /// Absolute with no empty, `.` or `..` component and no trailing slash: most paths a run
    /// sees, answered by one byte scan.
    static func isStandard(_ path: String) -> Bool {
        // On the contiguous bytes when the string has them (native strings do): the iterator
        // was most of the time of the directory walks' lookups.
        path.utf8.withContiguousStorageIfAvailable(isStandard) ?? isStandard(Array(path.utf8))
    }

    private static func isStandard(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "/") else { return false }
        // What the current component holds so far: 0 bytes, "." or "..", or something else.
        var component = 0
        var onlyDots = true
        // Empty, `.` or `..`: a component standardizing would remove.
        var removable: Bool { component == 0 || (onlyDots && component <= 2) }
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if removable { return false }
                component = 0
                onlyDots = true
            } else {
                component += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return bytes.count == 1 || !removable
    }

    /// `relative` resolved in `directory` (itself made absolute).
    static func resolve(_ relative: String, in directory: String) -> String {
        absolute(relative.hasPrefix("/") ? relative : directory + "/" + relative)
    }
}
