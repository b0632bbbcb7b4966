// libFuzzer harness: bytes → (valid UTF-8 only) parse → every rule → fixer, asserting the
// pipeline's promises on every input. Built by Fuzz/build.sh; see CONTRIBUTING.md.
//
// The invariants are FixInvariants' (ActorlintKit): a broken one is a crash that names the
// rules it could pin down.
// Time is bounded by libFuzzer's -timeout: a slow input is reported like a crash.

import ActorlintKit
import Foundation

/// Inputs the pipeline refuses before parsing (Linter.load) are not analysed here either: the
/// pipeline reports them as named failures, which is the intended behaviour.
private func pipelineRefuses(_ text: String) -> Bool {
    text.utf8.contains(0) || NestingCheck.problem(in: text) != nil
}

/// Module settings alternate with the input's length, so both the plain Swift 6 path and the
/// Swift 6.2 app path (default MainActor, nonisolated(nonsending)) are explored.
private func settings(for text: String) -> ModuleSettings {
    text.utf8.count % 2 == 0 ? .plainSwift6 : ModuleSettings.plainSwift6.withSwift62AppSettings
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: buffer, as: UTF8.self), !pipelineRefuses(text) else { return 0 }
    // The pipeline refuses these too (Linter.load), after parsing.
    if SourceFile(path: "Fuzz.swift", text: text).nestingOverflowLine != nil { return 0 }
    if let broken = FixInvariants.firstViolation(in: text, module: settings(for: text)) {
        FileHandle.standardError.write(Data("actorlint fuzz invariant broken: \(broken)\n".utf8))
        fatalError(broken)
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
