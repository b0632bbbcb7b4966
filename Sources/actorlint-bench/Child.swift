import ActorlintKit
import Foundation

/// Child mode: one actorlint run through the library's front door, as `actorlint check` makes
/// it (finding the files and the projects under the roots, one listing of each directory
/// shared by both), reporting to a JSON file. A repeated list (the scale runs) is linted
/// instead of the files found.
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
    var settings = Actorlint.Options()
    settings.select = [options["--select"] ?? "default"]
    settings.cache = options["--cache"].map { .directory($0) } ?? .off
    if options["--discover"] != "yes" {
        // Split on the byte: splitting 6,000 lines by Character took 30 ms of every measured run.
        let list = (try? String(contentsOfFile: listPath, encoding: .utf8)) ?? ""
        let files = list.utf8.split(separator: UInt8(ascii: "\n")).map { String(Substring($0)) }
        settings.files = Array(Array(repeating: files, count: Int(options["--repeat"] ?? "1") ?? 1).joined())
    }
    if let budget = options["--memory-budget"].flatMap(Int.init) { settings.memoryBudget = budget << 20 }
    let profile = LintProfile()
    if options["--profile"] == "yes" { settings.profile = profile }
    if let edited = options["--edit"], let kind = options["--edit-kind"],
       let text = try? String(contentsOfFile: edited, encoding: .utf8) {
        settings.overlay[edited] = kind == "top" ? "// edited by actorlint-bench\n" + text : text + "\n// edited by actorlint-bench\n"
    }
    if options["--mode"] == "plan" { return planChild(settings, roots: roots, outPath: outPath, start: start, profile: profile) }
    let checkStart = Date()
    guard let result = try? Actorlint(settings).check(roots) else { return 1 }
    let checkSeconds = Date().timeIntervalSince(checkStart)
    let reportStart = Date()
    let output = TextReporter(color: false).render(result.report())
    let reportSeconds = Date().timeIntervalSince(reportStart)
    let details: [String: Any] = [
        "seconds": Date().timeIntervalSince(start), "checkSeconds": checkSeconds,
        "reportSeconds": reportSeconds, "reportBytes": output.utf8.count,
        "findings": result.findings.count, "failures": result.failures.count, "files": result.fileCount, "lines": result.lineCount,
        "peakRSS": Spawn.peakRSS(),
        "rules": profile.ruleSeconds, "phases": profile.phaseSeconds,
        "counters": Dictionary(uniqueKeysWithValues: profile.counters.map { ($0.key.rawValue, $0.value) }),
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: details, options: [.sortedKeys]) else { return 1 }
    return FileManager.default.createFile(atPath: outPath, contents: data) ? 0 : 1
}

/// `actorlint migrate plan` over the roots, its text report rendered as the command prints it.
private func planChild(_ settings: Actorlint.Options, roots: [String], outPath: String, start: Date, profile: LintProfile) -> Int32 {
    var settings = settings
    settings.profile = profile
    let planStart = Date()
    guard let plan = try? Actorlint(settings).migrationPlan(roots) else { return 1 }
    let planSeconds = Date().timeIntervalSince(planStart)
    let output = MigrationReport.text(plan)
    let details: [String: Any] = [
        "seconds": Date().timeIntervalSince(start), "planSeconds": planSeconds, "reportBytes": output.utf8.count,
        "modules": plan.modules.count, "changing": plan.order.count, "moved": plan.totals.moved,
        "concurrent": plan.totals.concurrent, "blanket": plan.totals.blanket, "peakRSS": Spawn.peakRSS(),
        "phases": profile.phaseSeconds,
        "counters": Dictionary(uniqueKeysWithValues: profile.counters.map { ($0.key.rawValue, $0.value) }),
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: details, options: [.sortedKeys]) else { return 1 }
    return FileManager.default.createFile(atPath: outPath, contents: data) ? 0 : 1
}
