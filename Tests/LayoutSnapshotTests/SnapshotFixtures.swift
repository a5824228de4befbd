import CompositionalLayout
import LayoutSnapshot
import LayoutSpec

/// Small specs the snapshot tests share, with numbers chosen so the frames are exact at 2x.
enum SnapshotFixtures {
    /// Six cards in rows of two, insets 8 top and bottom, `leading` and 16 on the sides.
    static func cards(leading: Double = 16, trailing: Double = 16) -> String {
        """
        version: 2
        name: cards
        container: { width: 390, height: 844 }
        sections:
          - items: 6
            contentInsets: { top: 8, leading: \(leading), bottom: 8, trailing: \(trailing) }
            interGroupSpacing: 8
            boundarySupplementaryItems:
              - { elementKind: header, size: { width: fractionalWidth(1), height: absolute(40) }, alignment: top }
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitems:
                  - item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } }

        """
    }

    /// Two columns, and `wideColumns` columns when the effective width is above `threshold` points.
    static func adaptive(threshold: Double, wideColumns: Int) -> String {
        """
        version: 2
        name: adaptive
        container: { width: 390, height: 844 }
        sections:
          - items: 12
            variants:
              - when: { widthAbove: \(threshold) }
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(80) }
                    subitem: { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }
                    count: \(wideColumns)
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(80) }
                subitem: { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }
                count: 2

        """
    }

    static func layout(_ text: String) throws -> CollectionLayout { try SpecReader.read(yaml: text, file: "test.yaml") }

    static func golden(_ text: String, _ matrix: SnapshotMatrix) throws -> GoldenFile {
        try GoldenFile.record(layout: "test", source: "test.yaml", layouts: .same(layout(text)), matrix: matrix)
    }
}
