/// UIKit types that layout code sets up and that draw or animate but place no item. The import takes them and
/// lists what was set in the spec's header (docs/import.md "What changes no frame").

/// UIKit's `UIListSeparatorConfiguration`: separators are drawn over the rows, they take no space.
public struct UIListSeparatorConfiguration: Sendable {
    public enum Visibility: Int, Hashable, Sendable { case automatic, visible, hidden }
    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    public var topSeparatorInsets = NSDirectionalEdgeInsets.zero
    public var bottomSeparatorInsets = NSDirectionalEdgeInsets.zero
    public var color: UIColor?
    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
}

/// UIKit's `UISwipeActionsConfiguration` and `UIContextualAction`: actions revealed by a swipe.
public final class UISwipeActionsConfiguration: @unchecked Sendable {
    public var performsFirstActionWithFullSwipe = true
    public init(actions: [UIContextualAction]) {}
}
public final class UIContextualAction: @unchecked Sendable {
    public enum Style: Int, Sendable { case normal, destructive }
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void
    public var backgroundColor: UIColor?
    public var image: UIImage?
    public init(style: Style, title: String?, handler: @escaping Handler) {}
}

/// An item on screen as `visibleItemsInvalidationHandler` sees it (UIKit's `NSCollectionLayoutVisibleItem`).
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var center: CGPoint { get set }
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var transform: CGAffineTransform { get set }
    var indexPath: IndexPath { get }
    var representedElementKind: String? { get }
}

/// UIKit's handler run as a section scrolls; it moves drawn cells, never the layout's frames.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// UIKit's `UICollectionLayoutSectionOrthogonalScrollingProperties` (iOS 17): how a scrolling section feels.
public final class UICollectionLayoutSectionOrthogonalScrollingProperties: @unchecked Sendable {
    public enum Bounce: Int, Sendable { case automatic, always, never }
    public var decelerationRate = UIScrollView.DecelerationRate.normal {
        didSet { LayoutBenchHost.ignore("NSCollectionLayoutSection.orthogonalScrollingProperties") }
    }
    public var bounce = Bounce.automatic {
        didSet { LayoutBenchHost.ignore("NSCollectionLayoutSection.orthogonalScrollingProperties") }
    }
    public init() {}
}

extension UIScrollView {
    /// UIKit's `UIScrollView.DecelerationRate`.
    public struct DecelerationRate: Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}

/// CoreGraphics' `CGAffineTransform`, which a visible-items handler sets on cells (swift-corelibs-foundation
/// has none); it moves what is drawn, not the layout's frames.
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(scaleX: CGFloat, y: CGFloat) { self.init(a: scaleX, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    public init(translationX: CGFloat, y: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y) }
    public init(rotationAngle angle: CGFloat) {
        self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
}
