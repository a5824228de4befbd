import BenchResults
import CompositionalLayout
import SeededRandom

extension Presets {
    /// `nested`: an App Store "Today"/"Apps" page. Section kinds, mixed in seeded runs:
    /// - featured: a paging row (`groupPagingCentered`) of large cards, 90 % of the width;
    /// - mosaic: nested groups three levels deep (a large tile beside two stacked ones, over a row of three);
    /// - chart: an orthogonal `continuousGroupLeadingBoundary` row of 3-item columns (top charts);
    /// - icons: an orthogonal `continuous` row of app icons;
    /// - tiles: a 4-level nest alternating horizontal and vertical halves (16 items per group).
    /// Every size is absolute or fractional: templates all the way down.
    static func nested(name: String, items: Int, rng: inout BenchRandom) -> CollectionLayout {
        let featuredRow = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(0.9), .absolute(260)),
            subitems: [fillingItem(inset: 4)])
        let featured = Archetype(
            name: "featured", itemsPerSection: 4...8,
            fields: fields(
                featuredRow, insets: EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0),
                orthogonal: .groupPagingCentered, boundary: [header(height: .absolute(52))]))

        let small = fillingItem(inset: 2)
        let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1.0 / 3.0), .fractionalHeight(1)), subitem: small, count: 2)
        let large = LayoutItem(
            layoutSize: size(.fractionalWidth(2.0 / 3.0), .fractionalHeight(1)), contentInsets: EdgeInsets(all: 2))
        let top = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(220)), subitems: [large, pair])
        let trio = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(110)), subitem: small, count: 3)
        let mosaicGroup = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .absolute(330)), subitems: [top, trio])
        let mosaic = Archetype(
            name: "mosaic", itemsPerSection: 36...96,
            fields: fields(
                mosaicGroup, insets: EdgeInsets(top: 0, leading: 12, bottom: 20, trailing: 12), spacing: 8,
                boundary: [header()]))

        let chartColumn = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.88), .absolute(216)),
            subitem: LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(72))), count: 3)
        let chart = Archetype(
            name: "chart", itemsPerSection: 12...30,
            fields: fields(
                chartColumn, insets: EdgeInsets(top: 0, leading: 16, bottom: 16, trailing: 16), spacing: 10,
                orthogonal: .continuousGroupLeadingBoundary, boundary: [header()]))

        let icon = LayoutGroup.horizontal(
            layoutSize: size(.absolute(96), .absolute(124)), subitems: [fillingItem(inset: 6)])
        let icons = Archetype(
            name: "icons", itemsPerSection: 10...24,
            fields: fields(
                icon, insets: EdgeInsets(top: 0, leading: 10, bottom: 12, trailing: 10), orthogonal: .continuous,
                boundary: [header(height: .absolute(36))]))

        let tiles = Archetype(
            name: "tiles", itemsPerSection: 32...96,
            fields: fields(
                halvingTile(depth: 4, height: 240), insets: EdgeInsets(top: 0, leading: 8, bottom: 16, trailing: 8),
                spacing: 4,
                boundary: [header()]))

        let sections = arrange([featured, mosaic, chart, icons, tiles], totalItems: items, rng: &rng)
        return CollectionLayout(name: name, container: container, sections: sections)
    }

    /// A group `depth` levels deep: each level splits its box in two along alternating axes (the top level
    /// vertically), down to pairs of items: 2^depth items, each filling its share.
    static func halvingTile(depth: Int, height: Double) -> LayoutGroup {
        func level(_ d: Int, vertical: Bool) -> LayoutSubitem {
            if d == 0 { return fillingItem(inset: 1) }
            let child = level(d - 1, vertical: !vertical)
            let box = size(.fractionalWidth(1), .fractionalHeight(1))
            return vertical
                ? LayoutGroup.vertical(layoutSize: box, subitem: child, count: 2)
                : LayoutGroup.horizontal(layoutSize: box, subitem: child, count: 2)
        }
        var root = level(depth, vertical: true) as! LayoutGroup
        root.layoutSize = size(.fractionalWidth(1), .absolute(height))
        return root
    }
}
