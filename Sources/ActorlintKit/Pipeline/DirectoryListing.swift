import Foundation

/// A directory's entries by `readdir`, each with its kind from the directory entry itself where
/// the file system records it. Foundation's listing plus a `stat` per entry and a symlink
/// resolution per directory (an `lstat` per path component) made walking a large checkout cost
/// a quarter of a second, twice: once for the files and once for the projects.
enum DirectoryListing {
    /// Raw values are stored in the cache (`ProjectInputs`).
    enum Kind: UInt8 {
        case directory
        /// Anything else that exists: a regular file, a pipe, a socket…
        case file
        /// Nothing there; for a listed entry, a symbolic link to nothing or in a loop.
        case missing
    }

    struct Entry {
        let name: String
        let kind: Kind
    }

    /// The entries of `directory` sorted by name, `.` and `..` left out; symbolic links are
    /// followed to tell what they lead to. Throws the reason the directory cannot be listed.
    static func entries(of directory: String) throws(ListingError) -> [Entry] {
        guard let stream = opendir(directory) else { throw ListingError(reason: String(cString: strerror(errno)).lowercased()) }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            default:
                // A link, or a file system that does not record kinds: ask where it leads.
                kind = Self.kind(atPath: directory.hasSuffix("/") ? directory + name : directory + "/" + name)
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// What `path` leads to, symbolic links followed (as `FileManager.fileExists` does).
    static func kind(atPath path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }

    struct ListingError: Error {
        let reason: String
    }

    /// The real directory a path leads to (links followed): two paths to the same directory,
    /// as a symbolic link loop gives, have the same identity.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
