import CompositionalLayout
import Foundation
import LayoutSpec

/// A team's own matrix, a YAML or JSON file (docs/snapshots.md "A matrix file"):
///
/// ```yaml
/// configurations:
///   - device: iphone-16                  # a built-in device: both orientations unless one is named
///     orientation: landscape
///     layoutDirection: rightToLeft       # optional; leftToRight by default
///     contentSizeCategory: extraLarge    # optional; large by default
///   - name: split-view-third             # a configuration of its own: a name and the spec format's
///     container: { width: 320, height: 1024, displayScale: 2, safeAreaInsets: { top: 24 } }  # container
/// ```
///
/// Every error is located at its line and column (`SpecError`, read by the spec's own reader).
extension SnapshotMatrix {
    static let entryKeys = ["name", "container", "device", "orientation", "layoutDirection", "contentSizeCategory"]

    /// Reads the matrix file at `path`.
    /// - Throws: `SpecError` at the value that is wrong: an unknown key or device, a container the spec
    ///   format rejects, a name used twice.
    /// - Complexity: O(file size + configurations).
    public static func read(contentsOf path: String) throws(SpecError) -> SnapshotMatrix {
        try read(SpecDocument(contentsOf: path))
    }

    /// Reads a matrix from its text; `file` names it in errors.
    public static func read(text: String, file: String) throws(SpecError) -> SnapshotMatrix {
        try read(SpecDocument(text: text, file: file))
    }

    static func read(_ document: SpecDocument) throws(SpecError) -> SnapshotMatrix {
        let root = document.root
        guard let entries = root.entries else {
            throw document.error(
                .wrongType, "expected a map with 'configurations', found \(root.kindDescription)", at: root)
        }
        var list: [SpecDocument.Value]?
        for entry in entries {
            guard entry.key == "configurations" else {
                throw document.error(
                    .unknownKey, "unknown key '\(entry.key)' in the matrix", at: entry, in: root,
                    allowed: "the matrix has one key, configurations")
            }
            guard let items = entry.value.items else {
                throw document.error(
                    .wrongType, "expected a list of configurations, found \(entry.value.kindDescription)",
                    at: entry.value)
            }
            list = items
        }
        guard let list, !list.isEmpty else {
            throw document.error(
                .missingKey, "the matrix names no configuration", at: root,
                allowed: "configurations: a list of { device: ID } or { name: NAME, container: {...} } entries")
        }
        var configurations: [SnapshotConfiguration] = []
        var places: [String: Int] = [:]
        for item in list {
            for configuration in try entry(item, in: document) {
                if let line = places[configuration.id] {
                    throw document.error(
                        .invalidValue, "the configuration '\(configuration.id)' is named twice (first at line \(line))",
                        at: item, allowed: "each configuration has its own name")
                }
                places[configuration.id] = item.line
                configurations.append(configuration)
            }
        }
        return SnapshotMatrix(configurations)
    }

    /// One entry: a device (one or both orientations) or a named container.
    static func entry(_ item: SpecDocument.Value, in document: SpecDocument) throws(SpecError)
        -> [SnapshotConfiguration]
    {
        guard let entries = item.entries else {
            throw document.error(
                .wrongType, "expected a map (a configuration), found \(item.kindDescription)", at: item)
        }
        var values: [String: SpecDocument.Value] = [:]
        for entry in entries {
            guard entryKeys.contains(entry.key) else {
                throw document.error(
                    .unknownKey, "unknown key '\(entry.key)' in a configuration", at: entry, in: item,
                    allowed: "keys: " + entryKeys.joined(separator: ", "),
                    suggestion: SpecDocument.nearest(to: entry.key, in: entryKeys))
            }
            values[entry.key] = entry.value
        }
        if let container = values["container"] {
            if let device = values["device"] {
                throw document.error(
                    .contradictoryKeys, "a configuration has either a device or a container, not both", at: device,
                    allowed: "device (a built-in device) or name and container (your own)")
            }
            for key in ["orientation", "layoutDirection", "contentSizeCategory"] {
                if let value = values[key] {
                    throw document.error(
                        .contradictoryKeys, "'\(key)' belongs to a device entry; a container says it itself",
                        at: value, allowed: "layoutDirection and traits: { contentSizeCategory } inside the container")
                }
            }
            guard let nameValue = values["name"] else {
                throw document.error(
                    .missingKey, "a configuration with a container needs a name", at: item,
                    allowed: "name: letters, digits and -_./+@")
            }
            let name = try identifier(nameValue, in: document)
            return [SnapshotConfiguration(id: name, container: try document.container(container))]
        }
        guard let deviceValue = values["device"] else {
            throw document.error(
                .missingKey, "a configuration needs a device or a container", at: item,
                allowed: "device: one of " + SnapshotDevice.builtIn.map(\.id).joined(separator: ", "))
        }
        if let name = values["name"] {
            throw document.error(
                .contradictoryKeys, "a device entry is named by its device, orientation and traits", at: name,
                allowed: "name goes with container")
        }
        let ids = SnapshotDevice.builtIn.map(\.id)
        guard let id = deviceValue.string, let device = SnapshotDevice.named(id) else {
            throw document.error(
                .invalidValue, "no built-in device is \(deviceValue.kindDescription)", at: deviceValue,
                allowed: "devices: " + ids.joined(separator: ", "),
                suggestion: deviceValue.string.flatMap { SpecDocument.nearest(to: $0, in: ids) })
        }
        let orientations: [SnapshotDevice.Orientation] =
            try values["orientation"].map { v throws(SpecError) in
                [try choice(v, SnapshotDevice.Orientation.self, document)]
            }
            ?? SnapshotDevice.Orientation.allCases
        let direction =
            try values["layoutDirection"].map { v throws(SpecError) in
                try choice(v, LayoutDirection.self, document)
            } ?? .leftToRight
        let size =
            try values["contentSizeCategory"].map { v throws(SpecError) in
                try choice(v, ContentSizeCategory.self, document)
            } ?? .large
        return orientations.map {
            SnapshotConfiguration(device: device, orientation: $0, direction: direction, contentSize: size)
        }
    }

    static func identifier(_ value: SpecDocument.Value, in document: SpecDocument) throws(SpecError) -> String {
        guard let text = value.string, SnapshotConfiguration.isValidID(text) else {
            throw document.error(
                .invalidValue, "a configuration's name cannot be \(value.kindDescription)", at: value,
                allowed: "1 to 100 letters, digits and -_./+@")
        }
        return text
    }

    static func choice<E: RawRepresentable & CaseIterable>(
        _ value: SpecDocument.Value, _ type: E.Type, _ document: SpecDocument
    ) throws(SpecError) -> E where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard let text = value.string, let result = E(rawValue: text) else {
            throw document.error(
                .invalidValue, "\(value.kindDescription) is not allowed here", at: value,
                allowed: "one of " + names.joined(separator: ", "),
                suggestion: value.string.flatMap { SpecDocument.nearest(to: $0, in: names) })
        }
        return result
    }
}
