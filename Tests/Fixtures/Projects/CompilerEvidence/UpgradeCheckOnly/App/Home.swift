import SwiftUI

struct Home: View {
    var body: some View { Text("Home") }
}
