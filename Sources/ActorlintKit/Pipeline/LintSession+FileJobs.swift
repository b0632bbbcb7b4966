import Foundation

/// A file's jobs: its summary, then (once its module is linked) its analysis. Made and finished
/// under the pool's lock; their work (`FileWork`) runs outside it.
extension LintSession {
    func summaryJob(_ slot: FileSlot) -> WorkPool.Job {
        // With a cache, `FileLook.scan` took the stamp (and so the size) already.
        var info = stat()
        let size = linter.overlay[slot.path]?.utf8.count ?? slot.stamp?.size
            ?? (stat(slot.path, &info) == 0 ? Int(info.st_size) : 0)
        let limit = linter.timeLimit(forSize: size)
        slot.treeBytes = SourceFile.treeBytes(sourceBytes: size)
        budget.reserve(slot, 2 * slot.treeBytes)
        return WorkPool.Job(limit: limit, work: { [self] in
            let summary = work.summarize(slot)
            return { [self] in finishSummary(slot, summary) }
        }, timedOut: { [self] in
            finishSummary(slot, .failed(AnalysisFailure(
                path: slot.path, reason: "analysis exceeded the \(Linter.seconds(limit)) limit for this file; " +
                    (NestingCheck.describe(path: slot.path) ?? "the parser did not finish"))))
        })
    }

    func finishSummary(_ slot: FileSlot, _ summary: FileWork.Summary) {
        slot.isSummarized = true
        budget.unreserve(slot)
        // Counted before a tree is held: the summary takes room too.
        switch summary {
        case .unchanged(let entry): budget.keep(entry.summary, of: slot.module)
        case .cached(let summary, _, _, _, _), .parsed(_, let summary, _, _, _, _, _): budget.keep(summary, of: slot.module)
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
            if reportsNothing {
                profile?.count(.filesNoRuleRunsOn)
            } else {
                budget.hold(file, for: slot, bytes: bytes)
            }
            slot.module.store?.update(slot.absolute, reportedPath: slot.path, content: content, stamp: stamp,
                                      summary: summary, summaryDigest: summaryDigest, lineCount: file.lineCount)
        }
        let module = slot.module
        module.summariesLeft -= 1
        if module.summariesLeft == 0 { schedule.addControl(indexJob(module)) }
        jobFinished()
    }

    /// Not time-limited: the file was parsed within its limit while summarizing (and is parsed
    /// again only when its tree was dropped), and the rules run without a limit.
    func analysisJob(_ slot: FileSlot) -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            let result = work.analyse(slot, indexes: slot.isManifest ? indexes : [:])
            return { [self] in
                switch result {
                case .success(let analysis):
                    slot.findings = analysis.findings
                    slot.lines = analysis.lines
                    slot.reachAnswers = analysis.reachAnswers
                    if analysis.extra != nil { slot.extra = analysis.extra }
                    if analysis.content == slot.content, let keys, let store = slot.module.store {
                        let key = keys.key(slot, linkedDigest: slot.isManifest ? allModulesDigest : slot.module.linkedDigest)
                        store.add(ResultCache.Variant(key: key, findings: analysis.findings, lines: analysis.lines,
                                                      reachAnswers: analysis.reachAnswers), for: slot.absolute)
                    }
                case .failure(let failure):
                    slot.failure = failure
                }
                budget.release(slot)
                jobFinished()
            }
        })
    }
}
