import Foundation

/// The work of a file's jobs, done outside the pool's lock: its summary (read, hash, then the
/// index summary from the cache or a parse) and its analysis (the rules).
struct FileWork: Sendable {
    let linter: Linter

    var cache: ResultCache? { linter.cache }
    var profile: LintProfile? { linter.profile }

    /// What a summary job found.
    enum Summary {
        /// The file's entry, still true as it is (`FileLook.unchanged`).
        case unchanged(ResultCache.Entry)
        /// `stamp`: what the cache should record for the file (`FileStamp.isSettled`).
        case cached(FileSummary, Digest, lineCount: Int, content: Digest, stamp: FileStamp?)
        case parsed(SourceFile, FileSummary, Digest, content: Digest, stamp: FileStamp?, treeBytes: Int, reportsNothing: Bool)
        case failed(AnalysisFailure)
    }

    /// What an analysis found: the findings, the lines they start on, the cancellation-reach
    /// answers they rest on, and the digest of the content analysed.
    struct Analysis {
        var findings: [Finding] = []
        var lines: [Int: String] = [:]
        var reachAnswers: [String: String] = [:]
        var content: Digest
        /// What `Linter.fileAnalysis` returned.
        var extra: (any Sendable)?
    }

    func summarize(_ slot: FileSlot) -> Summary {
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

    /// `indexes`: every module's, for a manifest (only the manifests' settings rules read other
    /// modules' indexes, and wait for them); none for another file.
    func analyse(_ slot: FileSlot, indexes: [String: ProjectIndex]) -> Result<Analysis, AnalysisFailure> {
        // Its findings are known without the tree: none. Like a held tree's, they are those of
        // the text its summary read: a file edited or deleted since is not read again (a dropped
        // tree's file is, below, and is analysed as it is then).
        if slot.reportsNothing == true { return .success(Analysis(content: slot.content)) }
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
                    return .success(Analysis(content: content))
                }
                file = try LintProfile.measure(profile, "parse again") { try linter.parse(slot.path, data: data, text: text) }
                profile?.count(slot.isManifest ? .manifestsParsedAgain : .filesParsedAgain)
            }
            let (findings, reachAnswers) = linter.analyse(file, module: slot.module.settings, index: slot.module.index,
                                                          indexes: indexes)
            var lines: [Int: String] = [:]
            for finding in findings where lines[finding.range.start.line] == nil {
                lines[finding.range.start.line] = file.lineText(finding.range.start.line)
            }
            var extra: (any Sendable)?
            if let analysis = linter.fileAnalysis, !slot.isManifest, analysis.runs(contains: file.contains) {
                let module = slot.module
                extra = LintProfile.measure(profile, "file analysis") { () -> any Sendable in
                    analysis.analyse(file, FileAnalysis.Module(settings: module.settings, index: module.index,
                                                               dependencies: module.dependencies.map { ($0.settings, $0.index) }), linter)
                }
            }
            return .success(Analysis(findings: findings, lines: lines, reachAnswers: reachAnswers, content: content, extra: extra))
        } catch let failure as AnalysisFailure {
            return .failure(failure)
        } catch {
            return .failure(AnalysisFailure(path: slot.path, reason: "\(error)"))
        }
    }
}
