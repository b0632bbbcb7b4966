import Foundation

/// One `Linter.run`: the scheduling that analyses each module as soon as it can, keeping memory
/// bounded, and the cache look-ups that skip unchanged files.
///
/// Modules are summarized in import order (`ModuleOrder`: a module after those it imports). With
/// a cache, the pass that reads the import lines first takes each file's stamp (`FileLook`): a
/// file whose stamp is the one its cache entry was read under is summarized from that entry,
/// unread, and its imports are its summary's. Per other file, a *summarize* job (read, hash,
/// then take the index summary from the cache or parse; time-limited) and an *analyse* job (the
/// rules), both `FileWork`. Per module, an *index* job once its last file is summarized, and a
/// *link* job once it and every module it imports, directly or not, are indexed: it links the
/// module's index to theirs, answers files from the cache where the findings key matches
/// (`FindingsKeys`) and queues the rest for analysis (`JobSchedule`).
///
/// What cannot be known then is settled once every module is indexed (the *settle* job): the
/// package manifests, whose rules read every module's index, are analysed; and each module's
/// cancellation reach is linked to the modules importing it, which may come later: findings
/// whose reach answers (`ReachAnswers`) that reach confirms stand, the others are analysed again.
/// Then each module's cache is saved.
///
/// Trees are held from summarizing to analysis while the budget allows (`MemoryBudget`); a file
/// whose tree was dropped, or given up to make room, is parsed again for its rules (only
/// modules larger than the budget pay this). A file no rule runs on (`Linter.mayReport`: none
/// of their trigger words, no suppression comment; 2,752 of 6,134 files in the benchmark's
/// repositories) has no findings: its tree is neither held nor parsed again.
final class LintSession: @unchecked Sendable {
    let linter: Linter
    let files: [FileSlot]
    let modules: [ModuleSlot]
    let work: FileWork
    let catalog: ModuleCatalog
    /// With a cache only.
    let keys: FindingsKeys?
    /// By file position, with a cache: what the pass before the jobs learnt (`FileLook.scan`),
    /// among it the entries of the files whose stamp is unchanged. They are summarized from
    /// them before any job (kept here, not in every file's slot, until then).
    private var looks: [FileLook]

    var cache: ResultCache? { linter.cache }
    var profile: LintProfile? { linter.profile }

    // Set by the settle job.
    /// The index of each module with at least one summarized file.
    var indexes: [String: ProjectIndex] = [:]
    /// Every module's index digest: part of the manifests' findings keys.
    var allModulesDigest = Digest.zero
    /// For the project rules: the projects of the summarized files, and whether any path is relative.
    var checkedProjects: Set<String> = []
    var relativePaths = false

    // Guarded by `pool.lock`.
    let pool = WorkPool()
    let schedule: JobSchedule
    let budget: MemoryBudget

    init(linter: Linter, paths: [String]) {
        self.linter = linter
        work = FileWork(linter: linter)
        let (files, modules) = FileSlot.slots(for: paths, linter: linter)
        self.files = files
        self.modules = modules
        budget = MemoryBudget(total: linter.memoryBudget, kept: MemoryEstimate.project(linter.project)
            + files.reduce(0) { $0 + MemoryEstimate.slot(path: $1.path, absolute: $1.absolute) }, profile: linter.profile)
        let catalog = ModuleCatalog(modules.map(\.settings))
        self.catalog = catalog
        looks = FileLook.scan(files, moduleCount: modules.count, linter: linter)
        schedule = JobSchedule(queue: ModuleOrder.queue(modules, catalog: catalog, profile: linter.profile),
                               fileCount: files.count)
        // The cache holds findings, not what a file analysis returns: such a run analyses every file.
        keys = linter.fileAnalysis == nil ? linter.cache.map { FindingsKeys(linter: linter, cache: $0, modules: modules) } : nil
    }

    func run() -> Linter.Run {
        if files.isEmpty { return Linter.Run() }
        summarizeUnchanged()
        pool.run(threads: min(linter.threads, max(1, files.count)), next: { [self] in nextJob() },
                 isFinished: { [self] in schedule.stage == .done })
        profile?.count(.bytesKeptAtEnd, budget.keptBytes)
        var run = Linter.Run()
        for slot in files {
            if let failure = slot.failure {
                run.failures.append(failure)
                continue
            }
            run.findings += slot.findings
            if let extra = slot.extra { run.extras[slot.path] = extra }
            if !slot.lines.isEmpty { run.sourceLines[slot.path, default: [:]].merge(slot.lines) { old, _ in old } }
            run.fileCount += 1
            run.lineCount += slot.lineCount
        }
        run.findings += linter.projectFindings(checkedProjects: checkedProjects, indexes: indexes, relativePaths: relativePaths)
        run.findings.sort()
        run.indexes = indexes
        return run
    }

    /// Summarizes the files whose stamp is unchanged from their entries. Before any job: no
    /// other thread runs yet. In import order, as the index jobs this queues are: a module
    /// indexed before the modules it imports waits to be linked.
    private func summarizeUnchanged() {
        var fromCache = 0
        for module in schedule.queue where !looks.isEmpty {
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
    }

    // MARK: Scheduling (under the pool's lock)

    private func nextJob() -> WorkPool.Job? {
        switch schedule.next() {
        case .control(let job):
            return job
        case .analyse(let slot):
            slot.isAnalysing = true
            // The rules' walk of a held tree; a parse and its walk otherwise. Nothing for a file
            // no rule runs on.
            if slot.reportsNothing != true { budget.reserve(slot, slot.file == nil ? 2 * slot.treeBytes : slot.treeBytes) }
            return analysisJob(slot)
        case .summarize(let slot):
            return summaryJob(slot)
        case nil:
            return nil
        }
    }

    /// Counts a job of the current stage as done; the last one starts the next stage.
    func jobFinished() {
        switch schedule.finish() {
        case .settling:
            schedule.addControl(settleJob())
        case .saving:
            for module in modules { scheduleSave(module) }
            schedule.savesQueued()
        case .modules, .done, nil:
            break
        }
    }
}
