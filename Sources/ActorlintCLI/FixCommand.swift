import ActorlintKit
import Foundation

/// `actorlint fix`: applies safe fixes (and unsafe ones with --unsafe-fixes), or prints them
/// as a diff with --diff. Writes only files that change and still parse cleanly.
struct FixCommand {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        let session = try Session(arguments, environment: console.environment)
        let run = session.linter.run(paths: session.files)
        let fixer = Fixer(linter: session.linter, includeUnsafe: arguments.unsafeFixes, passes: arguments.passes)
        var failures = session.discoveryFailures + run.failures
        var fixedFiles = 0
        var appliedFixes = 0
        // The check (possibly from the cache) only picks the files; each is read and analysed
        // afresh before anything is written, so a stale cache can never write a wrong fix.
        var pathsWithFixes: [String] = []
        for finding in run.findings where finding.fix != nil && pathsWithFixes.last != finding.path {
            pathsWithFixes.append(finding.path)
        }
        for path in pathsWithFixes {
            let file: SourceFile
            do {
                file = try session.linter.load(path)
            } catch {
                failures.append((error as? AnalysisFailure) ?? AnalysisFailure(path: path, reason: "\(error)"))
                continue
            }
            let module = session.linter.project.settings(forAbsolutePath: URL(fileURLWithPath: file.path).standardizedFileURL.path)
            // The module's index, as `check` had: without it a type declared in another file
            // (its actor, superclass, conformances) is unknown and the fixes differ from the findings.
            let outcome = fixer.fix(file, module: module, index: run.indexes[module.key], indexes: run.indexes)
            if let rejection = outcome.rejection {
                failures.append(AnalysisFailure(path: file.path, reason: rejection))
                continue
            }
            guard outcome.text != file.text else { continue }
            if !outcome.converged {
                console.err("\(file.path): warning: fixes were still being found after \(Fixer.maximumPasses) passes; " +
                            "running `actorlint fix` again may change more (please report this file)\n")
            }
            fixedFiles += 1
            appliedFixes += outcome.applied
            if arguments.diff {
                console.out(UnifiedDiff.make(old: file.text, new: outcome.text, path: file.path))
            } else {
                do {
                    try FileWriter.write(outcome.text, to: file.path)
                } catch {
                    failures.append(AnalysisFailure(path: file.path, reason: "cannot write the fixed file: \(error)"))
                }
            }
        }
        // What is left after fixing: re-check the files that changed.
        let remaining = arguments.diff ? run.findings.filter { finding in
            finding.fix.map { !(arguments.unsafeFixes || $0.safety == .safe) } ?? true
        } : session.linter.run(paths: session.files).findings
        let verb = arguments.diff ? "Would apply" : "Applied"
        console.err("\(verb) \(appliedFixes) fix\(appliedFixes == 1 ? "" : "es") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s"); \(remaining.count == 1 ? "1 finding remains" : "\(remaining.count) findings remain").\n")
        for failure in failures { console.err("\(failure.path): error: \(failure.reason)\n") }
        let report = Report(findings: remaining, failures: failures, fileCount: session.files.count, failOn: arguments.failOn)
        return report.exitCode
    }
}
