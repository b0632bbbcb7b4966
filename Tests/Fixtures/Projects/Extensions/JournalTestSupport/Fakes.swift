import UIKit
import XCTest

public final class FakeViewController: UIViewController {}
