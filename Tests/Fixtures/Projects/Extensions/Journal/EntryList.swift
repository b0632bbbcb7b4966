import SwiftUI

struct EntryList: View {
    var body: some View { Text("Entries") }
}
