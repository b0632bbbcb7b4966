// libFuzzer harness: bytes → (valid UTF-8 only) parse → every rule → fixer, asserting the
// pipeline's promises on every input. Built by Fuzz/build.sh; see CONTRIBUTING.md.
//
// Invariants (a broken one is a crash that names the rule it could pin down):
//   1. nothing traps, whatever the text;
//   2. every finding's range and every fix edit lies inside the text, in order, on UTF-8
//      character boundaries, and a fix's edits do not overlap;
//   3. the fixed text parses with no more syntax errors than the input;
//   4. fixing the fixed text again changes nothing;
//   5. a fix the fixer rejects (it made the text parse worse) is a bug in that rule's fix when
//      the input parsed cleanly.
// Time is bounded by libFuzzer's -timeout: a slow input is reported like a crash.

import ActorlintKit
import Foundation

/// Inputs the pipeline refuses before parsing (Linter.load) are not analysed here either: the
/// pipeline reports them as named failures, which is the intended behaviour.
private func pipelineRefuses(_ text: String) -> Bool {
    text.utf8.contains(0) || NestingCheck.problem(in: text) != nil
}

private let allRules = Set(RuleRegistry.allIDs)

/// Module settings alternate with the input's length, so both the plain Swift 6 path and the
/// Swift 6.2 app path (default MainActor, nonisolated(nonsending)) are explored.
private func settings(for text: String) -> ModuleSettings {
    text.utf8.count % 2 == 0 ? .plainSwift6 : ModuleSettings.plainSwift6.withSwift62AppSettings
}

/// The fixer's own measure (ParseDiagnosticsGenerator traps on some inputs).
private func syntaxErrors(_ file: SourceFile) -> Int {
    Fixer.syntaxErrorCount(file)
}

/// Whether the current input parsed cleanly: bugs on clean input matter most, so every message says.
nonisolated(unsafe) private var inputState = ""

private func fail(_ message: String) -> Never {
    let full = "\(message) (\(inputState))"
    FileHandle.standardError.write(Data("actorlint fuzz invariant broken: \(full)\n".utf8))
    fatalError(full)
}

/// Whether `offset` is a valid place to cut `bytes` (not inside a multi-byte character).
private func isBoundary(_ offset: Int, in bytes: [UInt8]) -> Bool {
    offset == bytes.count || (bytes[offset] & 0xC0) != 0x80
}

private func checkRanges(_ findings: [Finding], in text: String) {
    let bytes = Array(text.utf8)
    for finding in findings {
        let range = finding.range
        guard 0 <= range.start.offset, range.start.offset <= range.end.offset, range.end.offset <= bytes.count else {
            fail("[\(finding.ruleID)] finding range \(range.start.offset)..<\(range.end.offset) outside 0..<\(bytes.count)")
        }
        guard let fix = finding.fix else { continue }
        var previousEnd = 0
        for edit in fix.edits {
            guard 0 <= edit.start, edit.start <= edit.end, edit.end <= bytes.count else {
                fail("[\(finding.ruleID)] edit \(edit.start)..<\(edit.end) outside 0..<\(bytes.count)")
            }
            guard isBoundary(edit.start, in: bytes), isBoundary(edit.end, in: bytes) else {
                fail("[\(finding.ruleID)] edit \(edit.start)..<\(edit.end) splits a UTF-8 character")
            }
            guard edit.start >= previousEnd else {
                fail("[\(finding.ruleID)] fix '\(fix.title)' has overlapping edits")
            }
            previousEnd = edit.end
        }
    }
}

/// Which single rules reproduce `broken` (for the crash message); all rules when none alone does.
private func culprits(_ text: String, _ module: ModuleSettings, _ broken: (Fixer, SourceFile) -> Bool) -> String {
    let file = SourceFile(path: "Fuzz.swift", text: text)
    let guilty = RuleRegistry.allIDs.filter { id in
        broken(Fixer(linter: Linter(ruleIDs: [id]), includeUnsafe: true), file)
    }
    return guilty.isEmpty ? "several rules together" : guilty.joined(separator: ", ")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: buffer, as: UTF8.self), !pipelineRefuses(text) else { return 0 }
    let module = settings(for: text)
    let file = SourceFile(path: "Fuzz.swift", text: text)
    // The pipeline refuses these too (Linter.load), after parsing.
    if file.nestingOverflowLine != nil { return 0 }
    let inputErrors = syntaxErrors(file)
    inputState = inputErrors == 0 ? "the input parses cleanly" : "the input has \(inputErrors) syntax errors"
    let linter = Linter(ruleIDs: allRules)
    checkRanges(linter.findings(in: file, module: module), in: text)

    let fixer = Fixer(linter: linter, includeUnsafe: true)
    let outcome = fixer.fix(file, module: module)
    if let rejection = outcome.rejection {
        if inputErrors == 0 {
            let rules = culprits(text, module) { fixer, file in fixer.fix(file, module: module).rejection != nil }
            fail("[\(rules)] a fix broke a file that parsed cleanly: \(rejection)")
        }
        return 0
    }
    let fixed = SourceFile(path: "Fuzz.swift", text: outcome.text)
    if syntaxErrors(fixed) > inputErrors {
        fail("the fixer returned text with more syntax errors (\(syntaxErrors(fixed)) > \(inputErrors))")
    }
    guard outcome.text != text else { return 0 }
    checkRanges(linter.findings(in: fixed, module: module), in: outcome.text)
    let again = fixer.fix(fixed, module: module)
    if again.text != outcome.text {
        // Name the rules whose fixes the second run finds, and those that repeat alone.
        let second = Set(linter.findings(in: fixed, module: module).filter { $0.fix != nil }.map(\.ruleID)).sorted()
        let alone = culprits(text, module) { fixer, file in
            let once = fixer.fix(file, module: module).text
            return fixer.fix(SourceFile(path: "Fuzz.swift", text: once), module: module).text != once
        }
        fail("[\(alone)] fixing the fixed text changed it again (the second run fixes: \(second.joined(separator: ", ")))")
    }
    return 0
}

/// `ACTORLINT_FUZZ_WRITE_SEEDS=DIR`: write every rule example (triggering, non-triggering, before
/// and after of each correction) to DIR as a seed, then exit. Each example's settings are lost,
/// so both settings are covered by writing each twice (the length decides the settings).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["ACTORLINT_FUZZ_WRITE_SEEDS"] else { return 0 }
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var count = 0
    for rule in RuleRegistry.descriptions {
        let examples = rule.triggering.map { $0.markedOffsets.code } + rule.nonTriggering.map(\.code)
            + rule.corrections.flatMap { [$0.before, $0.after] }
        for (index, code) in examples.enumerated() {
            for (variant, text) in [code, code + " "].enumerated() {
                let path = "\(directory)/\(rule.id)-\(index)-\(variant).swift"
                _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
                count += 1
            }
        }
    }
    print("wrote \(count) seeds to \(directory)")
    exit(0)
}
