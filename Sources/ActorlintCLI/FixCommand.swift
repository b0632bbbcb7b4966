import ActorlintKit
import Foundation

/// `actorlint fix`: applies safe fixes (and unsafe ones with --unsafe-fixes), or prints them
/// as a diff with --diff (`Actorlint.fix`).
struct FixCommand {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        let actorlint = Actorlint(arguments.options(environment: console.environment))
        let options = FixOptions(unsafe: arguments.unsafeFixes, diff: arguments.diff, passes: arguments.passes)
        let result = try arguments.running { try actorlint.fix(arguments.paths, options) }
        for path in result.unconverged {
            console.err("\(path): warning: fixes were still being found after \(Fixer.maximumPasses) passes; " +
                        "running `actorlint fix` again may change more (please report this file)\n")
        }
        if !result.settled {
            console.err("warning: fixes were still being found after \(Actorlint.maximumFixRounds) rounds over the files; " +
                        "running `actorlint fix` again may change more\n")
        }
        if arguments.diff {
            for change in result.changes { console.out(UnifiedDiff.make(old: change.original, new: change.fixed, path: change.path)) }
        }
        let (fixes, files, remaining) = (result.appliedFixes, result.changes.count, result.remaining.count)
        let verb = arguments.diff ? "Would apply" : "Applied"
        console.err("\(verb) \(fixes) fix\(fixes == 1 ? "" : "es") in \(files) file\(files == 1 ? "" : "s"); \(remaining == 1 ? "1 finding remains" : "\(remaining) findings remain").\n")
        for failure in result.failures { console.err("\(failure.path): error: \(failure.reason)\n") }
        return result.report(failOn: arguments.failOn).exitCode
    }
}
