// CGFloat, CGPoint, CGSize and CGRect come from Foundation (swift-corelibs-foundation on Linux, CoreGraphics
// through Foundation on macOS), as they do for code that imports UIKit.
@_exported import CompositionalLayout
@_exported import Foundation

/// Insets from the four edges of a rectangle, leading and trailing following the layout direction
/// (UIKit's `NSDirectionalEdgeInsets`).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()

    /// The model's insets (docs/layout-rules.md §2).
    public init(_ insets: EdgeInsets) {
        self.init(
            top: CGFloat(insets.top), leading: CGFloat(insets.leading), bottom: CGFloat(insets.bottom),
            trailing: CGFloat(insets.trailing))
    }
    /// These insets in the model.
    public var edgeInsets: EdgeInsets {
        EdgeInsets(top: Double(top), leading: Double(leading), bottom: Double(bottom), trailing: Double(trailing))
    }
}

/// Insets with left and right (UIKit's `UIEdgeInsets`), as views report them; left is leading here.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
}

/// Edges of a rectangle (UIKit's `NSDirectionalRectEdge`).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]

    init(_ edges: DirectionalRectEdge) {
        var result: NSDirectionalRectEdge = []
        if edges.contains(.top) { result.insert(.top) }
        if edges.contains(.leading) { result.insert(.leading) }
        if edges.contains(.bottom) { result.insert(.bottom) }
        if edges.contains(.trailing) { result.insert(.trailing) }
        self = result
    }

    var directionalRectEdge: DirectionalRectEdge {
        var result: DirectionalRectEdge = []
        if contains(.top) { result.insert(.top) }
        if contains(.leading) { result.insert(.leading) }
        if contains(.bottom) { result.insert(.bottom) }
        if contains(.trailing) { result.insert(.trailing) }
        return result
    }
}

/// Where a boundary item sits on its section or layout (UIKit's `NSRectAlignment`).
public enum NSRectAlignment: Int, Hashable, Sendable {
    case none = 0
    case top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    init(_ alignment: BoundaryAlignment) {
        switch alignment {
        case .top: self = .top
        case .bottom: self = .bottom
        case .leading: self = .leading
        case .trailing: self = .trailing
        case .topLeading: self = .topLeading
        case .topTrailing: self = .topTrailing
        case .bottomLeading: self = .bottomLeading
        case .bottomTrailing: self = .bottomTrailing
        }
    }

    var boundaryAlignment: BoundaryAlignment? {
        switch self {
        case .none: return nil
        case .top: return .top
        case .bottom: return .bottom
        case .leading: return .leading
        case .trailing: return .trailing
        case .topLeading: return .topLeading
        case .topTrailing: return .topTrailing
        case .bottomLeading: return .bottomLeading
        case .bottomTrailing: return .bottomTrailing
        }
    }
}

extension CGPoint {
    init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
    var point: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGRect {
    init(_ rect: Rect) {
        self.init(x: CGFloat(rect.x), y: CGFloat(rect.y), width: CGFloat(rect.width), height: CGFloat(rect.height))
    }
    var rect: Rect {
        Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
    }
}

/// Why UIKit-named objects cannot become the model: something the model has no place for, or a section
/// provider returning nil for a section. The message names the object and what to do.
public struct UIKitConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
