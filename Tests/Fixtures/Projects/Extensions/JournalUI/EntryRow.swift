import SwiftUI

public struct EntryRow: View {
    public var body: some View { Text("Row") }
}
