// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import CompositionalLayout
import Foundation
import LayoutSpec
import Testing

/// Layout code where specs go (`solve`, `bench`, `watch`) with the options `import` takes, and the UIKit
/// code a layout reads besides the layout classes (the view's bounds and safe area, the screen, the traits).
@Suite("layout code everywhere", .serialized)
struct ImportEverywhereTests {
    static let regular =
        "{width: 820, height: 820, displayScale: 2, safeAreaInsets: {leading: 20, trailing: 20}, "
        + "traits: {horizontalSizeClass: regular}}"

    @Test("a view controller reading view.bounds, safeAreaInsets, UIScreen.main and traits, with a custom group")
    func hostReadingLayout() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(
            ["import", importFixture("GalleryViewController.swift"), "--items", "3,8", "--container", Self.regular],
            cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        #expect(result.stdout.contains("# Container 820 × 820 at 2x; items per section 3, 8."))
        let imported = try SpecReader.read(yaml: result.stdout)
        let expected = try SpecReader.read(contentsOf: importFixture("gallery.yaml"))
        #expect(imported.sections == expected.sections)
        #expect(imported.container == expected.container)
        try expectSameFrames(imported, expected, "gallery")

        // --width, --height and --display-scale replace the mapping's: the same layout from a phone's mapping.
        let phone =
            "{width: 390, height: 844, safeAreaInsets: {leading: 20, trailing: 20}, "
            + "traits: {horizontalSizeClass: regular}}"
        let overridden = try Binary.run(
            [
                "import", importFixture("GalleryViewController.swift"), "--items", "3,8", "--container", phone,
                "--width", "820", "--height", "820", "--display-scale", "2",
            ], cache: dir)
        #expect(overridden.status == 0, Comment(rawValue: overridden.stderr))
        let again = try SpecReader.read(yaml: overridden.stdout)
        #expect(again.sections == expected.sections)
        #expect(again.container == expected.container)

        // A compact phone: two columns of (390 − 2 × 12) / 2 pt, the safe area too small to widen the inset.
        let compact = try Binary.run(
            [
                "import", importFixture("GalleryViewController.swift"), "--items", "3,8", "--container",
                "{width: 390, height: 390, displayScale: 3}",
            ], cache: dir)
        #expect(compact.status == 0, Comment(rawValue: compact.stderr))
        let phoneLayout = try SpecReader.read(yaml: compact.stdout)
        #expect(compact.stdout.contains("height: absolute(183)"), Comment(rawValue: compact.stdout))
        #expect(compact.stdout.contains("fractionalWidth(0.5)"))
        #expect(phoneLayout.sections.count == 2)
    }

    @Test("an extension of UICollectionViewCompositionalLayout: the hand-written spec's frames")
    func extensionEntry() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(["import", importFixture("ThreadsLayout.swift"), "--items", "4,6"], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        #expect(result.stdout.contains("entry UICollectionViewCompositionalLayout.threads()"))
        let imported = try SpecReader.read(yaml: result.stdout)
        let expected = try SpecReader.read(contentsOf: importFixture("threads.yaml"))
        #expect(imported.sections == expected.sections)
        try expectSameFrames(imported, expected, "threads")
    }

    /// `solve`'s JSON without its `spec` line (the name differs: the entry's against the spec's).
    static func frames(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.contains("\"spec\":") }
    }

    @Test("solve takes --with, --items and --container for a .swift file; without the helper file it says so")
    func solveWithOptions() throws {
        let dir = try Binary.temporaryDirectory()
        let swift = try Binary.run(
            [
                "solve", importFixture("FeedViewController.swift"), "--with", importFixture("LayoutHelpers.swift"),
                "--items", "5,8,3",
            ], cache: dir)
        #expect(swift.status == 0, Comment(rawValue: swift.stderr))
        let spec = try Binary.run(["solve", importFixture("feed.yaml")], cache: dir)
        #expect(spec.status == 0, Comment(rawValue: spec.stderr))
        #expect(Self.frames(swift.stdout) == Self.frames(spec.stdout))

        let alone = try Binary.run(["solve", importFixture("FeedViewController.swift")], cache: dir)
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("FeedViewController.swift:"), Comment(rawValue: alone.stderr))
        #expect(alone.stderr.contains("cannot find 'LayoutMetrics' in scope"), Comment(rawValue: alone.stderr))

        // --width replaces the container's width before the provider is asked.
        let wide = try Binary.run(
            ["solve", importFixture("GalleryViewController.swift"), "--container", Self.regular, "--items", "3,8"],
            cache: dir)
        let expected = try Binary.run(["solve", importFixture("gallery.yaml")], cache: dir)
        #expect(wide.status == 0, Comment(rawValue: wide.stderr))
        #expect(Self.frames(wide.stdout) == Self.frames(expected.stdout))

        let badItems = try Binary.run(["solve", importFixture("ThreadsLayout.swift"), "--items", "4,x"], cache: dir)
        #expect(badItems.status == 2)
        #expect(badItems.stderr.contains("'4,x' is not a list of item counts"), Comment(rawValue: badItems.stderr))
    }

    @Test("bench imports with the options given: the result holds the sections --items asked for")
    func benchWithOptions() throws {
        let dir = try Binary.temporaryDirectory()
        let json = dir.appendingPathComponent("result.json").path
        let result = try Binary.run(
            [
                "bench", importFixture("FeedViewController.swift"), "--with", importFixture("LayoutHelpers.swift"),
                "--items", "5,8,3", "--scenarios", "full", "--threads", "1", "--repetitions", "2", "--no-memory",
                "--allow-debug", "--json", json,
            ], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let results = try #require((object as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["items"] as? Int == 16)
    }

    @Test("watch on a folder of layout code: each file compiled with its neighbours; a helpers file says so")
    func watchFolder() throws {
        let dir = try Binary.temporaryDirectory()
        let code = dir.appendingPathComponent("code")
        try FileManager.default.createDirectory(at: code, withIntermediateDirectories: true)
        for name in ["FeedViewController.swift", "LayoutHelpers.swift"] {
            try FileManager.default.copyItem(
                atPath: importFixture(name), toPath: code.appendingPathComponent(name).path)
        }
        let log = dir.appendingPathComponent("runs.jsonl").path
        let result = try Binary.run(
            [
                "watch", code.path, "--once", "--items", "5,8,3", "--log", log, "--repetitions", "1",
                "--scenarios", "full",
            ], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stdout + result.stderr))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("FeedViewController.swift  ok") }, Comment(rawValue: result.stdout))
        #expect(
            lines.contains { $0.contains("LayoutHelpers.swift  helpers (no layout entry") },
            Comment(rawValue: result.stdout))
        // One logged run: the layout's, with 16 items (the helpers file is not a result).
        let records = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(records.count == 1)
        #expect(records.first?.contains("FeedViewController.swift") == true)
    }
}
#endif
