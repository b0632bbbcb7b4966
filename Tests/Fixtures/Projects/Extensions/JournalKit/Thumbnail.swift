import UIKit

public final class ThumbnailView: UIView {}

public enum ImageCache { public static func image(named: String) -> UIImage? { nil } }
