import BenchResults
import Foundation
import LayoutBenchKit
import LayoutSpec

/// `watch`'s change between two saves of a spec, measured by the bench child (docs/measurement.md): it writes
/// the layout it benched as a spec (`bench --snapshot-out`, the next save's "before") and, given the previous
/// one (`--paired-with`), times both in lock-step in this process (`PairedVersions`) and writes the changes
/// for the daemon (`--paired-out`). Either part failing writes nothing: the daemon then compares the two
/// runs' results instead, as `history` does.
enum WatchPairing {
    /// - Complexity: `PairedVersions.run`'s, after one spec write and one spec read.
    static func write(
        _ input: BenchInput, _ paired: PairedVersions, snapshot: String?, before: String?, to out: String?
    ) {
        if let snapshot {
            try? Data(SpecWriter.yaml(input.layout).utf8).write(to: URL(fileURLWithPath: snapshot), options: .atomic)
        }
        guard let before, let out, let layout = try? SpecReader.read(contentsOf: before, maxItems: .max) else { return }
        let previous = BenchInput(
            name: input.name, layout: layout, source: before, specPath: before, contentHash: "")
        guard let changes = try? paired.run(before: previous, now: input), !changes.isEmpty,
            let data = try? JSONEncoder().encode(changes)
        else { return }
        try? data.write(to: URL(fileURLWithPath: out), options: .atomic)
    }
}
