import Foundation

/// A module's jobs: its index once its files are summarized, its link once the modules it
/// imports are indexed, the settle job once every module is, and its cache's save. Made and
/// finished under the pool's lock; their work runs outside it.
extension LintSession {
    func indexJob(_ module: ModuleSlot) -> WorkPool.Job {
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
                budget.addKept(kept - (cache == nil ? module.summaryBytes : 0))
                schedule.waiting.append(module)
                linkWaitingModules()
                jobFinished()
            }
        })
    }

    /// Queues a link job for each waiting module whose imports, direct or not, are all indexed.
    private func linkWaitingModules() {
        schedule.waiting.removeAll { module in
            guard let closure = module.closure(through: \.dependencies, requireIndexed: true) else { return false }
            schedule.addControl(linkJob(module, dependencies: closure))
            return true
        }
    }

    private func linkJob(_ module: ModuleSlot, dependencies: [ModuleSlot]) -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            // In run order, sorted rather than filtered out of every module of the run: that
            // was quadratic in the modules (SwiftPM's fixtures make 1,271).
            let ordered = dependencies.sorted { $0.order < $1.order }
            LintProfile.measure(profile, "index") { module.index.link(dependencies: ordered.map(\.index)) }
            if keys != nil { module.linkedDigest = FindingsKeys.digest(of: [module] + ordered) }
            let members = module.members.filter { !$0.isManifest }
            let (answered, toAnalyse) = keys?.answer(members, linkedDigest: module.linkedDigest, profile: profile) ?? ([], members)
            return { [self] in
                // A manifest waits for the settle job: holding its tree that long would make the
                // budget shrink with every package of the run (SwiftPM's fixtures are hundreds).
                let manifests = module.members.filter(\.isManifest)
                for slot in manifests { budget.release(slot) }
                schedule.deferred += manifests
                for slot in answered { budget.release(slot) }
                // Held trees first: analysing them frees their memory.
                schedule.addAnalyses(toAnalyse.filter { $0.file != nil } + toAnalyse.filter { $0.file == nil })
                jobFinished()
            }
        })
    }

    /// Once every module is indexed and analysed: links each module's cancellation reach to the
    /// modules importing it, queues the files whose reach answers it changes and the manifests.
    func settleJob() -> WorkPool.Job {
        WorkPool.Job(limit: nil, work: { [self] in
            // Only modules with a summarized file have an index, as in the project rules' view.
            let linked = modules.filter { !$0.members.isEmpty }
            indexes = Dictionary(uniqueKeysWithValues: linked.map { ($0.key, $0.index) })
            let members = linked.flatMap(\.members)
            checkedProjects = Set(linked.compactMap(\.settings.projectPath))
            relativePaths = members.contains { !$0.path.hasPrefix("/") }
            if keys != nil { allModulesDigest = FindingsKeys.digest(of: linked) }
            var importers: [ObjectIdentifier: [ModuleSlot]] = [:]
            for module in linked {
                for dependency in module.dependencies { importers[ObjectIdentifier(dependency), default: []].append(module) }
            }
            // Module by module on all cores (each links only its own reach); in run order after.
            let toAnalyse = LintProfile.measure(profile, "index") {
                Parallel.map(count: linked.count, threads: linter.threads) { position -> [FileSlot] in
                    let module = linked[position]
                    let reachedFrom = module.closure { importers[ObjectIdentifier($0)] ?? [] } ?? []
                    if !reachedFrom.isEmpty { module.index.linkCancellationReach(importers: reachedFrom.map(\.index)) }
                    // Also without importers: findings from the cache may rest on an earlier run's.
                    guard module.members.contains(where: { !$0.reachAnswers.isEmpty }) else { return [] }
                    return module.members.filter { slot in
                        slot.failure == nil && !slot.isManifest
                            && slot.reachAnswers.contains { !ReachAnswers.holds($0.key, $0.value, in: module.index) }
                    }
                }.flatMap { $0 }
            }
            profile?.count(.filesAnalysedAgainForReach, toAnalyse.count)
            let deferred = schedule.deferred
            let (answered, manifests) = keys?.answer(deferred, linkedDigest: allModulesDigest, profile: profile) ?? ([], deferred)
            return { [self] in
                for slot in answered { budget.release(slot) }
                schedule.addAnalyses(manifests + toAnalyse)
                jobFinished()
            }
        })
    }

    func scheduleSave(_ module: ModuleSlot) {
        guard let cache, let store = module.store else { return }
        schedule.addControl(WorkPool.Job(limit: nil, work: { [self] in
            LintProfile.measure(profile, "cache save") { cache.save(store) }
            cache.release(module: module.key)
            module.dropStore()
            return { [self] in jobFinished() }
        }), counted: true)
    }
}
