import CompositionalLayout
import ReferenceSolver
import Testing

/// The worked examples of docs/layout-rules.md §9, built with the Swift API and checked against the numbers the text
/// gives. (The golden tests check the same examples from spec files against the expected outputs.)
@Suite("docs/layout-rules.md §9 worked examples, Swift API")
struct WorkedExampleTests {
    static let phone = LayoutContainer(width: 390, height: 844)

    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    static func solve(
        _ section: LayoutSection, items: Int, count: Int = 1,
        container: LayoutContainer = phone, configuration: LayoutConfiguration = LayoutConfiguration(),
        measure: MeasureMode = .all
    ) throws -> SolveOutput {
        let layout = CollectionLayout(
            name: "test", container: container, configuration: configuration,
            sections: [SectionDefinition(count: count, items: items, section: section)])
        return try ReferenceSolver.solve(layout, measure: measure)
    }

    static func cells(_ output: SolveOutput, section: Int = 0) -> [Rect] {
        output.elements.filter { $0.category == .cell && $0.section == section }.sorted { $0.item < $1.item }.map(
            \.frame)
    }

    static func expectClose(_ actual: Rect, _ expected: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        let ok =
            abs(actual.x - expected.x) < 1e-6 && abs(actual.y - expected.y) < 1e-6
            && abs(actual.width - expected.width) < 1e-6 && abs(actual.height - expected.height) < 1e-6
        #expect(ok, "\(actual) != \(expected)", sourceLocation: sourceLocation)
    }

    @Test("E1 square grid: five 78-point squares per row")
    func e1() throws {
        let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(0.2), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [item])
        let output = try Self.solve(LayoutSection(group: group), items: 12)
        let cells = Self.cells(output)
        #expect(cells.count == 12)
        for (k, frame) in cells.enumerated() {
            Self.expectClose(frame, Rect(x: 78 * Double(k % 5), y: 78 * Double(k / 5), width: 78, height: 78))
        }
        #expect(output.contentSize == Size(width: 390, height: 234))
    }

    @Test("E2 nested groups in orthogonal sections")
    func e2() throws {
        let leading = LayoutItem(
            layoutSize: Self.size(.fractionalWidth(0.7), .fractionalHeight(1)), contentInsets: EdgeInsets(all: 10))
        let trailingItem = LayoutItem(
            layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)), contentInsets: EdgeInsets(all: 10))
        let trailing = LayoutGroup.vertical(
            layoutSize: Self.size(.fractionalWidth(0.3), .fractionalHeight(1)),
            repeatingSubitem: trailingItem, count: 2)
        let root = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(0.85), .fractionalHeight(0.4)),
            subitems: [leading, trailing])
        var section = LayoutSection(group: root)
        section.orthogonalScrollingBehavior = .continuous
        let output = try Self.solve(section, items: 30, count: 5)
        let template = [
            Rect(x: 10, y: 10, width: 212.05, height: 317.6),
            Rect(x: 242.05, y: 10, width: 79.45, height: 148.8),
            Rect(x: 242.05, y: 178.8, width: 79.45, height: 148.8),
        ]
        for s in 0..<5 {
            let cells = Self.cells(output, section: s)
            #expect(cells.count == 30)
            for (k, frame) in cells.enumerated() {
                Self.expectClose(frame, template[k % 3].offsetBy(dx: 331.5 * Double(k / 3), dy: 337.6 * Double(s)))
            }
        }
        #expect(abs(output.contentSize.height - 1688) < 1e-6)
        #expect(abs((output.sections[0].orthogonalContentSize?.width ?? 0) - 3315) < 1e-6)
    }

    @Test("E3 count groups: equal division, repeating overflow, repeat until full")
    func e3() throws {
        let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1.0 / 3), .absolute(100)))
        let groupSize = Self.size(.fractionalWidth(1), .absolute(100))
        let divided = try Self.solve(
            LayoutSection(group: .vertical(layoutSize: groupSize, subitem: item, count: 2)), items: 4)
        Self.expectClose(Self.cells(divided)[0], Rect(x: 0, y: 0, width: 130, height: 50))
        Self.expectClose(Self.cells(divided)[1], Rect(x: 0, y: 50, width: 130, height: 50))
        Self.expectClose(Self.cells(divided)[2], Rect(x: 0, y: 100, width: 130, height: 50))
        let repeating = try Self.solve(
            LayoutSection(group: .vertical(layoutSize: groupSize, repeatingSubitem: item, count: 2)), items: 4)
        Self.expectClose(Self.cells(repeating)[1], Rect(x: 0, y: 100, width: 130, height: 100))
        Self.expectClose(Self.cells(repeating)[2], Rect(x: 0, y: 100, width: 130, height: 100))
        let tall = Self.size(.fractionalWidth(1), .absolute(300))
        let full = try Self.solve(LayoutSection(group: .vertical(layoutSize: tall, subitems: [item])), items: 3)
        #expect(Self.cells(full).map(\.y) == [0, 100, 200])
    }

    @Test("E4 spacing: fixed, flexible, the spacing restart, equal division with spacing")
    func e4() throws {
        let fixedItem = LayoutItem(layoutSize: Self.size(.absolute(100), .absolute(60)))
        let rowSize = Self.size(.fractionalWidth(1), .absolute(60))
        var group = LayoutGroup.horizontal(layoutSize: rowSize, subitems: [fixedItem])
        group.interItemSpacing = .fixed(10)
        #expect(Self.cells(try Self.solve(LayoutSection(group: group), items: 4)).prefix(3).map(\.x) == [0, 110, 220])
        group.interItemSpacing = .flexible(10)
        #expect(Self.cells(try Self.solve(LayoutSection(group: group), items: 3)).map(\.x) == [0, 145, 290])
        var halves = LayoutGroup.horizontal(
            layoutSize: rowSize,
            subitems: [LayoutItem(layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)))])
        halves.interItemSpacing = .fixed(10)
        let restart = Self.cells(try Self.solve(LayoutSection(group: halves), items: 2))
        Self.expectClose(restart[0], Rect(x: 0, y: 0, width: 190, height: 60))
        Self.expectClose(restart[1], Rect(x: 200, y: 0, width: 190, height: 60))
        var thirds = LayoutGroup.horizontal(
            layoutSize: rowSize,
            subitem: LayoutItem(layoutSize: Self.size(.absolute(50), .fractionalHeight(1))), count: 3)
        thirds.interItemSpacing = .fixed(10)
        let divided = Self.cells(try Self.solve(LayoutSection(group: thirds), items: 3))
        Self.expectClose(divided[1], Rect(x: 370.0 / 3 + 10, y: 0, width: 370.0 / 3, height: 60))
        Self.expectClose(divided[2], Rect(x: 2 * (370.0 / 3 + 10), y: 0, width: 370.0 / 3, height: 60))
    }

    @Test("E5 insets, header, footer, two sections")
    func e5() throws {
        let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(44)), subitems: [item])
        var section = LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 10, leading: 16, bottom: 20, trailing: 16),
            interGroupSpacing: 8)
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), elementKind: "header", alignment: .top),
            BoundarySupplementaryItem(
                layoutSize: Self.size(.fractionalWidth(1), .absolute(30)), elementKind: "footer", alignment: .bottom),
        ]
        let output = try Self.solve(
            section, items: 5, count: 2, configuration: LayoutConfiguration(interSectionSpacing: 12))
        let cells = Self.cells(output)
        Self.expectClose(cells[0], Rect(x: 16, y: 60, width: 179, height: 44))
        Self.expectClose(cells[4], Rect(x: 16, y: 164, width: 179, height: 44))
        let header = output.elements.first { $0.kind == "header" && $0.section == 0 }
        let footer = output.elements.first { $0.kind == "footer" && $0.section == 0 }
        #expect(header?.frame == Rect(x: 16, y: 0, width: 358, height: 50))
        #expect(footer?.frame == Rect(x: 16, y: 228, width: 358, height: 30))
        #expect(output.elements.first { $0.kind == "header" && $0.section == 1 }?.frame.y == 270)
        #expect(Self.cells(output, section: 1).first?.y == 330)
        #expect(output.contentSize == Size(width: 390, height: 528))
    }

    @Test("E6 badges on a fractional offset, and pixel rounding at scale 3")
    func e6() throws {
        let badge = SupplementaryItem(
            layoutSize: Self.size(.absolute(20), .absolute(20)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
        let item = LayoutItem(
            layoutSize: Self.size(.fractionalWidth(0.25), .fractionalHeight(1)),
            supplementaryItems: [badge], contentInsets: EdgeInsets(all: 5))
        let group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [item])
        let section = LayoutSection(group: group, contentInsets: EdgeInsets(all: 20))
        let output = try Self.solve(section, items: 8)
        for (j, cell) in Self.cells(output).prefix(4).enumerated() {
            Self.expectClose(cell, Rect(x: 25 + 87.5 * Double(j), y: 25, width: 77.5, height: 60))
        }
        let first = output.elements.first { $0.kind == "badge" && $0.item == 0 }
        Self.expectClose(first?.frame ?? .zero, Rect(x: 88.5, y: 19, width: 20, height: 20))
        // E6-scale3 (docs/layout-rules.md §1.1): the slot 0.25w of 350 = 87.5 is snapped down to 87.333… (262 / 3);
        // cells 77.333… wide at x 25, 112.333…, 199.666…, 287; the badge of item 0 at 25 + 77.333… − 14 = 88.333….
        let rounded = try Self.solve(
            section, items: 8, container: LayoutContainer(width: 390, height: 844, displayScale: 3))
        for (cell, x) in zip(Self.cells(rounded).prefix(4), [25, 337.0 / 3, 599.0 / 3, 287]) {
            Self.expectClose(cell, Rect(x: x, y: 25, width: 232.0 / 3, height: 60))
        }
        let roundedBadge = rounded.elements.first { $0.kind == "badge" && $0.item == 0 }
        Self.expectClose(roundedBadge?.frame ?? .zero, Rect(x: 265.0 / 3, y: 19, width: 20, height: 20))
    }

    @Test("E7 background covers the section inset by its own insets")
    func e7() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .absolute(44)),
            subitems: [LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))])
        var section = LayoutSection(group: group, contentInsets: EdgeInsets(all: 10), interGroupSpacing: 5)
        section.decorationItems = [DecorationItem(elementKind: "background", contentInsets: EdgeInsets(all: 5))]
        let output = try Self.solve(section, items: 5)
        #expect(Self.cells(output).map(\.y) == [10, 59, 108, 157, 206])
        #expect(output.sections[0].frame.height == 260)
        #expect(
            output.elements.first { $0.category == .decoration }?.frame == Rect(x: 5, y: 5, width: 380, height: 250))
        #expect(output.elements.first { $0.category == .decoration }?.zIndex == -1)
    }

    @Test("E8 flexible leading and trailing edge spacing centers the root group")
    func e8() throws {
        var group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(0.8), .absolute(100)),
            subitems: [LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))])
        group.edgeSpacing = EdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
        let cells = Self.cells(try Self.solve(LayoutSection(group: group), items: 2))
        Self.expectClose(cells[0], Rect(x: 39, y: 0, width: 312, height: 100))
    }

    @Test("E9 horizontal layout: sections stack along x")
    func e9() throws {
        let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.25)))
        let group = LayoutGroup.vertical(
            layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [item])
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 20, leading: 10, bottom: 20, trailing: 10))
        let output = try Self.solve(
            section, items: 10, configuration: LayoutConfiguration(scrollDirection: .horizontal))
        let cells = Self.cells(output)
        for (k, cell) in cells.enumerated() {
            Self.expectClose(
                cell, Rect(x: 10 + 195 * Double(k / 4), y: 20 + 201 * Double(k % 4), width: 195, height: 201))
        }
        #expect(output.contentSize == Size(width: 605, height: 844))
    }

    @Test("E10 self-sizing rows take their tallest item; --measure none keeps estimates")
    func e10() throws {
        let a = LayoutItem(
            layoutSize: Self.size(.fractionalWidth(0.5), .estimated(44)),
            selfSizing: SelfSizing(height: .init(fixed: 50)))
        let b = LayoutItem(
            layoutSize: Self.size(.fractionalWidth(0.5), .estimated(44)),
            selfSizing: SelfSizing(height: .init(fixed: 80)))
        let group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .estimated(44)), subitems: [a, b])
        let measured = Self.cells(try Self.solve(LayoutSection(group: group), items: 4))
        #expect(measured[0] == Rect(x: 0, y: 0, width: 195, height: 50))
        #expect(measured[1] == Rect(x: 195, y: 0, width: 195, height: 80))
        #expect(measured[2].y == 80)
        let estimates = try Self.solve(LayoutSection(group: group), items: 4, measure: .none)
        #expect(Self.cells(estimates)[2].y == 44)
        #expect(estimates.contentSize.height == 88)
    }

    @Test("E11 chips: rows hold as many measured widths as fit")
    func e11() throws {
        let chip = LayoutItem(
            layoutSize: Self.size(.estimated(60), .absolute(32)), selfSizing: SelfSizing(width: .init(fixed: 100)))
        var group = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(32)), subitems: [chip])
        group.interItemSpacing = .fixed(8)
        let cells = Self.cells(try Self.solve(LayoutSection(group: group, interGroupSpacing: 4), items: 7))
        #expect(cells.map(\.y) == [0, 0, 0, 36, 36, 36, 72])
        #expect(cells.map(\.x) == [0, 108, 216, 0, 108, 216, 0])
    }

    @Test("E12 zero width: no cells and one no-room diagnostic per section")
    func e12() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .fractionalWidth(0.2)),
            subitems: [LayoutItem(layoutSize: Self.size(.fractionalWidth(0.2), .fractionalHeight(1)))])
        let zero = try Self.solve(
            LayoutSection(group: group), items: 12, count: 2, container: LayoutContainer(width: 0, height: 844))
        #expect(zero.elements.filter { $0.category == .cell }.isEmpty)
        #expect(zero.diagnostics.map(\.section) == [0, 1])
        #expect(zero.diagnostics.map(\.kind) == [.noRoom, .noRoom])
        // The solve output format promises the words to readers of the JSON.
        #expect(zero.diagnostics.allSatisfy { $0.message.contains("no room") })
        let empty = try Self.solve(
            LayoutSection(group: group), items: 0, container: LayoutContainer(width: 0, height: 844))
        #expect(empty.diagnostics.isEmpty)
    }

    // MARK: Revision 1.1 (E13, E14, E21, E22)

    /// E13's five fractions of the container width (observed on an iPhone 8).
    static let e13Fractions = [
        0.2244798445859886, 0.0999484835067196, 0.2255459136606516, 0.2244798445859886, 0.2255459136606516,
    ]

    /// E13's section: one row of five fractional widths, no spacing.
    static func e13Section() -> LayoutSection {
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: e13Fractions.map { LayoutItem(layoutSize: size(.fractionalWidth($0), .fractionalHeight(1))) })
        group.interItemSpacing = .fixed(0)
        return LayoutSection(group: group)
    }

    @Test("E13 pixel rounding: fractional widths snapped down at @2x, placed one after another")
    func e13() throws {
        let output = try Self.solve(
            Self.e13Section(), items: 5, container: LayoutContainer(width: 375, height: 667, displayScale: 2))
        let cells = Self.cells(output)
        // docs/layout-rules.md §1.1: 84.17…, 37.48…, 84.57…, 84.17…, 84.57… snapped down to the half point.
        #expect(cells.map(\.x) == [0, 84, 121, 205.5, 289.5])
        #expect(cells.map(\.width) == [84, 37, 84.5, 84, 84.5])
        #expect(cells.allSatisfy { $0.y == 0 && $0.height == 50 })
        // No gap between neighbours; the half point of slack is at the trailing end.
        #expect(cells[3].maxX == cells[4].minX && cells[4].maxX == 374)
        #expect(output.contentSize == Size(width: 375, height: 50))
        // Without a display scale nothing is rounded: the exact widths 84.17…, 37.48…, 84.57…
        let exact = Self.cells(
            try Self.solve(Self.e13Section(), items: 5, container: LayoutContainer(width: 375, height: 667)))
        for (cell, fraction) in zip(exact, Self.e13Fractions) {
            #expect(abs(cell.width - 375 * fraction) < 1e-9)
        }
        #expect(abs(exact[2].x - 121.66062303476558) < 1e-9 && abs(exact[4].x - 290.42028237725566) < 1e-9)
    }

    @Test("E14 an insetGrouped list starts 17.5 below its section's top")
    func e14() throws {
        let section = LayoutSection.list(using: ListConfiguration(appearance: .insetGrouped))
        let output = try Self.solve(
            section, items: 1, container: LayoutContainer(width: 414, height: 818), measure: .none)
        #expect(Self.cells(output) == [Rect(x: 20, y: 17.5, width: 374, height: 44)])
        #expect(output.sections[0].frame.height == 79)
        #expect(output.contentSize == Size(width: 414, height: 79))
    }

    /// E21's section: a `subitem` + count 4 row with item badges and a group supplementary at @3x.
    static func e21Section() -> LayoutSection {
        let badge = SupplementaryItem(
            layoutSize: size(.absolute(15), .absolute(15)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let item = LayoutItem(
            layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), supplementaryItems: [badge])
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(80)), subitem: item, count: 4)
        group.interItemSpacing = .fixed(16)
        group.contentInsets = EdgeInsets(trailing: 20)
        group.supplementaryItems = [
            SupplementaryItem(
                layoutSize: size(.absolute(20), .absolute(60)), elementKind: "groupTrailing",
                containerAnchor: LayoutAnchor(edges: [.trailing], fractionalOffset: Point(x: 1, y: 0)))
        ]
        return LayoutSection(group: group, contentInsets: EdgeInsets(bottom: 16), interGroupSpacing: 16)
    }

    @Test("E21 the count share snapped down at @3x; a group's supplementary on its content box")
    func e21() throws {
        let output = try Self.solve(
            Self.e21Section(), items: 4, container: LayoutContainer(width: 375, height: 812, displayScale: 3))
        // Share (355 − 48) / 4 = 76.75, snapped down to 76.666… (230 / 3).
        let cells = Self.cells(output)
        #expect(cells.count == 4)
        for (cell, x) in zip(cells, [0, 278.0 / 3, 556.0 / 3, 278]) {
            Self.expectClose(cell, Rect(x: x, y: 0, width: 230.0 / 3, height: 230.0 / 3))
        }
        let badges = output.elements.filter { $0.kind == "badge" }.sorted { $0.item < $1.item }
        #expect(badges.count == 4)
        Self.expectClose(badges.first?.frame ?? .zero, Rect(x: 208.0 / 3, y: -23.0 / 3, width: 15, height: 15))
        #expect(abs((badges.last?.frame.x ?? 0) - 1042.0 / 3) < 1e-9)
        // The host is the content box [0, 0, 355, 80], not the slot [0, 0, 375, 80].
        let groupTrailing = output.elements.filter { $0.kind == "groupTrailing" }
        #expect(groupTrailing.map(\.frame) == [Rect(x: 355, y: 10, width: 20, height: 60)])
        #expect(groupTrailing.first?.item == 0)
        #expect(output.contentSize == Size(width: 375, height: 96))
    }

    @Test("E22 an empty orthogonal section takes no space and draws no background")
    func e22() throws {
        var group = LayoutGroup.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .absolute(40)),
            subitem: LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1))), count: 4)
        group.interItemSpacing = .fixed(8)
        var section = LayoutSection(group: group, contentInsets: EdgeInsets(all: 16), interGroupSpacing: 8)
        section.orthogonalScrollingBehavior = .continuous
        section.decorationItems = [DecorationItem(elementKind: "background")]
        let layout = CollectionLayout(
            name: "E22", container: LayoutContainer(width: 375, height: 812),
            sections: [
                SectionDefinition(items: 0, section: section), SectionDefinition(count: 2, items: 4, section: section),
            ])
        let output = try ReferenceSolver.solve(layout)
        #expect(
            output.sections.map(\.frame) == [
                Rect(x: 0, y: 0, width: 375, height: 0), Rect(x: 0, y: 0, width: 375, height: 72),
                Rect(x: 0, y: 72, width: 375, height: 72),
            ])
        #expect(output.elements.filter { $0.section == 0 }.isEmpty)
        let backgrounds = output.elements.filter { $0.category == .decoration }
        #expect(backgrounds.map(\.section) == [1, 2])
        #expect(backgrounds.first?.frame == Rect(x: 0, y: 0, width: 375, height: 72))
        #expect(Self.cells(output, section: 1).map(\.y) == [16, 16, 16, 16])
        #expect(Self.cells(output, section: 2).map(\.y) == [88, 88, 88, 88])
        #expect(output.contentSize == Size(width: 375, height: 144))
    }
}
