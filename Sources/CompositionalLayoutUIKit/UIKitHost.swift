/// Stand-ins for the views around a layout, so layout code written in a view controller compiles and reads
/// the container a benchmark gives: `view.bounds`, `view.safeAreaInsets`, `traitCollection` and
/// `UIScreen.main` all read `LayoutBenchHost.container`. They draw nothing.
public enum LayoutBenchHost {
    /// The container layout code sees; set before the code runs.
    nonisolated(unsafe) public static var container = LayoutContainer(width: 390, height: 844, displayScale: 3)

    static var traitCollection: UITraitCollection { UITraitCollection(container) }

    static var safeAreaInsets: UIEdgeInsets {
        let s = container.safeAreaInsets
        let rtl = container.layoutDirection == .rightToLeft
        return UIEdgeInsets(
            top: CGFloat(s.top), left: CGFloat(rtl ? s.trailing : s.leading), bottom: CGFloat(s.bottom),
            right: CGFloat(rtl ? s.leading : s.trailing))
    }
}

/// UIKit's `UIView`, as far as layout code reads it: its bounds, frame, safe area and traits.
open class UIView: @unchecked Sendable {
    public init() {}
    open var bounds: CGRect {
        CGRect(
            x: 0, y: 0, width: LayoutBenchHost.container.width,
            height: LayoutBenchHost.container.height)
    }
    open var frame: CGRect { bounds }
    open var safeAreaInsets: UIEdgeInsets { LayoutBenchHost.safeAreaInsets }
    open var traitCollection: UITraitCollection { LayoutBenchHost.traitCollection }
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        LayoutBenchHost.container.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

/// UIKit's `UIViewController`, as far as layout code reads it: its view and traits.
open class UIViewController: @unchecked Sendable {
    public init() {}
    public let view = UIView()
    open var traitCollection: UITraitCollection { LayoutBenchHost.traitCollection }
}

/// UIKit's `UICollectionViewController`, for layout code written in one.
open class UICollectionViewController: UIViewController, @unchecked Sendable {}

/// UIKit's `UIScreen`: `UIScreen.main.bounds` and `scale` read the container.
public final class UIScreen: @unchecked Sendable {
    public static let main = UIScreen()
    public var bounds: CGRect {
        CGRect(
            x: 0, y: 0, width: LayoutBenchHost.container.width,
            height: LayoutBenchHost.container.height)
    }
    public var scale: CGFloat { CGFloat(LayoutBenchHost.container.displayScale ?? 0) }
    public var traitCollection: UITraitCollection { LayoutBenchHost.traitCollection }
}
