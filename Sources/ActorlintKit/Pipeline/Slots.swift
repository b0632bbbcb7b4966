import Foundation

/// What a run (`LintSession`) knows of one module: its files, its index and how far it got.
final class ModuleSlot {
    let key: String
    let settings: ModuleSettings
    /// Its place in `LintSession.modules`: dependencies are linked in that order.
    let order: Int
    var files: [FileSlot] = []
    /// The next of `files` to consider for a summary job.
    var nextFile = 0
    /// The files summarized without failure, in path order: what the index describes.
    var members: [FileSlot] = []
    var summariesLeft = 0
    var index = ProjectIndex.empty
    var digest = Digest.zero
    /// What its files' summaries take until its index is made (`MemoryEstimate.summary`).
    var summaryBytes = 0
    /// Modules the first lines of its files import (for the order only).
    var scannedImports: Set<String> = []
    /// Modules of the run it imports, from its parsed files; set by its index job.
    var dependencies: [ModuleSlot] = []
    var isIndexed = false
    /// The module's and its dependencies' index digests: part of its files' findings keys.
    var linkedDigest = Digest.zero
    /// Guards `loadedStore`, which workers load outside the pool's lock (it reads a file).
    private let storeLock = NSLock()
    private var loadedStore: ResultCache.ModuleStore?

    init(key: String, settings: ModuleSettings, order: Int) {
        self.key = key
        self.settings = settings
        self.order = order
    }

    /// The module's cache entries, read from disk by whichever worker needs them first.
    func store(in cache: ResultCache) -> ResultCache.ModuleStore {
        storeLock.withLock {
            if let loadedStore { return loadedStore }
            let store = cache.store(forModule: key)
            loadedStore = store
            return store
        }
    }

    /// The entries if loaded; nil without a cache, or once saved.
    var store: ResultCache.ModuleStore? { storeLock.withLock { loadedStore } }

    func dropStore() { storeLock.withLock { loadedStore = nil } }

    /// The modules this one reaches through `edges`, in run order, without itself; nil when
    /// `requireIndexed` and one of them is not indexed yet.
    func closure(through edges: (ModuleSlot) -> [ModuleSlot], requireIndexed: Bool = false) -> [ModuleSlot]? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var found: [ModuleSlot] = []
        var stack = edges(self)
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if requireIndexed && !next.isIndexed { return nil }
            found.append(next)
            stack += edges(next)
        }
        return found
    }
}

/// What a run knows of one file, from its look before the jobs to its findings.
final class FileSlot {
    let path: String
    let absolute: String
    let module: ModuleSlot
    var content = Digest.zero
    /// Summarized (or failed): by its own job, or from `FileLook.unchanged` before the jobs start.
    var isSummarized = false
    /// `FileSummary.digest(path:)` of `summary`: part of the module's index digest.
    var summaryDigest = Digest.zero
    /// What `stat` said before the file was read (with a cache); nil without a cache, for an
    /// overlay or what is not a regular file.
    var stamp: FileStamp?
    var summary: FileSummary?
    var lineCount = 0
    /// What its tree takes, estimated (`SourceFile.treeBytes`): from its size until parsed.
    var treeBytes = 0
    /// The parsed file while it is held for the rules.
    var file: SourceFile?
    /// No rule runs on the file and it has no suppression comment (`Linter.mayReport`): it
    /// has no findings, and its tree is neither held nor parsed again. Nil when the file was
    /// summarized from the cache: its analysis, if any, asks.
    var reportsNothing: Bool?
    var heldBytes = 0
    /// What its job in flight counts against the budget (`MemoryBudget.reserve`).
    var reservedBytes = 0
    /// Its analysis job is made: its tree, if held, is that job's and not given up for room.
    var isAnalysing = false
    var failure: AnalysisFailure?
    var findings: [Finding] = []
    var lines: [Int: String] = [:]
    var reachAnswers: [String: String] = [:]

    /// A package manifest: its settings rules read every module's index.
    let isManifest: Bool
    /// Its place in `LintSession.files`.
    let position: Int

    init(path: String, absolute: String, module: ModuleSlot, position: Int) {
        self.path = path
        self.absolute = absolute
        self.module = module
        self.position = position
        // Asked for each file by several stages: decided once, without NSString.
        let name = absolute.utf8.lastIndex(of: UInt8(ascii: "/")).map { absolute[absolute.utf8.index(after: $0)...] }
        isManifest = PackageManifest.isManifestName(String(name ?? absolute[...]))
    }
}

extension FileSlot {
    /// A slot for each path, in the order given, and one module slot per module settings key.
    static func slots(for paths: [String], linter: Linter) -> (files: [FileSlot], modules: [ModuleSlot]) {
        var modules: [ModuleSlot] = []
        // By position in the project's modules (nil: no project's), then by key: two positions
        // may share a key. Settings are copied and keyed once per module, not once per file.
        var byIndex: [Int?: ModuleSlot] = [:]
        var byKey: [String: ModuleSlot] = [:]
        var files: [FileSlot] = []
        let lookup = ModuleLookup(project: linter.project)
        for (position, path) in paths.enumerated() {
            let absolute = linter.absolutePath(path)
            let index = lookup.moduleIndex(forAbsolutePath: absolute)
            let module: ModuleSlot
            if let known = byIndex[index] {
                module = known
            } else {
                let settings = index.map { linter.project.modules[$0] } ?? linter.project.unplaced
                if let known = byKey[settings.key] {
                    module = known
                } else {
                    module = ModuleSlot(key: settings.key, settings: settings, order: modules.count)
                    byKey[settings.key] = module
                    modules.append(module)
                }
                byIndex[index] = module
            }
            let slot = FileSlot(path: path, absolute: absolute, module: module, position: position)
            module.files.append(slot)
            module.summariesLeft += 1
            files.append(slot)
        }
        return (files, modules)
    }
}
