// The examples that specify `MainActorBlockingWork`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension MainActorBlockingWork {
    /// An app target: a UI that the main actor's work can block.
    private static let appModule = ModuleSettings(name: "App", kind: .app)

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
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
            """, settings: appModule),
        RuleExample("""
            @MainActor final class FeedModel {
                var posts: [Post] = []
                func refresh() async throws {
                    let data = try await api.fetch()
                    posts = try ↓JSONDecoder().decode([Post].self, from: data)
                }
            }
            """, settings: appModule),
        // A nested loop over outside data: quadratic work.
        RuleExample("""
            @MainActor final class Matcher {
                var pairs = 0
                func match(_ left: [Item], _ right: [Item]) async {
                    ↓for a in left {
                        for b in right where a.id == b.id { pairs += 1 }
                    }
                }
            }
            """, settings: appModule),
        // A downloaded archive written and unpacked on the main actor; then a synchronous helper
        // of the same type decodes the whole catalogue it held.
        RuleExample("""
            @MainActor final class PluginStore {
                var plugins: [Plugin] = []
                let folder: URL
                func install(from url: URL) async throws {
                    let (archive, _) = try await URLSession.shared.data(from: url)
                    let zip = folder.appendingPathComponent("plugins.zip")
                    try ↓archive.write(to: zip)
                    try ↓FileManager.default.unzipItem(at: zip, to: folder)
                    plugins = ↓loadCatalogue()
                }
                func loadCatalogue() -> [Plugin] {
                    guard let data = try? Data(contentsOf: folder.appendingPathComponent("catalogue.json")) else { return [] }
                    return (try? JSONDecoder().decode([Plugin].self, from: data)) ?? []
                }
            }
            """, settings: appModule),
        // A whole recorded clip read into memory to share it.
        RuleExample("""
            import SwiftUI
            @MainActor final class ShareModel: ObservableObject {
                @Published var attachment: Data?
                func prepare(_ clip: URL) async {
                    attachment = try? ↓Data(contentsOf: clip)
                }
            }
            """),
        // Default isolation MainActor: unannotated code is main-actor code.
        RuleExample("""
            final class Library {
                var titles: [String] = []
                func reload(from url: URL) async throws {
                    let data = try ↓Data(contentsOf: url)
                    titles = try JSONDecoder().decode(Catalog.self, from: data).titles
                }
            }
            """, settings: ModuleSettings(name: "App", kind: .app, defaultIsolation: .mainActor)),
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
            """, settings: ModuleSettings(name: "App", kind: .app, features: [ModuleSettings.nonisolatedNonsendingByDefault])),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // A mapped read maps the file; pages are read when the data is used.
        RuleExample("""
            import SwiftUI
            @MainActor final class ClipModel: ObservableObject {
                @Published var clip: Data?
                func open(_ url: URL) async {
                    clip = try? Data(contentsOf: url, options: .alwaysMapped)
                }
            }
            """),
        // `UIImage(data:)` decodes lazily, when the image is first drawn; one small JSON object
        // parsed; a settings file read and written as text; one value encoded and written.
        RuleExample("""
            @MainActor final class ProfileModel {
                var avatar: UIImage?
                var state = ""
                var ignored: [String] = []
                func load(_ url: URL, settings: URL) async throws {
                    let (data, _) = try await URLSession.shared.data(from: url)
                    avatar = UIImage(data: data)
                    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                    state = json?["state"] as? String ?? ""
                    let text = try String(contentsOf: settings, encoding: .utf8)
                    ignored = text.components(separatedBy: "\\n")
                    try (ignored + ["*.tmp"]).joined(separator: "\\n").write(to: settings, atomically: true, encoding: .utf8)
                    let encoded = try JSONEncoder().encode(Preferences(state: state))
                    try encoded.write(to: settings.appendingPathExtension("json"))
                }
            }
            """, settings: appModule),
        // A command-line tool has no UI to block, whatever runs on its main actor.
        RuleExample("""
            @main struct Reduce: AsyncParsableCommand {
                @MainActor func run() async throws {
                    let data = try Data(contentsOf: URL(fileURLWithPath: "input.bin"))
                    print(data.count)
                }
            }
            """, settings: ModuleSettings(name: "reduce", kind: .executable)),
        // A widget's timeline provider renders ahead of time: no touch waits on it.
        RuleExample("""
            struct Provider: TimelineProvider {
                @MainActor func entry(for url: URL) async -> Entry {
                    Entry(image: try? Data(contentsOf: url))
                }
            }
            """, settings: appModule),
        // Test code blocks no user.
        RuleExample("""
            import XCTest
            @MainActor final class CacheTests: XCTestCase {
                func testStoresData() async throws {
                    let saved = try Data(contentsOf: URL(fileURLWithPath: "/tmp/cache.bin"))
                    XCTAssertFalse(saved.isEmpty)
                }
            }
            """, settings: appModule),
        // A library that no UI module of the run imports (a server, a tool's engine).
        RuleExample("""
            @MainActor final class Indexer {
                func index(_ file: URL) async throws -> Int { try Data(contentsOf: file).count }
            }
            """, settings: ModuleSettings(name: "IndexCore", kind: .library)),
        // The recommended form: the work is @concurrent, the model awaits it.
        RuleExample("""
            @concurrent func makeCSV(_ rows: [Row]) async -> String {
                var text = ""
                for row in rows { text += row.name }
                return text
            }
            @MainActor final class ExportModel {
                var csv = ""
                func export(_ rows: [Row]) async { csv = await makeCSV(rows) }
            }
            """, settings: appModule),
        // Awaiting the network is not blocking.
        RuleExample("""
            @MainActor final class FeedModel {
                var data = Data()
                func refresh(_ url: URL) async throws { (data, _) = try await URLSession.shared.data(from: url) }
            }
            """, settings: appModule),
        // A loop that awaits each element waits; it does not hold the main actor.
        RuleExample("""
            @MainActor final class Uploader {
                var done = 0
                func upload(_ files: [URL]) async throws {
                    for file in files { try await send(file); done += 1 }
                }
            }
            """, settings: appModule),
        // Without NonisolatedNonsendingByDefault, nonisolated async code leaves the main actor (SE-0338).
        RuleExample("""
            final class LegacyExportModel {
                var csv = ""
                func build(_ rows: [Row]) async {
                    var text = ""
                    for row in rows { text += row.name }
                    csv = text
                }
            }
            """, settings: appModule),
        // A loop over a fixed range of literals, and a loop that only touches views.
        RuleExample("""
            @MainActor final class Board {
                var cells: [Int] = []
                var views: [CellView] = []
                func reset() async {
                    for index in 0..<9 { cells.append(index) }
                    for view in views { view.isHidden = true }
                }
            }
            """, settings: appModule),
        // Small, bounded work: a single object decoded, a value encoded, a result sorted, a list
        // of parameters assembled.
        RuleExample("""
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
            """, settings: appModule),
        // Synchronous main-actor code is outside this rule's premise (it never claimed to be background work).
        RuleExample("""
            @MainActor final class Sorter {
                var names: [String] = []
                func apply(_ new: [String]) { names = new.sorted() }
            }
            """, settings: appModule),
    ]
}
