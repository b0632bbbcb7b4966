import Foundation

extension Actorlint {
    /// Where the code at `line` of the file at `path` runs, and why: the innermost executable
    /// context at `column` (else at the line's first code), its isolation with reasons, the
    /// module's settings, and its isolation under Swift 6.2's recommended app settings. The
    /// module's other files, and those of the modules it imports, are summarized from the caches
    /// `check` writes where they are unchanged (read, never written), else parsed. Throws an
    /// `AnalysisFailure` for a file that cannot be analysed or a line outside it.
    public func explain(path: String, line: Int, column: Int? = nil) throws -> Explanation {
        let caches: [ResultCache]
        switch options.cache {
        case .off: caches = []
        case .directory(let directory): caches = [ResultCache(directory: directory)]
        case .standard:
            caches = ResultCache.directories(forFile: path, configurationPath: options.configurationPath ?? Configuration.find(from: path),
                                             environment: options.environment).map { ResultCache(directory: $0) }
        }
        return try explain(path: path, line: line, column: column, caches: caches)
    }

    /// `explain` asking `caches`, the first that holds a module for its files.
    func explain(path: String, line: Int, column: Int?, caches: [ResultCache]) throws -> Explanation {
        var project = ProjectLoader.load(for: [path])
        // The compiler the user states, as `check` takes it: the option, else the configuration's.
        let configurationPath = options.configurationPath ?? Configuration.find(from: path)
        let configured = try configurationPath.map { try Configuration.load(path: $0) }?.swiftVersion
        if let stated = options.swiftVersion ?? configured { project.state(stated) }
        var linter = Linter(project: project)
        linter.overlay = options.overlay
        linter.threads = options.threads
        let file = try linter.load(path)
        guard line >= 1, line <= file.lineCount else {
            throw AnalysisFailure(path: path, reason: "line \(line) is outside the file (it has \(file.lineCount) lines)")
        }
        let module = project.settings(forAbsolutePath: StandardPath.absolute(path))
        let index = LinkedModuleIndex.make(for: file, module: module, linter: linter, caches: caches)
        return Explanation(file: file, line: line, column: column, module: module, index: index)
    }
}
