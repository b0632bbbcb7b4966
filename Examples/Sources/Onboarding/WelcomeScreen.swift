import SwiftUI

/// The first screen of the app: a UI feature module with only views in it.
struct WelcomeScreen: View {
    var body: some View {
        VStack {
            Text("Welcome")
            PageDots(count: 3)
        }
    }
}

struct PageDots: View {
    let count: Int

    var body: some View {
        HStack { ForEach(0..<count, id: \.self) { _ in Circle().frame(width: 6, height: 6) } }
    }
}
