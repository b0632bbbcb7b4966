// The examples that specify `UIModelMissingMainActor`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension UIModelMissingMainActor {
    static let triggeringExamples: [RuleExample] = [
        """
        final class ↓CartModel: ObservableObject {
            @Published var items: [String] = []
            func add(_ item: String) { items.append(item) }
        }
        """,
        """
        @Observable
        final class ↓SearchModel {
            var query = ""
            var results: [String] = []
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The recommended form.
        """
        @MainActor @Observable
        final class SearchModel {
            var query = ""
        }
        """,
        // Main-actor by the module's default isolation.
        RuleExample("""
            final class CartModel: ObservableObject {
                @Published var items: [String] = []
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Main-actor by inheritance.
        """
        @MainActor class BaseModel {}
        final class ProfileModel: BaseModel, ObservableObject {
            @Published var name = ""
        }
        """,
        // No published state: nothing for a view to observe.
        """
        final class Router: ObservableObject {
            let objectWillChange = ObservableObjectPublisher()
        }
        """,
        // Deliberately nonisolated, or isolated to another global actor.
        """
        nonisolated final class Counter: ObservableObject { @Published var value = 0 }
        @globalActor actor StoreActor { static let shared = StoreActor() }
        @StoreActor final class Store: ObservableObject { @Published var value = 0 }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            """
            import Observation

            /// What the search screen shows.
            @Observable
            final class SearchModel {
                var query = ""
            }
            """,
            """
            import Observation

            /// What the search screen shows.
            @MainActor
            @Observable
            final class SearchModel {
                var query = ""
            }
            """),
    ]
}
