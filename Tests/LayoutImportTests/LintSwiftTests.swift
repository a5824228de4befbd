// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import Foundation
import LayoutImport
import LayoutTestSupport
import Testing

/// `layoutbench lint FILE.swift`: findings at the Swift line and column that built the node at fault
/// (docs/lint.md, docs/import.md).
@Suite("layoutbench lint on .swift files", .serialized)
struct LintSwiftTests {
    /// An item declaring its own width in an equal split (LB101, the item's line 4) in a paging section whose
    /// group is narrower than the container (LB106, the group's line 6).
    static let source = """
        import UIKit

        func createLayout() -> UICollectionViewLayout {
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(200), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(100)),
                subitem: item, count: 3)
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .paging
            return UICollectionViewCompositionalLayout(section: section)
        }

        """

    static func write(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("Grid.swift").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("text: each finding at the Swift call that built its node, also from the cache")
    func text() throws {
        let dir = try Binary.temporaryDirectory()
        let path = try Self.write(in: dir)
        for run in ["compiled", "cached"] {
            let result = try Binary.run(["lint", path, "--strict"], cache: dir.appendingPathComponent("cache"))
            #expect(result.status == 1, Comment(rawValue: run + ": " + result.stderr))
            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix(path + ":") }
            // #column of a call is that of its opening parenthesis.
            #expect(
                lines.contains { $0.hasPrefix("\(path):4:38: warning:") && $0.contains("[LB101") },
                Comment(rawValue: run + ": " + result.stdout))
            #expect(
                lines.contains { $0.hasPrefix("\(path):6:51: warning:") && $0.contains("[LB106") },
                Comment(rawValue: run + ": " + result.stdout))
            #expect(lines.count == 2, Comment(rawValue: run + ": " + result.stdout))
        }
    }

    @Test("SARIF: the artifact is the .swift file, the region its line and column; the log validates")
    func sarif() throws {
        let dir = try Binary.temporaryDirectory()
        let path = try Self.write(in: dir)
        let result = try Binary.run(["lint", path, "--format", "sarif"], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let log = dir.appendingPathComponent("lint.sarif")
        try result.stdout.write(to: log, atomically: true, encoding: .utf8)
        let validation = try Self.python([
            Fixtures.packageRoot.appendingPathComponent("scripts/validate-sarif.py").path, log.path,
        ])
        #expect(validation.status == 0, Comment(rawValue: validation.stdout + validation.stderr))
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let results = (document?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        var places: [String: String] = [:]
        for entry in results {
            let physical = ((entry["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
            let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            let region = physical?["region"] as? [String: Any]
            places[entry["ruleId"] as? String ?? ""] =
                "\(uri):\(region?["startLine"] ?? 0):\(region?["startColumn"] ?? 0)"
        }
        #expect(places["LB101"]?.hasSuffix("Grid.swift:4:38") == true, Comment(rawValue: "\(places)"))
        #expect(places["LB106"]?.hasSuffix("Grid.swift:6:51") == true, Comment(rawValue: "\(places)"))
        #expect(places.values.allSatisfy { $0.contains(".swift:") }, Comment(rawValue: "\(places)"))
    }

    @Test("a .swift file that does not compile exits 2 at the user's line")
    func badSwift() throws {
        let dir = try Binary.temporaryDirectory()
        let path = dir.appendingPathComponent("Broken.swift").path
        try "import UIKit\n\nfunc createLayout() -> UICollectionViewLayout {\n    return nope\n}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try Binary.run(["lint", path], cache: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path):4:"), Comment(rawValue: result.stderr))
    }

    static func python(_ arguments: [String]) throws -> Binary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Binary.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
#endif
