import SwiftUI

public struct PrimaryButton: View {
    let title: String

    public var body: some View { Text(title) }
}
