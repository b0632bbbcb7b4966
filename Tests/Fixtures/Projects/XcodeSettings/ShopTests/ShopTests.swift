import XCTest

final class ShopTests: XCTestCase {}
