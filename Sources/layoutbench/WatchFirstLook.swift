import CompositionalLayout
import Foundation
import LayoutBenchKit
import LayoutEngine
import LayoutImport
import LayoutWatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `watch`'s first phase of a run, done by the bench child before it benches (`bench --first-look FILE`): one
/// solve of the layout, its picture (`--picture`), its lint findings (`--lint-findings`) and the frames'
/// summary (`FirstLook`, written to FILE), then `FirstLook.marker` on standard output, so the daemon shows the
/// save's first line while the bench and its lock-step verdict go on.
enum WatchFirstLook {
    /// Throws when the layout cannot be solved (a located `CLIError`: the bench's failure record, exit 2); a
    /// picture that cannot be drawn is a warning on standard error, as after a bench. Complexity: one solve
    /// read by section (`Picture`), plus `WatchLint.write`'s.
    static func write(
        _ input: BenchInput, picture: String?, lintFindings: String?, importing: ImportRequest, to file: String
    ) throws {
        let engine = try Picture.engine(input.layout, measure: .all, file: input.source)
        if let picture {
            do {
                try Picture.draw(engine, to: picture)
            } catch {
                Failure.printError("warning: the picture was not drawn: \(Failure.report(for: error).text)")
            }
        }
        if let lintFindings { WatchLint.write(input, to: lintFindings, importing: importing) }
        let outline = engine.outline()
        let look = FirstLook(
            items: input.layout.itemCount, sections: outline.sections.count,
            contentWidth: outline.contentSize.width, contentHeight: outline.contentSize.height,
            diagnostics: outline.diagnostics.count)
        // A summary that cannot be written only costs the early line: the daemon then shows it all at the end.
        guard let data = try? JSONEncoder().encode(look),
            (try? data.write(to: URL(fileURLWithPath: file), options: .atomic)) != nil
        else { return }
        // Buffered `print` output must not share a line with the marker: flush it first, then one write.
        fflush(nil)  // every C output stream, standard output among them
        FileHandle.standardOutput.write(Data((FirstLook.marker + "\n").utf8))
    }
}
