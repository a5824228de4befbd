import CompositionalLayout

/// A device a snapshot can be taken on: its screen in points, its display scale and its safe areas in each
/// orientation, and the size classes UIKit gives it (docs/snapshots.md "Devices" lists them with their
/// sources). A configuration lays the layout out full screen: the container is the screen.
public struct SnapshotDevice: Hashable, Sendable {
    /// How the device is held.
    public enum Orientation: String, Hashable, Sendable, CaseIterable {
        case portrait, landscape
    }

    /// Phones and tablets differ in their size classes and in which named set holds them.
    public enum Family: String, Hashable, Sendable {
        case phone, pad
    }

    /// The name used on the command line and in configuration ids: `iphone-16`.
    public var id: String
    /// The name people know: `iPhone 16`.
    public var name: String
    public var family: Family
    /// The screen in points, held upright.
    public var portraitSize: Size
    /// Device pixels per point (UIKit's `displayScale`).
    public var displayScale: Double
    public var portraitSafeArea: EdgeInsets
    public var landscapeSafeArea: EdgeInsets
    /// Whether UIKit gives the device a regular width in landscape (the largest phones do).
    public var regularWidthInLandscape: Bool

    public init(
        id: String, name: String, family: Family, portraitSize: Size, displayScale: Double,
        portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets, regularWidthInLandscape: Bool = false
    ) {
        self.id = id
        self.name = name
        self.family = family
        self.portraitSize = portraitSize
        self.displayScale = displayScale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.regularWidthInLandscape = regularWidthInLandscape
    }

    /// The container of this device held as `orientation`, with the direction and text size given: the
    /// screen's size, scale and safe area, and UIKit's size classes for it (iPads regular both ways; phones
    /// compact wide, regular tall in portrait and compact tall in landscape). Layout margins are left to
    /// their derived default (docs/version-2.md §10.1) and the readable width at its default.
    public func container(
        _ orientation: Orientation, direction: LayoutDirection = .leftToRight,
        contentSize: ContentSizeCategory = .large
    ) -> LayoutContainer {
        let portrait = orientation == .portrait
        let width = portrait ? portraitSize.width : portraitSize.height
        let height = portrait ? portraitSize.height : portraitSize.width
        let horizontal: UserInterfaceSizeClass
        let vertical: UserInterfaceSizeClass
        switch family {
        case .pad:
            horizontal = .regular
            vertical = .regular
        case .phone:
            horizontal = !portrait && regularWidthInLandscape ? .regular : .compact
            vertical = portrait ? .regular : .compact
        }
        return LayoutContainer(
            width: width, height: height, displayScale: displayScale,
            safeAreaInsets: portrait ? portraitSafeArea : landscapeSafeArea, layoutDirection: direction,
            traits: LayoutTraits(
                horizontalSizeClass: horizontal, verticalSizeClass: vertical,
                preferredContentSizeCategory: contentSize))
    }
}

extension SnapshotDevice {
    /// The built-in devices, phones then tablets, smallest first. Screen sizes and scales are Apple's
    /// published device metrics (Human Interface Guidelines, "Layout", device screen sizes); the safe areas,
    /// which Apple's table does not give, are the insets UIKit reports full screen without bars, as listed
    /// in docs/snapshots.md with their sources.
    public static let builtIn: [SnapshotDevice] = [
        phone("iphone-se-3", "iPhone SE (3rd generation)", 375, 667, scale: 2, top: 20, bottom: 0, side: 0, low: 0),
        phone("iphone-16", "iPhone 16", 393, 852, scale: 3, top: 59, bottom: 34, side: 59, low: 21),
        phone(
            "iphone-16-plus", "iPhone 16 Plus", 430, 932, scale: 3, top: 59, bottom: 34, side: 59, low: 21, wide: true),
        phone("iphone-16-pro", "iPhone 16 Pro", 402, 874, scale: 3, top: 62, bottom: 34, side: 62, low: 21),
        phone(
            "iphone-16-pro-max", "iPhone 16 Pro Max", 440, 956, scale: 3, top: 62, bottom: 34, side: 62, low: 21,
            wide: true),
        pad("ipad-mini", "iPad mini (A17 Pro)", 744, 1133),
        pad("ipad-air-11", "iPad Air 11-inch (M2)", 820, 1180),
        pad("ipad-air-13", "iPad Air 13-inch (M2)", 1024, 1366),
        pad("ipad-pro-11", "iPad Pro 11-inch (M4)", 834, 1210),
        pad("ipad-pro-13", "iPad Pro 13-inch (M4)", 1032, 1376),
    ]

    /// The built-in device of that id, or nil. Complexity: O(devices).
    public static func named(_ id: String) -> SnapshotDevice? { builtIn.first { $0.id == id } }

    /// A phone: `top`/`bottom` its portrait safe area, `side`/`low` its landscape one (left and right, bottom).
    static func phone(
        _ id: String, _ name: String, _ width: Double, _ height: Double, scale: Double, top: Double,
        bottom: Double, side: Double, low: Double, wide: Bool = false
    ) -> SnapshotDevice {
        SnapshotDevice(
            id: id, name: name, family: .phone, portraitSize: Size(width: width, height: height),
            displayScale: scale, portraitSafeArea: EdgeInsets(top: top, leading: 0, bottom: bottom, trailing: 0),
            landscapeSafeArea: EdgeInsets(top: 0, leading: side, bottom: low, trailing: side),
            regularWidthInLandscape: wide)
    }

    /// An iPad of this generation: 2x, the status bar's 24 pt on top and the home indicator's 20 below in
    /// both orientations.
    static func pad(_ id: String, _ name: String, _ width: Double, _ height: Double) -> SnapshotDevice {
        let safeArea = EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0)
        return SnapshotDevice(
            id: id, name: name, family: .pad, portraitSize: Size(width: width, height: height), displayScale: 2,
            portraitSafeArea: safeArea, landscapeSafeArea: safeArea)
    }
}
