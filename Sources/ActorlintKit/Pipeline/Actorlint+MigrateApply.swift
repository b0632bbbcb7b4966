import Foundation

/// What `Actorlint.migrate` did.
public struct MigrationResult: Sendable {
    public var plan: MigrationPlan
    /// Files changed (or, with `diff`, that would change), by path.
    public var changes: [FixResult.Change] = []
    /// Hops removed (`--unsafe-fixes`).
    public var hopsRemoved = 0
    /// Files that could not be read, edited so that they still parse, or written.
    public var failures: [AnalysisFailure] = []
}

extension Actorlint {
    /// Applies the plan: the settings in the projects' own files, `@concurrent` on the heavy
    /// functions, `nonisolated` on the types that need it, and with `unsafe` removes the hops the
    /// new settings make redundant. All or nothing: a module whose settings cannot be resolved
    /// or placed throws `MigrationError.blocked` before anything is written, and if one edited
    /// Swift file would parse worse, or a project file would not read back, nothing is written.
    /// A second run changes nothing: the plan of a migrated project is empty.
    public func migrate(_ paths: [String], _ options: MigrateOptions = MigrateOptions()) throws -> MigrationResult {
        let planning = try planning(paths, options)
        guard planning.plan.blockers.isEmpty else { throw MigrationError.blocked(planning.plan.blockers) }
        var result = MigrationResult(plan: planning.plan)
        let linter = planning.inputs.linter
        // One list of edits per file, under the path it is shown with.
        var edits: [String: (display: String, edits: [TextEdit])] = [:]
        for (path, list) in planning.sourceEdits { edits[linter.absolutePath(path), default: (path, [])].edits += list }
        let relative = planning.inputs.files.contains { !$0.hasPrefix("/") }
        for (path, list) in planning.settingsEdits {
            edits[path, default: (Linter.displayPath(path, relative: relative), [])].edits += list
        }
        var changes: [(absolute: String, change: FixResult.Change)] = []
        for (absolute, entry) in edits.sorted(by: { $0.value.display < $1.value.display }) {
            guard let data = FileManager.default.contents(atPath: absolute) else {
                result.failures.append(AnalysisFailure(path: entry.display, reason: "cannot read the file to edit it"))
                continue
            }
            let original = String(decoding: data, as: UTF8.self)
            guard let text = TextEdits.apply(entry.edits, to: original) else {
                result.failures.append(AnalysisFailure(path: entry.display, reason: "the planned edits overlap"))
                continue
            }
            if let problem = Self.rejection(of: text, original: original, path: absolute) {
                result.failures.append(AnalysisFailure(path: entry.display, reason: problem))
                continue
            }
            if text != original { changes.append((absolute, FixResult.Change(path: entry.display, original: original, fixed: text))) }
        }
        guard result.failures.isEmpty else { return result }
        if !options.diff {
            for (absolute, change) in changes {
                do {
                    try FileWriter.write(change.fixed, to: absolute)
                } catch {
                    result.failures.append(AnalysisFailure(path: change.path, reason: "cannot write the edited file: \(error)"))
                }
            }
        }
        result.changes = changes.map(\.change)
        if options.unsafe, !planning.plan.redundantHops.isEmpty {
            try removeHops(paths, planning: planning, changes: changes.map(\.change), options: options, into: &result)
        }
        return result
    }

    /// Why an edited file must not be written: Swift that parses worse, a project file that no
    /// longer reads as a property list.
    private static func rejection(of text: String, original: String, path: String) -> String? {
        if path.hasSuffix(".swift") {
            return Fixer.rejection(original: SourceFile(path: path, text: original), fixed: SourceFile(path: path, text: text))
        }
        if path.hasSuffix(".pbxproj"), (try? OpenStepPlist.parse(Data(text.utf8))) == nil {
            return "the edited project file would not read as a property list"
        }
        return nil
    }

    /// Runs the hop rules' fixes (unsafe ones included) with the proposed settings, on the
    /// edited sources, and merges their changes into `result`.
    private func removeHops(_ paths: [String], planning: Planning, changes: [FixResult.Change], options: MigrateOptions,
                            into result: inout MigrationResult) throws {
        var hopOptions = self.options
        hopOptions.select = MigrationPlan.hopRules.sorted()
        hopOptions.cache = .off
        if options.diff {
            for change in changes where change.path.hasSuffix(".swift") { hopOptions.overlay[change.path] = change.fixed }
        }
        var actorlint = Actorlint(hopOptions)
        let proposals = planning.proposals
        actorlint.projectTransform = { Actorlint.applying(proposals, to: $0) }
        let fixed = try actorlint.fix(paths, FixOptions(unsafe: true, diff: options.diff))
        result.hopsRemoved = fixed.appliedFixes
        result.failures += fixed.failures
        for change in fixed.changes {
            if let position = result.changes.firstIndex(where: { $0.path == change.path }) {
                result.changes[position].fixed = change.fixed
            } else {
                result.changes.append(change)
            }
        }
        result.changes.sort { $0.path < $1.path }
    }
}
