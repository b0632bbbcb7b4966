import Foundation

/// What earlier runs learned about each file, so an unchanged file is neither parsed nor
/// analysed again. One file per module under `directory`, holding for each source file:
/// - its content digest and index summary: valid while the content (and path) is unchanged,
///   so indexing the module needs no parse;
/// - its findings under a key of everything they depend on (`FindingsKeys.key`): the
///   content, the configuration, the module's settings, the index summaries of its module and
///   of the modules it imports, the project's settings and the tool build (and the
///   cancellation-reach answers they rest on, checked against the run's reach). A few
///   variants are kept, so switching `--select` back and forth does not throw results away.
/// A damaged, truncated or foreign cache file is ignored (and rewritten), never fatal; a cache
/// that cannot be written is skipped silently: it only ever saves time.
public final class ResultCache: @unchecked Sendable {
    public let directory: String
    /// The build whose results these are; a file written by another build is ignored.
    public let identity: Digest
    /// Guards `stores` and `directoryIsReady`.
    private let lock = NSLock()
    private var stores: [String: ModuleStore] = [:]
    /// nil until a save first prepares the directory.
    private var directoryIsReady: Bool?

    /// How long after its last change a file's stamp is trusted (`FileStamp.isSettled`).
    var stampSettleSeconds = 2.0

    public init(directory: String, identity: Digest = ToolIdentity.current) {
        self.directory = directory
        self.identity = identity
    }

    /// Format of the files; bump when the layout changes.
    static let formatVersion = 7
    static let magic = Array("ACTORLINT-CACHE\n".utf8)
    /// Findings variants kept per file.
    static let variantLimit = 4

    struct Variant {
        var key: Digest
        var findings: [Finding]
        /// The text of each line a finding starts on, for reporters.
        var lines: [Int: String]
        /// The cancellation-reach answers the findings rest on (`ReachAnswers`): not part of the
        /// key, because the reach is known only once the modules importing this one are indexed.
        var reachAnswers: [String: String] = [:]
    }

    struct Entry {
        var reportedPath: String
        var content: Digest
        /// The file's stamp when `content` was read, if it had settled: while the file's stamp
        /// is this one, its content is `content` without reading it.
        var stamp: FileStamp?
        var summary: FileSummary
        /// `summary.digest(path: reportedPath)`, kept so a warm run need not encode the summary.
        var summaryDigest: Digest
        var lineCount: Int
        var variants: [Variant]
    }

    /// The entries of one module, loaded on first use and written back once after the run.
    final class ModuleStore: @unchecked Sendable {
        let file: String
        private let lock = NSLock()
        private var entries: [String: Entry]
        private var touched: Set<String> = []
        private var changed = false

        init(file: String, entries: [String: Entry]) {
            self.file = file
            self.entries = entries
        }

        func entry(_ absolutePath: String) -> Entry? {
            lock.lock()
            defer { lock.unlock() }
            touched.insert(absolutePath)
            return entries[absolutePath]
        }

        /// Records a file's summary; findings of other content are dropped.
        func update(_ absolutePath: String, reportedPath: String, content: Digest, stamp: FileStamp?,
                    summary: FileSummary, summaryDigest: Digest, lineCount: Int) {
            lock.lock()
            defer { lock.unlock() }
            touched.insert(absolutePath)
            if let old = entries[absolutePath], old.content == content, old.reportedPath == reportedPath {
                if old.stamp != stamp {
                    entries[absolutePath]?.stamp = stamp
                    changed = true
                }
                return
            }
            entries[absolutePath] = Entry(reportedPath: reportedPath, content: content, stamp: stamp, summary: summary,
                                          summaryDigest: summaryDigest, lineCount: lineCount, variants: [])
            changed = true
        }

        func add(_ variant: Variant, for absolutePath: String) {
            lock.lock()
            defer { lock.unlock() }
            guard var entry = entries[absolutePath] else { return }
            entry.variants.removeAll { $0.key == variant.key }
            entry.variants.insert(variant, at: 0)
            if entry.variants.count > ResultCache.variantLimit { entry.variants.removeLast() }
            entries[absolutePath] = entry
            changed = true
        }

        var isEmpty: Bool { lock.withLock { entries.isEmpty } }

        /// The entries to write back, or nil when nothing changed. Entries of files this run did
        /// not look at stay (a run over part of a module must not forget the rest) unless the
        /// file is gone.
        func entriesToSave() -> [String: Entry]? {
            lock.lock()
            defer { lock.unlock() }
            let gone = entries.keys.filter { !touched.contains($0) && access($0, F_OK) != 0 }
            guard changed || !gone.isEmpty else { return nil }
            for path in gone { entries[path] = nil }
            return entries
        }
    }

    /// The store of module `key`, read from disk on first use.
    func store(forModule key: String) -> ModuleStore {
        if let store = lock.withLock({ stores[key] }) { return store }
        // Read and decoded outside the lock: workers load different modules' stores at once.
        let file = directory + "/" + StableHasher.digest(key).description + ".cache"
        let loaded = ModuleStore(file: file, entries: read(file) ?? [:])
        return lock.withLock {
            if let store = stores[key] { return store }
            stores[key] = loaded
            return loaded
        }
    }

    /// Writes back the stores that changed. Each file is replaced atomically (write, then
    /// rename), so a concurrent run reads either the old file or the new one.
    func save(_ store: ModuleStore) {
        guard let entries = store.entriesToSave() else { return }
        write(encode(entries), to: store.file)
    }

    /// Replaces `file` in the cache directory atomically (write, then rename), so a concurrent
    /// run reads either the old file or the new one.
    func write(_ bytes: [UInt8], to file: String) {
        // Not writable (read-only checkout): the run's results stand without it.
        guard prepareDirectory() else { return }
        // Plain write(2): `FileManager.createFile` writes atomically through a temporary file of
        // its own, a second rename that made saving the cache cost more than the warm run.
        let temporary = file + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        // Removed since it was prepared (a cleaner ran): once more.
        if descriptor < 0 && errno == ENOENT && prepareDirectory(again: true) {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        // A full disk leaves no partial cache file behind.
        guard close(descriptor) == 0, written, rename(temporary, file) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// Forgets a module's store once its results are saved, so memory does not grow with the run.
    func release(module key: String) {
        lock.lock()
        stores[key] = nil
        lock.unlock()
    }

    /// Whether the directory exists, created with its ignore file: asked of the file system the
    /// first time (or `again`), not once per module saved (a run saves up to a thousand).
    private func prepareDirectory(again: Bool = false) -> Bool {
        lock.withLock {
            if !again, let directoryIsReady { return directoryIsReady }
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                Self.writeIgnoreFile(in: directory)
                directoryIsReady = true
            } catch {
                directoryIsReady = false
            }
            return directoryIsReady!
        }
    }

    /// A `.gitignore` that ignores the folder itself (ruff does the same), so a cache inside a
    /// checkout never shows up as untracked files.
    private static func writeIgnoreFile(in directory: String) {
        let path = directory + "/.gitignore"
        if access(path, F_OK) != 0 {
            _ = FileManager.default.createFile(atPath: path, contents: Data("# Created by actorlint.\n*\n".utf8))
        }
    }
}
