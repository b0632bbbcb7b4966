/// What the pass before the jobs learns of a file: the modules its first lines import (for the
/// module order) and, with a cache, its stamp (`FileSlot.stamp`) and, when that is the stamp
/// its cache entry was read under, that entry: the file is then summarized from it, unread,
/// and its imports are its summary's.
struct FileLook {
    /// The modules its first lines import.
    var imports: Set<String>
    /// Its cache entry, when its stamp is unchanged.
    var unchanged: ResultCache.Entry?

    /// Looks at every file and adds what each imports to its module's `scannedImports`; returns
    /// the looks by file position with a cache, else none. One module has no order to find: with
    /// neither, nothing is looked at.
    static func scan(_ files: [FileSlot], moduleCount: Int, linter: Linter) -> [FileLook] {
        guard moduleCount > 1 || linter.cache != nil else { return [] }
        let needsOrder = moduleCount > 1
        let (cache, profile) = (linter.cache, linter.profile)
        // On all cores, in runs of neighbouring files (a module's, whose cache entries are
        // loaded once), each thread reading the files' first lines into one buffer of its own.
        let looks = Parallel.map(count: files.count, threads: linter.threads,
                                 scratch: { [UInt8](repeating: 0, count: ModuleOrder.headerBytes) }) { index, buffer in
            LintProfile.measure(profile, "import lines and stamps") {
                buffer.withUnsafeMutableBytes {
                    look(at: files[index], linter: linter, cache: cache, needsOrder: needsOrder, buffer: $0)
                }
            }
        }
        // Kept as they are, by position: copying each entry into a table keyed by slot (and
        // resizing it) took some 45 % of this serial stretch of a warm run (perf).
        for position in files.indices { files[position].module.scannedImports.formUnion(looks[position].imports) }
        return cache != nil ? looks : []
    }

    /// The modules the first lines of `slot`'s file import (when `needsOrder`). With a cache, also
    /// its stamp and, when that is the stamp its entry was read under, the entry.
    private static func look(at slot: FileSlot, linter: Linter, cache: ResultCache?, needsOrder: Bool,
                             buffer: UnsafeMutableRawBufferPointer) -> FileLook {
        if let text = linter.overlay[slot.path] { return FileLook(imports: needsOrder ? ModuleOrder.imports(in: Array(text.utf8)) : []) }
        guard let cache else { return FileLook(imports: ModuleOrder.imports(ofFileAt: slot.path, buffer: buffer)) }
        // Not a regular file: its summary job says why.
        guard let stamp = FileStamp(regularFileAt: slot.path) else { return FileLook(imports: []) }
        slot.stamp = stamp
        if let entry = slot.module.store(in: cache).entry(slot.absolute), entry.reportedPath == slot.path, entry.stamp == stamp {
            return FileLook(imports: entry.summary.imports, unchanged: entry)
        }
        return FileLook(imports: needsOrder ? ModuleOrder.imports(ofRegularFileAt: slot.path, buffer: buffer) : [])
    }
}
