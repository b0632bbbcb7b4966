import SwiftSyntax

/// `DispatchQueue.main.async { }` in code that already runs on the main actor.
struct RedundantMainDispatch: Rule {
    /// Its findings are main dispatches (`MainDispatch.spellings`).
    static let triggers = MainDispatch.triggers

    static let description = RuleDescription(
        id: "redundant-main-dispatch",
        category: .isolation,
        summary: "`DispatchQueue.main.async` in code that already runs on the main actor",
        rationale: """
            In main-actor code the hop is already done: the compiler guarantees this code runs \
            on the main actor. Dispatching to the main queue again only postpones the work to a \
            later run-loop turn (so it can now run after code written below it) and hides the \
            isolation from the compiler, which no longer checks what the closure touches. Call \
            the code directly. (seed 000, pitfalls: "DispatchQueue.main.async in @MainActor \
            code", checklist 3) Only in modules where the compiler enforces isolation (Swift 6 \
            mode, or complete strict concurrency checking): with Swift 5's minimal checking a \
            main-actor method can still be entered from another thread, and the hop may be what \
            protects it. Dispatches in the `else` of a `Thread.isMainThread` check are left \
            alone too.
            """,
        fix: FixInfo(.unsafe, """
            Replaces the dispatch with its body. The work then runs immediately instead of on \
            the next run-loop turn, which can change ordering; not offered when the body \
            returns, has a capture list or parameters.
            """),
        triggering: [
            """
            @MainActor final class FeedModel {
                var items: [String] = []
                func show(_ new: [String]) {
                    ↓DispatchQueue.main.async {
                        self.items = new
                    }
                }
            }
            """,
            """
            final class ProfileController: UIViewController {
                let label = UILabel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    ↓DispatchQueue.main.async { self.label.text = "Ready" }
                }
            }
            """,
            // SwiftUI views are main-actor code; so are their modifier actions.
            """
            struct Banner: View {
                @State private var visible = false
                var body: some View {
                    Text("Saved").onAppear { ↓DispatchQueue.main.async { visible = true } }
                }
            }
            """,
            // Default isolation MainActor makes every unannotated type main-actor code.
            RuleExample("""
                final class Coordinator {
                    var title = ""
                    func rename(_ text: String) { ↓OperationQueue.main.addOperation { self.title = text } }
                }
                """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        ],
        nonTriggering: [
            // A URLSession completion handler runs on a background queue: the hop is needed.
            """
            @MainActor final class Loader {
                var data: Data?
                func load(_ url: URL) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        DispatchQueue.main.async { self.data = data }
                    }.resume()
                }
            }
            """,
            // asyncAfter is a delay, not a hop.
            """
            @MainActor final class Toast {
                var visible = true
                func hideLater() { DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.visible = false } }
            }
            """,
            // A class that is not main-actor isolated: the dispatch is how it reaches the main thread.
            """
            final class Downloader {
                var onFinish: (() -> Void)?
                func finish() { DispatchQueue.main.async { self.onFinish?() } }
            }
            """,
            // A nonisolated member of a main-actor type.
            """
            @MainActor final class Clock {
                var now = ""
                nonisolated func tick(_ value: String) { DispatchQueue.main.async { Task { @MainActor in self.now = value } } }
            }
            """,
            // A deferral that says why it defers is deliberate.
            """
            @MainActor final class Composer {
                var height = 0.0
                func layoutChanged() {
                    // Wait for the next layout pass before measuring.
                    DispatchQueue.main.async { self.height = 1 }
                }
            }
            """,
            // SwiftUI view code defers state changes out of a view update this way on purpose.
            """
            struct SizeReader: View {
                @State private var size = CGSize.zero
                var body: some View {
                    GeometryReader { proxy in
                        Color.clear.onAppear { }
                    }
                }
                func record(_ proxy: GeometryProxy) -> some View {
                    DispatchQueue.main.async { size = proxy.size }
                    return Color.clear
                }
            }
            """,
            """
            struct NoteEditor: UIViewRepresentable {
                @Binding var text: String
                final class Coordinator: NSObject, UITextViewDelegate {
                    var text: Binding<String>
                    init(text: Binding<String>) { self.text = text }
                    func textViewDidChange(_ textView: UITextView) {
                        DispatchQueue.main.async { self.text.wrappedValue = textView.text }
                    }
                }
            }
            """,
            // Swift 5 with minimal checking: nothing stops a background thread from calling
            // `refresh`, so the hop may be doing real work.
            RuleExample("""
                final class ProfileController: UIViewController {
                    let label = UILabel()
                    @objc func refresh() { DispatchQueue.main.async { self.label.text = "Ready" } }
                }
                """, settings: ModuleSettings(name: "App", languageMode: 5)),
            // The dispatch is the off-main branch of a main-thread check.
            """
            @MainActor final class Spinner {
                var visible = true
                func hide() {
                    if Thread.isMainThread { visible = false } else { DispatchQueue.main.async { self.visible = false } }
                }
            }
            """,
            // Some other queue named main on a custom type.
            """
            @MainActor final class Worker {
                let queues = Queues()
                func run() { queues.main.async { print("x") } }
            }
            """,
        ],
        corrections: [
            CorrectionExample(
                """
                import Dispatch
                @MainActor final class FeedModel {
                    var items: [String] = []
                    func show(_ new: [String]) {
                        DispatchQueue.main.async {
                            self.items = new
                            print(self.items.count)
                        }
                    }
                }
                """,
                """
                import Dispatch
                @MainActor final class FeedModel {
                    var items: [String] = []
                    func show(_ new: [String]) {
                        self.items = new
                        print(self.items.count)
                    }
                }
                """),
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        MainDispatch.all(in: context.file).compactMap { dispatch in
            guard context.module.checksIsolation else { return nil }
            let here = context.isolation.isolation(at: dispatch.call)
            guard here.isolation == .mainActor, !dispatch.isJustified, !dispatch.isInSwiftUIViewCode,
                  !dispatch.isOffMainBranch else { return nil }
            let scope = ExecutionContext.innermost(containing: Syntax(dispatch.call)).summary
            let fix = dispatch.unwrappedBody().map { body in
                Fix(title: "Call the code directly", safety: .unsafe, edits: [context.replace(dispatch.call, with: body)])
            }
            return context.violation(
                "Already on the main actor: \(here.sentence(for: scope)). `\(dispatch.spelling)` only " +
                "postpones this work to a later run-loop turn and hides it from the compiler's isolation checks; call it directly " +
                "(if the postponement is the point, say why in a comment on the dispatch).",
                at: dispatch.call.calledExpression, fix: fix)
        }
    }
}
