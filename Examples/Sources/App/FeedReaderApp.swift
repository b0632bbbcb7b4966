import SwiftUI

/// The app's entry point. This target already uses Swift 6.2's default isolation MainActor,
/// so its views and models are main-actor code without saying so.
@main
struct FeedReaderApp: App {
    var body: some Scene {
        WindowGroup {
            TabView {
                ReadingListScreen()
                    .tabItem { Label("Reading", systemImage: "book") }
                WeeklyDashboardScreen()
                    .tabItem { Label("This week", systemImage: "chart.bar") }
            }
        }
    }
}
