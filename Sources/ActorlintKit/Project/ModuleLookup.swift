/// `ProjectModel.settings(forAbsolutePath:)` for many files: the roots go into a dictionary
/// once, and each file looks up its own ancestor folders (a handful) instead of testing every
/// root of the project. Same answers: an explicitly listed file first, then the longest root
/// that is a prefix of the path, the first such root on a tie.
struct ModuleLookup {
    let project: ProjectModel
    /// Root path without its trailing slash ("" for "/") → the root that wins for that prefix.
    private var roots: [String: (length: Int, module: Int)] = [:]

    init(project: ProjectModel) {
        self.project = project
        for root in project.roots {
            let key = root.path.hasSuffix("/") ? String(root.path.dropLast()) : root.path
            // The original compares whole root strings by length: keep the longest, first on a tie.
            if let existing = roots[key], existing.length >= root.path.count { continue }
            roots[key] = (root.path.count, root.module)
        }
    }

    func settings(forAbsolutePath absolutePath: String) -> ModuleSettings {
        moduleIndex(forAbsolutePath: absolutePath).map { project.modules[$0] } ?? project.unplaced
    }

    /// The position in `project.modules` of the settings `settings(forAbsolutePath:)` returns;
    /// nil for `project.unplaced`. Cheaper when many files share a module: no settings are copied.
    func moduleIndex(forAbsolutePath absolutePath: String) -> Int? {
        if let index = project.files[absolutePath] { return index }
        // A root matches when the path starts with the root plus "/": every prefix that ends
        // just before a slash, longest first.
        let utf8 = absolutePath.utf8
        var end = utf8.endIndex
        while let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            let prefix = String(absolutePath[..<slash])
            if let match = roots[prefix] { return match.module }
            end = slash
        }
        return nil
    }
}
