@testable import SyncedApp
import Testing

@Test func startsAtZero() {
    #expect(Model().count == 0)
}
