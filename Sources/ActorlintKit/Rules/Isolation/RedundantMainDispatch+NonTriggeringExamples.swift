// The examples that specify what `RedundantMainDispatch` leaves alone: hops on purpose, and
// code not known to be on the main actor.
extension RedundantMainDispatch {
    static let nonTriggeringExamples: [RuleExample] = [
        // The function clears the alert, and the hop sets the next one once SwiftUI has taken
        // the first change in; ending an edit before reading what it changed.
        """
        @MainActor final class ComposerModel: ObservableObject {
            @Published var warning: String?
            func confirmDiscard(next: String) {
                warning = nil
                DispatchQueue.main.async { self.warning = next }
            }
        }
        """,
        """
        import AppKit
        @MainActor final class InspectorController: NSWindowController {
            func commitRename() {
                window?.makeFirstResponder(nil)
                DispatchQueue.main.async { self.window?.title = self.document?.displayName ?? "" }
            }
        }
        """,
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
        // Deferral: state set one run-loop turn after the view appears, so the change animates.
        """
        struct Badge: View {
            @State private var shown = false
            var body: some View {
                Text("New").opacity(shown ? 1 : 0).onAppear { DispatchQueue.main.async { shown = true } }
            }
        }
        """,
        // Deferral: a test fulfils its expectation one turn later, after the run loop has
        // processed what the call scheduled, and waits for it.
        """
        import XCTest
        final class MenuTests: XCTestCase {
            @MainActor func testMenuOpens() {
                let opened = expectation(description: "opened")
                MenuPresenter.shared.open()
                DispatchQueue.main.async { opened.fulfill() }
                wait(for: [opened], timeout: 1)
            }
        }
        """,
        // Deferral: a comment after `in` names the bug it works around.
        """
        @MainActor final class ThreadView {
            var offset = 0
            func jump(to row: Int) {
                DispatchQueue.main.async { [weak self] in // works around #1234
                    self?.offset = row
                }
            }
        }
        """,
        // Deferral: work pushed out of an initializer, after the object is fully set up.
        """
        @MainActor final class Library {
            var unread = 0
            init() {
                DispatchQueue.main.async { self.unread = Library.countUnread() }
            }
            static func countUnread() -> Int { 0 }
        }
        """,
        // Deferral: a lifecycle method defers until loading has finished.
        """
        final class WelcomeController: UIViewController {
            let label = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                DispatchQueue.main.async { self.label.text = "Ready" }
            }
        }
        """,
        // Deferral: scrolling has to wait for the table to apply the update made just above.
        """
        @MainActor final class ChatController {
            let table = ChatTable()
            func append(_ message: String) {
                table.insert(message)
                DispatchQueue.main.async { self.table.scrollToBottom() }
            }
        }
        """,
        // A representable's coordinator, declared in an extension of the representable.
        RuleExample("""
            extension NoteField.Representable {
                final class Coordinator: NSObject {
                    var text: Binding<String>
                    init(text: Binding<String>) { self.text = text }
                    func changed(_ value: String) { DispatchQueue.main.async { self.text.wrappedValue = value } }
                }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // A publisher that emits on whatever thread changes the value (KVO): main-actor code
        // only on paper, so the hop may be what moves the write to the main thread.
        RuleExample("""
            final class PreviewBridge {
                var index = 0
                var bag = Set<AnyCancellable>()
                func observe(_ source: PreviewSource) {
                    source.publisher(for: \\.currentIndex).sink { value in
                        DispatchQueue.main.async { self.index = value }
                    }.store(in: &bag)
                }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Swift 5 module: a synchronous main-actor method may be entered from another thread.
        RuleExample("""
            @MainActor final class StatusModel {
                var text = ""
                func update(_ value: String) { DispatchQueue.main.async { self.text = value } }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
    ]
}
