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
            // Read in place: a record is only as long as its name (`d_reclen`), so copying the
            // declared 256-byte `d_name` out of the last record could read past the end of the
            // stream's buffer (a crash seen once in a parallel test run).
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
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

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

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

/// The directories a run has listed, by absolute path. Finding the files and finding the
/// projects walk the same trees: passed the same `DirectoryListings`, only the first walk asks
/// the file system (on a large checkout, each walk was some 3,500 directories of system calls).
public final class DirectoryListings: @unchecked Sendable {
    private let lock = NSLock()
    /// Only listings that succeeded: a walk that meets a failure lists the directory again.
    private var listed: [String: [DirectoryListing.Entry]] = [:]
    private var identities: [String: DirectoryListing.Identity?] = [:]
    /// What relative paths are relative to, asked once (a system call).
    private let currentDirectory = FileManager.default.currentDirectoryPath

    public init() {}

    /// `DirectoryListing.entries(of:)`, asked once per directory.
    func entries(of directory: String) throws(DirectoryListing.ListingError) -> [DirectoryListing.Entry] {
        let key = key(for: directory)
        if let key, let known = lock.withLock({ listed[key] }) { return known }
        let entries = try DirectoryListing.entries(of: directory)
        if let key { lock.withLock { listed[key] = entries } }
        return entries
    }

    /// The absolute path a directory's answers are kept under; nil for a path with `..` after a
    /// folder name (`link/..`): the system resolves that after following the link, the text
    /// before, so the two could name different folders. A leading `..` is safe: the current
    /// directory has no links in it.
    private func key(for directory: String) -> String? {
        // The walks' own paths: a folder's path joined with an entry's name.
        if StandardPath.isStandard(directory) { return directory }
        var afterName = false
        var length = 0
        var onlyDots = true
        // Whether the component just read may stand; a name sets `afterName`.
        func endComponent() -> Bool {
            defer { (length, onlyDots) = (0, true) }
            if length == 2 && onlyDots { return !afterName }
            if length > 0 && !(length == 1 && onlyDots) { afterName = true }
            return true
        }
        for byte in directory.utf8 {
            if byte == UInt8(ascii: "/") {
                guard endComponent() else { return nil }
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        guard endComponent() else { return nil }
        return StandardPath.resolve(directory, in: currentDirectory)
    }

    /// Lists `roots` and the directories under them that `descend(path, name)` admits, on
    /// `threads` threads: a walk is one system call after another, and the walks that follow
    /// (one directory at a time, in a fixed order, so their results do not depend on timing)
    /// then find every directory listed. A directory it could not list is listed again by them.
    func prefetch(_ roots: [String], threads: Int, descend: @escaping @Sendable (_ path: String, _ name: String) -> Bool) {
        let work = NSCondition()
        nonisolated(unsafe) var stack = roots
        nonisolated(unsafe) var busy = 0
        nonisolated(unsafe) var visited: Set<DirectoryListing.Identity> = []
        DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in
            while true {
                work.lock()
                while stack.isEmpty && busy > 0 { work.wait() }
                guard let directory = stack.popLast() else {
                    work.unlock()
                    return
                }
                busy += 1
                work.unlock()
                var children: [String] = []
                // A symbolic link loop would bring the same real directory back.
                let identity = self.identity(of: directory)
                let isNew = identity.map { identity in work.withLock { visited.insert(identity).inserted } } ?? true
                if isNew, let entries = try? entries(of: directory) {
                    for entry in entries where entry.kind == .directory {
                        let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
                        if descend(path, entry.name) { children.append(path) }
                    }
                }
                work.lock()
                stack += children
                busy -= 1
                work.broadcast()
                work.unlock()
            }
        }
    }

    /// The directories listed so far, absolute.
    var listedDirectories: Set<String> { lock.withLock { Set(listed.keys) } }

    /// `DirectoryListing.identity(of:)`, asked once per directory.
    func identity(of directory: String) -> DirectoryListing.Identity? {
        guard let key = key(for: directory) else { return DirectoryListing.identity(of: directory) }
        if let known = lock.withLock({ identities[key] }) { return known }
        let identity = DirectoryListing.identity(of: directory)
        lock.withLock { identities[key] = identity }
        return identity
    }
}
