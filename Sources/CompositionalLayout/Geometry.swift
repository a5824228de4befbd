/// Plain geometry in points, the collection view's content coordinates: x grows to the right, y grows down.

/// A point.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    // Computed, not a stored `static let`: a global constant is read through an addressor and a `swift_once`
    // check from other modules (about 10 instructions per cell the engine writes).
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }  // computed, as `Point.zero`

    /// The length along `axis`: the width for x, the height for y.
    @inlinable public func length(_ axis: Axis) -> Double { axis == .x ? width : height }

    /// A size built from lengths along a named axis and the other one.
    @inlinable public init(_ axis: Axis, _ along: Double, across: Double) {
        if axis == .x { self.init(width: along, height: across) } else { self.init(width: across, height: along) }
    }
}

/// A rectangle: origin plus size, like `CGRect` (never standardised: sizes are never negative here).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    @inlinable public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }  // computed, as `Point.zero`

    @inlinable public var origin: Point { Point(x: x, y: y) }
    @inlinable public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The start of the rectangle along `axis`.
    @inlinable public func origin(_ axis: Axis) -> Double { axis == .x ? x : y }
    /// The length of the rectangle along `axis`.
    @inlinable public func length(_ axis: Axis) -> Double { axis == .x ? width : height }
    /// The end of the rectangle along `axis`.
    @inlinable public func end(_ axis: Axis) -> Double { origin(axis) + length(axis) }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle moved by `delta` along `axis`.
    @inlinable public func offset(_ axis: Axis, by delta: Double) -> Rect {
        axis == .x ? offsetBy(dx: delta, dy: 0) : offsetBy(dx: 0, dy: delta)
    }

    /// Whether the two rectangles share an area or touch (closed intervals, so zero-size elements on a
    /// query's edge are found, as UIKit reports them).
    @inlinable public func intersects(_ other: Rect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }
}

/// An axis of the plane.
public enum Axis: Hashable, Sendable, CaseIterable {
    case x, y

    /// The other axis.
    @inlinable public var other: Axis { self == .x ? .y : .x }
}
