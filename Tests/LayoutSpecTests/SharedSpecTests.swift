import CompositionalLayout
import Foundation
import Testing

@testable import LayoutSpec

/// Every shared spec loads, and a few are checked field by field against the model they describe.
@Suite struct SharedSpecTests {
    @Test func theSharedSpecsAreFound() {
        #expect(SharedSpecs.all.count >= 36)
        #expect(SharedSpecs.all.contains("realistic/photo-library.yaml"))
    }

    @Test(arguments: SharedSpecs.all)
    func loads(_ spec: String) throws {
        do {
            let layout = try SpecReader.read(contentsOf: SharedSpecs.path(spec))
            #expect(!layout.name.isEmpty)
            #expect(!layout.sections.isEmpty)
            #expect(layout.container.width >= 0)
            // Every definition has content in force at the spec's own width or in a variant.
            for definition in layout.sections {
                #expect(definition.fields.content != nil || definition.variants.contains { $0.fields.content != nil })
            }
        }
    }

    /// E2: a leading item beside a vertical group of two repeated items, in an orthogonal section.
    @Test func e2NestedGroups() throws {
        let layout = try SpecReader.read(contentsOf: SharedSpecs.path("examples/E2.yaml"))
        #expect(layout.name == "E2-nested-orthogonal")
        #expect(layout.container == LayoutContainer(width: 390, height: 844))
        #expect(layout.configuration == LayoutConfiguration())
        #expect(layout.selfSizing == nil)
        let definition = try #require(layout.sections.first)
        #expect(definition.count == 5)
        #expect(definition.items == 30)
        #expect(definition.name == nil)
        #expect(definition.variants.isEmpty)
        #expect(definition.fields.orthogonalScrollingBehavior == .continuous)
        #expect(definition.fields.contentInsets == nil)
        #expect(definition.fields.boundarySupplementaryItems == nil)
        guard case .group(let root)? = definition.fields.content else {
            Issue.record("E2's content is not a group")
            return
        }
        #expect(root.arrangement == .horizontal)
        #expect(
            root.layoutSize
                == LayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .fractionalHeight(0.4)))
        guard case .repeatingUntilFull(let children) = root.subitems, children.count == 2 else {
            Issue.record("E2's root does not hold two subitems: \(root.subitems)")
            return
        }
        let leading = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.7), heightDimension: .fractionalHeight(1)),
            contentInsets: EdgeInsets(all: 10))
        #expect(children[0] == .item(leading))
        guard case .group(let trailing) = children[1] else {
            Issue.record("E2's second subitem is not a group")
            return
        }
        #expect(trailing.arrangement == .vertical)
        #expect(
            trailing.layoutSize
                == LayoutSize(widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)))
        let trailingItem = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)),
            contentInsets: EdgeInsets(all: 10))
        #expect(trailing.subitems == .repeating(.item(trailingItem), count: 2))
        #expect(trailing.interItemSpacing == nil)
        #expect(trailing.edgeSpacing == nil)
    }

    /// photo-library: anchors shared by four definitions, and a width variant with four columns.
    @Test func photoLibraryAliasesAndVariants() throws {
        let layout = try SpecReader.read(contentsOf: SharedSpecs.path("realistic/photo-library.yaml"))
        #expect(layout.container == LayoutContainer(width: 390, height: 844, displayScale: 3))
        #expect(layout.sections.map(\.name) == ["busy day", "ordinary day", "quiet day", "single shot"])
        #expect(layout.sections.map(\.count) == [10, 25, 10, 5])
        #expect(layout.sections.map(\.items) == [30, 7, 2, 1])
        #expect(layout.sectionCount == 50)

        let header = BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
            elementKind: "date-header", alignment: .topLeading, pinToVisibleBounds: true)
        func columns(_ n: Int) -> LayoutGroup {
            let cell = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                contentInsets: EdgeInsets(all: 1))
            return .horizontal(
                layoutSize: LayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1 / Double(n))),
                subitem: cell, count: n)
        }
        let fields = SectionFields(
            content: .group(columns(3)), contentInsets: EdgeInsets(bottom: 12),
            boundarySupplementaryItems: [header])
        let wide = SectionVariant(
            when: WidthCondition(minWidth: 600), fields: SectionFields(content: .group(columns(4))))
        for definition in layout.sections {
            #expect(definition.fields == fields)
            #expect(definition.variants == [wide])
        }
        // The variant is chosen by width: three columns at 390, four at 820.
        let phone = try layout.sections[0].section(forWidth: 390)
        let tablet = try layout.sections[0].section(forWidth: 820)
        #expect(phone.group.subitems == .dividing(columns(3).children[0], count: 3))
        #expect(tablet.group.subitems == .dividing(columns(4).children[0], count: 4))
        #expect(tablet.boundarySupplementaryItems == [header])
    }

    /// settings: six insetGrouped lists with rows, headers and footers.
    @Test func settingsLists() throws {
        let layout = try SpecReader.read(contentsOf: SharedSpecs.path("realistic/settings.yaml"))
        #expect(layout.selfSizing == SelfSizing(seed: 17, height: .init(min: 44, max: 60)))
        let lists = layout.sections.map { definition -> ListConfiguration? in
            if case .list(let list)? = definition.fields.content { return list }
            return nil
        }
        #expect(
            lists == [
                ListConfiguration(appearance: .insetGrouped, rowHeight: .absolute(80)),
                ListConfiguration(appearance: .insetGrouped),
                ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary),
                ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary),
                ListConfiguration(appearance: .insetGrouped, footerMode: .supplementary, footerHeight: .estimated(64)),
                ListConfiguration(appearance: .insetGrouped, headerMode: .firstItemInSection),
            ])
        #expect(layout.sections.map(\.items) == [1, 5, 4, 6, 3, 8])
        for definition in layout.sections {
            // Only the list is set: the section takes the appearance's insets.
            #expect(definition.fields == SectionFields(content: definition.fields.content))
        }
        let general = try layout.sections[3].section(forWidth: 390)
        #expect(general.boundarySupplementaryItems.map(\.elementKind) == ["header", "footer"])
        // §7 insetGrouped
        #expect(general.contentInsets == EdgeInsets(top: 17.5, leading: 20, bottom: 17.5, trailing: 20))
    }

    /// social-feed: anchors with absolute offsets, item anchors, supplementary self-sizing, decorations.
    @Test func socialFeedSupplementaries() throws {
        let layout = try SpecReader.read(contentsOf: SharedSpecs.path("realistic/social-feed.yaml"))
        #expect(layout.configuration.interSectionSpacing == 8)
        let posts = layout.sections[1]
        #expect(
            posts.fields.decorationItems == [
                DecorationItem(
                    elementKind: "feed-background",
                    contentInsets: EdgeInsets(leading: 4, trailing: 4))
            ])
        guard case .group(let root)? = posts.fields.content, case .repeatingUntilFull(let nodes) = root.subitems,
            case .item(let post)? = nodes.first
        else {
            Issue.record("posts has no item")
            return
        }
        #expect(post.selfSizing == SelfSizing(seed: 42, height: .init(min: 140, max: 520)))
        #expect(
            post.supplementaryItems == [
                SupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .absolute(10), heightDimension: .absolute(10)),
                    elementKind: "unread-dot",
                    containerAnchor: LayoutAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: -12, y: 12))),
                SupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .estimated(120), heightDimension: .absolute(24)),
                    elementKind: "reactions",
                    containerAnchor: LayoutAnchor(edges: [.bottom, .leading], absoluteOffset: Point(x: 12, y: 0)),
                    itemAnchor: LayoutAnchor(edges: [.leading]),
                    selfSizing: SelfSizing(seed: 7, width: .init(min: 60, max: 180))),
            ])
    }

    @Test func e6FractionalOffsetAndE9HorizontalLayout() throws {
        let e6 = try SpecReader.read(contentsOf: SharedSpecs.path("examples/E6.yaml"))
        guard case .group(let root)? = e6.sections[0].fields.content, case .item(let item) = root.children[0] else {
            Issue.record("E6 has no item")
            return
        }
        #expect(
            item.supplementaryItems.first?.containerAnchor
                == LayoutAnchor(
                    edges: [.top, .trailing],
                    fractionalOffset: Point(x: 0.3, y: -0.3)))
        let e9 = try SpecReader.read(contentsOf: SharedSpecs.path("examples/E9.yaml"))
        #expect(e9.configuration.scrollDirection == .horizontal)
        #expect(e9.sections[0].fields.contentInsets == EdgeInsets(top: 20, leading: 10, bottom: 20, trailing: 10))
        let e11 = try SpecReader.read(contentsOf: SharedSpecs.path("examples/E11.yaml"))
        #expect(e11.selfSizing == SelfSizing(width: .init(fixed: 100)))
        #expect(e11.sections[0].fields.interGroupSpacing == 4)
    }

    @Test func nameDefaultsToTheFileName() throws {
        let text =
            "version: 1\ncontainer: { width: 10, height: 10 }\nsections: [{ items: 1, list: { appearance: plain } }]\n"
        #expect(try SpecReader.read(yaml: text, file: "/some/dir/my-grid.yaml").name == "my-grid")
        #expect(try SpecReader.read(yaml: "name: given\n" + text, file: "x.yaml").name == "given")
    }
}
