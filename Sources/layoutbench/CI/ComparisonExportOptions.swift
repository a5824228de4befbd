import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit

/// Where `compare` and `ab` also write their result, besides the terminal: a Markdown file, and the GitHub
/// job summary when `GITHUB_STEP_SUMMARY` is set.
struct ComparisonExportOptions: ParsableArguments {
    @Option(name: .customLong("export-markdown"), help: "Also write the comparison as Markdown to this file.")
    var exportMarkdown: String?

    @Option(name: .customLong("export-json"), help: "Also write the comparison as JSON to this file.")
    var exportJSON: String?

    func write(_ report: ComparisonReport) throws {
        let markdown = report.formatted(.markdown)
        if let exportMarkdown { try ExportFile.write(markdown + "\n", to: exportMarkdown, option: "--export-markdown") }
        if let exportJSON {
            try ExportFile.write(report.formatted(.json) + "\n", to: exportJSON, option: "--export-json")
        }
        try ExportFile.appendToStepSummary(markdown)
    }
}

/// Writing the files a command exports; a path that cannot be written is bad input (exit 2).
enum ExportFile {
    static func write(_ text: String, to path: String, option: String) throws {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CLIError.unwritable(path: path, option: option, reason: error.localizedDescription)
        }
    }

    /// Appends to the file `GITHUB_STEP_SUMMARY` names (GitHub Actions shows it on the run's page).
    static func appendToStepSummary(
        _ markdown: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        guard
            let handle = FileHandle(forWritingAtPath: path)
                ?? (FileManager.default.createFile(atPath: path, contents: nil)
                    ? FileHandle(forWritingAtPath: path) : nil)
        else {
            throw CLIError.unwritable(path: path, option: "GITHUB_STEP_SUMMARY", reason: "cannot open it to append")
        }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data((markdown + "\n\n").utf8))
    }
}
