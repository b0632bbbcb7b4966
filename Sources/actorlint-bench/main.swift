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
      (f) swift-format lint --parallel on the same files, when it is on PATH;
      (g) actorlint migrate plan (no cache: a plan analyses every file), against (b).
    (b)–(e) find the files and the projects under PATH as actorlint check does.
    --scale N also runs (b) without a cache on the file list repeated 1, 2, 4 … N times (every
    module grows) and on 1, 2, 4 … N copies of the folders side by side (more modules), for
    peak memory as the input grows. --json FILE writes every number as JSON.

    """

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
    // (g) Right after (b), so the two see the same machine.
    print("(g) actorlint migrate plan…")
    var plan = lint("migrate plan", list: list, roots: paths, memoryBudget: memoryBudget, mode: "plan")
    plan.note = "\(plan.details["moved"] ?? 0) moves in \(plan.details["changing"] ?? 0) of \(plan.details["modules"] ?? 0) modules; "
        + "\(plan.details["concurrent"] ?? 0) `@concurrent` (blanket: \(plan.details["blanket"] ?? 0))"
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

    report(Measurements(build: build, paths: paths, files: files.count, lines: lines, bytes: bytes,
                        parse: parse, walk: walk, cold: cold, all: all, warm: warm, edits: edits, plan: plan, swiftFormat: swiftFormat,
                        scaled: scaled, copied: copied), jsonPath: jsonPath)
    return 0
}

exit(main())
