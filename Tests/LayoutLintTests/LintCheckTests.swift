import CompositionalLayout
import Foundation
import LayoutLint
import LayoutSpec
import Testing

/// Each check on a spec written to show it: it fires, once, at the node at fault. A line marked
/// `# <- LB1xx: text` is where the finding must point: that line, at the column where `text` starts.
@Suite struct LintCheckTests {
    struct Expected {
        var code: String
        var line: Int
        var column: Int
    }

    /// The findings a marked spec expects.
    static func marks(in yaml: String) -> [Expected] {
        var expected: [Expected] = []
        for (index, line) in yaml.components(separatedBy: "\n").enumerated() {
            guard let mark = line.firstMatch(of: /# <- (LB\d{3}): (.+)$/) else { continue }
            let body = line[..<mark.range.lowerBound]
            guard let start = body.range(of: String(mark.2)) else { continue }
            let column = body.unicodeScalars.distance(from: body.unicodeScalars.startIndex, to: start.lowerBound) + 1
            expected.append(Expected(code: String(mark.1), line: index + 1, column: column))
        }
        return expected
    }

    static func lint(_ yaml: String, widths: [Double] = LayoutLinter.commonWidths) throws -> [LintFinding] {
        let layout = try SpecReader.read(yaml: yaml, file: "trap.yaml")
        return LayoutLinter.lint(
            layout, file: "trap.yaml", locator: try SpecLocator(text: yaml, file: "trap.yaml"),
            widths: widths)
    }

    func check(_ yaml: String, messageContains: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let findings = try Self.lint(yaml)
        let expected = Self.marks(in: yaml)
        #expect(!expected.isEmpty, "the spec marks no finding", sourceLocation: sourceLocation)
        #expect(
            findings.map(\.check.code).sorted() == expected.map(\.code).sorted(),
            "findings: \(findings.map(\.text))", sourceLocation: sourceLocation)
        for mark in expected {
            let found = findings.first { $0.check.code == mark.code }
            #expect(
                found?.line == mark.line && found?.column == mark.column,
                "\(mark.code) expected at \(mark.line):\(mark.column), got \(found.map { "\($0.line):\($0.column)" } ?? "none")",
                sourceLocation: sourceLocation)
        }
        let text = findings.map(\.message).joined(separator: "\n")
        for part in messageContains {
            #expect(text.contains(part), "messages: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func equalSplitOverridesTheItemsWidth() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 4
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(100) }
                    subitem:
                      item: { size: { width: fractionalWidth(0.3), height: fractionalHeight(1) } }  # <- LB101: fractionalWidth(0.3)
                    count: 2
            """, messageContains: ["each item is 195 pt wide, not 117 pt"])
    }

    @Test func repeatedSubitemsOverflow() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                group:
                  horizontal:
                    size: { width: absolute(300), height: absolute(100) }
                    interItemSpacing: fixed(10)
                    repeatingSubitem:
                      item: { size: { width: absolute(120), height: fractionalHeight(1) } }  # <- LB102: absolute(120)
                    count: 3
            """, messageContains: ["need 380 pt", "content is 300 pt", "last 80 pt overflow"])
    }

    @Test func insetsAlongAnEstimatedAxisAreIgnored() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 4
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: estimated(44) }
                    subitems:
                      - item:
                          size: { width: fractionalWidth(1), height: estimated(44) }
                          contentInsets: { top: 6, bottom: 6 }  # <- LB103: { top
            """, messageContains: ["top and bottom contentInsets (6, 6) are ignored"])
    }

    @Test func edgeSpacingPushesEqualSharesOut() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(80) }
                    subitem:
                      item:
                        size: { width: fractionalWidth(1), height: fractionalHeight(1) }
                        edgeSpacing: { leading: fixed(8) }  # <- LB104: { leading
                    count: 3
            """, messageContains: ["130 pt plus 8 pt", "414 pt in a 390 pt group", "pushed 24 pt out"])
    }

    @Test func aFractionOfAnEstimateStaysAtTheEstimate() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 4
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: estimated(44) }
                    subitems:
                      - item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } }  # <- LB105: fractionalHeight(1)
            """, messageContains: ["estimated height (44 pt)", "stays 44 pt"])
    }

    @Test func pagingPagesByTheContainer() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 5
                orthogonalScrollingBehavior: paging
                group:
                  horizontal:
                    size: { width: fractionalWidth(0.8), height: absolute(120) }  # <- LB106: fractionalWidth(0.8)
                    subitems: [{ item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }]
            """, messageContains: ["container's width (390 pt)", "each group is 312 pt"])
    }

    @Test func groupPagingWithGroupsWiderThanTheContainer() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 5
                orthogonalScrollingBehavior: groupPaging
                group:
                  horizontal:
                    size: { width: absolute(420), height: absolute(120) }  # <- LB107: absolute(420)
                    subitems: [{ item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }]
            """, messageContains: ["each group is 420 pt, longer than the container's 390 pt width"])
    }

    @Test func noRoomAtTheNarrowestWidth() throws {
        try check(
            """
            version: 1
            container: { width: 430, height: 932 }
            sections:
              - items: 6
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(100) }  # <- LB108: { width
                    subitems: [{ item: { size: { width: absolute(400), height: fractionalHeight(1) } } }]
            """, messageContains: ["at 320 × 568 pt (portrait): no room"])
    }

    @Test func overflowOfTheContainerNamesTheFirstWidth() throws {
        // 360 pt groups fit 390 and wider, not 320 or 375: the finding names 320, the first.
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 2
                group:
                  horizontal:
                    size: { width: absolute(360), height: absolute(50) }  # <- LB109: { width
                    subitems: [{ item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }]
            """, messageContains: ["at 320 × 568 pt (portrait), item 0 of section 0 ends at x 360, 40 pt past"])
    }

    @Test func estimatedWidthsInASidewaysSection() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 8
                orthogonalScrollingBehavior: continuous
                group:
                  horizontal:
                    size: { width: estimated(100), height: absolute(44) }  # <- LB110: size
                    subitems: [{ item: { size: { width: estimated(100), height: fractionalHeight(1) } } }]
            """, messageContains: ["scrolls along x"])
    }

    @Test func aHeaderRowNeedsAnItem() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 0
                list: { appearance: plain, headerMode: firstItemInSection }  # <- LB111: firstItemInSection
            """, messageContains: ["section has no items"])
    }

    @Test func flexibleRootEdgeSpacingAlongTheSectionAxis() throws {
        try check(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(44) }
                    edgeSpacing: { top: flexible(10) }  # <- LB112: { top
                    subitems: [{ item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }]
            """, messageContains: ["counts as 0"])
    }

    /// Every check has a test above (a new check without one fails here).
    @Test func everyCheckIsShown() {
        let shown: Set<String> = [
            "LB101", "LB102", "LB103", "LB104", "LB105", "LB106", "LB107", "LB108", "LB109",
            "LB110", "LB111", "LB112",
        ]
        #expect(Set(LintCheck.allCases.map(\.code)) == shown)
    }

    @Test func widthsAreTriedNarrowestFirstInBothOrientations() throws {
        let findings = try Self.lint(
            """
            version: 1
            container: { width: 1024, height: 1366 }
            sections:
              - items: 2
                group:
                  horizontal:
                    size: { width: absolute(700), height: absolute(50) }
                    subitems: [{ item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }]
            """, widths: [744, 414])
        // 414 portrait is the narrowest; its landscape (896) would fit.
        #expect(
            findings.map(\.message) == [
                "at 414 × 896 pt (portrait), item 0 of section 0 ends at x 700, 286 pt past the container's 414 pt"
            ])
    }
}
