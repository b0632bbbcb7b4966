/// What a run keeps to its end, estimated, so the memory budget counts it as it counts trees
/// (`MemoryBudget.keptBytes`, `SourceFile.treeBytes`). Without it, trees stayed within their
/// budget while the whole-program state grew with the input: heaptrack found 67 MB kept at
/// the end of a run over the benchmark's repositories copied 4 times, 17 MB over one copy.
/// Hashed tables and arrays count by capacity (their entries are inline), strings past 15 UTF-8
/// bytes by their length; sizes not visible from here (a file's slot) as heaptrack measured them.
/// Left out: findings, and each module's resolved cancellation reach (its reasons, a few MB
/// at 4 copies).
enum MemoryEstimate {
    /// A heap block's header and rounding, and an array's or set's header.
    static let block = 16
    static let collection = 32

    /// A hashed table's buckets: its capacity is three quarters of them.
    static func buckets(capacity: Int) -> Int { capacity * 4 / 3 }

    static func dictionary<Key, Value>(_ table: [Key: Value]) -> Int {
        table.capacity == 0 ? 0 : collection + buckets(capacity: table.capacity) * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride + 1)
    }

    static func set<Element>(_ set: Set<Element>) -> Int {
        set.capacity == 0 ? 0 : collection + buckets(capacity: set.capacity) * (MemoryLayout<Element>.stride + 1)
    }

    static func array<Element>(_ array: [Element]) -> Int {
        array.isEmpty ? 0 : collection + array.capacity * MemoryLayout<Element>.stride
    }

    /// A string's own storage, when it is not stored inline (at most 15 UTF-8 bytes are).
    static func text(_ string: String) -> Int {
        string.utf8.count <= 15 ? 0 : block + string.utf8.count
    }

    /// One file's place in a run: its slot and its paths. Its findings (most files have none)
    /// are not counted.
    static func slot(path: String, absolute: String) -> Int {
        // The slot object's fields: heaptrack measured 337 bytes a slot, before the 8 of `position`.
        340 + text(path) + (absolute == path ? 0 : text(absolute))
    }

    /// The project model: every module's settings, in each build configuration, and the roots
    /// and files that map paths to them. Paths several settings share are counted each time.
    static func project(_ model: ProjectModel) -> Int {
        var bytes = array(model.modules) + array(model.roots) + dictionary(model.files) + dictionary(model.configurations)
        for settings in model.modules { bytes += self.settings(settings) }
        for configurations in model.configurations.values {
            bytes += dictionary(configurations)
            for settings in configurations.values { bytes += self.settings(settings) }
        }
        for root in model.roots { bytes += text(root.path) }
        for path in model.files.keys { bytes += text(path) }
        return bytes
    }

    static func settings(_ settings: ModuleSettings) -> Int {
        var bytes = text(settings.name) + set(settings.features) + dictionary(settings.origins) + text(settings.provenance)
            + text(settings.projectPath ?? "")
        for (name, origin) in settings.origins { bytes += text(name) + text(origin.path) + text(origin.text) }
        return bytes
    }

    static func index(_ index: ProjectIndex) -> Int {
        dictionary(index.types) + dictionary(index.offMainUses) + dictionary(index.closureParameters) + uses(index.typeUses)
            + dictionary(index.closureProperties) + set(index.imports) + set(index.globalActors)
            + entries(types: index.types.values, offMainUses: index.offMainUses.values,
                      closureParameters: index.closureParameters.values)
            + index.cancellationContributions.reduce(0) { $0 + contribution($1) } + set(index.resumeHelpers.once) + set(index.resumeHelpers.repeating) + set(index.lastingFailures)
            + dictionary(index.functionSummaries)
            + index.functionSummaries.values.reduce(0) { $0 + array($1) + $1.reduce(0) { $0 + function($1) } }
    }

    /// A file's summary, held until its module's index is made (all of a module's at once).
    static func summary(_ summary: FileSummary) -> Int {
        array(summary.types) + set(summary.globalActorNames) + set(summary.imports) + dictionary(summary.offMainUses)
            + uses(summary.typeUses)
            + dictionary(summary.closureParameters) + dictionary(summary.closureProperties)
            + entries(types: summary.types, offMainUses: summary.offMainUses.values,
                      closureParameters: summary.closureParameters.values)
            + contribution(summary.cancellation) + set(summary.resumeHelpers.once) + set(summary.resumeHelpers.repeating) + set(summary.lastingFailures)
            + array(summary.functions) + summary.functions.reduce(0) { $0 + function($1) }
    }

    /// What a function's summary points to (its path is the file's, shared).
    static func function(_ summary: FunctionSummary) -> Int {
        var bytes = text(summary.name) + array(summary.parameters) + text(summary.owner ?? "") + array(summary.attributes) + text(summary.returns ?? "")
            + array(summary.waits) + array(summary.calls) + set(summary.httpMethods) + set(summary.writes) + set(summary.reads)
        for call in summary.waits + summary.calls { bytes += text(call.name) + array(call.labels) }
        for name in summary.writes.union(summary.reads) { bytes += text(name) }
        return bytes
    }

    /// What the entries of a summary's or an index's tables point to.
    private static func entries(types: some Sequence<ProjectIndex.TypeInfo>, offMainUses: some Sequence<ProjectIndex.OffMainUse>,
                                closureParameters: some Sequence<[ProjectIndex.ClosureParameter]>) -> Int {
        types.reduce(0) { $0 + type($1) } + offMainUses.reduce(0) { $0 + text($1.context) }
            + closureParameters.reduce(0) { $0 + array($1) }
    }

    /// A table of type uses: its entries, their arrays and the strings they hold.
    private static func uses(_ table: [String: [ProjectIndex.TypeUse]]) -> Int {
        dictionary(table) + table.reduce(0) { total, entry in
            total + text(entry.key) + array(entry.value)
                + entry.value.reduce(0) { $0 + text($1.owner ?? "") + text($1.declared ?? "") }
        }
    }

    /// What a type's entry points to.
    static func type(_ info: ProjectIndex.TypeInfo) -> Int {
        text(info.name) + array(info.attributes) + array(info.inherited) + set(info.requirements)
            + (info.parent.map { text($0.typeName) + array($0.attributes) } ?? 0)
    }

    static func contribution(_ contribution: CancellationReach.FileContribution) -> Int {
        var bytes = dictionary(contribution.awaits) + dictionary(contribution.roots) + dictionary(contribution.letsOut)
            + dictionary(contribution.propertyTypes) + dictionary(contribution.implementations)
        for table in [contribution.awaits, contribution.letsOut, contribution.implementations] {
            for (key, values) in table { bytes += text(key) + set(values) + values.reduce(0) { $0 + text($1) } }
        }
        for (key, type) in contribution.propertyTypes { bytes += text(key) + text(type) }
        return contribution.roots.reduce(bytes) { $0 + text($1.key) + text($1.value.source) }
    }
}
