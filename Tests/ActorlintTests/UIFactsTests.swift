@testable import ActorlintKit
import SwiftSyntax
import Testing

/// The facts the isolation rules read about UI code: where a UI can block, what work has
/// evidence of size, where a module uses a type, which models views observe.
@Suite struct UIFactsTests {
    static func context(_ code: String, module: ModuleSettings = ModuleSettings(name: "App", kind: .app),
                        path: String = "Example.swift") -> RuleContext {
        let file = SourceFile(path: path, text: code)
        return RuleContext(file: file, module: module, isolation: IsolationModel(file: file, module: module, index: ProjectIndex(files: [file])))
    }

    // MARK: InteractiveUI

    @Test func aUIBlocksInAppsAndUILibrariesNotInToolsWidgetsOrTests() {
        let code = "@MainActor final class Model { func load() async {} }"
        #expect(InteractiveUI.moduleHasUI(Self.context(code)))
        #expect(!InteractiveUI.moduleHasUI(Self.context(code, module: ModuleSettings(name: "Tool", kind: .executable))))
        #expect(!InteractiveUI.moduleHasUI(Self.context(code, module: ModuleSettings(name: "Engine", kind: .library))))
        let widget = ModuleSettings(name: "Widgets", kind: .app, productType: "app-extension",
                                    extensionPoint: "com.apple.widgetkit-extension")
        #expect(!InteractiveUI.moduleHasUI(Self.context(code, module: widget)))
        // An executable with views that is a command (`ImageRenderer` in a tool) has no UI to block.
        let command = """
            import SwiftUI
            @main struct Render: AsyncParsableCommand { func run() async throws {} }
            struct Banner: View { var body: some View { Text("x") } }
            """
        #expect(!InteractiveUI.moduleHasUI(Self.context(command, module: ModuleSettings(name: "Tools", kind: .executable))))
        // A file outside any project counts when it imports a UI framework.
        #expect(InteractiveUI.moduleHasUI(Self.context("import UIKit\n" + code, module: .plainSwift6)))
        #expect(!InteractiveUI.moduleHasUI(Self.context(code, module: .plainSwift6)))
    }

    @Test func aLibraryBlocksAUIWhenAModuleWithUIImportsIt() {
        let engine = SourceFile(path: "/p/Engine/E.swift", text: "@MainActor public final class Store { public func load() async {} }")
        let app = SourceFile(path: "/p/App/A.swift", text: "import Engine\nimport SwiftUI\nstruct Root: View { var body: some View { Text(\"x\") } }")
        let engineModule = ModuleSettings(name: "Engine", kind: .library, projectPath: "/p")
        let appModule = ModuleSettings(name: "App", kind: .app, projectPath: "/p")
        let indexes = [engineModule.key: ProjectIndex(files: [engine]), appModule.key: ProjectIndex(files: [app])]
        let context = RuleContext(file: engine, module: engineModule,
                                  isolation: IsolationModel(file: engine, module: engineModule, index: indexes[engineModule.key]!),
                                  project: ProjectModel(modules: [engineModule, appModule]), indexes: indexes)
        #expect(InteractiveUI.moduleHasUI(context))
    }

    @Test func testCodeAndTimelineProvidersBlockNoUser() throws {
        let provider = Self.context("""
            struct Provider: TimelineProvider {
                func entry() async { print("x") }
            }
            """)
        let print = try #require(provider.file.functionCalls.first)
        #expect(!InteractiveUI.contains(print, in: provider))
        let test = Self.context("func testLoad() async { print(1) }", path: "AppTests/LoadTests.swift")
        #expect(!InteractiveUI.contains(try #require(test.file.functionCalls.first), in: test))
    }

    // MARK: BlockingWork

    static func work(_ body: String) -> [String] {
        let file = SourceFile(path: "W.swift", text: "final class Model {\n" + body + "\n}")
        let function = file.shared(FunctionDeclSyntax.self).first!
        return BlockingWork.all(in: Syntax(function.body!), file: file).map(\.what)
    }

    @Test func workNeedsEvidenceOfSize() {
        // Counted: a whole file read into `Data`, downloaded data written, an archive, an image
        // encoded, a collection decoded, an array serialized.
        #expect(Self.work("func f(_ url: URL) async { _ = try? Data(contentsOf: url) }").count == 1)
        #expect(Self.work("func f(_ url: URL, _ to: URL) async throws { let (data, _) = try await URLSession.shared.data(from: url); try data.write(to: to) }").count == 1)
        #expect(Self.work("func f(_ a: URL, _ b: URL) async throws { try FileManager.default.unzipItem(at: a, to: b) }").count == 1)
        #expect(Self.work("func f(_ image: UIImage) async { _ = image.pngData() }").count == 1)
        #expect(Self.work("func f(_ d: Data) async throws { _ = try JSONDecoder().decode([Post].self, from: d) }").count == 1)
        #expect(Self.work("func f(_ d: Data) async throws { _ = try JSONSerialization.jsonObject(with: d) as? [[String: Any]] }").count == 1)
        // Not counted: lazy image decoding, one object parsed, text, small encoded data, bundled
        // resources, awaited calls.
        #expect(Self.work("func f(_ d: Data) async { _ = UIImage(data: d) }").isEmpty)
        #expect(Self.work("func f(_ d: Data) async throws { _ = try JSONSerialization.jsonObject(with: d) as? [String: Any] }").isEmpty)
        #expect(Self.work("func f(_ u: URL) async throws { let t = try String(contentsOf: u); try t.write(to: u, atomically: true, encoding: .utf8) }").isEmpty)
        #expect(Self.work("func f(_ u: URL, _ s: Settings) async throws { let data: Data; data = try JSONEncoder().encode(s); try data.write(to: u) }").isEmpty)
        #expect(Self.work("func f() async { _ = try? Data(contentsOf: Bundle.main.url(forResource: \"a\", withExtension: \"json\")!) }").isEmpty)
        #expect(Self.work("func f(_ files: [URL]) async { _ = await zipFiles(files) }").isEmpty)
    }

    @Test func workFollowsOneSynchronousCallOfTheSameType() {
        let found = Self.work("""
            func refresh() async { let items = loadFromDisk(); print(items) }
            func loadFromDisk() -> [Item] {
                guard let data = try? Data(contentsOf: cacheURL) else { return [] }
                return (try? JSONDecoder().decode([Item].self, from: data)) ?? []
            }
            """)
        #expect(found.count == 1 && found[0].hasPrefix("calling `loadFromDisk()`"))
    }

    // MARK: Type uses

    @Test func typeUsesRecordTheContextThatDecidesTheirIsolation() throws {
        let file = SourceFile(path: "U.swift", text: """
            final class Model: ObservableObject {}
            final class Worker: Operation {
                override func main() { _ = Model() }
            }
            final class Screen: UIViewController {
                func show() { _ = Model() }
                nonisolated func log() { _ = Model.self }
            }
            struct Key: EnvironmentKey { static let defaultValue = Model() }
            func background() { DispatchQueue.global().async { _ = Model() } }
            struct Row: View {
                @StateObject var model = Model()
                var body: some View { Text("x") }
            }
            """)
        let index = ProjectIndex(files: [file])
        let model = IsolationModel(file: file, module: ModuleSettings(name: "App", kind: .app, languageMode: 5), index: index)
        let uses = try #require(index.typeUses["Model"])
        func main(_ owner: String?, declared: String? = nil, closure: ProjectIndex.TypeUse.Closure = .inherits) -> Bool? {
            uses.first { $0.owner == owner && $0.declared == declared && $0.closure == closure }.flatMap(model.isMainActor)
        }
        #expect(main("Worker") == false)
        #expect(main("Screen") == true)
        #expect(main("Screen", declared: "nonisolated") == false)
        #expect(main("Key") == false)
        #expect(main(nil, closure: .offMain) == false)
        #expect(uses.contains { $0.owner == "Row" && $0.observed })
        #expect(uses.first { $0.owner == "Row" && $0.observed }.flatMap(model.isMainActor) == true)
        // Only classes of the module that may be models are kept.
        #expect(index.typeUses["Key"] == nil && index.typeUses["Worker"] == nil)
    }

    @Test func typeUsesSurviveTheCache() {
        let file = SourceFile(path: "C.swift", text: "final class Model: ObservableObject {}\nfinal class Worker { func run() { DispatchQueue.main.async { _ = Model() } } }")
        let summary = FileSummary(file)
        #expect(summary.relocated(to: "C.swift") == summary)
        #expect(summary.typeUses["Model"]?.first?.closure == .mainActor)
    }

    // MARK: Off-main uses (nonisolated-model-type)

    @Test func offMainUsesAreUsesOfMembersUnderTheNameWritten() {
        func uses(_ code: String) -> [String] {
            let file = SourceFile(path: "O.swift", text: code)
            return OffMainUseFinder.uses(in: file.tree, file: file).map(\.name)
        }
        #expect(uses("func f() { _ = Post(id: 1); _ = Post.empty }") == ["Post", "Post"])
        #expect(uses("func f(_ d: Data, _ decoder: JSONDecoder) throws { _ = try decoder.decode([Post].self, from: d) }").contains("Post"))
        #expect(uses("func f(_ filter: Settings.Snapshot) -> Bool { filter.showReplies }") == ["Settings.Snapshot"])
        // Passing through is no use; a bare name is not a nested type's.
        #expect(uses("func f(_ items: [Post]) async -> Post? { await withTaskGroup(of: Post?.self) { _ in nil } }").isEmpty)
        #expect(uses("// Generated using Sourcery\nfunc f() { _ = Post(id: 1) }").isEmpty)
    }

    // MARK: UI models

    @Test func aModelMayConformThroughASuperclassOfTheModule() throws {
        let file = SourceFile(path: "M.swift", text: """
            class Base: ObservableObject {}
            final class Profile: Base { @Published var name = "" }
            final class Plain: NSObject { @Published var name = "" }
            """)
        let models = UIModel.all(in: file, index: ProjectIndex(files: [file]))
        #expect(models.map(\.decl.name.text) == ["Profile"])
        #expect(models.first?.kind.contains("through its superclass `Base`") == true)
    }
}

/// The facts as a rule asks them, from its context.
private extension InteractiveUI {
    static func moduleHasUI(_ context: RuleContext) -> Bool {
        moduleHasUI(context.module, project: context.project, indexes: context.indexes, index: context.isolation.index)
    }

    static func contains(_ node: some SyntaxProtocol, in context: RuleContext) -> Bool {
        contains(node, file: context.file, module: context.module, project: context.project,
                 indexes: context.indexes, index: context.isolation.index)
    }
}
