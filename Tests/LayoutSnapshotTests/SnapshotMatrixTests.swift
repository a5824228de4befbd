import CompositionalLayout
import LayoutSnapshot
import LayoutSpec
import Testing

@Suite("the snapshot matrix: devices, sets, traits and matrix files")
struct SnapshotMatrixTests {
    @Test("the built-in devices have Apple's point sizes and scales, and every device the issue names")
    func devices() throws {
        let ids = SnapshotDevice.builtIn.map(\.id)
        for id in ["iphone-se-3", "iphone-16", "iphone-16-pro-max", "ipad-mini", "ipad-air-11", "ipad-pro-13"] {
            #expect(ids.contains(id))
        }
        let pro = try #require(SnapshotDevice.named("iphone-16-pro-max"))
        let landscape = pro.container(.landscape)
        #expect(landscape.width == 956 && landscape.height == 440 && landscape.displayScale == 3)
        #expect(landscape.safeAreaInsets == EdgeInsets(top: 0, leading: 62, bottom: 21, trailing: 62))
        #expect(landscape.traits.horizontalSizeClass == .regular && landscape.traits.verticalSizeClass == .compact)
        let se = try #require(SnapshotDevice.named("iphone-se-3")).container(.portrait)
        #expect(se.width == 375 && se.height == 667 && se.displayScale == 2)
        #expect(se.traits.horizontalSizeClass == .compact && se.traits.verticalSizeClass == .regular)
        let pad = try #require(SnapshotDevice.named("ipad-pro-13")).container(.portrait, direction: .rightToLeft)
        #expect(pad.width == 1032 && pad.height == 1376 && pad.layoutDirection == .rightToLeft)
        #expect(pad.traits.horizontalSizeClass == .regular && pad.traits.verticalSizeClass == .regular)
    }

    @Test("the default matrix: six devices both ways, two right-to-left, two text sizes")
    func defaultMatrix() throws {
        let ids = SnapshotMatrix.default.configurations.map(\.id)
        #expect(ids.count == 16)
        #expect(ids.prefix(2) == ["iphone-se-3/portrait", "iphone-se-3/landscape"])
        #expect(
            ids.suffix(4) == [
                "iphone-16/portrait/rtl", "ipad-air-11/landscape/rtl", "iphone-16/portrait/extraSmall",
                "iphone-16/portrait/accessibilityExtraExtraExtraLarge",
            ])
        #expect(try SnapshotMatrix.parse(devices: nil) == .default)
        #expect(try SnapshotMatrix.parse(devices: "default") == .default)
        #expect(Set(ids).count == ids.count)
    }

    @Test("named sets, an orientation per device, traits crossed in order")
    func parsing() throws {
        #expect(try SnapshotMatrix.parse(devices: "iphones").configurations.count == 10)
        #expect(try SnapshotMatrix.parse(devices: "ipads", orientations: "landscape").configurations.count == 5)
        #expect(try SnapshotMatrix.parse(devices: "all", traits: "ltr,rtl").configurations.count == 40)
        let ids = try SnapshotMatrix.parse(devices: "iphone-16:landscape,ipad-mini", traits: "rtl,extraLarge")
            .configurations.map(\.id)
        #expect(
            ids == [
                "iphone-16/landscape/rtl/extraLarge", "ipad-mini/portrait/rtl/extraLarge",
                "ipad-mini/landscape/rtl/extraLarge",
            ])
        let unknown = try #require(throws: SnapshotMatrixError.self) { try SnapshotMatrix.parse(devices: "iphone-61") }
        #expect(unknown.description.contains("no device or set is named 'iphone-61'; did you mean 'iphone-16'?"))
        let trait = try #require(throws: SnapshotMatrixError.self) {
            try SnapshotMatrix.parse(devices: "all", traits: "lrt")
        }
        #expect(trait.description.hasPrefix("--traits: 'lrt' is neither a direction nor a text size"))
    }

    @Test("a matrix file: devices and a team's own containers, in order")
    func file() throws {
        let text = """
            configurations:
              - device: iphone-16
                orientation: landscape
                layoutDirection: rightToLeft
              - device: ipad-mini
                contentSizeCategory: accessibilityLarge
              - name: split-third
                container: { width: 320, height: 1024, displayScale: 2, safeAreaInsets: { top: 24 },
                             traits: { horizontalSizeClass: compact } }
            """
        let matrix = try SnapshotMatrix.read(text: text, file: "matrix.yaml")
        #expect(
            matrix.configurations.map(\.id) == [
                "iphone-16/landscape/rtl", "ipad-mini/portrait/accessibilityLarge",
                "ipad-mini/landscape/accessibilityLarge", "split-third",
            ])
        let own = matrix.configurations[3].container
        #expect(own.width == 320 && own.height == 1024 && own.safeAreaInsets.top == 24 && own.displayScale == 2)
    }

    @Test(
        "a matrix file's mistakes are located",
        arguments: [
            ("configurations:\n  - device: iphone-17\n", 2, 13, "no built-in device is the string 'iphone-17'"),
            ("configurations:\n  - devise: iphone-16\n", 2, 5, "unknown key 'devise' in a configuration"),
            ("configurations:\n  - name: a\n    container: { width: -1, height: 3 }\n", 3, 25, "container width"),
            ("configurations:\n  - container: { width: 1, height: 3 }\n", 2, 5, "needs a name"),
            ("configurations:\n  - device: ipad-mini\n  - device: ipad-mini\n", 3, 5, "named twice"),
            ("devices: [ipad-mini]\n", 1, 1, "unknown key 'devices' in the matrix"),
        ])
    func fileErrors(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(throws: SpecError.self) { try SnapshotMatrix.read(text: text, file: "m.yaml") }
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.description.contains(message), "\(error)")
    }
}
