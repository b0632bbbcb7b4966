/// What a file's findings are filed under in the cache, and the look-up that answers files
/// from it. Made only for a run with a cache.
struct FindingsKeys {
    /// Hashed once per run; part of every findings key.
    private let linterFingerprint: Digest
    private let projectFingerprint: Digest
    private let moduleFingerprints: [String: Digest]

    init(linter: Linter, cache: ResultCache, modules: [ModuleSlot]) {
        var hasher = StableHasher()
        hasher.combine(cache.identity)
        hasher.combine(Fingerprint.of(linter.configuration))
        for id in linter.ruleIDs.sorted() { hasher.combine(id) }
        for rule in linter.rules { hasher.combine(rule.description.id) }
        hasher.combine(linter.maximumFileSize)
        linterFingerprint = hasher.finalize()
        projectFingerprint = Fingerprint.of(project: linter.project, threads: linter.threads)
        let digests = Parallel.map(count: modules.count, threads: linter.threads) { Fingerprint.of(modules[$0].settings) }
        var moduleFingerprints: [String: Digest] = [:]
        for (module, digest) in zip(modules, digests) { moduleFingerprints[module.key] = digest }
        self.moduleFingerprints = moduleFingerprints
    }

    /// Everything a file's findings depend on: the tool build, the configuration and rules, the
    /// project's settings, the module's settings, the indexes its rules see (`linkedDigest`: its
    /// module's and those it imports; every module's for a manifest), the path as reported and
    /// the content. The cancellation reach is checked apart (`ReachAnswers`).
    func key(_ slot: FileSlot, linkedDigest: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(linterFingerprint)
        hasher.combine(projectFingerprint)
        hasher.combine(moduleFingerprints[slot.module.key] ?? .zero)
        hasher.combine(linkedDigest)
        // The uses of the classes the file declares (`ProjectIndex.typeUsesDigest(forFile:)`).
        hasher.combine(slot.module.index.typeUsesDigest(forFile: slot.path))
        hasher.combine(slot.path)
        hasher.combine(slot.content)
        return hasher.finalize()
    }

    /// The index digests of `modules`, whatever their order: what a findings key holds of them.
    static func digest(of modules: [ModuleSlot]) -> Digest {
        var hasher = StableHasher()
        for module in modules.sorted(by: { $0.key < $1.key }) {
            hasher.combine(module.key)
            hasher.combine(module.digest)
        }
        return hasher.finalize()
    }

    /// Splits `slots` into those whose findings the cache holds (filled in) and those to analyse.
    func answer(_ slots: [FileSlot], linkedDigest: Digest, profile: LintProfile?) -> (answered: [FileSlot], toAnalyse: [FileSlot]) {
        var answered: [FileSlot] = []
        var toAnalyse: [FileSlot] = []
        for slot in slots {
            let key = key(slot, linkedDigest: linkedDigest)
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
}
