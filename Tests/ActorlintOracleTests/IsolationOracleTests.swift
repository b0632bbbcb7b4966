import ActorlintKit
import Foundation
import SwiftSyntax
import Testing

/// Every disagreement between actorlint's isolation model and `swiftc -typecheck
/// -swift-version 6` on a generated program is a failure. A bounded sample runs by default;
/// `ACTORLINT_ORACLE=full` runs all programs.
@Suite(.tags(.slow)) struct IsolationOracleTests {
    static let fullCount = 1_200
    static let sampleCount = 60

    enum Verdict: String { case main, data, actor, unisolated, unknown }

    struct Outcome {
        var contexts = 0
        var agreements = 0
        var disagreements: [String] = []
    }

    @Test func isolationAgreesWithTheCompiler() throws {
        let full = ProcessInfo.processInfo.environment["ACTORLINT_ORACLE"] == "full"
        let count = full ? Self.fullCount : Self.sampleCount
        // The sample walks the same seeds with a stride, so it covers the whole space.
        var seeds = (0..<count).map { UInt64(full ? $0 : $0 * (Self.fullCount / Self.sampleCount)) }
        // ACTORLINT_ORACLE_SEEDS=3,17 re-runs chosen programs, for debugging a disagreement.
        if let chosen = ProcessInfo.processInfo.environment["ACTORLINT_ORACLE_SEEDS"] {
            seeds = chosen.split(separator: ",").compactMap { UInt64($0) }
        }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var total = Outcome()
        }
        let results = Results()
        let chosenSeeds = seeds
        DispatchQueue.concurrentPerform(iterations: chosenSeeds.count) { item in
            let outcome = Self.check(seed: chosenSeeds[item])
            results.lock.lock()
            results.total.contexts += outcome.contexts
            results.total.agreements += outcome.agreements
            results.total.disagreements += outcome.disagreements
            results.lock.unlock()
        }
        let total = results.total
        print("isolation oracle: \(seeds.count) programs, \(total.contexts) contexts, \(total.agreements)/\(total.contexts) agree with swiftc")
        #expect(total.contexts >= seeds.count, "the generator produced too few contexts")
        for disagreement in total.disagreements { print("disagreement: " + (disagreement.split(separator: "\n").first ?? "")) }
        let shown = total.disagreements.prefix(3).joined(separator: "\n\n")
        #expect(total.disagreements.count == 0, "disagreements, the first three:\n\(shown)")
    }

    static func check(seed: UInt64) -> Outcome {
        var generator = ProgramGenerator(seed: seed)
        let program = generator.generate(seed: seed)
        var outcome = Outcome()
        let compiler: [Int: Verdict]
        do {
            compiler = try compilerVerdicts(program)
        } catch {
            outcome.disagreements.append("seed \(seed): \(error)\n\(program.files[0].text)")
            return outcome
        }
        let model = modelVerdicts(program)
        for (context, expected) in compiler.sorted(by: { $0.key < $1.key }) {
            outcome.contexts += 1
            let actual = model[context]
            // A context probed only for the main actor can only be judged on that.
            let mainOnly = program.probes.filter { $0.context == context }.allSatisfy { $0.kind == .main }
            if actual?.verdict == expected || (mainOnly && actual.map { ($0.verdict == .main) == (expected == .main) } == true) {
                outcome.agreements += 1
            } else {
                let line = program.probes.first { $0.context == context }?.line ?? 0
                outcome.disagreements.append("""
                    seed \(seed) (default MainActor: \(program.defaultMainActor), nonsending: \(program.nonsendingByDefault)), \
                    Program.swift:\(line): swiftc says \(expected.rawValue), actorlint says \(actual?.verdict.rawValue ?? "nothing") \
                    (\(actual?.reasons ?? ""))
                    \(numbered(program.files[0].text))
                    """)
            }
        }
        return outcome
    }

    static func numbered(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { String(format: "%3d  ", $0.offset + 1) + $0.element }.joined(separator: "\n")
    }

    struct GeneratorError: Error, CustomStringConvertible { var description: String }

    /// Runs swiftc and turns the errors on probe lines into a verdict per context.
    static func compilerVerdicts(_ program: ProgramGenerator.Program) throws -> [Int: Verdict] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actorlint-oracle-\(program.seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6"]
        if program.defaultMainActor { arguments += ["-default-isolation", "MainActor"] }
        if program.nonsendingByDefault { arguments += ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"] }
        for file in program.files {
            let url = directory.appendingPathComponent(file.name)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
            arguments.append(url.path)
        }
        let output = try Command.run(arguments).output

        var errorLines: Set<Int> = []
        for line in output.split(separator: "\n") where line.contains(": error:") {
            let parts = line.split(separator: ":")
            guard parts.count > 2, parts[0].hasSuffix("Program.swift"), let number = Int(parts[1]) else {
                throw GeneratorError(description: "error outside a probe: \(line)")
            }
            errorLines.insert(number)
        }
        let probeLines = Set(program.probes.map(\.line))
        if let stray = errorLines.subtracting(probeLines).min() {
            let message = output.split(separator: "\n").first { $0.contains("Program.swift:\(stray):") } ?? ""
            throw GeneratorError(description: "error on a non-probe line \(stray): \(message)")
        }
        var verdicts: [Int: Verdict] = [:]
        for context in Set(program.probes.map(\.context)) {
            let accepted = program.probes.filter { $0.context == context && !errorLines.contains($0.line) }.map(\.kind)
            verdicts[context] = accepted.contains(.main) ? .main : accepted.contains(.data) ? .data : accepted.contains(.actor) ? .actor : .unisolated
        }
        return verdicts
    }

    /// actorlint's isolation at each probe's first statement.
    static func modelVerdicts(_ program: ProgramGenerator.Program) -> [Int: (verdict: Verdict, reasons: String)] {
        let files = program.files.map { SourceFile(path: $0.name, text: $0.text) }
        let module = ModuleSettings(name: "Oracle", kind: .library, languageMode: 6,
                                    defaultIsolation: program.defaultMainActor ? .mainActor : .nonisolated,
                                    features: program.nonsendingByDefault ? [ModuleSettings.nonisolatedNonsendingByDefault] : [])
        let model = IsolationModel(file: files[0], module: module, index: ProjectIndex(files: files))
        var verdicts: [Int: (Verdict, String)] = [:]
        for probe in program.probes where verdicts[probe.context] == nil {
            let position = files[0].converter.position(ofLine: probe.line, column: 1)
            // The token whose leading trivia holds column 1 is the first token of the probe line.
            guard let token = files[0].tree.token(at: position) else { continue }
            let result = model.isolation(at: token)
            let verdict: Verdict
            switch result.isolation {
            case .mainActor: verdict = .main
            case .globalActor(let name): verdict = name == "DataActor" ? .data : .unknown
            case .actorInstance: verdict = .actor
            case .nonisolated, .caller, .concurrent: verdict = .unisolated
            case .unknown: verdict = .unknown
            }
            verdicts[probe.context] = (verdict, "\(result.isolation.jsonValue): " + result.reasons.map(\.message).joined(separator: " ← "))
        }
        return verdicts
    }
}
