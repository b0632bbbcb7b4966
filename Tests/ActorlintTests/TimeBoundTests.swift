import ActorlintKit
import Foundation
import Testing

/// No input may hang actorlint: every file is analysed or named within its time bound, the
/// run goes on with the other files, and `fix` never writes a file it could not analyse.
@Suite(.tags(.slow)) struct TimeBoundTests {
    /// Files the parser handles badly or cannot take, by name.
    static func badFiles() -> [String: String] {
        [
            "Brackets20.swift": "let a = " + String(repeating: "[", count: 20) + "\n",
            "Brackets28.swift": "let b = " + String(repeating: "[", count: 28) + "\n",
            "Brackets40.swift": "let c = " + String(repeating: "[", count: 40) + "\n",
            // Deeper than the parser's nesting limit: it stops parsing there.
            "Closures.swift": "let f = " + String(repeating: "{ ", count: 400) + String(repeating: "} ", count: 400) + "\n",
            // One 20 MB line.
            "OneLine.swift": "let s = \"" + String(repeating: "x", count: 20 << 20) + "\"\n",
        ]
    }

    static let good = """
        @MainActor func start() {
            Task.detached { let work = load(); await MainActor.run { show(work) } }
        }

        """

    @Test func aMixedRunEndsInTimeAndNamesExactlyTheBadFiles() throws {
        let folder = try TemporaryDirectory()
        for (name, text) in Self.badFiles() { try folder.write(name, text) }
        try folder.write("Good.swift", Self.good)
        try folder.write("Clean.swift", "let answer = 42\n")
        // Deeply nested generics are no trouble for the parser: analysed like any file.
        try folder.write("Generics.swift", "let g: " + String(repeating: "Array<", count: 400) + "Int" + String(repeating: ">", count: 400) + " = []\n")
        let clock = ContinuousClock()
        let start = clock.now
        let result = actorlint("check", folder.path, "--format", "xcode", "--file-timeout", "5")
        let elapsed = clock.now - start
        // The bound is 5 s per bad file plus the normal run; in practice the pre-check and the
        // size limit answer at once.
        #expect(elapsed < .seconds(5 * Self.badFiles().count + 30), "took \(elapsed)")
        #expect(result.code == 3)
        let failed = Set(result.output.split(separator: "\n").filter { $0.contains(": error: could not analyse: ") }
            .map { String($0.prefix { $0 != ":" }) })
        #expect(failed == Set(Self.badFiles().keys.map { folder.url($0) }), "\(result.output)")
        #expect(result.output.contains("\(folder.url("Good.swift")):2:5: warning:"), "the good file was analysed")
    }

    @Test func fixNeverWritesAFileItCouldNotAnalyse() throws {
        let folder = try TemporaryDirectory()
        // A fixable finding in a file that the pre-check rejects.
        let text = "struct V: View { var body: some View { Text(\"a\").onAppear { Task { await load() } } } }\nlet m = " +
            String(repeating: "[", count: 30) + "\n"
        let path = try folder.write("Rejected.swift", text)
        let result = actorlint("fix", folder.path, "--unsafe-fixes")
        #expect(result.code == 3)
        #expect(try folder.read("Rejected.swift") == text)
        #expect(result.errors.contains(path))
    }
}
