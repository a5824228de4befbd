import CompositionalLayout
import Foundation
import LayoutSpec

/// The configurations a layout is snapshotted in, in order (docs/snapshots.md "The matrix"): built-in devices
/// in portrait and landscape crossed with directions and text sizes, a named set of them, or a team's own
/// file (`SnapshotMatrix+File.swift`).
public struct SnapshotMatrix: Hashable, Sendable {
    public var configurations: [SnapshotConfiguration]

    public init(_ configurations: [SnapshotConfiguration]) { self.configurations = configurations }

    /// The six devices of the default matrix: the smallest and the common iPhone, the largest one, and the
    /// three iPad sizes.
    public static let defaultDevices = [
        "iphone-se-3", "iphone-16", "iphone-16-pro-max", "ipad-mini", "ipad-air-11", "ipad-pro-13",
    ]

    /// The default matrix, 16 configurations: the six default devices in portrait and landscape, then
    /// right-to-left on iPhone 16 in portrait and on iPad Air 11-inch in landscape, then iPhone 16 in
    /// portrait at the smallest and the largest text size.
    public static let `default`: SnapshotMatrix = {
        var configurations: [SnapshotConfiguration] = []
        for id in defaultDevices {
            let device = SnapshotDevice.named(id)!
            for orientation in SnapshotDevice.Orientation.allCases {
                configurations.append(SnapshotConfiguration(device: device, orientation: orientation))
            }
        }
        let phone = SnapshotDevice.named("iphone-16")!, pad = SnapshotDevice.named("ipad-air-11")!
        configurations += [
            SnapshotConfiguration(device: phone, orientation: .portrait, direction: .rightToLeft),
            SnapshotConfiguration(device: pad, orientation: .landscape, direction: .rightToLeft),
            SnapshotConfiguration(device: phone, orientation: .portrait, contentSize: .extraSmall),
            SnapshotConfiguration(
                device: phone, orientation: .portrait, contentSize: .accessibilityExtraExtraExtraLarge),
        ]
        return SnapshotMatrix(configurations)
    }()

    /// The named sets `--devices` takes besides device ids.
    public static let setNames = ["default", "all", "iphones", "ipads"]

    /// The devices of a named set, or nil when `name` is not one.
    public static func devices(inSet name: String) -> [SnapshotDevice]? {
        switch name {
        case "default": return defaultDevices.compactMap(SnapshotDevice.named)
        case "all": return SnapshotDevice.builtIn
        case "iphones": return SnapshotDevice.builtIn.filter { $0.family == .phone }
        case "ipads": return SnapshotDevice.builtIn.filter { $0.family == .pad }
        default: return nil
        }
    }

    /// The matrix the command-line options describe: `devices` (device ids and set names, each id optionally
    /// `:portrait` or `:landscape`), crossed with `orientations` (default both) and with the directions and
    /// text sizes named in `traits` (`ltr`, `rtl` and content size categories; default `ltr` and `large`).
    /// With none of the three given, or `devices` exactly `default` and nothing else, the default matrix.
    /// - Throws: `SnapshotMatrixError` naming the word that is not known and what is.
    /// - Complexity: O(devices × orientations × directions × text sizes).
    public static func parse(devices: String?, orientations: String? = nil, traits: String? = nil)
        throws(SnapshotMatrixError) -> SnapshotMatrix
    {
        if orientations == nil, traits == nil, devices == nil || devices == "default" { return .default }
        var chosen: [(device: SnapshotDevice, only: SnapshotDevice.Orientation?)] = []
        for word in words(devices ?? "default") {
            let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
            var only: SnapshotDevice.Orientation?
            if parts.count == 2 {
                guard let orientation = SnapshotDevice.Orientation(rawValue: parts[1]) else {
                    throw SnapshotMatrixError(
                        option: "--devices", word: word, message: "'\(parts[1])' is not an orientation",
                        known: SnapshotDevice.Orientation.allCases.map(\.rawValue))
                }
                only = orientation
            }
            if let set = Self.devices(inSet: parts[0]) {
                chosen += set.map { ($0, only) }
            } else if let device = SnapshotDevice.named(parts[0]) {
                chosen.append((device, only))
            } else {
                throw SnapshotMatrixError(
                    option: "--devices", word: parts[0], message: "no device or set is named '\(parts[0])'",
                    known: setNames + SnapshotDevice.builtIn.map(\.id))
            }
        }
        var turns: [SnapshotDevice.Orientation] = []
        for word in words(orientations ?? "portrait,landscape") {
            guard let orientation = SnapshotDevice.Orientation(rawValue: word) else {
                throw SnapshotMatrixError(
                    option: "--orientations", word: word, message: "'\(word)' is not an orientation",
                    known: SnapshotDevice.Orientation.allCases.map(\.rawValue))
            }
            if !turns.contains(orientation) { turns.append(orientation) }
        }
        var directions: [LayoutDirection] = []
        var sizes: [ContentSizeCategory] = []
        for word in words(traits ?? "") {
            if word == "ltr" || word == "rtl" {
                let direction: LayoutDirection = word == "rtl" ? .rightToLeft : .leftToRight
                if !directions.contains(direction) { directions.append(direction) }
            } else if let size = ContentSizeCategory(rawValue: word) {
                if !sizes.contains(size) { sizes.append(size) }
            } else {
                throw SnapshotMatrixError(
                    option: "--traits", word: word, message: "'\(word)' is neither a direction nor a text size",
                    known: ["ltr", "rtl"] + ContentSizeCategory.allCases.map(\.rawValue))
            }
        }
        if directions.isEmpty { directions = [.leftToRight] }
        if sizes.isEmpty { sizes = [.large] }
        var configurations: [SnapshotConfiguration] = []
        var seen = Set<String>()
        for (device, only) in chosen {
            for orientation in turns where only == nil || only == orientation {
                for direction in directions {
                    for size in sizes {
                        let configuration = SnapshotConfiguration(
                            device: device, orientation: orientation, direction: direction, contentSize: size)
                        if seen.insert(configuration.id).inserted { configurations.append(configuration) }
                    }
                }
            }
        }
        return SnapshotMatrix(configurations)
    }

    static func words(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// A `--devices`, `--orientations` or `--traits` word that is not known: bad input, with what is known.
public struct SnapshotMatrixError: Error, Hashable, Sendable, CustomStringConvertible {
    public var option: String
    public var word: String
    public var message: String
    public var known: [String]

    public var description: String {
        let suggestion = SpecDocument.nearest(to: word, in: known).map { "; did you mean '\($0)'?" } ?? ""
        return "\(option): \(message)\(suggestion) Known: \(known.joined(separator: ", "))"
    }
}
