import CompositionalLayout

/// One place a layout is snapshotted: a name and the whole container (size, scale, safe area, direction,
/// traits). Each configuration replaces the spec's own container (docs/snapshots.md "The matrix").
public struct SnapshotConfiguration: Hashable, Sendable {
    /// Unique within a matrix; a golden file's blocks are found by it: `iphone-16/portrait`,
    /// `iphone-16/landscape/rtl`, `iphone-16/portrait/accessibilityExtraExtraExtraLarge`, or a team's own.
    public var id: String
    public var container: LayoutContainer

    public init(id: String, container: LayoutContainer) {
        self.id = id
        self.container = container
    }

    /// The configuration of a built-in device: its id names the device, the orientation, `rtl` when right
    /// to left, and the text size when it is not the default (`large`).
    public init(
        device: SnapshotDevice, orientation: SnapshotDevice.Orientation,
        direction: LayoutDirection = .leftToRight, contentSize: ContentSizeCategory = .large
    ) {
        var id = device.id + "/" + orientation.rawValue
        if direction == .rightToLeft { id += "/rtl" }
        if contentSize != .large { id += "/" + contentSize.rawValue }
        self.init(
            id: id, container: device.container(orientation, direction: direction, contentSize: contentSize))
    }

    /// Whether `id` can name a configuration: letters, digits and `-_./+@`, 1 to 100 of them, so it stays one
    /// word in a golden file, a JUnit name and a file name part.
    public static func isValidID(_ id: String) -> Bool {
        guard (1...100).contains(id.count) else { return false }
        return id.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./+@".unicodeScalars.contains($0))
        }
    }
}
