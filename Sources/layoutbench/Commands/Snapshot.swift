import ArgumentParser
import CompositionalLayout
import Foundation
import LayoutSnapshot

extension Layoutbench {
    /// `layoutbench snapshot`: layout snapshots without a simulator (docs/snapshots.md).
    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record every frame of a layout across devices and traits, and check it in CI.",
            discussion: """
                `record` solves each layout (a spec, or .swift layout code through import) in every \
                configuration of a matrix (devices in portrait and landscape, directions, text sizes) and writes \
                one plain-text golden file per layout. `check` solves again and compares exactly: exit 0 when \
                everything matches, 1 when something changed, 2 for bad input. docs/snapshots.md has the \
                devices, the golden format and a CI recipe.

                Examples:
                  layoutbench snapshot record specs/*.yaml -o snapshots
                  layoutbench snapshot check specs/*.yaml --snapshots snapshots --ci --junit snapshots.xml
                """,
            subcommands: [Record.self, Check.self, Devices.self])
    }
}

extension Layoutbench.Snapshot {
    /// `layoutbench snapshot devices`: the built-in devices, the named sets and the default matrix.
    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the built-in devices, the named sets and the default matrix.",
            discussion: "Sizes in points, portrait; safe areas as top leading bottom trailing (docs/snapshots.md).")

        func run() {
            print(Self.text)
        }

        static var text: String {
            var rows = [["id", "device", "points", "scale", "safe area portrait", "safe area landscape"]]
            func insets(_ e: EdgeInsets) -> String {
                [e.top, e.leading, e.bottom, e.trailing].map(formatNumber).joined(separator: " ")
            }
            for device in SnapshotDevice.builtIn {
                rows.append([
                    device.id, device.name,
                    "\(formatNumber(device.portraitSize.width)) × \(formatNumber(device.portraitSize.height))",
                    "\(formatNumber(device.displayScale))x", insets(device.portraitSafeArea),
                    insets(device.landscapeSafeArea),
                ])
            }
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            var lines = rows.map { row in
                zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
            }
            lines.append("")
            for name in SnapshotMatrix.setNames {
                let ids = SnapshotMatrix.devices(inSet: name)?.map(\.id) ?? []
                lines.append("set \(name): " + ids.joined(separator: ", "))
            }
            lines.append("")
            lines.append("default matrix (\(SnapshotMatrix.default.configurations.count) configurations):")
            for configuration in SnapshotMatrix.default.configurations { lines.append("  " + configuration.id) }
            return lines.joined(separator: "\n")
        }
    }
}
