import ActorlintKit
import Foundation

/// `actorlint fix`: applies safe fixes (and unsafe ones with --unsafe-fixes), or prints them
/// as a diff with --diff. Writes only files that change and still parse cleanly.
struct FixCommand {
    let arguments: Arguments
    let console: Console

    /// A fix in one file can make a finding in another fixable (turning on default MainActor in
    /// a manifest makes its target's data types want `nonisolated`), so the whole run is checked
    /// again, with the project's settings read again, until a round changes nothing; real
    /// projects settle in two rounds. With --diff nothing is written: later rounds see the fixed
    /// sources, not fixed manifests.
    static let maximumRounds = 5

    func run() throws -> Int32 {
        var session = try Session(arguments, environment: console.environment)
        var linter = session.linter
        var run = linter.run(paths: session.files)
        let fixer = Fixer(linter: linter, includeUnsafe: arguments.unsafeFixes, passes: arguments.passes)
        var failures = session.discoveryFailures + run.failures
        var originals: [String: String] = [:]
        var latest: [String: String] = [:]
        var appliedFixes = 0
        var settled = false
        for _ in 0..<(arguments.passes == 1 ? 1 : Self.maximumRounds) {
            var changed = false
            for path in pathsWithFixes(run.findings) {
                // The check (possibly from the cache) only picks the files; each is read and
                // analysed afresh, so a stale cache can never write a wrong fix.
                let file: SourceFile
                do {
                    file = try linter.load(path)
                } catch {
                    failures.append((error as? AnalysisFailure) ?? AnalysisFailure(path: path, reason: "\(error)"))
                    continue
                }
                let module = linter.project.settings(forAbsolutePath: URL(fileURLWithPath: file.path).standardizedFileURL.path)
                // The module's index, as `check` had: without it a type declared in another file
                // (its actor, superclass, conformances) is unknown and the fixes differ from the findings.
                let outcome = fixer.fix(file, module: module, index: run.indexes[module.key], indexes: run.indexes)
                if let rejection = outcome.rejection {
                    if !failures.contains(where: { $0.path == file.path }) {
                        failures.append(AnalysisFailure(path: file.path, reason: rejection))
                    }
                    continue
                }
                guard outcome.text != file.text else { continue }
                if !outcome.converged {
                    console.err("\(file.path): warning: fixes were still being found after \(Fixer.maximumPasses) passes; " +
                                "running `actorlint fix` again may change more (please report this file)\n")
                }
                if originals[path] == nil { originals[path] = file.text }
                latest[path] = outcome.text
                if arguments.diff {
                    linter.overlay[path] = outcome.text
                } else {
                    do {
                        try FileWriter.write(outcome.text, to: path)
                    } catch {
                        failures.append(AnalysisFailure(path: path, reason: "cannot write the fixed file: \(error)"))
                        latest[path] = file.text
                        continue
                    }
                }
                appliedFixes += outcome.applied
                changed = true
            }
            guard changed else {
                settled = true
                break
            }
            // Checked again: what is left, and what the fixes made fixable.
            if !arguments.diff {
                session = try Session(arguments, environment: console.environment)
                linter = session.linter
            }
            run = linter.run(paths: session.files)
        }
        if !settled, arguments.passes > 1 {
            console.err("warning: fixes were still being found after \(Self.maximumRounds) rounds over the files; " +
                        "running `actorlint fix` again may change more\n")
        }
        var fixedFiles = 0
        for path in originals.keys.sorted() {
            guard let old = originals[path], let new = latest[path], new != old else { continue }
            fixedFiles += 1
            if arguments.diff { console.out(UnifiedDiff.make(old: old, new: new, path: path)) }
        }
        // The last check saw every fix: what it still reports is what remains.
        let remaining = run.findings
        let verb = arguments.diff ? "Would apply" : "Applied"
        console.err("\(verb) \(appliedFixes) fix\(appliedFixes == 1 ? "" : "es") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s"); \(remaining.count == 1 ? "1 finding remains" : "\(remaining.count) findings remain").\n")
        for failure in failures { console.err("\(failure.path): error: \(failure.reason)\n") }
        let report = Report(findings: remaining, failures: failures, fileCount: session.files.count, failOn: arguments.failOn)
        return report.exitCode
    }

    /// The files with a fix this run may apply, in the order of their findings.
    private func pathsWithFixes(_ findings: [Finding]) -> [String] {
        var paths: [String] = []
        for finding in findings where finding.fix.map({ arguments.unsafeFixes || $0.safety == .safe }) == true
            && paths.last != finding.path {
            paths.append(finding.path)
        }
        return paths
    }
}
