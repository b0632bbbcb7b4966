import ActorlintKit
import Foundation
import Testing

/// Inputs on which the fuzz target once found a broken promise of findings or fixes (overlapping
/// edits, a second `fix` run changing the text again, …), kept in
/// Tests/ActorlintTests/Fuzz/Invariants/ under the first 12 hex digits of libFuzzer's name. Each
/// must now keep every promise of `FixInvariants`, under both kinds of module settings.
@Suite(.tags(.slow)) struct FuzzInvariantTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Invariants").path

    static let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".input") }.sorted()

    @Test func theInputsAreThere() {
        #expect(Self.inputs.count >= 20)
    }

    @Test(arguments: inputs)
    func everyPromiseHolds(name: String) throws {
        let text = try String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
        for module in [ModuleSettings.plainSwift6, ModuleSettings.plainSwift6.withSwift62AppSettings] {
            let broken = FixInvariants.firstViolation(in: text, module: module)
            #expect(broken == nil, "\(module.defaultIsolation): \(broken ?? "")")
        }
    }
}
