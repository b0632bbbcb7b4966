import Foundation

/// One `Linter.run`: the scheduling that keeps memory bounded by a module rather than by the
/// run, and the cache look-ups that skip unchanged files.
///
/// Per file, two jobs: *summarize* (read, hash, then take the index summary from the cache or
/// parse; time-limited) and *analyse* (run the rules; needs the module's complete index).
/// Per module, an *index* job once its last file is summarized, which answers files from the
/// cache where the findings key matches and queues the rest for analysis, and a *save* job
/// once its last file is analysed. Workers prefer index/save jobs, then analyses, then new
/// summaries: finishing a module frees its trees before the next module's are made.
///
/// Package manifests are analysed last, with every module's index (rules that judge a
/// manifest look at the modules it declares); every other file sees its own module's index.
final class LintSession: @unchecked Sendable {
    final class ModuleSlot {
        let key: String
        let settings: ModuleSettings
        var files: [FileSlot] = []
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
        let order: Int
        let path: String
        let absolute: String
        let module: ModuleSlot
        let isManifest: Bool
        var limit: TimeInterval = 0
        var content = Digest.zero
        var summary: FileSummary?
        var lineCount = 0
        /// The parsed file while it is held for the module's analysis.
        var file: SourceFile?
        var heldBytes = 0
        var failure: AnalysisFailure?
        var findings: [Finding] = []
        var lines: [Int: String] = [:]

        init(order: Int, path: String, absolute: String, module: ModuleSlot) {
            self.order = order
            self.path = path
            self.absolute = absolute
            self.module = module
            let name = (path as NSString).lastPathComponent
            isManifest = name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
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

    // Scheduling state, guarded by `pool.lock`.
    private let pool = WorkPool()
    /// Files in module order: the order summaries are made in.
    private let queue: [FileSlot]
    private var nextSummary = 0
    private var control: [WorkPool.Job] = []
    private var ready: [FileSlot] = []
    private var readyHead = 0
    private var manifests: [FileSlot] = []
    private var modulesIndexed = 0
    /// Every module's index digest, once all are indexed: part of a manifest's findings key.
    private var manifestDigest = Digest.zero
    /// Jobs not finished yet, including index and save jobs still to come.
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
        for (order, path) in paths.enumerated() {
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
            let slot = FileSlot(order: order, path: path, absolute: absolute, module: module)
            module.files.append(slot)
            module.summariesLeft += 1
            files.append(slot)
        }
        self.files = files
        self.modules = modules
        queue = modules.flatMap(\.files)
        outstanding = files.count + modules.count
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
        run.findings.sort()
        for module in modules where module.summariesLeft == 0 { run.indexes[module.key] = module.index }
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
            module.index = index
            module.digest = digest
            // The index holds what the run still needs; per-file summaries would grow with it.
            for slot in members { slot.summary = nil }
            let (answered, toAnalyse) = answerFromCache(members.filter { !$0.isManifest })
            return { [self] in
                for slot in answered { release(slot) }
                module.analysesLeft = members.count - answered.count
                ready += toAnalyse
                manifests += members.filter(\.isManifest)
                outstanding += toAnalyse.count
                modulesIndexed += 1
                if modulesIndexed == modules.count {
                    // Every index is complete: the manifests can be judged now.
                    outstanding += 1
                    control.append(manifestJob())
                }
                if module.analysesLeft == 0 { scheduleSave(module) }
                outstanding -= 1
            }
        })
    }

    private func manifestJob() -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            var hasher = StableHasher()
            for module in modules.sorted(by: { $0.key < $1.key }) {
                hasher.combine(module.key)
                hasher.combine(module.digest)
            }
            manifestDigest = hasher.finalize()
            let (answered, toAnalyse) = answerFromCache(manifests)
            return { [self] in
                for slot in answered {
                    release(slot)
                    analysisFinished(slot)
                }
                ready += toAnalyse
                outstanding += toAnalyse.count
                outstanding -= 1
            }
        })
    }

    private func analysisJob(_ slot: FileSlot) -> WorkPool.Job {
        // A file whose tree was not held is parsed again: that parse gets the file's time limit.
        WorkPool.Job(limit: slot.file == nil ? slot.limit : nil, work: { [self] in
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
                analysisFinished(slot)
                outstanding -= 1
            }
        }, timedOut: { [self] in
            slot.failure = AnalysisFailure(path: slot.path, reason: "analysis exceeded the \(Linter.seconds(slot.limit)) limit for this file; "
                + (NestingCheck.describe(path: slot.path) ?? "the parser did not finish"))
            release(slot)
            analysisFinished(slot)
            outstanding -= 1
        })
    }

    private func analysisFinished(_ slot: FileSlot) {
        let module = slot.module
        module.analysesLeft -= 1
        if module.analysesLeft == 0 { scheduleSave(module) }
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
    /// project's settings, the module's settings and index (every module's, for a manifest),
    /// the path as reported and the content.
    private func findingsKey(_ slot: FileSlot) -> Digest {
        var hasher = StableHasher()
        hasher.combine(linterFingerprint)
        hasher.combine(projectFingerprint)
        hasher.combine(moduleFingerprints[slot.module.key] ?? .zero)
        hasher.combine(slot.isManifest ? manifestDigest : slot.module.digest)
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
            let module = slot.module
            let indexes = slot.isManifest ? Dictionary(uniqueKeysWithValues: modules.map { ($0.key, $0.index) })
                : [module.key: module.index]
            let findings = linter.findings(in: file, module: module.settings, index: module.index, indexes: indexes)
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
