/// UIKit's `UIView`, as far as layout code and the view controller code around it touch it: its bounds, frame,
/// safe area and traits read the container (`LayoutBenchHost`); the hierarchy, colours and constraints that
/// view set-up code writes are taken and do nothing, because they place no item of the layout.
open class UIView: @unchecked Sendable {
    public init() {}
    public init(frame: CGRect) {}

    /// The container's size; setting it changes nothing (the layout is evaluated at the container given).
    open var bounds: CGRect {
        get { CGRect(x: 0, y: 0, width: LayoutBenchHost.container.width, height: LayoutBenchHost.container.height) }
        set {}
    }
    open var frame: CGRect {
        get { bounds }
        set {}
    }
    open var safeAreaInsets: UIEdgeInsets { LayoutBenchHost.safeAreaInsets }
    open var traitCollection: UITraitCollection { LayoutBenchHost.traitCollection }
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        LayoutBenchHost.container.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    // View set-up that places no layout item: taken, ignored.
    open var backgroundColor: UIColor?
    open var tintColor: UIColor?
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var clipsToBounds = false
    open var translatesAutoresizingMaskIntoConstraints = true
    open var autoresizingMask: AutoresizingMask = []
    open var accessibilityIdentifier: String?
    open func addSubview(_ view: UIView) {}
    open func insertSubview(_ view: UIView, at index: Int) {}
    open func bringSubviewToFront(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func addConstraints(_ constraints: [NSLayoutConstraint]) {}

    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension() }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide() }
    public var layoutMarginsGuide: UILayoutGuide { UILayoutGuide() }
}

/// UIKit's `UIColor`: colours draw, they place nothing; any colour is taken.
public final class UIColor: @unchecked Sendable {
    public init() {}
    public init(white: CGFloat, alpha: CGFloat) {}
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {}
    public init?(named name: String) {}
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { self }
    public static let clear = UIColor(), black = UIColor(), white = UIColor(), gray = UIColor()
    public static let red = UIColor(), green = UIColor(), blue = UIColor(), orange = UIColor()
    public static let yellow = UIColor(), purple = UIColor(), lightGray = UIColor(), darkGray = UIColor()
    public static let systemBackground = UIColor(), secondarySystemBackground = UIColor()
    public static let tertiarySystemBackground = UIColor(), systemGroupedBackground = UIColor()
    public static let secondarySystemGroupedBackground = UIColor(), label = UIColor(), secondaryLabel = UIColor()
    public static let separator = UIColor(), systemGray = UIColor(), systemGray5 = UIColor()
    public static let systemGray6 = UIColor(), systemFill = UIColor(), tertiarySystemFill = UIColor()
    public static let systemBlue = UIColor(), systemRed = UIColor(), systemGreen = UIColor()
    public static let systemOrange = UIColor(), systemYellow = UIColor(), systemPink = UIColor()
    public static let systemPurple = UIColor(), systemTeal = UIColor(), systemIndigo = UIColor()
}

/// A layout guide (UIKit's `UILayoutGuide`): anchors for constraints, which place views, not layout items.
public final class UILayoutGuide: @unchecked Sendable {
    public init() {}
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension() }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
}

/// UIKit's `NSLayoutConstraint`: made, activated and dropped (it places the collection view, not its items).
public final class NSLayoutConstraint: @unchecked Sendable {
    public init() {}
    public var isActive = false
    public var constant: CGFloat = 0
    public var priority = UILayoutPriority(1000)
    public static func activate(_ constraints: [NSLayoutConstraint]) {}
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {}
}

/// UIKit's `UILayoutPriority`.
public struct UILayoutPriority: Hashable, Sendable {
    public var rawValue: Float
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
}

/// UIKit's `NSLayoutAnchor`: its constraints are made and do nothing.
open class NSLayoutAnchor<AnchorType>: @unchecked Sendable {
    public init() {}
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
}
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor>, @unchecked Sendable {}
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor>, @unchecked Sendable {}
/// UIKit's `NSLayoutDimension`.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension>, @unchecked Sendable {
    public func constraint(equalToConstant constant: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    { NSLayoutConstraint() }
}

/// UIKit's `UIViewController`, as far as layout code and its set-up read it: its view and traits, and the life
/// cycle methods an app overrides (they do nothing here).
open class UIViewController: @unchecked Sendable {
    /// A convenience initialiser, as UIKit's is, so an app's own `init()` needs no `override`.
    public convenience init() { self.init(nibName: nil, bundle: nil) }
    public init(nibName: String?, bundle: Bundle?) {}
    open var view: UIView! = UIView()
    open var traitCollection: UITraitCollection { LayoutBenchHost.traitCollection }
    open var title: String?
    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func addChild(_ child: UIViewController) {}
    open func didMove(toParent parent: UIViewController?) {}
}

/// UIKit's `UIImage`: images draw, they place nothing; any image is taken.
public final class UIImage: @unchecked Sendable {
    public init?(named name: String) {}
    public init?(systemName name: String) {}
    public init() {}
    public func withRenderingMode(_ mode: Int) -> UIImage { self }
}
