import ActorlintCLI
@testable import ActorlintKit
import Foundation
import Testing

/// The plan's reports: the HTML page is self-contained, has its sections, and shows the numbers
/// of the JSON plan; the text and Markdown say the same; the command line's `migrate`.
@Suite struct MigrationReportTests {
    static let plan: Result<MigrationPlan, any Error> = Result { try MigrationFixture(MigrationSources.files).plan() }

    func plan() throws -> MigrationPlan { try Self.plan.get() }

    /// The JSON plan, as a script reading the output would.
    func json(_ plan: MigrationPlan) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(MigrationReport.json(plan).utf8)) as? [String: Any])
    }

    /// The values of `data-count="key"` in `html`, in order, with the module they belong to if any.
    func counts(_ key: String, in html: String) -> [(module: String?, value: Int)] {
        let pattern = try! NSRegularExpression(pattern: "<[^>]*?(?:data-module=\"([^\"]*)\" )?data-count=\"\(key)\"[^>]*>(\\d+)<")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let module = Range(match.range(at: 1), in: html).map { String(html[$0]) }
            return (module, Int(html[Range(match.range(at: 2), in: html)!])!)
        }
    }

    @Test func theHTMLPageHasItsSectionsAndFetchesNothing() throws {
        let html = MigrationHTMLReport.render(try plan())
        for section in ["summary", "order", "settings", "moves", "comparison", "decisions", "types", "findings"] {
            #expect(html.contains("<section id=\"\(section)\""), "missing section \(section)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("</html>"))
        #expect(html.contains("<svg") && html.contains("<style>"))
        for external in ["<script", "<link", "src=", "href=", "url(", "@import", "http://", "https://"] {
            #expect(!html.contains(external), "the page must not load \(external)")
        }
    }

    @Test func theHTMLNumbersAreTheJSONPlans() throws {
        let plan = try plan()
        let html = MigrationHTMLReport.render(plan)
        let object = try json(plan)
        let totals = try #require(object["totals"] as? [String: Any])
        let summary: [String: Int] = [
            "modules": try #require(object["order"] as? [String]).count,
            "moved": try #require(totals["moved"] as? Int),
            "concurrent": try #require(totals["concurrent"] as? Int),
            "blanket": try #require(totals["blanket"] as? Int),
            "nonisolated": try #require(totals["nonisolated"] as? Int),
            "hops": try #require(object["redundantHops"] as? Int),
        ]
        for (key, value) in summary { #expect(counts(key, in: html).first?.value == value, "\(key)") }
        #expect(summary == ["modules": 3, "moved": 17, "concurrent": 4, "blanket": 15, "nonisolated": 2, "hops": 1])
        // Each module's bars carry its numbers.
        for module in try #require(object["modules"] as? [[String: Any]]) {
            let name = try #require(module["name"] as? String)
            let moduleCounts = try #require(module["counts"] as? [String: Any])
            let moved = try #require(moduleCounts["moved"] as? Int)
            let concurrent = try #require(moduleCounts["concurrent"] as? Int), blanket = try #require(moduleCounts["blanket"] as? Int)
            // A module has a bar in a chart when it has something to show there.
            #expect(counts("moved", in: html).filter { $0.module == name }.map(\.value) == (moved > 0 ? [moved] : []), "\(name)")
            let compared = concurrent > 0 || blanket > 0
            #expect(counts("concurrent", in: html).filter { $0.module == name }.map(\.value) == (compared ? [concurrent] : []), "\(name)")
            #expect(counts("blanket", in: html).filter { $0.module == name }.map(\.value) == (compared ? [blanket] : []), "\(name)")
        }
        #expect(counts("resolved", in: html).first?.value == plan.resolved.count)
        #expect(html.contains("<ol class=\"order\"><li><code>Kit</code></li>"))
    }

    @Test func theTextAndMarkdownSayTheSame() throws {
        let plan = try plan()
        let text = MigrationReport.text(plan)
        #expect(text.hasPrefix("Migration plan (--to both): 3 modules, 3 to change, one at a time in this order: Kit,"))
        #expect(text.contains("      @concurrent: it does heavy work (a loop over `values`, a collection of unknown size (line 16))"))
        #expect(text.contains("  types that need `nonisolated` (SE-0449):\n"))
        #expect(text.contains("Hops the change makes redundant (1; `migrate apply --unsafe-fixes` removes them):"))
        #expect(text.contains("`@concurrent` added by actorlint: 4 (10 left on their actor with a reason, 1 to review); by the blanket migration"))
        let markdown = MigrationReport.markdown(plan)
        #expect(markdown.contains("| `Kit` | a library (0 of its 2 types are views or view controllers) | default isolation nonisolated | "
            + "default isolation nonisolated, NonisolatedNonsendingByDefault | 12 | 3 | 12 | 0 |"), "\(markdown)")
    }

    @Test func theCommandLinePlansAndApplies() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let path = fixture.directory.path
        let plan = actorlint("migrate", "plan", path, "--format", "json", "--no-cache")
        #expect(plan.code == 0, "\(plan.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plan.output.utf8)) as? [String: Any])
        #expect(object["order"] as? [String] == ["Kit", "ShopApp", "KitTests"] || (object["order"] as? [String])?.first == "Kit")
        let diff = actorlint("migrate", "apply", path, "--diff", "--to", "approachable", "--target", "Kit")
        #expect(diff.code == 0 && diff.output.contains("+@concurrent public func checksum("), "\(diff.output)\(diff.errors)")
        #expect(diff.errors.contains("Would change 2 files: settings of 1 module (Kit), 3 `@concurrent` (the blanket migration would add 12)"))
        #expect(actorlint("migrate", "apply", path, "--target", "Nope").errors.contains("no module named 'Nope'"))
        #expect(actorlint("migrate", "plan", path, "--diff").code == 2)
        #expect(actorlint("migrate", path).errors.contains("'actorlint migrate' takes 'plan' or 'apply'"))
        #expect(actorlint("migrate", "plan", "--to", "everything").errors.contains("'--to' takes 'approachable', 'default-main-actor', 'both'"))
        let applied = actorlint("migrate", "apply", path)
        #expect(applied.code == 0 && applied.errors.contains("Changed 3 files"), "\(applied.errors)")
        #expect(actorlint("migrate", "apply", path).errors.contains("Changed 0 files: settings of 0 modules"))
    }

    @Test func applyExitsTwoAndEditsNothingWhenASettingCannotBeResolved() throws {
        let fixture = try MigrationFixture(copying: "Unresolvable")
        let before = try fixture.snapshot()
        let result = actorlint("migrate", "apply", fixture.directory.path)
        #expect(result.code == 2)
        #expect(result.errors.contains("error: nothing was changed"), "\(result.errors)")
        #expect(result.errors.contains("`Dynamic`: its default isolation cannot be resolved statically"), "\(result.errors)")
        #expect(try fixture.snapshot() == before)
        let plan = actorlint("migrate", "plan", fixture.directory.path)
        #expect(plan.code == 0 && plan.output.contains("  blocked:  its default isolation cannot be resolved statically"), "\(plan.output)")
    }
}
