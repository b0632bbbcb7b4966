import Foundation

/// One `Linter.run`: the scheduling that analyses each module as soon as it can, keeping memory
/// bounded, and the cache look-ups that skip unchanged files.
///
/// Modules are summarized in import order (`ModuleOrder`: a module after those it imports). With
/// a cache, the pass that reads the import lines first takes each file's stamp: a file whose
/// stamp is the one its cache entry was read under is summarized from that entry, unread, and
/// its imports are its summary's. Per other file, a *summarize* job (read, hash, then take the index summary from the cache or
/// parse; time-limited) and an *analyse* job (the rules). Per module, an *index* job once its last file
/// is summarized, and a *link* job once it and every module it imports, directly or not, are
/// indexed: it links the module's index to theirs, answers files from the cache where the
/// findings key matches and queues the rest for analysis. So a module's held trees are analysed
/// and freed while later modules are still being parsed.
///
/// What cannot be known then is settled once every module is indexed (the *settle* job): the
/// package manifests, whose rules read every module's index, are analysed; and each module's
/// cancellation reach is linked to the modules importing it, which may come later: findings
/// whose reach answers (`ReachAnswers`) that reach confirms stand, the others are analysed again.
/// Then each module's cache is saved. Workers prefer control jobs, then analyses, then summaries.
///
/// Trees are held from summarizing to analysis while the budget allows, counting the parses and
/// walks in flight (`reserve`) and what the run keeps (`keptBytes`: the project model, the files'
/// slots, summaries, indexes); a file whose tree was dropped, or given up to make room, is
/// parsed again for its rules (only modules larger than the budget pay this). A file
/// no rule runs on (`Linter.mayReport`: none of their trigger words, no suppression comment;
/// 2,752 of 6,134 files in the benchmark's repositories) has no findings: its tree is neither
/// held nor parsed again.
final class LintSession: @unchecked Sendable {
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
    }

    final class FileSlot {
        let path: String
        let absolute: String
        let module: ModuleSlot
        var content = Digest.zero
        /// Summarized (or failed): by its own job, or from `Look.unchanged` before the jobs start.
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
        /// What its job in flight counts against the budget (`LintSession.reserve`).
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

    private enum Summary {
        /// The file's entry, still true as it is (`Look.unchanged`).
        case unchanged(ResultCache.Entry)
        /// `stamp`: what the cache should record for the file (`FileStamp.isSettled`).
        case cached(FileSummary, Digest, lineCount: Int, content: Digest, stamp: FileStamp?)
        case parsed(SourceFile, FileSummary, Digest, content: Digest, stamp: FileStamp?, treeBytes: Int, reportsNothing: Bool)
        case failed(AnalysisFailure)
    }

    private enum Stage { case modules, settling, saving, done }

    let linter: Linter
    let cache: ResultCache?
    let profile: LintProfile?
    let files: [FileSlot]
    let modules: [ModuleSlot]
    private let catalog: ModuleCatalog
    /// Hashed once per run; part of every findings key.
    private let linterFingerprint: Digest
    private let projectFingerprint: Digest
    private var moduleFingerprints: [String: Digest] = [:]
    /// By file position, with a cache: what the pass before the jobs learnt, among it the
    /// entries of the files whose stamp is the one their entry was read under. They are
    /// summarized from them, unread, before any job (kept here, not in every file's slot, until
    /// then).
    private var looks: [Look] = []

    /// What the pass before the jobs learns of a file (`look(at:)`).
    private struct Look {
        /// The modules its first lines import.
        var imports: Set<String>
        /// Its cache entry, when its stamp is unchanged.
        var unchanged: ResultCache.Entry?
    }

    // Set by the settle job.
    /// The index of each module with at least one summarized file.
    private var indexes: [String: ProjectIndex] = [:]
    /// Every module's index digest: part of the manifests' findings keys.
    private var allModulesDigest = Digest.zero
    /// For the project rules: the projects of the summarized files, and whether any path is relative.
    private var checkedProjects: Set<String> = []
    private var relativePaths = false

    // Scheduling state, guarded by `pool.lock`.
    private let pool = WorkPool()
    /// Modules in import order: the order their files are summarized in.
    private let queue: [ModuleSlot]
    /// Modules before it have no file left to hand out.
    private var queueHead = 0
    private var control: [WorkPool.Job] = []
    private var ready: [FileSlot] = []
    private var readyHead = 0
    /// Indexed modules waiting for a module they import to be indexed.
    private var waiting: [ModuleSlot] = []
    /// Manifests, analysed when settling.
    private var deferred: [FileSlot] = []
    private var stage = Stage.modules
    /// Jobs of the current stage not finished yet, including index and link jobs still to come.
    private var outstanding = 0
    /// What the trees held take (`FileSlot.file`, `SourceFile.treeBytes`), and what the jobs in
    /// flight reserve: together at most `treeRoom`, unless the jobs alone are more.
    private var heldBytes = 0
    private var reservedBytes = 0
    /// What the run keeps (`MemoryEstimate`): the project model and the files' slots from the
    /// start, each file's summary until its module's index is made (with a cache, until the
    /// module's store, which holds it too, is saved), then that index.
    private var keptBytes = 0
    /// The budget the kept state leaves to trees, at least a quarter of it.
    private var treeRoom: Int { max(linter.memoryBudget - keptBytes, linter.memoryBudget / 4) }
    /// The slots whose trees were held, in the order they were: the last are the modules
    /// furthest from analysis, whose trees are given up first when jobs in flight need room.
    private var held: [FileSlot] = []

    init(linter: Linter, paths: [String]) {
        self.linter = linter
        cache = linter.cache
        profile = linter.profile
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
                let settings = index.map { linter.project.modules[$0] } ?? .plainSwift6
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
        self.files = files
        self.modules = modules
        keptBytes = MemoryEstimate.project(linter.project)
            + files.reduce(0) { $0 + MemoryEstimate.slot(path: $1.path, absolute: $1.absolute) }
        let catalog = ModuleCatalog(modules.map(\.settings))
        self.catalog = catalog
        // One module has no order to find; with a cache, the same pass takes the stamps.
        if modules.count > 1 || cache != nil {
            let needsOrder = modules.count > 1
            let (slots, cache, profile) = (files, linter.cache, linter.profile)
            // On all cores, in runs of neighbouring files (a module's, whose cache entries are
            // loaded once), each thread reading the files' first lines into one buffer of its own.
            let looks = Parallel.map(count: slots.count, threads: linter.threads,
                                       scratch: { [UInt8](repeating: 0, count: ModuleOrder.headerBytes) }) { index, buffer in
                LintProfile.measure(profile, "import lines and stamps") {
                    buffer.withUnsafeMutableBytes {
                        Self.look(at: slots[index], linter: linter, cache: cache, needsOrder: needsOrder, buffer: $0)
                    }
                }
            }
            // Kept as they are, by position: copying each entry into a table keyed by slot (and
            // resizing it) took some 45 % of this serial stretch of a warm run (perf).
            for position in files.indices { files[position].module.scannedImports.formUnion(looks[position].imports) }
            if cache != nil { self.looks = looks }
        }
        queue = LintProfile.measure(profile, "module order") {
            let dependencies = modules.map { module in
                catalog.resolve(module.scannedImports, of: module.settings)
            }
            return ModuleOrder.sorted(dependencies: dependencies).map { modules[$0] }
        }
        // Every summary, index and link job.
        outstanding = files.count + 2 * modules.count
        if let cache {
            var hasher = StableHasher()
            hasher.combine(cache.identity)
            hasher.combine(Fingerprint.of(linter.configuration))
            for id in linter.ruleIDs.sorted() { hasher.combine(id) }
            for rule in linter.rules { hasher.combine(rule.description.id) }
            hasher.combine(linter.maximumFileSize)
            linterFingerprint = hasher.finalize()
            projectFingerprint = Fingerprint.of(project: linter.project, threads: linter.threads)
            let digests = Parallel.map(count: modules.count, threads: linter.threads) { Fingerprint.of(modules[$0].settings) }
            for (module, digest) in zip(modules, digests) { moduleFingerprints[module.key] = digest }
        } else {
            linterFingerprint = .zero
            projectFingerprint = .zero
        }
    }

    /// The modules the first lines of `slot`'s file import (when `needsOrder`). With a cache, also
    /// its stamp and, when that is the stamp its entry was read under, the entry: the file is
    /// not read, and its imports are its summary's.
    private static func look(at slot: FileSlot, linter: Linter, cache: ResultCache?, needsOrder: Bool,
                             buffer: UnsafeMutableRawBufferPointer) -> Look {
        if let text = linter.overlay[slot.path] { return Look(imports: needsOrder ? ModuleOrder.imports(in: Array(text.utf8)) : []) }
        guard let cache else { return Look(imports: ModuleOrder.imports(ofFileAt: slot.path, buffer: buffer)) }
        // Not a regular file: its summary job says why.
        guard let stamp = FileStamp(regularFileAt: slot.path) else { return Look(imports: []) }
        slot.stamp = stamp
        if let entry = slot.module.store(in: cache).entry(slot.absolute), entry.reportedPath == slot.path, entry.stamp == stamp {
            return Look(imports: entry.summary.imports, unchanged: entry)
        }
        return Look(imports: needsOrder ? ModuleOrder.imports(ofRegularFileAt: slot.path, buffer: buffer) : [])
    }

    func run() -> Linter.Run {
        if files.isEmpty { return Linter.Run() }
        // Before any job: no other thread runs yet. In import order, as the index jobs this
        // queues are: a module indexed before the modules it imports waits to be linked.
        var fromCache = 0
        for module in queue where !looks.isEmpty {
            for slot in module.files {
                guard let entry = looks[slot.position].unchanged else { continue }
                looks[slot.position].unchanged = nil
                finishSummary(slot, .unchanged(entry))
                fromCache += 1
            }
        }
        looks = []
        profile?.count(.summariesFromCache, fromCache)
        profile?.count(.filesNotRead, fromCache)
        pool.run(threads: min(linter.threads, max(1, files.count)), next: { [self] in nextJob() },
                 isFinished: { [self] in stage == .done })
        profile?.count(.bytesKeptAtEnd, keptBytes)
        var run = Linter.Run()
        for slot in files {
            if let failure = slot.failure {
                run.failures.append(failure)
                continue
            }
            run.findings += slot.findings
            if !slot.lines.isEmpty { run.sourceLines[slot.path, default: [:]].merge(slot.lines) { old, _ in old } }
            run.fileCount += 1
            run.lineCount += slot.lineCount
        }
        run.findings += linter.projectFindings(checkedProjects: checkedProjects, indexes: indexes, relativePaths: relativePaths)
        run.findings.sort()
        run.indexes = indexes
        return run
    }

    // MARK: Scheduling (under the pool's lock)

    private func nextJob() -> WorkPool.Job? {
        if !control.isEmpty { return control.removeFirst() }
        if readyHead < ready.count {
            let slot = ready[readyHead]
            readyHead += 1
            if readyHead == ready.count { ready.removeAll(keepingCapacity: true); readyHead = 0 }
            slot.isAnalysing = true
            // The rules' walk of a held tree; a parse and its walk otherwise. Nothing for a file
            // no rule runs on.
            if slot.reportsNothing != true { reserve(slot, slot.file == nil ? 2 * slot.treeBytes : slot.treeBytes) }
            return analysisJob(slot)
        }
        // The first module in order with a file left to summarize.
        while queueHead < queue.count {
            let module = queue[queueHead]
            while module.nextFile < module.files.count {
                let slot = module.files[module.nextFile]
                module.nextFile += 1
                if !slot.isSummarized { return summaryJob(slot) }
            }
            queueHead += 1
        }
        return nil
    }

    /// Counts a job of the current stage as done; the last one starts the next stage.
    private func jobFinished() {
        outstanding -= 1
        guard outstanding == 0 else { return }
        switch stage {
        case .modules:
            stage = .settling
            outstanding = 1
            control.append(settleJob())
        case .settling:
            stage = .saving
            for module in modules { scheduleSave(module) }
            if outstanding == 0 { stage = .done }
        case .saving:
            stage = .done
        case .done:
            break
        }
    }

    private func summaryJob(_ slot: FileSlot) -> WorkPool.Job {
        // With a cache, `look(at:)` took the stamp (and so the size) already.
        var info = stat()
        let size = linter.overlay[slot.path]?.utf8.count ?? slot.stamp?.size
            ?? (stat(slot.path, &info) == 0 ? Int(info.st_size) : 0)
        let limit = linter.timeLimit(forSize: size)
        slot.treeBytes = SourceFile.treeBytes(sourceBytes: size)
        reserve(slot, 2 * slot.treeBytes)
        return WorkPool.Job(limit: limit, work: { [self] in
            let summary = summarize(slot)
            return { [self] in finishSummary(slot, summary) }
        }, timedOut: { [self] in
            finishSummary(slot, .failed(AnalysisFailure(
                path: slot.path, reason: "analysis exceeded the \(Linter.seconds(limit)) limit for this file; " +
                    (NestingCheck.describe(path: slot.path) ?? "the parser did not finish"))))
        })
    }

    private func finishSummary(_ slot: FileSlot, _ summary: Summary) {
        slot.isSummarized = true
        unreserve(slot)
        // Counted before a tree is held: the summary takes room too.
        switch summary {
        case .unchanged(let entry): keep(entry.summary, of: slot.module)
        case .cached(let summary, _, _, _, _), .parsed(_, let summary, _, _, _, _, _): keep(summary, of: slot.module)
        case .failed: break
        }
        switch summary {
        case .failed(let failure):
            slot.failure = failure
        case .unchanged(let entry):
            slot.summary = entry.summary
            slot.summaryDigest = entry.summaryDigest
            slot.lineCount = entry.lineCount
            slot.content = entry.content
            slot.treeBytes = SourceFile.treeBytes(sourceBytes: slot.stamp?.size ?? 0)
        case .cached(let summary, let summaryDigest, let lineCount, let content, let stamp):
            slot.summary = summary
            slot.summaryDigest = summaryDigest
            slot.lineCount = lineCount
            slot.content = content
            slot.module.store?.update(slot.absolute, reportedPath: slot.path, content: content, stamp: stamp,
                                      summary: summary, summaryDigest: summaryDigest, lineCount: lineCount)
        case .parsed(let file, let summary, let summaryDigest, let content, let stamp, let bytes, let reportsNothing):
            slot.treeBytes = bytes
            slot.summary = summary
            slot.summaryDigest = summaryDigest
            slot.lineCount = file.lineCount
            slot.content = content
            slot.reportsNothing = reportsNothing
            // Held for the rules only while the budget allows; otherwise parsed again then.
            if reportsNothing {
                profile?.count(.filesNoRuleRunsOn)
            } else if heldBytes + reservedBytes + bytes <= treeRoom {
                slot.file = file.unwalked()
                slot.heldBytes = bytes
                heldBytes += bytes
                held.append(slot)
                profile?.count(highest: .mostTreesHeldKiB, heldBytes >> 10)
                profile?.count(highest: .mostTreesHeldOrInFlightKiB, (heldBytes + reservedBytes) >> 10)
            } else {
                profile?.count(.treesDroppedBeforeAnalysis)
            }
            slot.module.store?.update(slot.absolute, reportedPath: slot.path, content: content, stamp: stamp,
                                      summary: summary, summaryDigest: summaryDigest, lineCount: file.lineCount)
        }
        let module = slot.module
        module.summariesLeft -= 1
        if module.summariesLeft == 0 { control.append(indexJob(module)) }
        jobFinished()
    }

    private func indexJob(_ module: ModuleSlot) -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            let members = module.files.filter { $0.summary != nil }
            let (index, digest) = LintProfile.measure(profile, "index") { () -> (ProjectIndex, Digest) in
                let index = ProjectIndex(summaries: members.map { $0.summary! })
                guard cache != nil else { return (index, .zero) }
                var hasher = StableHasher()
                for slot in members { hasher.combine(slot.summaryDigest) }
                return (index, hasher.finalize())
            }
            // The index holds what the run still needs; per-file summaries would grow with it.
            for slot in members { slot.summary = nil }
            let kept = MemoryEstimate.index(index)
            let dependencies = members.isEmpty ? [] : catalog.resolve(index.imports, of: module.settings).map { modules[$0] }
            return { [self] in
                module.members = members
                module.index = index
                module.digest = digest
                module.dependencies = dependencies
                module.isIndexed = true
                // With a cache, the module's store holds the summaries until it is saved.
                addKept(kept - (cache == nil ? module.summaryBytes : 0))
                waiting.append(module)
                linkWaitingModules()
                jobFinished()
            }
        })
    }

    /// Queues a link job for each waiting module whose imports, direct or not, are all indexed.
    private func linkWaitingModules() {
        waiting.removeAll { module in
            guard let closure = Self.closure(of: module, through: \.dependencies, requireIndexed: true) else { return false }
            control.append(linkJob(module, dependencies: closure))
            return true
        }
    }

    /// The modules `module` reaches through `edges`, in run order, without `module`; nil when
    /// `requireIndexed` and one of them is not indexed yet.
    private static func closure(of module: ModuleSlot, through edges: (ModuleSlot) -> [ModuleSlot],
                                requireIndexed: Bool = false) -> [ModuleSlot]? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(module)]
        var found: [ModuleSlot] = []
        var stack = edges(module)
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if requireIndexed && !next.isIndexed { return nil }
            found.append(next)
            stack += edges(next)
        }
        return found
    }

    private func linkJob(_ module: ModuleSlot, dependencies: [ModuleSlot]) -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            // In run order, sorted rather than filtered out of every module of the run: that
            // was quadratic in the modules (SwiftPM's fixtures make 1,271).
            let ordered = dependencies.sorted { $0.order < $1.order }
            LintProfile.measure(profile, "index") { module.index.link(dependencies: ordered.map(\.index)) }
            if cache != nil { module.linkedDigest = Self.digest(of: [module] + ordered) }
            let members = module.members.filter { !$0.isManifest }
            let (answered, toAnalyse) = answerFromCache(members, linkedDigest: module.linkedDigest)
            return { [self] in
                // A manifest waits for the settle job: holding its tree that long would make the
                // budget shrink with every package of the run (SwiftPM's fixtures are hundreds).
                let manifests = module.members.filter(\.isManifest)
                for slot in manifests { release(slot) }
                deferred += manifests
                for slot in answered { release(slot) }
                // Held trees first: analysing them frees their memory.
                ready += toAnalyse.filter { $0.file != nil } + toAnalyse.filter { $0.file == nil }
                outstanding += toAnalyse.count
                jobFinished()
            }
        })
    }

    /// The index digests of `modules`, whatever their order: what a findings key holds of them.
    private static func digest(of modules: [ModuleSlot]) -> Digest {
        var hasher = StableHasher()
        for module in modules.sorted(by: { $0.key < $1.key }) {
            hasher.combine(module.key)
            hasher.combine(module.digest)
        }
        return hasher.finalize()
    }

    /// Once every module is indexed and analysed: links each module's cancellation reach to the
    /// modules importing it, queues the files whose reach answers it changes and the manifests.
    private func settleJob() -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            // Only modules with a summarized file have an index, as in the project rules' view.
            let linked = modules.filter { !$0.members.isEmpty }
            indexes = Dictionary(uniqueKeysWithValues: linked.map { ($0.key, $0.index) })
            let members = linked.flatMap(\.members)
            checkedProjects = Set(linked.compactMap(\.settings.projectPath))
            relativePaths = members.contains { !$0.path.hasPrefix("/") }
            if cache != nil { allModulesDigest = Self.digest(of: linked) }
            var importers: [ObjectIdentifier: [ModuleSlot]] = [:]
            for module in linked {
                for dependency in module.dependencies { importers[ObjectIdentifier(dependency), default: []].append(module) }
            }
            // Module by module on all cores (each links only its own reach); in run order after.
            let toAnalyse = LintProfile.measure(profile, "index") {
                Parallel.map(count: linked.count, threads: linter.threads) { position -> [FileSlot] in
                    let module = linked[position]
                    let reachedFrom = Self.closure(of: module) { importers[ObjectIdentifier($0)] ?? [] } ?? []
                    if !reachedFrom.isEmpty { module.index.linkCancellationReach(importers: reachedFrom.map(\.index)) }
                    // Also without importers: findings from the cache may rest on an earlier run's.
                    guard module.members.contains(where: { !$0.reachAnswers.isEmpty }) else { return [] }
                    let reach = module.index.cancellationReach
                    return module.members.filter { slot in
                        slot.failure == nil && !slot.isManifest
                            && slot.reachAnswers.contains { (reach.reason(forFunction: $0.key) ?? "") != $0.value }
                    }
                }.flatMap { $0 }
            }
            profile?.count(.filesAnalysedAgainForReach, toAnalyse.count)
            let (answered, manifests) = answerFromCache(deferred, linkedDigest: allModulesDigest)
            return { [self] in
                for slot in answered { release(slot) }
                ready += manifests + toAnalyse
                outstanding += manifests.count + toAnalyse.count
                jobFinished()
            }
        })
    }

    /// Not time-limited: the file was parsed within its limit while summarizing (and is parsed
    /// again only when its tree was dropped), and the rules run without a limit.
    private func analysisJob(_ slot: FileSlot) -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            let result = analyse(slot)
            return { [self] in
                switch result {
                case .success(let (findings, lines, reachAnswers, content)):
                    slot.findings = findings
                    slot.lines = lines
                    slot.reachAnswers = reachAnswers
                    if content == slot.content {
                        let key = findingsKey(slot, linkedDigest: slot.isManifest ? allModulesDigest : slot.module.linkedDigest)
                        slot.module.store?.add(ResultCache.Variant(key: key, findings: findings, lines: lines,
                                                                   reachAnswers: reachAnswers), for: slot.absolute)
                    }
                case .failure(let failure):
                    slot.failure = failure
                }
                release(slot)
                jobFinished()
            }
        })
    }

    private func scheduleSave(_ module: ModuleSlot) {
        guard let cache, let store = module.store else { return }
        outstanding += 1
        control.append(WorkPool.Job(limit: nil, work: { [self] in
            LintProfile.measure(profile, "cache save") { cache.save(store) }
            cache.release(module: module.key)
            module.dropStore()
            return { [self] in jobFinished() }
        }))
    }

    private func release(_ slot: FileSlot) {
        unreserve(slot)
        heldBytes -= slot.heldBytes
        slot.heldBytes = 0
        slot.file = nil
    }

    /// A tree parsed and walked weighs about twice one held unwalked (over the benchmark's
    /// files, a walk allocated 959 MB of nodes over 844 MB parsed), so a summary or a parse
    /// again reserves twice its file, and a held tree's analysis its file once more. Reserving
    /// is never refused: it gives up held trees, of the modules furthest from analysis first,
    /// so that trees held and in flight stay within `treeRoom` unless the jobs alone exceed it.
    /// With two threads, the next module's first summaries can give up the last module's trees
    /// while its link job is still to queue their analyses. Sparing an earlier module's trees
    /// was tried: fewer parses again, but a 1 MB file's summary then reserved some 50 MB over
    /// the budget (peak 260 -> 301 MB with the benchmark's list repeated 4 times).
    private func reserve(_ slot: FileSlot, _ bytes: Int) {
        slot.reservedBytes += bytes
        reservedBytes += bytes
        makeRoom()
    }

    /// Gives up held trees, the last held first, until trees held and in flight fit `treeRoom`.
    private func makeRoom() {
        while heldBytes + reservedBytes > treeRoom, let last = held.popLast() {
            // Released already, or its analysis has it.
            guard last.heldBytes > 0, !last.isAnalysing else { continue }
            heldBytes -= last.heldBytes
            last.heldBytes = 0
            last.file = nil
            profile?.count(.heldTreesGivenUp)
        }
        profile?.count(highest: .mostTreesHeldOrInFlightKiB, (heldBytes + reservedBytes) >> 10)
    }

    /// Counts what a file's summary keeps until its module's index is made.
    private func keep(_ summary: FileSummary, of module: ModuleSlot) {
        let bytes = MemoryEstimate.summary(summary)
        module.summaryBytes += bytes
        addKept(bytes)
    }

    /// The kept state changed (an index replacing its summaries can be smaller): trees held
    /// beyond the room left are given up at once, not at the next reservation.
    private func addKept(_ bytes: Int) {
        keptBytes += bytes
        profile?.count(highest: .mostKeptKiB, keptBytes >> 10)
        makeRoom()
    }

    private func unreserve(_ slot: FileSlot) {
        reservedBytes -= slot.reservedBytes
        slot.reservedBytes = 0
    }

    // MARK: Work (outside the lock)

    private func summarize(_ slot: FileSlot) -> Summary {
        do {
            // Files whose stamp is unchanged were summarized before any job.
            let entry = cache.flatMap { slot.module.store(in: $0).entry(slot.absolute) }.flatMap { $0.reportedPath == slot.path ? $0 : nil }
            let data = try LintProfile.measure(profile, "read") { try linter.readChecked(slot.path) }
            var content = Digest.zero
            var stamp: FileStamp?
            if let cache {
                content = LintProfile.measure(profile, "hash") { data.withUnsafeBytes { StableHasher.digest($0) } }
                stamp = slot.stamp.flatMap { $0.isSettled(interval: cache.stampSettleSeconds) ? $0 : nil }
                if let entry, entry.content == content {
                    profile?.count(.summariesFromCache)
                    return .cached(entry.summary, entry.summaryDigest, lineCount: entry.lineCount, content: content, stamp: stamp)
                }
            }
            let file = try LintProfile.measure(profile, "parse") { try linter.parse(slot.path, data: data) }
            let summary = LintProfile.measure(profile, "summary") { FileSummary(file) }
            profile?.count(.filesParsed)
            // Only a findings key needs it; made here, in parallel, rather than by the index job.
            let summaryDigest = cache == nil ? Digest.zero : summary.digest(path: slot.path)
            let reportsNothing = LintProfile.measure(profile, "trigger words") { !linter.mayReport(in: file) }
            return .parsed(file, summary, summaryDigest, content: content, stamp: stamp, treeBytes: file.treeBytes,
                           reportsNothing: reportsNothing)
        } catch let failure as AnalysisFailure {
            return .failed(failure)
        } catch {
            return .failed(AnalysisFailure(path: slot.path, reason: "\(error)"))
        }
    }

    /// Splits `slots` into those whose findings the cache holds (filled in) and those to analyse.
    private func answerFromCache(_ slots: [FileSlot], linkedDigest: Digest) -> (answered: [FileSlot], toAnalyse: [FileSlot]) {
        guard cache != nil else { return ([], slots) }
        var answered: [FileSlot] = []
        var toAnalyse: [FileSlot] = []
        for slot in slots {
            let key = findingsKey(slot, linkedDigest: linkedDigest)
            if let entry = slot.module.store?.entry(slot.absolute), entry.content == slot.content,
               let variant = entry.variants.first(where: { $0.key == key }) {
                slot.findings = variant.findings
                slot.lines = variant.lines
                slot.reachAnswers = variant.reachAnswers
                answered.append(slot)
            } else {
                toAnalyse.append(slot)
            }
        }
        profile?.count(.findingsFromCache, answered.count)
        return (answered, toAnalyse)
    }

    /// Everything a file's findings depend on: the tool build, the configuration and rules, the
    /// project's settings, the module's settings, the indexes its rules see (`linkedDigest`: its
    /// module's and those it imports; every module's for a manifest), the path as reported and
    /// the content. The cancellation reach is checked apart (`ReachAnswers`).
    private func findingsKey(_ slot: FileSlot, linkedDigest: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(linterFingerprint)
        hasher.combine(projectFingerprint)
        hasher.combine(moduleFingerprints[slot.module.key] ?? .zero)
        hasher.combine(linkedDigest)
        hasher.combine(slot.path)
        hasher.combine(slot.content)
        return hasher.finalize()
    }

    private func analyse(_ slot: FileSlot) -> Result<([Finding], [Int: String], [String: String], Digest), AnalysisFailure> {
        // Its findings are known without the tree: none. Like a held tree's, they are those of
        // the text its summary read: a file edited or deleted since is not read again (a dropped
        // tree's file is, below, and is analysed as it is then).
        if slot.reportsNothing == true { return .success(([], [:], [:], slot.content)) }
        do {
            var content = slot.content
            let file: SourceFile
            if let held = slot.file {
                file = held
            } else {
                let data = try LintProfile.measure(profile, "read") { try linter.readChecked(slot.path) }
                if cache != nil { content = data.withUnsafeBytes { StableHasher.digest($0) } }
                // A file summarized from the cache, unchanged since (its content is the one that
                // parsed then), that no rule runs on: nothing to parse it for. A run after an
                // edit above declarations, or after a change of configuration, meets many.
                // Decoded once, for the search and the parse.
                let text = String(validatingUTF8Data: data)
                if slot.reportsNothing == nil, cache != nil, content == slot.content, let text,
                   !linter.mayReport(path: slot.path, contains: { SourceFile.text(text, contains: $0) }) {
                    profile?.count(.filesNoRuleRunsOn)
                    return .success(([], [:], [:], content))
                }
                file = try LintProfile.measure(profile, "parse again") { try linter.parse(slot.path, data: data, text: text) }
                profile?.count(slot.isManifest ? .manifestsParsedAgain : .filesParsedAgain)
            }
            // Only the manifests' settings rules read other modules' indexes (and wait for them).
            let (findings, reachAnswers) = linter.analyse(file, module: slot.module.settings, index: slot.module.index,
                                                          indexes: slot.isManifest ? indexes : [:])
            var lines: [Int: String] = [:]
            for finding in findings where lines[finding.range.start.line] == nil {
                lines[finding.range.start.line] = file.lineText(finding.range.start.line)
            }
            return .success((findings, lines, reachAnswers, content))
        } catch let failure as AnalysisFailure {
            return .failure(failure)
        } catch {
            return .failure(AnalysisFailure(path: slot.path, reason: "\(error)"))
        }
    }
}
