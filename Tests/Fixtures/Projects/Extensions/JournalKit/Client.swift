import Foundation
import UIKit

public final class Client {
    public func fetch() async throws -> Data { Data() }
}
