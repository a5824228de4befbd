import Foundation
import Testing

/// `layoutbench render` draws the device's view by default: the realistic app-store home (five shelves that
/// scroll sideways) is as wide as its 390-point container, each shelf clipped at the edge with a tag of what lies
/// beyond; `--full`, `--scroll` and `--columns` change that, and bad values exit 2.
@Suite("layoutbench render: the device's view")
struct DeviceViewCommandTests {
    static let home = CLI.sharedSpecs.appendingPathComponent("realistic/app-store-home.yaml").path

    /// The number in attribute `name` of the first element matching `prefix` (such as `<rect class="viewport"`).
    static func number(_ name: String, of prefix: String, in svg: String) -> Double? {
        guard let start = svg.range(of: prefix) else { return nil }
        let tail = svg[start.upperBound...].prefix { $0 != ">" }
        guard let attribute = tail.range(of: " \(name)=\"") else { return nil }
        return Double(tail[attribute.upperBound...].prefix { $0 != "\"" })
    }

    /// The text of every `<text class="CLASS" ...>` element.
    static func texts(_ className: String, in svg: String) -> [String] {
        svg.components(separatedBy: "<text class=\"\(className)\"").dropFirst().map { tail in
            let body = tail.drop { $0 != ">" }.dropFirst()
            return String(body.prefix { $0 != "<" })
        }
    }

    @Test("app-store-home: the viewport spans the picture's width; each shelf says what scrolls beyond")
    func appStoreHome() throws {
        let result = try CLI.run(["render", Self.home, "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = result.stdout
        let width = try #require(Self.number("width", of: "<svg ", in: svg))
        let viewport = try #require(Self.number("width", of: "<rect class=\"viewport\"", in: svg))
        #expect(viewport == 390)
        // The drawing is the viewport: only the margins and the section gutter are beside it.
        #expect(viewport / width > 0.8, "viewport \(viewport) of \(width)")
        let tags = Self.texts("beyond-label", in: svg)
        #expect(tags.count == 5, "\(tags)")
        // 30 apps in pages of three: the first page and the peek of the second show, the rest lie beyond.
        #expect(tags.allSatisfy { $0.hasSuffix(" pt →") && $0.contains(" more · ") }, "\(tags)")
        #expect(!svg.contains("class=\"scroller\""))
    }

    @Test("--full draws every shelf at its whole extent, as before")
    func full() throws {
        let result = try CLI.run(["render", Self.home, "-o", "-", "--full"])
        #expect(result.status == 0, "\(result.stderr)")
        let width = try #require(Self.number("width", of: "<svg ", in: result.stdout))
        #expect(width > 3_000)
        #expect(result.stdout.contains("class=\"scroller\""))
        #expect(Self.texts("beyond-label", in: result.stdout).isEmpty)
    }

    @Test("--scroll 1=400 moves shelf 1 and tags both of its edges")
    func scroll() throws {
        let result = try CLI.run(["render", Self.home, "-o", "-", "--scroll", "1=400"])
        #expect(result.status == 0, "\(result.stderr)")
        let tags = Self.texts("beyond-label", in: result.stdout)
        #expect(tags.count == 6, "\(tags)")
        #expect(tags.contains { $0.hasPrefix("← ") && $0.hasSuffix(" · 400 pt") }, "\(tags)")
    }

    @Test("--columns 3 lays the screens side by side")
    func columns() throws {
        let result = try CLI.run(["render", Self.home, "-o", "-", "--columns", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let screens = result.stdout.components(separatedBy: "<g class=\"screen\"").count - 1
        #expect(screens >= 2)
        #expect(Self.texts("screen-label", in: result.stdout).first == "screen 1 · y 0–844")
        let width = try #require(Self.number("width", of: "<svg ", in: result.stdout))
        #expect(width > Double(screens) * 390)
    }

    @Test("bad --scroll, --columns and --full with --scroll exit 2 saying what is wanted")
    func badInput() throws {
        let cases: [([String], String)] = [
            (["--scroll", "1:400"], "--scroll takes SECTION=OFFSET"),
            (["--scroll", "1=-4"], "--scroll takes SECTION=OFFSET"),
            (["--scroll", "9=10"], "the layout has 5 sections"),
            (["--columns", "0"], "--columns must be at least 1"),
            (["--full", "--scroll", "1=10"], "give one"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["render", Self.home, "-o", "-"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let plain = try CLI.run(["render", spec, "-o", "-", "--scroll", "0=10"])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("section 0 does not scroll on its own"), "\(plain.stderr)")
    }
}
