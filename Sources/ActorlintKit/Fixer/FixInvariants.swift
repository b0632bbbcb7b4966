import Foundation

/// The promises findings and fixes keep on any text, checked in one place: the fuzz target
/// (Fuzz/FuzzActorlint.swift) asserts them on every input, and the regression tests on the
/// inputs fuzzing found.
///   1. every finding's range and every fix edit lies inside the text, in order, on UTF-8
///      character boundaries, and a fix's edits do not overlap;
///   2. a fix the fixer rejects (it made the text parse worse) is a bug in that rule's fix
///      when the input parsed cleanly;
///   3. the fixed text parses with no more syntax errors than the input;
///   4. fixing the fixed text again changes nothing.
public enum FixInvariants {
    /// The first broken promise for `text` under `module`, naming the rules it could pin down;
    /// nil when all hold. Every rule runs, with unsafe fixes.
    public static func firstViolation(in text: String, module: ModuleSettings) -> String? {
        let file = SourceFile(path: "Input.swift", text: text)
        let inputErrors = Fixer.syntaxErrorCount(file)
        let state = inputErrors == 0 ? "the input parses cleanly" : "the input has \(inputErrors) syntax errors"
        if let broken = check(file, module: module, inputErrors: inputErrors) { return "\(broken) (\(state))" }
        return nil
    }

    private static func check(_ file: SourceFile, module: ModuleSettings, inputErrors: Int) -> String? {
        let linter = Linter(ruleIDs: Set(RuleRegistry.allIDs))
        if let broken = rangeProblem(linter.findings(in: file, module: module), in: file.text) { return broken }
        let fixer = Fixer(linter: linter, includeUnsafe: true)
        let outcome = fixer.fix(file, module: module)
        if let rejection = outcome.rejection {
            guard inputErrors == 0 else { return nil }
            let rules = culprits(file, module) { $0.fix($1, module: module).rejection != nil }
            return "[\(rules)] a fix broke a file that parsed cleanly: \(rejection)"
        }
        let fixed = SourceFile(path: file.path, text: outcome.text)
        let fixedErrors = Fixer.syntaxErrorCount(fixed)
        if fixedErrors > inputErrors {
            return "the fixer returned text with more syntax errors (\(fixedErrors) > \(inputErrors))"
        }
        guard outcome.text != file.text else { return nil }
        if let broken = rangeProblem(linter.findings(in: fixed, module: module), in: fixed.text) { return "after fixing: \(broken)" }
        guard fixer.fix(fixed, module: module).text != outcome.text else { return nil }
        let second = Set(linter.findings(in: fixed, module: module).filter { $0.fix != nil }.map(\.ruleID)).sorted()
        let alone = culprits(file, module) { fixer, file in
            let once = fixer.fix(file, module: module).text
            return fixer.fix(SourceFile(path: file.path, text: once), module: module).text != once
        }
        return "[\(alone)] fixing the fixed text changed it again (the second run fixes: \(second.joined(separator: ", ")))"
    }

    private static func rangeProblem(_ findings: [Finding], in text: String) -> String? {
        let bytes = Array(text.utf8)
        func isBoundary(_ offset: Int) -> Bool { offset == bytes.count || (bytes[offset] & 0xC0) != 0x80 }
        for finding in findings {
            let range = finding.range
            guard 0 <= range.start.offset, range.start.offset <= range.end.offset, range.end.offset <= bytes.count else {
                return "[\(finding.ruleID)] finding range \(range.start.offset)..<\(range.end.offset) outside 0..<\(bytes.count)"
            }
            guard let fix = finding.fix else { continue }
            var previousEnd = 0
            for edit in fix.edits {
                guard 0 <= edit.start, edit.start <= edit.end, edit.end <= bytes.count else {
                    return "[\(finding.ruleID)] edit \(edit.start)..<\(edit.end) outside 0..<\(bytes.count)"
                }
                guard isBoundary(edit.start), isBoundary(edit.end) else {
                    return "[\(finding.ruleID)] edit \(edit.start)..<\(edit.end) splits a UTF-8 character"
                }
                guard edit.start >= previousEnd else { return "[\(finding.ruleID)] fix '\(fix.title)' has overlapping edits" }
                previousEnd = edit.end
            }
        }
        return nil
    }

    /// Which single rules reproduce `broken`; "several rules together" when none alone does.
    private static func culprits(_ file: SourceFile, _ module: ModuleSettings, _ broken: (Fixer, SourceFile) -> Bool) -> String {
        let guilty = RuleRegistry.allIDs.filter { id in
            broken(Fixer(linter: Linter(ruleIDs: [id]), includeUnsafe: true), file)
        }
        return guilty.isEmpty ? "several rules together" : guilty.joined(separator: ", ")
    }
}
