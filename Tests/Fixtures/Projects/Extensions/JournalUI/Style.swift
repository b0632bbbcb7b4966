import SwiftUI

public struct CardStyle: ViewModifier {
    public func body(content: Content) -> some View { content.padding() }
}
