import Foundation

/// Every step's numbers, for the table and the JSON.
struct Measurements {
    var build: String
    var paths: [String]
    var files: Int
    var lines: Int
    var bytes: Int
    var parse: Step
    var walk: Step
    var cold: Step
    var all: Step
    var warm: Step
    var edits: [Step]
    var plan: Step
    var swiftFormat: Step?
    var scaled: [(factor: Int, step: Step)]
    var copied: [(factor: Int, step: Step)]
}

/// Prints the table and the goals, and writes the JSON to `jsonPath` when given.
func report(_ m: Measurements, jsonPath: String?) {
    let (build, paths, lines, bytes) = (m.build, m.paths, m.lines, m.bytes)
    let (parse, walk, cold, all, warm, edits, swiftFormat) = (m.parse, m.walk, m.cold, m.all, m.warm, m.edits, m.swiftFormat)
    let (scaled, copied) = (m.scaled, m.copied)
    // In the table and in the JSON, in this order.
    let measured = [parse, walk, cold, all, warm] + edits + [m.plan] + (swiftFormat.map { [$0] } ?? [])
    let ratio = { (a: Double, b: Double) -> Double in b > 0 ? a / b : .nan }
    // JSONSerialization rejects NaN: a ratio without a denominator is written as null.
    let number = { (value: Double) -> Any in value.isFinite ? value : NSNull() }
    var table: [String] = []
    table.append("SwiftSyntax \(build) build · \(m.files) files · \(lines) lines · \(megabytes(bytes)) · \(ProcessInfo.processInfo.activeProcessorCount) cores")
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
    let planRatio = ratio(m.plan.wall, cold.wall)
    table.append("migrate plan ÷ check cold (wall): \(format(planRatio)), (CPU): \(format(ratio(m.plan.cpu, cold.cpu)))")
    var goals: [(String, Bool?)] = [
        ("cold wall ≤ 0.75 × bare parse: \(format(ratio(cold.wall, parse.wall)))", ratio(cold.wall, parse.wall) <= 0.75),
        ("cold CPU ≤ 1.3 × bare parse: \(format(ratio(cold.cpu, parse.cpu)))", ratio(cold.cpu, parse.cpu) <= 1.3),
        ("warm ≤ 0.05 × cold: \(format(warmRatio, 3))", warmRatio <= 0.05),
        ("migrate plan ≤ 1.5 × check cold (wall): \(format(planRatio))", planRatio <= 1.5),
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
                table.append("| \(factor)×, \(kind) | \(m.files * factor) | \(format(step.wall)) | \(format(step.cpu)) | \(megabytes(step.peakRSS)) |")
            }
            let peaks = steps.map(\.step.peakRSS)
            let flat = (peaks.max() ?? 0) <= 500 << 20 && Double(peaks.max() ?? 0) <= 1.25 * Double(peaks.first ?? 1)
            goals.append(("peak RSS ≤ 500 MB and flat (≤ 1.25×) from 1× to \(steps.last!.factor)×, \(kind): \(peaks.map(megabytes).joined(separator: " → "))", flat))
        }
    } else {
        goals.append(("peak RSS ≤ 500 MB (cold, 1×): \(megabytes(cold.peakRSS))", cold.peakRSS <= 500 << 20))
    }
    if let phases = m.plan.details["phases"] as? [String: Double] {
        table.append("")
        table.append("migrate plan phases (CPU s): " + phases.sorted { $0.value > $1.value }.map { "\($0.key) \(format($0.value))" }.joined(separator: ", "))
        if let counters = m.plan.details["counters"] as? [String: Int] {
            table.append("migrate plan counters: " + counters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
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
            "swiftSyntax": build, "files": m.files, "lines": lines, "bytes": bytes,
            "cores": ProcessInfo.processInfo.activeProcessorCount, "paths": paths,
            "steps": measured.map(\.json),
            "scale": scaled.map { ["factor": $0.factor, "step": $0.step.json] },
            "scaleCopies": copied.map { ["factor": $0.factor, "step": $0.step.json] },
            "ratios": [
                "coldWallOverParse": number(ratio(cold.wall, parse.wall)), "coldCPUOverParse": number(ratio(cold.cpu, parse.cpu)),
                "allWallOverParse": number(ratio(all.wall, parse.wall)), "allCPUOverParse": number(ratio(all.cpu, parse.cpu)),
                "warmOverCold": number(warmRatio), "planOverCold": number(planRatio),
                "planCPUOverCold": number(ratio(m.plan.cpu, cold.cpu)),
                "swiftFormatOverCold": swiftFormat.map { number(ratio($0.wall, cold.wall)) } ?? NSNull(),
            ] as [String: Any],
            "goals": goals.map { ["goal": $0.0, "met": $0.1 ?? false] },
        ]
        if let data = try? JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]) {
            _ = FileManager.default.createFile(atPath: jsonPath, contents: data)
        }
    }
}
