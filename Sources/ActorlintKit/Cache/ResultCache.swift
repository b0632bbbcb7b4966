import Foundation
import SwiftSyntax

/// What earlier runs learned about each file, so an unchanged file is neither parsed nor
/// analysed again. One file per module under `directory`, holding for each source file:
/// - its content digest and index summary: valid while the content (and path) is unchanged,
///   so indexing the module needs no parse;
/// - its findings under a key of everything they depend on (`LintSession.findingsKey`): the
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
    static let formatVersion = 5
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

    // MARK: Encoding

    /// `magic`, the format version and this build's identity, then what `body` writes, then a
    /// checksum of all of it.
    func sealed(_ magic: [UInt8], _ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(magic)
        writer.write(Self.formatVersion)
        writer.write(identity)
        body(&writer)
        let checksum = writer.bytes.withUnsafeBytes { StableHasher.digest($0) }
        writer.write(checksum)
        return writer.bytes
    }

    /// What `body` reads from bytes `sealed` wrote with the same magic, format and build; throws
    /// when the bytes are damaged, foreign or not read to the end.
    func unsealed<T>(_ bytes: UnsafeRawBufferPointer, _ magic: [UInt8],
                     _ body: (inout ByteReader) throws(ByteReader.Damaged) -> T) throws(ByteReader.Damaged) -> T {
        guard bytes.count >= magic.count + 16, bytes.prefix(magic.count).elementsEqual(magic) else { throw ByteReader.Damaged() }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 16)])
        var trailer = ByteReader(bytes, offset: bytes.count - 16)
        guard try trailer.readDigest() == StableHasher.digest(payload) else { throw ByteReader.Damaged() }
        var reader = ByteReader(payload, offset: magic.count)
        guard try reader.readInt() == Self.formatVersion, try reader.readDigest() == identity else { throw ByteReader.Damaged() }
        let value = try body(&reader)
        guard reader.isAtEnd else { throw ByteReader.Damaged() }
        return value
    }

    func encode(_ entries: [String: Entry]) -> [UInt8] {
        sealed(Self.magic) { writer in encode(entries, to: &writer) }
    }

    private func encode(_ entries: [String: Entry], to writer: inout ByteWriter) {
        writer.write(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(entry.reportedPath)
            writer.write(entry.content)
            writer.write(entry.stamp != nil)
            entry.stamp?.encode(to: &writer)
            entry.summary.encode(to: &writer)
            writer.write(entry.summaryDigest)
            writer.write(entry.lineCount)
            writer.write(entry.variants.count)
            for variant in entry.variants {
                writer.write(variant.key)
                writer.write(variant.findings.count)
                for finding in variant.findings { Self.encode(finding, to: &writer) }
                writer.write(variant.lines.count)
                for (line, text) in variant.lines.sorted(by: { $0.key < $1.key }) {
                    writer.write(line)
                    writer.write(text)
                }
                writer.write(variant.reachAnswers.count)
                for (name, reason) in variant.reachAnswers.sorted(by: { $0.key < $1.key }) {
                    writer.write(name)
                    writer.write(reason)
                }
            }
        }
    }

    private static func encode(_ finding: Finding, to writer: inout ByteWriter) {
        writer.write(finding.ruleID)
        writer.write(finding.severity.rawValue)
        writer.write(finding.message)
        for position in [finding.range.start, finding.range.end] {
            writer.write(position.line)
            writer.write(position.column)
            writer.write(position.offset)
        }
        writer.write(finding.fix != nil)
        if let fix = finding.fix {
            writer.write(fix.title)
            writer.write(fix.safety.rawValue)
            writer.write(fix.edits.count)
            for edit in fix.edits {
                writer.write(edit.start)
                writer.write(edit.end)
                writer.write(edit.replacement)
            }
        }
    }

    /// The entries of a cache file, or nil when it is missing, damaged or from another build.
    func read(_ file: String) -> [String: Entry]? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return data.withUnsafeBytes { bytes -> [String: Entry]? in
            try? decode(bytes)
        }
    }

    func decode(_ bytes: UnsafeRawBufferPointer) throws(ByteReader.Damaged) -> [String: Entry] {
        try unsealed(bytes, Self.magic) { reader throws(ByteReader.Damaged) in try Self.decodeEntries(from: &reader) }
    }

    private static func decodeEntries(from reader: inout ByteReader) throws(ByteReader.Damaged) -> [String: Entry] {
        let count = try reader.readCount()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.readString()
            let reportedPath = try reader.readString()
            let content = try reader.readDigest()
            let stamp = try reader.readBool() ? try FileStamp.decode(from: &reader) : nil
            let summary = try FileSummary.decode(from: &reader, path: reportedPath)
            let summaryDigest = try reader.readDigest()
            let lineCount = try reader.readInt()
            let variantCount = try reader.readCount()
            var variants: [Variant] = []
            for _ in 0..<variantCount {
                let key = try reader.readDigest()
                let findingCount = try reader.readCount()
                var findings: [Finding] = []
                findings.reserveCapacity(findingCount)
                for _ in 0..<findingCount { findings.append(try Self.decodeFinding(from: &reader, path: reportedPath)) }
                let lineCount = try reader.readCount()
                var lines: [Int: String] = [:]
                for _ in 0..<lineCount {
                    let line = try reader.readInt()
                    lines[line] = try reader.readString()
                }
                var reachAnswers: [String: String] = [:]
                for _ in 0..<(try reader.readCount()) {
                    let name = try reader.readString()
                    reachAnswers[name] = try reader.readString()
                }
                variants.append(Variant(key: key, findings: findings, lines: lines, reachAnswers: reachAnswers))
            }
            entries[path] = Entry(reportedPath: reportedPath, content: content, stamp: stamp, summary: summary,
                                  summaryDigest: summaryDigest, lineCount: lineCount, variants: variants)
        }
        return entries
    }

    private static func decodeFinding(from reader: inout ByteReader, path: String) throws(ByteReader.Damaged) -> Finding {
        let ruleID = try reader.readString()
        guard let severity = Severity(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
        let message = try reader.readString()
        var positions: [SourcePosition] = []
        for _ in 0..<2 {
            positions.append(SourcePosition(line: try reader.readInt(), column: try reader.readInt(), offset: try reader.readInt()))
        }
        var fix: Fix?
        if try reader.readBool() {
            let title = try reader.readString()
            guard let safety = FixSafety(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
            let editCount = try reader.readCount()
            var edits: [TextEdit] = []
            for _ in 0..<editCount {
                edits.append(TextEdit(start: try reader.readInt(), end: try reader.readInt(), replacement: try reader.readString()))
            }
            fix = Fix(title: title, safety: safety, edits: edits)
        }
        return Finding(ruleID: ruleID, severity: severity, message: message, path: path,
                       range: SourceRange(start: positions[0], end: positions[1]), fix: fix)
    }

    // MARK: Location

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

/// Identifies the build that produced a cached result: the version plus the size and time of
/// the images holding actorlint's and SwiftSyntax's code, so a rebuilt rule or another
/// toolchain's parser never reads results the old code wrote.
public enum ToolIdentity {
    public static let current: Digest = {
        var hasher = StableHasher()
        hasher.combine(ActorlintVersion.current)
        hasher.combine(ResultCache.formatVersion)
        let markers: [UnsafeRawPointer] = [
            unsafeBitCast(ToolIdentityMarker.self as Any.Type, to: UnsafeRawPointer.self),
            unsafeBitCast(SourceFileSyntax.self as Any.Type, to: UnsafeRawPointer.self),
        ]
        for marker in markers {
            guard let name = imagePath(containing: marker) else { continue }
            hasher.combine(name)
            var info = stat()
            if stat(name, &info) == 0 {
                hasher.combine(Int(info.st_size))
                #if canImport(Darwin)
                hasher.combine(Int(info.st_mtimespec.tv_sec))
                hasher.combine(Int(info.st_mtimespec.tv_nsec))
                #else
                hasher.combine(Int(info.st_mtim.tv_sec))
                hasher.combine(Int(info.st_mtim.tv_nsec))
                #endif
            }
        }
        return hasher.finalize()
    }()
}

extension ToolIdentity {
    /// The executable or library file whose mapped code or data holds `address`.
    static func imagePath(containing address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
        var image = Dl_info()
        guard dladdr(address, &image) != 0, let name = image.dli_fname else { return nil }
        return String(cString: name)
        #else
        // Glibc's module does not export `dladdr`; the kernel's map of this process says the same.
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        let target = UInt(bitPattern: address)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16),
                  let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  start <= target, target < end else { continue }
            return fields[5...].joined(separator: " ")
        }
        return nil
        #endif
    }
}

/// A type whose metadata lives in ActorlintKit's image, to find that image.
private struct ToolIdentityMarker {}
