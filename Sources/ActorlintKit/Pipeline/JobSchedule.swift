/// A run's stages and the queues its workers take jobs from, guarded by the pool's lock.
/// Workers prefer control jobs (index, link, settle, save), then analyses, then summaries, in
/// module order: so a module's held trees are analysed and freed while later modules are still
/// being parsed.
final class JobSchedule {
    /// Summaries, indexes, links and analyses; then the settle job; then the saves.
    enum Stage { case modules, settling, saving, done }

    /// What a worker is to do next.
    enum Next {
        case control(WorkPool.Job)
        case analyse(FileSlot)
        case summarize(FileSlot)
    }

    private(set) var stage = Stage.modules
    /// Jobs of the current stage not finished yet, including index and link jobs still to come.
    private(set) var outstanding: Int
    private var control: [WorkPool.Job] = []
    private var ready: [FileSlot] = []
    private var readyHead = 0
    /// Modules in import order: the order their files are summarized in.
    let queue: [ModuleSlot]
    /// Modules before it have no file left to hand out.
    private var queueHead = 0
    /// Indexed modules waiting for a module they import to be indexed.
    var waiting: [ModuleSlot] = []
    /// Manifests, analysed when settling.
    var deferred: [FileSlot] = []

    /// `queue`: the modules in import order (`ModuleOrder`). Every file's summary and every
    /// module's index and link job are to come.
    init(queue: [ModuleSlot], fileCount: Int) {
        self.queue = queue
        outstanding = fileCount + 2 * queue.count
    }

    func next() -> Next? {
        if !control.isEmpty { return .control(control.removeFirst()) }
        if readyHead < ready.count {
            let slot = ready[readyHead]
            readyHead += 1
            if readyHead == ready.count { ready.removeAll(keepingCapacity: true); readyHead = 0 }
            return .analyse(slot)
        }
        // The first module in order with a file left to summarize.
        while queueHead < queue.count {
            let module = queue[queueHead]
            while module.nextFile < module.files.count {
                let slot = module.files[module.nextFile]
                module.nextFile += 1
                if !slot.isSummarized { return .summarize(slot) }
            }
            queueHead += 1
        }
        return nil
    }

    /// A job to run before any analysis or summary, counted in the current stage.
    func addControl(_ job: WorkPool.Job, counted: Bool = false) {
        if counted { outstanding += 1 }
        control.append(job)
    }

    /// Files to analyse, counted in the current stage.
    func addAnalyses(_ slots: [FileSlot]) {
        ready += slots
        outstanding += slots.count
    }

    /// Counts a job of the current stage as done; returns the stage the last one starts, the
    /// settle job's (whose one job is counted) or the saves' (whose jobs are not yet: `savesQueued`).
    func finish() -> Stage? {
        outstanding -= 1
        guard outstanding == 0 else { return nil }
        switch stage {
        case .modules:
            stage = .settling
            outstanding = 1
            return .settling
        case .settling:
            stage = .saving
            return .saving
        case .saving:
            stage = .done
            return nil
        case .done:
            return nil
        }
    }

    /// The saves are queued: with none, the run is done.
    func savesQueued() {
        if outstanding == 0 { stage = .done }
    }
}
