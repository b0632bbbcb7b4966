// A stand-in for Apple's UIKit, which does not exist on Linux: the view and view-controller
// classes that FixCompileTests' correction examples use, main-actor isolated as in the SDK.
// Bodies do nothing; the module is only type-checked against.
@_exported import Foundation

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIView: UIResponder {
    public override init() {}
    public init(frame: CGRect) {}
    open var isHidden = false
    open var backgroundColor: UIColor?
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func setNeedsLayout() {}
}

@MainActor open class UILabel: UIView {
    open var text: String?
}

@MainActor open class UIImageView: UIView {
    open var image: UIImage?
    public init(image: UIImage?) {
        self.image = image
        super.init()
    }
    public override init() { super.init() }
}

@MainActor open class UIControl: UIView {
    open var isEnabled = true
}

@MainActor open class UIButton: UIControl {
    open func setTitle(_ title: String?, for state: UIControl.State) {}
}

extension UIControl {
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
    }
}

@MainActor open class UITableView: UIView {
    open func reloadData() {}
}

@MainActor open class UIViewController: UIResponder {
    public init(nibName: String?, bundle: Bundle?) {}
    public required init?(coder: NSCoder) {}
    public override init() {}
    open var view: UIView! = UIView()
    open var title: String?
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {}
}

@MainActor open class UIAlertController: UIViewController {
    public enum Style: Sendable { case alert, actionSheet }
    public convenience init(title: String?, message: String?, preferredStyle: Style) { self.init(nibName: nil, bundle: nil) }
    open func addAction(_ action: UIAlertAction) {}
}

@MainActor open class UIAlertAction: NSObject {
    public enum Style: Sendable { case `default`, cancel, destructive }
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {}
}

// Images and colours are immutable and Sendable in the SDK.
open class UIImage: NSObject, @unchecked Sendable {
    public init?(data: Data) {}
    public init?(systemName: String) {}
}

open class UIColor: NSObject, @unchecked Sendable {
    public static let red = UIColor()
    public static let systemBackground = UIColor()
}
