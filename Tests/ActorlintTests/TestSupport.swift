import ActorlintCLI
import ActorlintKit
import Foundation
import Testing

/// A fresh folder under the system temporary directory, deleted when the value goes away.
/// Each test gets its own, so tests can run in parallel without sharing files or the cwd.
final class TemporaryDirectory {
    let path: String

    /// `withPreviewRules`: the folder's configuration also runs the `preview` set, so tests of
    /// the machinery (output, fixes, suppressions, caching) can use any rule as their vehicle,
    /// whichever set its measured precision puts it in.
    init(withPreviewRules: Bool = true) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("actorlint-tests-\(UUID().uuidString)").standardizedFileURL.path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if withPreviewRules { try write(".actorlint.json", Configuration.testingJSON) }
    }

    deinit {
        // Make everything removable again, whatever a test did to the permissions.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative` inside the folder.
    func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, creating folders on the way; returns the absolute path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, data: Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, data: Data) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
        return full
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: url(relative), encoding: .utf8)
    }
}

extension Configuration {
    /// The default and preview sets: what the tests' folders and in-process linters run.
    static var testing: Configuration {
        var configuration = Configuration()
        configuration.select = ["default", "preview"]
        return configuration
    }
    static let testingJSON = #"{ "select": ["default", "preview"] }"#
}

extension Linter {
    /// A linter running `Configuration.testing`'s rules.
    static var testing: Linter { Linter(ruleIDs: Configuration.testing.enabledRuleIDs) }
}

/// What one `actorlint` invocation printed and returned.
struct CLIResult {
    var code: Int32
    var output: String
    var errors: String
}

/// Runs the command line in-process, the way the executable does, with captured output.
func actorlint(_ words: String...) -> CLIResult {
    actorlint(words)
}

func actorlint(_ words: [String]) -> CLIResult {
    let console = Console(capture: true, environment: testEnvironment)
    let code = ActorlintCommand.run(words, console: console)
    return CLIResult(code: code, output: console.output, errors: console.errors)
}

/// The process environment with the results cache of project-less checks moved into the
/// temporary folder, so tests never write to the user's `~/.cache`.
let testEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("actorlint-tests-cache").path
    return environment
}()

/// Code that triggers `prefer-concurrent-over-detached` once, on line 2, column 5: work moved
/// off the caller's actor whose result is handed back to the main actor by hand.
let detachedSource = """
    @MainActor func warmUp() {
        Task.detached { let warm = load(); await MainActor.run { show(warm) } }
    }

    """

/// Code that triggers no registered rule.
let cleanSource = """
    func add(_ a: Int, _ b: Int) -> Int { a + b }

    """

/// A SwiftUI view that triggers `task-in-on-appear` (an unsafe fix) once, at 5:13.
let onAppearSource = """
    struct FeedView: View {
        let model: FeedModel
        var body: some View {
            List(model.items) { Text($0) }.onAppear {
                Task { await model.refresh() }
            }
        }
    }

    """
