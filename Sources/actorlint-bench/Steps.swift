import Foundation
import SwiftSyntax

/// What the benchmark measures and how: the steps, and the child processes that run actorlint.
struct Step {
    var name: String
    var wall: Double
    var cpu: Double
    var peakRSS: Int
    var details: [String: Any] = [:]
    var note = ""

    var json: [String: Any] {
        ["name": name, "wallSeconds": wall, "cpuSeconds": cpu, "peakRSSBytes": peakRSS, "note": note, "details": details]
    }
}

/// Visits every node of a tree (the tokens are counted so the walk has an observable result).
final class TokenCounter: SyntaxVisitor {
    var count = 0
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        count += 1
        return .skipChildren
    }
}

let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlint-bench-\(getpid())").path

/// One actorlint run in a child process.
func lint(_ name: String, list: String, roots: [String], select: String = "default", cache: String? = nil,
          edit: (path: String, kind: String)? = nil, repeat count: Int = 1, profile: Bool = false,
          memoryBudget: Int? = nil, discover: Bool = true, mode: String = "check") -> Step {
    let out = scratch + "/child-\(UUID().uuidString).json"
    var arguments = ["--child", "--list", list, "--out", out, "--select", select, "--repeat", "\(count)",
                     "--profile", profile ? "yes" : "no", "--discover", discover ? "yes" : "no", "--mode", mode]
    for root in roots { arguments += ["--root", root] }
    if let cache { arguments += ["--cache", cache] }
    if let edit { arguments += ["--edit", edit.path, "--edit-kind", edit.kind] }
    if let memoryBudget { arguments += ["--memory-budget", "\(memoryBudget)"] }
    let child = Spawn.run(executable, arguments, stderr: scratch + "/child-stderr.txt")
    let details = (try? Data(contentsOf: URL(fileURLWithPath: out)))
        .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    // The child's own reading (`ChildResult` says why not `wait4`'s).
    var step = Step(name: name, wall: child.wall, cpu: child.cpu, peakRSS: details["peakRSS"] as? Int ?? 0, details: details)
    if child.exitCode != 0 { step.note = "child failed: exit \(child.exitCode.map(String.init) ?? "signal \(child.signal ?? 0)")" }
    print("  \(name): \(format(step.wall)) s wall, \(format(step.cpu)) s CPU, \(megabytes(step.peakRSS)) peak")
    return step
}

/// `factor` copies of the checked folders side by side, as symbolic links in the scratch folder,
/// and the file list and roots that check them: each copy's packages and Xcode projects are
/// projects of their own, as when one CI job checks many apps.
func sideBySide(_ factor: Int, copiesOf paths: [String], files: [String]) -> (list: String, roots: [String]) {
    let roots = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    var listed: [String] = []
    var copiedRoots: [String] = []
    for copy in 1...factor {
        let folder = scratch + "/copies/\(copy)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let links = roots.enumerated().map { folder + "/\($0)-" + ($1 as NSString).lastPathComponent }
        for (link, root) in zip(links, roots) where !FileManager.default.fileExists(atPath: link) {
            try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root)
        }
        copiedRoots += links
        for file in files {
            let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
            // The innermost checked folder holding the file.
            guard let index = roots.indices.filter({ absolute.hasPrefix(roots[$0] + "/") })
                .max(by: { roots[$0].count < roots[$1].count }) else { continue }
            listed.append(links[index] + absolute.dropFirst(roots[index].count))
        }
    }
    let list = scratch + "/files-\(factor)-copies.txt"
    _ = FileManager.default.createFile(atPath: list, contents: Data(listed.joined(separator: "\n").utf8))
    return (list, copiedRoots)
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
func megabytes(_ bytes: Int) -> String { "\(bytes >> 20) MB" }
