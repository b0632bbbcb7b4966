/// What a run's syntax trees may take (`Linter.memoryBudget`): the trees held from summarizing
/// to analysis, the parses and walks in flight (`reserve`), and what the run keeps
/// (`keptBytes`: the project model, the files' slots, summaries, indexes). Used under the
/// pool's lock.
final class MemoryBudget {
    let total: Int
    let profile: LintProfile?
    /// What the trees held take (`FileSlot.file`, `SourceFile.treeBytes`), and what the jobs in
    /// flight reserve: together at most `treeRoom`, unless the jobs alone are more.
    private(set) var heldBytes = 0
    private(set) var reservedBytes = 0
    /// What the run keeps (`MemoryEstimate`): the project model and the files' slots from the
    /// start, each file's summary until its module's index is made (with a cache, until the
    /// module's store, which holds it too, is saved), then that index.
    private(set) var keptBytes: Int
    /// The slots whose trees were held, in the order they were: the last are the modules
    /// furthest from analysis, whose trees are given up first when jobs in flight need room.
    private var held: [FileSlot] = []

    init(total: Int, kept: Int, profile: LintProfile?) {
        self.total = total
        keptBytes = kept
        self.profile = profile
    }

    /// The budget the kept state leaves to trees, at least a quarter of it.
    var treeRoom: Int { max(total - keptBytes, total / 4) }

    /// A tree parsed and walked weighs about twice one held unwalked (over the benchmark's
    /// files, a walk allocated 959 MB of nodes over 844 MB parsed), so a summary or a parse
    /// again reserves twice its file, and a held tree's analysis its file once more. Reserving
    /// is never refused: it gives up held trees, of the modules furthest from analysis first,
    /// so that trees held and in flight stay within `treeRoom` unless the jobs alone exceed it.
    /// With two threads, the next module's first summaries can give up the last module's trees
    /// while its link job is still to queue their analyses. Sparing an earlier module's trees
    /// was tried: fewer parses again, but a 1 MB file's summary then reserved some 50 MB over
    /// the budget (peak 260 -> 301 MB with the benchmark's list repeated 4 times).
    func reserve(_ slot: FileSlot, _ bytes: Int) {
        slot.reservedBytes += bytes
        reservedBytes += bytes
        makeRoom()
    }

    func unreserve(_ slot: FileSlot) {
        reservedBytes -= slot.reservedBytes
        slot.reservedBytes = 0
    }

    /// Holds `file`, the slot's parsed tree, for its rules if the budget allows; otherwise it is
    /// parsed again then.
    func hold(_ file: SourceFile, for slot: FileSlot, bytes: Int) {
        guard heldBytes + reservedBytes + bytes <= treeRoom else {
            profile?.count(.treesDroppedBeforeAnalysis)
            return
        }
        slot.file = file.unwalked()
        slot.heldBytes = bytes
        heldBytes += bytes
        held.append(slot)
        profile?.count(highest: .mostTreesHeldKiB, heldBytes >> 10)
        profile?.count(highest: .mostTreesHeldOrInFlightKiB, (heldBytes + reservedBytes) >> 10)
    }

    /// The slot's job is done, and its tree, if held, no longer needed.
    func release(_ slot: FileSlot) {
        unreserve(slot)
        heldBytes -= slot.heldBytes
        slot.heldBytes = 0
        slot.file = nil
    }

    /// Counts what a file's summary keeps until its module's index is made.
    func keep(_ summary: FileSummary, of module: ModuleSlot) {
        let bytes = MemoryEstimate.summary(summary)
        module.summaryBytes += bytes
        addKept(bytes)
    }

    /// The kept state changed (an index replacing its summaries can be smaller): trees held
    /// beyond the room left are given up at once, not at the next reservation.
    func addKept(_ bytes: Int) {
        keptBytes += bytes
        profile?.count(highest: .mostKeptKiB, keptBytes >> 10)
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
}
