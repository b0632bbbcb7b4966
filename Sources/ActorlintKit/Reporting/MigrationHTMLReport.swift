/// The migration plan as one self-contained HTML page (inline CSS and SVG, nothing fetched):
/// the numbers, the order, each module's settings before and after, the code that moves (a chart
/// by module), `@concurrent` by actorlint against the blanket migration, the decisions, the
/// types that need `nonisolated` and the findings. Each section has an `id` and each number a
/// `data-count`, which the tests compare with the JSON plan.
public enum MigrationHTMLReport {
    public static func render(_ plan: MigrationPlan) -> String {
        var body = "<h1>Swift 6.2 migration plan</h1>\n<p class=\"lead\">" + escape(MigrationReport.header(plan)) + "</p>\n"
        body += summary(plan) + order(plan) + settings(plan) + moves(plan) + comparison(plan) + decisions(plan) + types(plan) + findings(plan)
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Swift 6.2 migration plan</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>\(style)</style></head>
            <body><main>
            \(body)<footer>actorlint migrate plan --to \(plan.goal.rawValue) · SE-0461 (NonisolatedNonsendingByDefault) · SE-0466 (default isolation) · SE-0470 (isolated conformances) · SE-0449 (nonisolated types)</footer>
            </main></body></html>

            """
    }

    static let colors = ["concurrent → caller": "#2f7ed8", "nonisolated → MainActor": "#e07b39", "concurrent → MainActor": "#8e44ad",
                         "caller → MainActor": "#16a085"]
    static let otherColor = "#95a5a6"

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `code` spans for backquoted words, the way the text report writes them.
    static func rich(_ text: String) -> String {
        let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
        return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
    }

    static func summary(_ plan: MigrationPlan) -> String {
        let totals = plan.totals
        let cards: [(String, Int, String)] = [
            ("modules", plan.order.count, "modules to change"),
            ("moved", totals.moved, "functions and closures that move"),
            ("concurrent", totals.concurrent, "<code>@concurrent</code> added by actorlint"),
            ("blanket", totals.blanket, "<code>@concurrent</code> the blanket migration adds"),
            ("nonisolated", totals.nonisolated, "<code>nonisolated</code> added"),
            ("hops", plan.redundantHops.count, "hops made redundant"),
        ]
        return "<section id=\"summary\" class=\"cards\">" + cards.map { key, value, label in
            "<div class=\"card\"><span class=\"number\" data-count=\"\(key)\">\(value)</span><span class=\"label\">\(label)</span></div>"
        }.joined() + "</section>\n"
    }

    static func order(_ plan: MigrationPlan) -> String {
        guard !plan.order.isEmpty else { return "<section id=\"order\"><h2>Order</h2><p>Nothing to change.</p></section>\n" }
        return "<section id=\"order\"><h2>Order</h2><p>One module at a time, modules that others import first:</p><ol class=\"order\">"
            + plan.order.map { "<li><code>\(escape($0))</code></li>" }.joined() + "</ol></section>\n"
    }

    static func settings(_ plan: MigrationPlan) -> String {
        var out = "<section id=\"settings\"><h2>Settings, before and after</h2><table><thead><tr><th>module</th><th>what it is</th>"
            + "<th>now</th><th>proposed</th><th>why</th></tr></thead><tbody>"
        for module in plan.modules {
            let proposed = module.changes ? changed(module.now, module.proposed) : "<span class=\"muted\">no change</span>"
            let blockers = module.blockers.map { "<div class=\"blocked\">blocked: \(rich($0))</div>" }.joined()
            let notes = module.notes.map { "<div class=\"note\">\(rich($0))</div>" }.joined()
            out += "<tr data-module=\"\(escape(module.name))\"><td><code>\(escape(module.name))</code></td><td>\(rich(module.role))</td>"
                + "<td>Swift \(module.now.languageMode), \(escape(module.now.phrase))</td><td>\(proposed)</td>"
                + "<td>\(rich(module.reason))\(blockers)\(notes)</td></tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    /// The proposed settings with what changes in bold.
    static func changed(_ now: MigrationPlan.Settings, _ proposed: MigrationPlan.Settings) -> String {
        let isolation = "default isolation \(proposed.defaultIsolation)"
        var parts = [proposed.defaultIsolation == now.defaultIsolation ? escape(isolation) : "<strong class=\"added\">\(escape(isolation))</strong>"]
        if proposed.nonisolatedNonsendingByDefault {
            parts.append(now.nonisolatedNonsendingByDefault ? "NonisolatedNonsendingByDefault" : "<strong class=\"added\">+ NonisolatedNonsendingByDefault</strong>")
        }
        return parts.joined(separator: ", ")
    }

    /// A horizontal stacked bar per module: its moves by direction.
    static func moves(_ plan: MigrationPlan) -> String {
        let modules = plan.modules.filter { $0.counts.moved > 0 }
        var out = "<section id=\"moves\"><h2>Code that moves, by module</h2>"
        guard !modules.isEmpty else { return out + "<p>No code moves.</p></section>\n" }
        let directions = Array(Set(modules.flatMap { $0.counts.byDirection.keys })).sorted()
        let largest = modules.map(\.counts.moved).max() ?? 1
        let (labelWidth, barWidth) = (170, 520)
        out += chartStart("moves by module", rows: modules.count, row: 30)
        for (position, module) in modules.enumerated() {
            let y = position * 30 + 4
            out += rowLabel(module.name, y: y + 17)
            var x = Double(labelWidth)
            for direction in directions {
                let count = module.counts.byDirection[direction] ?? 0
                guard count > 0 else { continue }
                let width = max(2, Double(count) / Double(largest) * Double(barWidth))
                out += "<rect x=\"\(Int(x))\" y=\"\(y)\" width=\"\(Int(width.rounded()))\" height=\"22\" rx=\"3\" fill=\"\(colors[direction] ?? otherColor)\">"
                    + "<title>\(escape(module.name)): \(count) \(escape(direction))</title></rect>"
                x += width
            }
            out += "<text x=\"\(Int(x) + 6)\" y=\"\(y + 16)\" class=\"value\" data-module=\"\(escape(module.name))\" data-count=\"moved\">\(module.counts.moved)</text>"
        }
        out += "</svg><ul class=\"legend\">" + directions.map {
            "<li><span class=\"swatch\" style=\"background:\(colors[$0] ?? otherColor)\"></span>\(escape($0))</li>"
        }.joined() + "</ul></section>\n"
        return out
    }

    /// Two bars per module: `@concurrent` by actorlint and by the blanket migration.
    static func comparison(_ plan: MigrationPlan) -> String {
        let modules = plan.modules.filter { $0.counts.blanket > 0 || $0.counts.concurrent > 0 }
        var out = "<section id=\"comparison\"><h2><code>@concurrent</code>: actorlint against the blanket migration</h2>"
            + "<p>The blanket migration (<code>swift package migrate --to-feature NonisolatedNonsendingByDefault</code>) marks every "
            + "nonisolated async function, closure and function type <code>@concurrent</code> to keep today's behaviour. actorlint marks "
            + "only the ones with heavy work, and says why it leaves each other one on its caller's actor.</p>"
        guard !modules.isEmpty else { return out + "<p>Neither adds any.</p></section>\n" }
        let largest = max(1, modules.map { max($0.counts.blanket, $0.counts.concurrent) }.max() ?? 1)
        let (labelWidth, barWidth) = (170, 480)
        out += chartStart("@concurrent by module", rows: modules.count, row: 44)
        for (position, module) in modules.enumerated() {
            let y = position * 44 + 4
            out += rowLabel(module.name, y: y + 22)
            for (offset, (key, count, color)) in [("concurrent", module.counts.concurrent, "#27ae60"), ("blanket", module.counts.blanket, "#c0392b")].enumerated() {
                let width = max(count > 0 ? 2 : 0, Int((Double(count) / Double(largest) * Double(barWidth)).rounded()))
                let top = y + offset * 18
                out += "<rect x=\"\(labelWidth)\" y=\"\(top)\" width=\"\(width)\" height=\"15\" rx=\"3\" fill=\"\(color)\"></rect>"
                out += "<text x=\"\(labelWidth + width + 6)\" y=\"\(top + 12)\" class=\"value\" data-module=\"\(escape(module.name))\" data-count=\"\(key)\">\(count)</text>"
            }
        }
        out += "</svg><ul class=\"legend\"><li><span class=\"swatch\" style=\"background:#27ae60\"></span>actorlint</li>"
            + "<li><span class=\"swatch\" style=\"background:#c0392b\"></span>blanket migration</li></ul></section>\n"
        return out
    }

    static func decisions(_ plan: MigrationPlan) -> String {
        // What actorlint changes first, then what a person decides, then what it leaves.
        let rank: [Decision.Action: Int] = [.markConcurrent: 0, .markNonisolated: 1, .review: 2, .leave: 3]
        let rows = plan.modules.flatMap { module in module.moves.filter { $0.decision != nil }.map { (module.name, $0) } }
            .enumerated().sorted { (rank[$0.element.1.decision!.action]!, $0.offset) < (rank[$1.element.1.decision!.action]!, $1.offset) }
            .map(\.element)
        var out = "<section id=\"decisions\"><h2>Decisions: what actorlint marks, leaves, and leaves to you</h2>"
        guard !rows.isEmpty else { return out + "<p>None.</p></section>\n" }
        out += "<table><thead><tr><th>module</th><th>where</th><th>code</th><th>moves</th><th>decision</th><th>why</th></tr></thead><tbody>"
        for (module, move) in rows {
            let action = move.decision!.action
            out += "<tr class=\"\(action.rawValue)\"><td><code>\(escape(module))</code></td><td>\(location(move.path, move.line))</td>"
                + "<td>\(rich(move.name))</td><td>\(escape(move.direction))</td><td><span class=\"badge \(action.rawValue)\">"
                + "\(escape(MigrationReport.label(action)))</span></td><td>\(rich(move.decision!.reason))</td></tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    static func types(_ plan: MigrationPlan) -> String {
        let rows = plan.modules.flatMap { module in module.types.filter { $0.needsNonisolated != nil }.map { (module.name, $0) } }
        var out = "<section id=\"types\"><h2>Types that need <code>nonisolated</code></h2>"
        guard !rows.isEmpty else { return out + "<p>None.</p></section>\n" }
        out += "<table><thead><tr><th>module</th><th>type</th><th>where</th><th>why</th></tr></thead><tbody>"
        for (module, type) in rows {
            out += "<tr><td><code>\(escape(module))</code></td><td>\(escape(type.kind)) <code>\(escape(type.name))</code></td>"
                + "<td>\(location(type.path, type.line))</td><td>\(rich(type.needsNonisolated!))"
                + (type.notApplied.map { "<div class=\"note\">not applied: \(rich($0))</div>" } ?? "") + "</td></tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    static func findings(_ plan: MigrationPlan) -> String {
        var out = "<section id=\"findings\"><h2>Findings</h2>"
        let groups: [(String, String, [FindingChange])] = [
            ("resolved", "Resolved by the change", plan.resolved),
            ("hops", "Hops made redundant (<code>migrate apply --unsafe-fixes</code> removes them)", plan.redundantHops),
            ("created", "Created by the change", plan.created.filter { !MigrationPlan.hopRules.contains($0.rule) }),
        ]
        for (key, title, changes) in groups {
            out += "<h3>\(title) <span class=\"muted\" data-count=\"\(key)\">\(changes.count)</span></h3>"
            guard !changes.isEmpty else { continue }
            out += "<ul class=\"findings\">" + changes.map {
                "<li>\(location($0.path, $0.line)) <span class=\"rule\">\(escape($0.rule))</span></li>"
            }.joined() + "</ul>"
        }
        return out + "</section>\n"
    }

    /// `File.swift:12`, with the whole path on hover: long paths would widen every table.
    static func location(_ path: String, _ line: Int) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "<code title=\"\(escape(path)):\(line)\">\(escape(name)):\(line)</code>"
    }

    /// An SVG chart of `rows` rows, a module's name at the left of each.
    static func chartStart(_ label: String, rows: Int, row: Int) -> String {
        let (width, height) = (170 + 520 + 60, rows * row + 10)
        return "<svg role=\"img\" aria-label=\"\(label)\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
    }

    static func rowLabel(_ name: String, y: Int) -> String {
        "<text x=\"162\" y=\"\(y)\" text-anchor=\"end\" class=\"axis\">\(escape(short(name)))</text>"
    }

    static func short(_ name: String) -> String { name.count > 22 ? String(name.prefix(21)) + "…" : name }

    static let style = """
        body{margin:0;background:#f6f7f9;color:#1d2330;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif}
        main{max-width:1080px;margin:0 auto;padding:28px 32px 40px}
        h1{font-size:26px;margin:0 0 6px}h2{font-size:19px;margin:30px 0 10px;border-bottom:1px solid #dde1e7;padding-bottom:4px}
        h3{font-size:15px;margin:16px 0 6px}.lead{color:#4a5568;margin:0 0 18px}
        code{font:13px/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eceff3;border-radius:3px;padding:1px 4px}
        .cards{display:grid;grid-template-columns:repeat(6,1fr);gap:10px}
        .card{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:12px 14px}
        .number{display:block;font-size:28px;font-weight:650}.label{color:#4a5568;font-size:13px}
        table{width:100%;border-collapse:collapse;table-layout:auto;background:#fff;border:1px solid #dde1e7;font-size:14px}
        th,td{text-align:left;vertical-align:top;padding:7px 9px;border-bottom:1px solid #edf0f3}th{background:#f0f2f5;font-weight:600}
        .muted{color:#718096}.added{color:#1e6b34}.blocked{color:#b42318;font-weight:600;margin-top:4px}.note{color:#6b4e16;margin-top:4px;font-size:13px}
        .order{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none;counter-reset:step}
        .order li{counter-increment:step;background:#fff;border:1px solid #dde1e7;border-radius:16px;padding:3px 12px}
        .order li::before{content:counter(step) ". ";color:#718096}
        svg{background:#fff;border:1px solid #dde1e7;border-radius:8px;display:block;max-width:100%}
        .axis{font-size:13px;fill:#2d3748}.value{font-size:12px;fill:#2d3748}
        .legend{list-style:none;padding:0;display:flex;gap:18px;font-size:13px}.swatch{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:6px}
        .badge{border-radius:10px;padding:1px 8px;font-size:12px;font-weight:600;white-space:nowrap}
        .badge.mark-concurrent,.badge.mark-nonisolated{background:#def7e5;color:#1e7b3a}.badge.leave{background:#e6eefb;color:#2a5ca8}.badge.review{background:#fdecd8;color:#9a4a06}
        .findings{columns:2;font-size:13px}.rule{color:#4a5568}
        footer{margin-top:32px;color:#718096;font-size:12px}
        """
}
