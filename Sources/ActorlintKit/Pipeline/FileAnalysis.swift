/// Work a front end adds beside the rules on every file of a run (the migration plan): it runs
/// on the tree the rules walk, after them, with the file's module as they see it, so a file is
/// parsed once for both. Its result is kept per file (`Linter.Run.extras`). A run with one is
/// not answered from the results cache, whose entries hold findings only.
struct FileAnalysis: Sendable {
    /// The file's module as the rules see it, and the modules it imports directly.
    struct Module: @unchecked Sendable {
        let settings: ModuleSettings
        let index: ProjectIndex
        let dependencies: [(settings: ModuleSettings, index: ProjectIndex)]
    }

    /// Words a file must contain one of to be analysed; empty: every file. Manifests never are.
    var triggers: [String]
    var analyse: @Sendable (SourceFile, Module, Linter) -> any Sendable

    func runs(contains: (String) -> Bool) -> Bool {
        triggers.isEmpty || triggers.contains(where: contains)
    }
}
