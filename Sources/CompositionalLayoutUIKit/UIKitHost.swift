/// Stand-ins for the views around a layout, so layout code written in a view controller compiles and reads
/// the container a benchmark gives: `view.bounds`, `view.safeAreaInsets`, `traitCollection` and
/// `UIScreen.main` all read `LayoutBenchHost.container`. They draw nothing.
public enum LayoutBenchHost {
    /// The container layout code sees; set before the code runs.
    nonisolated(unsafe) public static var container = LayoutContainer(width: 390, height: 844, displayScale: 3)

    static var traitCollection: UITraitCollection { UITraitCollection(container) }

    /// The compositional layouts the code handed to a collection view, in order (`UICollectionView(frame:
    /// collectionViewLayout:)`, `collectionViewLayout =`, `setCollectionViewLayout`, `UICollectionViewController(
    /// collectionViewLayout:)`); an entry that installs a layout instead of returning one is read from here.
    nonisolated(unsafe) public static var installed: [UICollectionViewCompositionalLayout] = []
    /// Properties the code set that draw but place nothing (`UICollectionLayoutListConfiguration.backgroundColor`),
    /// by UIKit name: taken and ignored, and listed in the imported spec's header.
    nonisolated(unsafe) public static var ignored: Set<String> = []

    /// Records a layout handed to a collection view; other layouts (a plain `UICollectionViewLayout`) are not
    /// compositional and are not recorded.
    static func install(_ layout: UICollectionViewLayout?) {
        if let layout = layout as? UICollectionViewCompositionalLayout { installed.append(layout) }
    }

    /// Records a property that was set and changes no frame.
    public static func ignore(_ name: String) { ignored.insert(name) }

    static var safeAreaInsets: UIEdgeInsets {
        let s = container.safeAreaInsets
        let rtl = container.layoutDirection == .rightToLeft
        return UIEdgeInsets(
            top: CGFloat(s.top), left: CGFloat(rtl ? s.trailing : s.leading), bottom: CGFloat(s.bottom),
            right: CGFloat(rtl ? s.leading : s.trailing))
    }
}

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
