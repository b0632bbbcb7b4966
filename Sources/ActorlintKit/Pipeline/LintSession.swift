import Foundation

/// One `Linter.run`: the scheduling that keeps memory bounded while every module is indexed
/// before any rule runs, and the cache look-ups that skip unchanged files.
///
/// Per file, two jobs: *summarize* (read, hash, then take the index summary from the cache or
/// parse; time-limited) and *analyse* (run the rules). Per module, an *index* job once its last
/// file is summarized. The rules need every module's index, because the indexes are linked (a
/// file sees its sibling modules' types, closure tables and cancellation reach): once the last
/// module is indexed, one *link* job links them, answers files from the cache where the findings
/// key matches and queues the rest for analysis. A *save* job writes a module's cache once its
/// last file is analysed. Workers prefer index/link/save jobs, then analyses, then summaries.
///
/// Trees are made during summarizing and held for the rules while the budget allows; a file
/// whose tree was dropped is parsed again for its rules.
final class LintSession: @unchecked Sendable {
    final class ModuleSlot {
        let key: String
        let settings: ModuleSettings
        var files: [FileSlot] = []
        /// The files summarized without failure, in path order: what the index describes.
        var members: [FileSlot] = []
        var summariesLeft = 0
        var analysesLeft = 0
        var index = ProjectIndex.empty
        var digest = Digest.zero
        /// Guards `loadedStore`, which workers load outside the pool's lock (it reads a file).
        private let storeLock = NSLock()
        private var loadedStore: ResultCache.ModuleStore?

        init(key: String, settings: ModuleSettings) {
            self.key = key
            self.settings = settings
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
        var limit: TimeInterval = 0
        var content = Digest.zero
        var summary: FileSummary?
        var lineCount = 0
        /// The parsed file while it is held for the rules.
        var file: SourceFile?
        var heldBytes = 0
        var failure: AnalysisFailure?
        var findings: [Finding] = []
        var lines: [Int: String] = [:]

        init(path: String, absolute: String, module: ModuleSlot) {
            self.path = path
            self.absolute = absolute
            self.module = module
        }
    }

    private enum Summary {
        case cached(FileSummary, lineCount: Int, content: Digest)
        case parsed(SourceFile, FileSummary, content: Digest, bytes: Int)
        case failed(AnalysisFailure)
    }

    let linter: Linter
    let cache: ResultCache?
    let profile: LintProfile?
    let files: [FileSlot]
    let modules: [ModuleSlot]
    /// Hashed once per run; part of every findings key.
    private let linterFingerprint: Digest
    private let projectFingerprint: Digest
    private var moduleFingerprints: [String: Digest] = [:]

    // Set by the link job, before any analysis.
    /// The linked index of each module with at least one summarized file.
    private var indexes: [String: ProjectIndex] = [:]
    /// Every linked module's index digest: part of every findings key.
    private var linkedDigest = Digest.zero
    /// For the project rules: the projects of the summarized files, and whether any path is relative.
    private var checkedProjects: Set<String> = []
    private var relativePaths = false

    // Scheduling state, guarded by `pool.lock`.
    private let pool = WorkPool()
    /// Files in module order: the order summaries are made in.
    private let queue: [FileSlot]
    private var nextSummary = 0
    private var control: [WorkPool.Job] = []
    private var ready: [FileSlot] = []
    private var readyHead = 0
    private var modulesIndexed = 0
    /// Jobs not finished yet, including index, link and save jobs still to come.
    private var outstanding = 0
    private var heldBytes = 0

    init(linter: Linter, paths: [String]) {
        self.linter = linter
        cache = linter.cache
        profile = linter.profile
        var modules: [ModuleSlot] = []
        var byKey: [String: ModuleSlot] = [:]
        var files: [FileSlot] = []
        let lookup = ModuleLookup(project: linter.project)
        for path in paths {
            let absolute = linter.absolutePath(path)
            let settings = lookup.settings(forAbsolutePath: absolute)
            let module: ModuleSlot
            if let known = byKey[settings.key] {
                module = known
            } else {
                module = ModuleSlot(key: settings.key, settings: settings)
                byKey[settings.key] = module
                modules.append(module)
            }
            let slot = FileSlot(path: path, absolute: absolute, module: module)
            module.files.append(slot)
            module.summariesLeft += 1
            files.append(slot)
        }
        self.files = files
        self.modules = modules
        queue = modules.flatMap(\.files)
        // Every summary and index job, and the link job.
        outstanding = files.count + modules.count + 1
        if let cache {
            var hasher = StableHasher()
            hasher.combine(cache.identity)
            hasher.combine(Fingerprint.of(linter.configuration))
            for id in linter.ruleIDs.sorted() { hasher.combine(id) }
            for rule in linter.rules { hasher.combine(rule.description.id) }
            hasher.combine(linter.maximumFileSize)
            linterFingerprint = hasher.finalize()
            projectFingerprint = Fingerprint.of((linter.project.modules, linter.project.configurations.sorted { $0.key < $1.key },
                                                 linter.project.notes))
            for module in modules { moduleFingerprints[module.key] = Fingerprint.of(module.settings) }
        } else {
            linterFingerprint = .zero
            projectFingerprint = .zero
        }
    }

    func run() -> Linter.Run {
        if files.isEmpty { return Linter.Run() }
        pool.run(threads: min(linter.threads, max(1, files.count)), next: { [self] in nextJob() },
                 isFinished: { [self] in outstanding == 0 })
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
            return analysisJob(slot)
        }
        if nextSummary < queue.count {
            let slot = queue[nextSummary]
            nextSummary += 1
            return summaryJob(slot)
        }
        return nil
    }

    private func summaryJob(_ slot: FileSlot) -> WorkPool.Job {
        var info = stat()
        let size = linter.overlay[slot.path]?.utf8.count ?? (stat(slot.path, &info) == 0 ? Int(info.st_size) : 0)
        slot.limit = linter.timeLimit(forSize: size)
        return WorkPool.Job(limit: slot.limit, work: { [self] in
            let summary = summarize(slot)
            return { [self] in finishSummary(slot, summary) }
        }, timedOut: { [self] in
            finishSummary(slot, .failed(AnalysisFailure(
                path: slot.path, reason: "analysis exceeded the \(Linter.seconds(slot.limit)) limit for this file; " +
                    (NestingCheck.describe(path: slot.path) ?? "the parser did not finish"))))
        })
    }

    private func finishSummary(_ slot: FileSlot, _ summary: Summary) {
        switch summary {
        case .failed(let failure):
            slot.failure = failure
        case .cached(let summary, let lineCount, let content):
            slot.summary = summary
            slot.lineCount = lineCount
            slot.content = content
        case .parsed(let file, let summary, let content, let bytes):
            slot.summary = summary
            slot.lineCount = file.lineCount
            slot.content = content
            // Held for the rules only while the budget allows; otherwise parsed again then.
            if heldBytes + bytes <= linter.treeBudget {
                slot.file = file
                slot.heldBytes = bytes
                heldBytes += bytes
            } else {
                profile?.count("trees dropped before analysis")
            }
            slot.module.store?.update(slot.absolute, reportedPath: slot.path, content: content,
                                      summary: summary, lineCount: file.lineCount)
        }
        let module = slot.module
        module.summariesLeft -= 1
        if module.summariesLeft == 0 { control.append(indexJob(module)) }
        outstanding -= 1
    }

    private func indexJob(_ module: ModuleSlot) -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            let members = module.files.filter { $0.summary != nil }
            let (index, digest) = LintProfile.measure(profile, "index") { () -> (ProjectIndex, Digest) in
                let index = ProjectIndex(summaries: members.map { $0.summary! })
                guard cache != nil else { return (index, .zero) }
                var hasher = StableHasher()
                for slot in members { hasher.combine(slot.summary!.digest(path: slot.path)) }
                return (index, hasher.finalize())
            }
            // The index holds what the run still needs; per-file summaries would grow with it.
            for slot in members { slot.summary = nil }
            return { [self] in
                module.members = members
                module.index = index
                module.digest = digest
                modulesIndexed += 1
                if modulesIndexed == modules.count { control.append(linkJob()) }
                outstanding -= 1
            }
        })
    }

    private func linkJob() -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            // Only modules with a summarized file have an index, as in the project rules' view.
            let linked = modules.filter { !$0.members.isEmpty }
            LintProfile.measure(profile, "index") { ProjectIndex.link(linked.map(\.index)) }
            indexes = Dictionary(uniqueKeysWithValues: linked.map { ($0.key, $0.index) })
            if cache != nil {
                var hasher = StableHasher()
                for module in linked.sorted(by: { $0.key < $1.key }) {
                    hasher.combine(module.key)
                    hasher.combine(module.digest)
                }
                linkedDigest = hasher.finalize()
            }
            let members = linked.flatMap(\.members)
            checkedProjects = Set(linked.compactMap(\.settings.projectPath))
            relativePaths = members.contains { !$0.path.hasPrefix("/") }
            let (answered, toAnalyse) = answerFromCache(members)
            return { [self] in
                for slot in answered { release(slot) }
                for slot in toAnalyse { slot.module.analysesLeft += 1 }
                // Held trees first: analysing them frees their memory.
                ready += toAnalyse.filter { $0.file != nil } + toAnalyse.filter { $0.file == nil }
                outstanding += toAnalyse.count
                for module in modules where module.analysesLeft == 0 { scheduleSave(module) }
                outstanding -= 1
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
                case .success(let (findings, lines, content)):
                    slot.findings = findings
                    slot.lines = lines
                    if content == slot.content {
                        slot.module.store?.add(ResultCache.Variant(key: findingsKey(slot), findings: findings, lines: lines),
                                               for: slot.absolute)
                    }
                case .failure(let failure):
                    slot.failure = failure
                }
                release(slot)
                let module = slot.module
                module.analysesLeft -= 1
                if module.analysesLeft == 0 { scheduleSave(module) }
                outstanding -= 1
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
            return { [self] in outstanding -= 1 }
        }))
    }

    private func release(_ slot: FileSlot) {
        heldBytes -= slot.heldBytes
        slot.heldBytes = 0
        slot.file = nil
    }

    // MARK: Work (outside the lock)

    private func summarize(_ slot: FileSlot) -> Summary {
        do {
            let data = try LintProfile.measure(profile, "read") { try linter.readChecked(slot.path) }
            var content = Digest.zero
            if let cache {
                content = LintProfile.measure(profile, "hash") { data.withUnsafeBytes { StableHasher.digest($0) } }
                let store = LintProfile.measure(profile, "cache load") { slot.module.store(in: cache) }
                if let entry = store.entry(slot.absolute), entry.content == content, entry.reportedPath == slot.path {
                    profile?.count("summaries from cache")
                    return .cached(entry.summary, lineCount: entry.lineCount, content: content)
                }
            }
            let file = try LintProfile.measure(profile, "parse") { try linter.parse(slot.path, data: data) }
            let summary = LintProfile.measure(profile, "summary") { FileSummary(file) }
            profile?.count("files parsed")
            return .parsed(file, summary, content: content, bytes: data.count)
        } catch let failure as AnalysisFailure {
            return .failed(failure)
        } catch {
            return .failed(AnalysisFailure(path: slot.path, reason: "\(error)"))
        }
    }

    /// Splits `slots` into those whose findings the cache holds (filled in) and those to analyse.
    private func answerFromCache(_ slots: [FileSlot]) -> (answered: [FileSlot], toAnalyse: [FileSlot]) {
        guard cache != nil else { return ([], slots) }
        var answered: [FileSlot] = []
        var toAnalyse: [FileSlot] = []
        for slot in slots {
            let key = findingsKey(slot)
            if let entry = slot.module.store?.entry(slot.absolute), entry.content == slot.content,
               let variant = entry.variants.first(where: { $0.key == key }) {
                slot.findings = variant.findings
                slot.lines = variant.lines
                answered.append(slot)
            } else {
                toAnalyse.append(slot)
            }
        }
        profile?.count("findings from cache", answered.count)
        return (answered, toAnalyse)
    }

    /// Everything a file's findings depend on: the tool build, the configuration and rules, the
    /// project's settings, the module's settings, the index of every linked module (its own and
    /// its siblings'), the path as reported and the content.
    private func findingsKey(_ slot: FileSlot) -> Digest {
        var hasher = StableHasher()
        hasher.combine(linterFingerprint)
        hasher.combine(projectFingerprint)
        hasher.combine(moduleFingerprints[slot.module.key] ?? .zero)
        hasher.combine(linkedDigest)
        hasher.combine(slot.path)
        hasher.combine(slot.content)
        return hasher.finalize()
    }

    private func analyse(_ slot: FileSlot) -> Result<([Finding], [Int: String], Digest), AnalysisFailure> {
        do {
            var content = slot.content
            let file: SourceFile
            if let held = slot.file {
                file = held
            } else {
                let data = try LintProfile.measure(profile, "read") { try linter.readChecked(slot.path) }
                if cache != nil { content = data.withUnsafeBytes { StableHasher.digest($0) } }
                file = try LintProfile.measure(profile, "parse again") { try linter.parse(slot.path, data: data) }
                profile?.count("files parsed again")
            }
            let findings = linter.findings(in: file, module: slot.module.settings, index: slot.module.index, indexes: indexes)
            var lines: [Int: String] = [:]
            for finding in findings where lines[finding.range.start.line] == nil {
                lines[finding.range.start.line] = file.lineText(finding.range.start.line)
            }
            return .success((findings, lines, content))
        } catch let failure as AnalysisFailure {
            return .failure(failure)
        } catch {
            return .failure(AnalysisFailure(path: slot.path, reason: "\(error)"))
        }
    }
}
