import ActorlintKit
import Foundation
import SwiftParser
import SwiftSyntax

// actorlint-bench: measures actorlint against the parser it is built on and against
// swift-format, over one file list, in one run, so the ratios are comparable even on a busy
// machine. Each actorlint run is a child process, so its peak memory is its own.

let usage = """
    USAGE: actorlint-bench [PATH…] [--json FILE] [--scale N] [--no-swift-format]
                           [--swift-format-timeout SECONDS] [--memory-budget MIB]

    Measures, over the Swift files under PATH (default: .):
      (a) bare parse: Parser.parse of every file, one thread (same SwiftSyntax build);
      (a2) one SyntaxVisitor walk over every node of each parsed file (the walks alone timed):
           the floor of any rule that looks at the whole tree, shown for scale (not a goal);
      (b) actorlint check, default rules, cold (empty cache), all cores;
      (c) the same with every rule (--select all), with the per-rule time breakdown;
      (d) (b) again with the cache it wrote (warm);
      (e) (d) with one file edited: in a function body, and above its declarations;
      (f) swift-format lint --parallel on the same files, when it is on PATH.
    (b)–(e) find the files and the projects under PATH as actorlint check does.
    --scale N also runs (b) without a cache on the file list repeated 1, 2, 4 … N times (every
    module grows) and on 1, 2, 4 … N copies of the folders side by side (more modules), for
    peak memory as the input grows. --json FILE writes every number as JSON.

    """

// MARK: Child mode: one actorlint run, reporting to a JSON file.

func childMain(_ arguments: [String]) -> Int32 {
    var options: [String: String] = [:]
    var roots: [String] = []
    var index = 0
    while index < arguments.count {
        let word = arguments[index]
        if word == "--root" { roots.append(arguments[index + 1]) } else { options[word] = arguments[index + 1] }
        index += 2
    }
    guard let listPath = options["--list"], let outPath = options["--out"],
          FileManager.default.isReadableFile(atPath: listPath) else { return 2 }
    let start = Date()
    let cache = options["--cache"].map { ResultCache(directory: $0) }
    // As `actorlint check` does: the files found in the roots, one listing of each directory
    // shared with the project discovery, and the listings freed before the run (in a closure).
    // A repeated list (the scale runs) is read instead.
    let (paths, project) = { () -> ([String], ProjectModel) in
        let listings = DirectoryListings()
        let paths: [String]
        if options["--discover"] == "yes" {
            paths = FileDiscovery().discover(roots, listings: listings).files
        } else {
            // Split on the byte: splitting 6,000 lines by Character took 30 ms of every measured run.
            let list = (try? String(contentsOfFile: listPath, encoding: .utf8)) ?? ""
            let files = list.utf8.split(separator: UInt8(ascii: "\n")).map { String(Substring($0)) }
            paths = Array(Array(repeating: files, count: Int(options["--repeat"] ?? "1") ?? 1).joined())
        }
        return (paths, ProjectLoader.load(for: roots, cache: cache, listings: listings))
    }()
    let projectSeconds = Date().timeIntervalSince(start)
    var configuration = Configuration()
    configuration.select = [options["--select"] ?? "default"]
    var linter = Linter(configuration: configuration, project: project)
    linter.cache = cache
    if let budget = options["--memory-budget"].flatMap(Int.init) { linter.memoryBudget = budget << 20 }
    let profile = LintProfile()
    if options["--profile"] == "yes" { linter.profile = profile }
    if let edited = options["--edit"], let kind = options["--edit-kind"],
       let text = try? String(contentsOfFile: edited, encoding: .utf8) {
        linter.overlay[edited] = kind == "top" ? "// edited by actorlint-bench\n" + text : text + "\n// edited by actorlint-bench\n"
    }
    let lintStart = Date()
    let run = linter.run(paths: paths)
    let lintSeconds = Date().timeIntervalSince(lintStart)
    let reportStart = Date()
    let output = TextReporter(color: false).render(Report(findings: run.findings, failures: run.failures,
                                                          fileCount: paths.count, sourceLines: run.sourceLines))
    let reportSeconds = Date().timeIntervalSince(reportStart)
    let result: [String: Any] = [
        "seconds": Date().timeIntervalSince(start), "projectSeconds": projectSeconds, "lintSeconds": lintSeconds,
        "reportSeconds": reportSeconds, "reportBytes": output.utf8.count,
        "findings": run.findings.count, "failures": run.failures.count, "files": run.fileCount, "lines": run.lineCount,
        "peakRSS": Spawn.peakRSS(),
        "rules": profile.ruleSeconds, "phases": profile.phaseSeconds, "counters": Dictionary(uniqueKeysWithValues: profile.counters.map { ($0.key.rawValue, $0.value) }),
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]) else { return 1 }
    return FileManager.default.createFile(atPath: outPath, contents: data) ? 0 : 1
}

// MARK: Measurements

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
          memoryBudget: Int? = nil, discover: Bool = true) -> Step {
    let out = scratch + "/child-\(UUID().uuidString).json"
    var arguments = ["--child", "--list", list, "--out", out, "--select", select, "--repeat", "\(count)",
                     "--profile", profile ? "yes" : "no", "--discover", discover ? "yes" : "no"]
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

func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--child" { return childMain(Array(arguments.dropFirst())) }
    var paths: [String] = []
    var jsonPath: String?
    var scale = 1
    var runSwiftFormat = true
    var swiftFormatTimeout = 3600.0
    var memoryBudget: Int?
    while !arguments.isEmpty {
        let word = arguments.removeFirst()
        func value() -> String {
            guard !arguments.isEmpty else { FileHandle.standardError.write(Data("\(word) needs a value\n".utf8)); exit(2) }
            return arguments.removeFirst()
        }
        switch word {
        case "--json": jsonPath = value()
        case "--scale": scale = max(1, Int(value()) ?? 1)
        case "--no-swift-format": runSwiftFormat = false
        case "--swift-format-timeout": swiftFormatTimeout = Double(value()) ?? swiftFormatTimeout
        case "--memory-budget": memoryBudget = Int(value())
        case "--help", "-h": print(usage); return 0
        default:
            guard !word.hasPrefix("-") else { FileHandle.standardError.write(Data("unknown option \(word)\n\(usage)".utf8)); return 2 }
            paths.append(word)
        }
    }
    if paths.isEmpty { paths = ["."] }
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }

    #if ACTORLINT_SWIFT_SYNTAX_PACKAGE
    let build = "package"
    #else
    let build = "toolchain"
    #endif
    let files = FileDiscovery().discover(paths).files
    let list = scratch + "/files.txt"
    _ = FileManager.default.createFile(atPath: list, contents: Data(files.joined(separator: "\n").utf8))
    var texts: [String] = files.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
    let bytes = texts.reduce(0) { $0 + $1.utf8.count }
    let lines = texts.reduce(0) { total, text in total + text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
    print("actorlint-bench: SwiftSyntax \(build) build, \(files.count) files, \(lines) lines, \(megabytes(bytes)) of source, " +
          "\(ProcessInfo.processInfo.activeProcessorCount) cores")

    // (a) Bare parse: what any SwiftSyntax tool pays before it looks at a single node.
    print("(a) bare parse, 1 thread…")
    let parseStart = Date()
    let parseCPUStart = LintProfile.threadTime()
    for text in texts { _ = Parser.parse(source: text) }
    let parse = Step(name: "bare parse (1 thread)", wall: Date().timeIntervalSince(parseStart),
                     cpu: LintProfile.threadTime() - parseCPUStart, peakRSS: 0)
    print("  \(format(parse.wall)) s wall, \(format(parse.cpu)) s CPU")

    // (a2) A walk: SwiftSyntax builds a node's view on first visit, so the first walk over a
    // tree costs a share of the parse; every finding needs at least that. Each file is parsed
    // and then walked, and only the walks are timed: interleaved, the two see the same machine.
    print("(a2) one walk over every node of each parsed file, 1 thread…")
    var walkCPU = 0.0, walkWall = 0.0, parseCPU = 0.0, tokens = 0
    for text in texts {
        let parseStart = LintProfile.threadTime()
        let tree = Parser.parse(source: text)
        let (start, cpuStart) = (Date(), LintProfile.threadTime())
        parseCPU += cpuStart - parseStart
        let counter = TokenCounter(viewMode: .sourceAccurate)
        counter.walk(tree)
        (walkWall, walkCPU) = (walkWall + Date().timeIntervalSince(start), walkCPU + LintProfile.threadTime() - cpuStart)
        tokens += counter.count
    }
    var walk = Step(name: "one walk over every node (1 thread)", wall: walkWall, cpu: walkCPU, peakRSS: 0)
    walk.note = "\(tokens) tokens; \(format(walkCPU / max(parseCPU, 1e-9))) × the parses between the walks (CPU); "
        + "the floor of a rule that looks at the whole tree, for scale (not a goal)"
    print("  \(format(walk.wall)) s wall, \(format(walk.cpu)) s CPU")

    // The file edited in (e): in the module with the most files, the first that declares a type,
    // so an edit above its declarations changes the module's index summary.
    let project = ProjectLoader.load(for: paths)
    let modules = Dictionary(grouping: files.indices) {
        project.settings(forAbsolutePath: URL(fileURLWithPath: files[$0]).standardizedFileURL.path).key
    }
    let largest = modules.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }
    let declares = ["class ", "struct ", "enum ", "actor ", "protocol "]
    let editIndex = largest?.value.first { index in declares.contains { texts[index].contains($0) } } ?? largest?.value.first
    texts = []

    print("(b)–(e) actorlint check…")
    let cold = lint("check default, cold", list: list, roots: paths, cache: scratch + "/cache-default", memoryBudget: memoryBudget)
    let all = lint("check all rules, cold", list: list, roots: paths, select: "all", cache: scratch + "/cache-all",
                   profile: true, memoryBudget: memoryBudget)
    let warm = lint("check default, warm", list: list, roots: paths, cache: scratch + "/cache-default", memoryBudget: memoryBudget)
    var edits: [Step] = []
    if let editIndex {
        let moduleSize = largest?.value.count ?? 0
        var body = lint("one file edited (body)", list: list, roots: paths, cache: scratch + "/cache-default",
                        edit: (files[editIndex], "bottom"), memoryBudget: memoryBudget)
        body.note = "\(files[editIndex]) (module of \(moduleSize) files); a line appended: its module's index is unchanged"
        edits.append(body)
        var top = lint("one file edited (declarations)", list: list, roots: paths, cache: scratch + "/cache-default",
                       edit: (files[editIndex], "top"), memoryBudget: memoryBudget)
        // The modules' indexes are linked: a changed index is part of every file's findings key.
        top.note = "a line inserted at the top: its declarations move, so its module and the modules that import it are analysed again"
        edits.append(top)
    }

    // (f) swift-format, the peer: same files, all cores, a generous limit.
    var swiftFormat: Step?
    if runSwiftFormat, let tool = Spawn.which("swift-format") {
        print("(f) swift-format lint --parallel (limit \(Int(swiftFormatTimeout)) s)…")
        // Batches keep the command line under the kernel's limit (ARG_MAX).
        var batches: [[String]] = [[]]
        var size = 0
        for file in files {
            if size + file.utf8.count + 1 > 1 << 20 { batches.append([]); size = 0 }
            batches[batches.count - 1].append(file)
            size += file.utf8.count + 1
        }
        var step = Step(name: "swift-format lint --parallel", wall: 0, cpu: 0, peakRSS: 0)
        var problems: [String] = []
        var diagnostics = 0
        for batch in batches {
            let errors = scratch + "/swift-format-stderr.txt"
            let left = swiftFormatTimeout - step.wall
            let child = Spawn.run(tool, ["lint", "--parallel"] + batch, stderr: errors, timeout: max(1, left))
            step.wall += child.wall
            step.cpu += child.cpu
            step.peakRSS = max(step.peakRSS, child.polledPeakRSSBytes)
            if let text = try? String(contentsOfFile: errors, encoding: .utf8) {
                diagnostics += text.split(separator: "\n").filter { $0.contains(": warning:") || $0.contains(": error:") }.count
                if text.contains("Fatal error") || text.contains("Crash") { problems.append("crash reported on stderr") }
            }
            if child.timedOut { problems.append("timed out after \(Int(swiftFormatTimeout)) s (killed)"); break }
            if let signal = child.signal { problems.append("killed by signal \(signal)") }
        }
        step.details = ["batches": batches.count, "diagnostics": diagnostics, "tool": tool]
        step.note = problems.isEmpty ? "\(batches.count) invocation(s), \(diagnostics) diagnostics" : problems.joined(separator: "; ")
        print("  \(format(step.wall)) s wall, \(format(step.cpu)) s CPU, \(megabytes(step.peakRSS)) peak; \(step.note)")
        swiftFormat = step
    } else if runSwiftFormat {
        print("(f) swift-format is not on PATH: skipped")
    }

    // Peak memory as the input grows, two ways: the same list repeated (every module grows), and
    // the checked folders copied side by side (the modules stay, their number grows).
    var scaled: [(factor: Int, step: Step)] = []
    var copied: [(factor: Int, step: Step)] = []
    if scale > 1 {
        print("scale: check default, no cache, file list repeated, then folders copied…")
        var factor = 1
        while factor <= scale {
            scaled.append((factor, lint("check default ×\(factor), no cache", list: list, roots: paths, repeat: factor,
                                        memoryBudget: memoryBudget, discover: false)))
            let copies = sideBySide(factor, copiesOf: paths, files: files)
            copied.append((factor, lint("check default, \(factor) copies, no cache", list: copies.list, roots: copies.roots,
                                        memoryBudget: memoryBudget, discover: false)))
            factor *= 2
        }
    }

    // MARK: Report
    // In the table and in the JSON, in this order.
    let measured = [parse, walk, cold, all, warm] + edits + (swiftFormat.map { [$0] } ?? [])
    let ratio = { (a: Double, b: Double) -> Double in b > 0 ? a / b : .nan }
    // JSONSerialization rejects NaN: a ratio without a denominator is written as null.
    let number = { (value: Double) -> Any in value.isFinite ? value : NSNull() }
    var table: [String] = []
    table.append("SwiftSyntax \(build) build · \(files.count) files · \(lines) lines · \(megabytes(bytes)) · \(ProcessInfo.processInfo.activeProcessorCount) cores")
    table.append("")
    table.append("| step | wall s | CPU s | peak RSS | wall ÷ parse | CPU ÷ parse | note |")
    table.append("|---|---:|---:|---:|---:|---:|---|")
    for step in measured {
        let rss = step.peakRSS > 0 ? megabytes(step.peakRSS) : "–"
        table.append("| \(step.name) | \(format(step.wall)) | \(format(step.cpu)) | \(rss) | \(format(ratio(step.wall, parse.wall))) | \(format(ratio(step.cpu, parse.cpu))) | \(step.note) |")
    }
    table.append("")
    let warmRatio = ratio(warm.wall, cold.wall)
    table.append("warm ÷ cold (wall): \(format(warmRatio, 3))")
    for edit in edits { table.append("\(edit.name) ÷ cold (wall): \(format(ratio(edit.wall, cold.wall), 3))") }
    var goals: [(String, Bool?)] = [
        ("cold wall ≤ 0.75 × bare parse: \(format(ratio(cold.wall, parse.wall)))", ratio(cold.wall, parse.wall) <= 0.75),
        ("cold CPU ≤ 1.3 × bare parse: \(format(ratio(cold.cpu, parse.cpu)))", ratio(cold.cpu, parse.cpu) <= 1.3),
        ("warm ≤ 0.05 × cold: \(format(warmRatio, 3))", warmRatio <= 0.05),
    ]
    if let swiftFormat {
        table.append("swift-format ÷ actorlint cold (wall): \(format(ratio(swiftFormat.wall, cold.wall), 1))×, (CPU): \(format(ratio(swiftFormat.cpu, cold.cpu), 1))×")
        let complete = !swiftFormat.note.contains("timed out")
        goals.append(("≥ 10× faster than swift-format lint --parallel: \(format(ratio(swiftFormat.wall, cold.wall), 1))×\(complete ? "" : " (swift-format did not finish: a lower bound)")",
                      ratio(swiftFormat.wall, cold.wall) >= 10))
    }
    if !scaled.isEmpty {
        table.append("")
        table.append("| input | files | wall s | CPU s | peak RSS |")
        table.append("|---|---:|---:|---:|---:|")
        for (kind, steps) in [("list repeated", scaled), ("folders copied", copied)] {
            for (factor, step) in steps {
                table.append("| \(factor)×, \(kind) | \(files.count * factor) | \(format(step.wall)) | \(format(step.cpu)) | \(megabytes(step.peakRSS)) |")
            }
            let peaks = steps.map(\.step.peakRSS)
            let flat = (peaks.max() ?? 0) <= 500 << 20 && Double(peaks.max() ?? 0) <= 1.25 * Double(peaks.first ?? 1)
            goals.append(("peak RSS ≤ 500 MB and flat (≤ 1.25×) from 1× to \(steps.last!.factor)×, \(kind): \(peaks.map(megabytes).joined(separator: " → "))", flat))
        }
    } else {
        goals.append(("peak RSS ≤ 500 MB (cold, 1×): \(megabytes(cold.peakRSS))", cold.peakRSS <= 500 << 20))
    }
    if let rules = all.details["rules"] as? [String: Double], !rules.isEmpty {
        table.append("")
        table.append("Per-rule CPU, check all rules (thread CPU summed over threads; bare parse = \(format(parse.cpu)) s):")
        table.append("")
        table.append("| rule | CPU s | ÷ parse CPU |")
        table.append("|---|---:|---:|")
        for (id, seconds) in rules.sorted(by: { $0.value > $1.value }) {
            table.append("| \(id) | \(format(seconds, 3)) | \(format(ratio(seconds, parse.cpu), 3)) |")
        }
        if let phases = all.details["phases"] as? [String: Double] {
            table.append("")
            table.append("Phases: " + phases.sorted { $0.value > $1.value }.map { "\($0.key) \(format($0.value))" }.joined(separator: ", "))
        }
        if let counters = all.details["counters"] as? [String: Int] {
            table.append("Counters: " + counters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
    }
    table.append("")
    table.append("Goals:")
    for (text, met) in goals { table.append("- \(met == true ? "met" : "NOT met"): \(text)") }
    print("")
    print(table.joined(separator: "\n"))

    if let jsonPath {
        let json: [String: Any] = [
            "swiftSyntax": build, "files": files.count, "lines": lines, "bytes": bytes,
            "cores": ProcessInfo.processInfo.activeProcessorCount, "paths": paths,
            "steps": measured.map(\.json),
            "scale": scaled.map { ["factor": $0.factor, "step": $0.step.json] },
            "scaleCopies": copied.map { ["factor": $0.factor, "step": $0.step.json] },
            "ratios": [
                "coldWallOverParse": number(ratio(cold.wall, parse.wall)), "coldCPUOverParse": number(ratio(cold.cpu, parse.cpu)),
                "allWallOverParse": number(ratio(all.wall, parse.wall)), "allCPUOverParse": number(ratio(all.cpu, parse.cpu)),
                "warmOverCold": number(warmRatio),
                "swiftFormatOverCold": swiftFormat.map { number(ratio($0.wall, cold.wall)) } ?? NSNull(),
            ] as [String: Any],
            "goals": goals.map { ["goal": $0.0, "met": $0.1 ?? false] },
        ]
        if let data = try? JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]) {
            _ = FileManager.default.createFile(atPath: jsonPath, contents: data)
        }
    }
    return 0
}

exit(main())
