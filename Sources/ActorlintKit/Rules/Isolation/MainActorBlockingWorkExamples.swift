// The examples that specify `MainActorBlockingWork`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension MainActorBlockingWork {
    static let triggeringExamples: [RuleExample] = [
        """
        @MainActor final class ExportModel {
            var csv = ""
            func export(_ rows: [Row]) async {
                var text = "id,name\\n"
                ↓for row in rows {
                    text += "\\(row.id),\\(row.name)\\n"
                }
                csv = text
            }
        }
        """,
        """
        @MainActor final class FeedModel {
            var posts: [Post] = []
            func refresh() async throws {
                let data = try await api.fetch()
                posts = try ↓JSONDecoder().decode([Post].self, from: data)
            }
        }
        """,
        // A nested loop over outside data: quadratic work.
        """
        @MainActor final class Matcher {
            var pairs = 0
            func match(_ left: [Item], _ right: [Item]) async {
                ↓for a in left {
                    for b in right where a.id == b.id { pairs += 1 }
                }
            }
        }
        """,
        // Default isolation MainActor: unannotated code is main-actor code.
        RuleExample("""
            final class Library {
                var titles: [String] = []
                func reload(from url: URL) async throws {
                    let text = try ↓String(contentsOf: url, encoding: .utf8)
                    titles = text.components(separatedBy: "\\n")
                }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Caller's-actor code awaited from main-actor code (SE-0461).
        RuleExample("""
            final class Reports {
                func summarize(_ entries: [Entry]) async -> String {
                    var report = ""
                    ↓for entry in entries { report += "\\(entry.category): \\(entry.amount)\\n" }
                    return report
                }
            }
            @MainActor final class ReportScreenModel {
                var text = ""
                let reports = Reports()
                func load(_ entries: [Entry]) async { text = await reports.summarize(entries) }
            }
            """, settings: ModuleSettings(name: "App", features: [ModuleSettings.nonisolatedNonsendingByDefault])),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The recommended form: the work is @concurrent, the model awaits it.
        """
        @concurrent func makeCSV(_ rows: [Row]) async -> String {
            var text = ""
            for row in rows { text += row.name }
            return text
        }
        @MainActor final class ExportModel {
            var csv = ""
            func export(_ rows: [Row]) async { csv = await makeCSV(rows) }
        }
        """,
        // Awaiting the network is not blocking.
        """
        @MainActor final class FeedModel {
            var data = Data()
            func refresh(_ url: URL) async throws { (data, _) = try await URLSession.shared.data(from: url) }
        }
        """,
        // A loop that awaits each element waits; it does not hold the main actor.
        """
        @MainActor final class Uploader {
            var done = 0
            func upload(_ files: [URL]) async throws {
                for file in files { try await send(file); done += 1 }
            }
        }
        """,
        // Without NonisolatedNonsendingByDefault, nonisolated async code leaves the main actor (SE-0338).
        """
        final class LegacyExportModel {
            var csv = ""
            func build(_ rows: [Row]) async {
                var text = ""
                for row in rows { text += row.name }
                csv = text
            }
        }
        """,
        // A loop over a fixed range of literals, and a loop that only touches views.
        """
        @MainActor final class Board {
            var cells: [Int] = []
            var views: [CellView] = []
            func reset() async {
                for index in 0..<9 { cells.append(index) }
                for view in views { view.isHidden = true }
            }
        }
        """,
        // Small, bounded work: a single object decoded, a value encoded, a result sorted, a list
        // of parameters assembled.
        """
        @MainActor final class TagModel {
            var tags: [String] = []
            var params: [String] = []
            func load(_ labels: [String]) async throws {
                let response = try JSONDecoder().decode(TagResponse.self, from: try await api.tags())
                let body = try JSONEncoder().encode(response)
                tags = response.tags.sorted()
                for label in labels { params.append(label) }
                _ = body
            }
        }
        """,
        // Synchronous main-actor code is outside this rule's premise (it never claimed to be background work).
        """
        @MainActor final class Sorter {
            var names: [String] = []
            func apply(_ new: [String]) { names = new.sorted() }
        }
        """,
    ]
}
