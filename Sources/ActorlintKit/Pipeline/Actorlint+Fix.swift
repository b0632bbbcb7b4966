import Foundation

/// How `Actorlint.fix` fixes.
public struct FixOptions: Sendable, Equatable {
    /// Also apply fixes that may change behaviour (`FixSafety.unsafe`).
    public var unsafe: Bool
    /// Write nothing: the changes are only returned (`FixResult.changes`).
    public var diff: Bool
    /// Passes over each file's text (`Fixer`); 1 applies only the fixes of the findings `check`
    /// shows, and makes one round over the files.
    public var passes: Int

    public init(unsafe: Bool = false, diff: Bool = false, passes: Int = Fixer.maximumPasses) {
        self.unsafe = unsafe
        self.diff = diff
        self.passes = passes
    }
}

/// What `Actorlint.fix` did.
public struct FixResult: Sendable {
    /// A file the fixes changed (or, with `FixOptions.diff`, would change).
    public struct Change: Sendable, Equatable {
        public var path: String
        public var original: String
        public var fixed: String
    }

    /// By path.
    public var changes: [Change] = []
    /// Fixes applied, over every pass and round.
    public var appliedFixes = 0
    /// What the last check, which saw every fix, still reports.
    public var remaining: [Finding] = []
    /// Inputs that could not be analysed or written, and fixed texts that were refused.
    public var failures: [AnalysisFailure] = []
    /// Files whose fixes were still being found after `Fixer.maximumPasses` passes (once per
    /// round it happened in): running `fix` again may change more.
    public var unconverged: [String] = []
    /// False when the rounds over the files were still finding fixes after
    /// `Actorlint.maximumFixRounds` (with more than one pass).
    public var settled = true
    /// The files checked.
    public var fileCount = 0

    /// The exit code's report: the findings that remain and the failures.
    public func report(failOn: Severity = .warning) -> Report {
        Report(findings: remaining, failures: failures, fileCount: fileCount, failOn: failOn)
    }
}

extension Actorlint {
    /// A fix in one file can make a finding in another fixable (turning on default MainActor in
    /// a manifest makes its target's data types want `nonisolated`), so the whole run is checked
    /// again, with the project's settings read again, until a round changes nothing; real
    /// projects settle in two rounds. With `diff` nothing is written: later rounds see the fixed
    /// sources (as overlays), not fixed manifests.
    public static let maximumFixRounds = 5

    /// Applies the fixes of the findings under `paths` (safe ones, and unsafe ones with
    /// `FixOptions.unsafe`), round after round. A file is written only if it changes and still
    /// parses as cleanly as before, atomically. Every file is analysed afresh before it is
    /// fixed, whatever the cache holds: a stale cache can never write a wrong fix.
    public func fix(_ paths: [String], _ fixOptions: FixOptions = FixOptions()) throws -> FixResult {
        var inputs = try prepare(paths)
        var linter = inputs.linter
        var run = linter.run(paths: inputs.files)
        let fixer = Fixer(linter: linter, includeUnsafe: fixOptions.unsafe, passes: fixOptions.passes)
        var result = FixResult()
        result.failures = inputs.failures + run.failures
        var originals: [String: String] = [:]
        var latest: [String: String] = [:]
        var settled = false
        for _ in 0..<(fixOptions.passes == 1 ? 1 : Self.maximumFixRounds) {
            var changed = false
            for path in Self.pathsWithFixes(run.findings, unsafe: fixOptions.unsafe) {
                // The check (possibly from the cache) only picks the files; each is read and
                // analysed afresh.
                let file: SourceFile
                do {
                    file = try linter.load(path)
                } catch {
                    result.failures.append((error as? AnalysisFailure) ?? AnalysisFailure(path: path, reason: "\(error)"))
                    continue
                }
                let module = linter.project.settings(forAbsolutePath: URL(fileURLWithPath: file.path).standardizedFileURL.path)
                // The module's index, as `check` had: without it a type declared in another file
                // (its actor, superclass, conformances) is unknown and the fixes differ from the findings.
                let outcome = fixer.fix(file, module: module, index: run.indexes[module.key], indexes: run.indexes)
                if let rejection = outcome.rejection {
                    if !result.failures.contains(where: { $0.path == file.path }) {
                        result.failures.append(AnalysisFailure(path: file.path, reason: rejection))
                    }
                    continue
                }
                guard outcome.text != file.text else { continue }
                if !outcome.converged { result.unconverged.append(file.path) }
                if originals[path] == nil { originals[path] = file.text }
                latest[path] = outcome.text
                if fixOptions.diff {
                    linter.overlay[path] = outcome.text
                } else {
                    do {
                        try FileWriter.write(outcome.text, to: path)
                    } catch {
                        result.failures.append(AnalysisFailure(path: path, reason: "cannot write the fixed file: \(error)"))
                        latest[path] = file.text
                        continue
                    }
                }
                result.appliedFixes += outcome.applied
                changed = true
            }
            guard changed else {
                settled = true
                break
            }
            // Checked again: what is left, and what the fixes made fixable.
            if !fixOptions.diff {
                inputs = try prepare(paths)
                linter = inputs.linter
            }
            run = linter.run(paths: inputs.files)
        }
        result.settled = settled || fixOptions.passes == 1
        for path in originals.keys.sorted() {
            guard let old = originals[path], let new = latest[path], new != old else { continue }
            result.changes.append(FixResult.Change(path: path, original: old, fixed: new))
        }
        result.remaining = run.findings
        result.fileCount = inputs.files.count
        return result
    }

    /// The files with a fix this run may apply, in the order of their findings.
    private static func pathsWithFixes(_ findings: [Finding], unsafe: Bool) -> [String] {
        var paths: [String] = []
        for finding in findings where finding.fix.map({ unsafe || $0.safety == .safe }) == true
            && paths.last != finding.path {
            paths.append(finding.path)
        }
        return paths
    }
}
