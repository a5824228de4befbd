import BenchResults
import CompositionalLayout

extension Presets {
    /// `grid`: a photo grid. Sections of 100 items in 4 columns of square cells (2 pt insets) under a 44 pt
    /// header, 8 pt side insets: one definition repeated with `count` (plus one for a remainder), so the
    /// engine solves a single template whatever the size. Nothing is estimated; the seed changes nothing.
    static func grid(name: String, items: Int) -> CollectionLayout {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)),
            subitem: fillingItem(inset: 2), count: 4)
        let photos = fields(row, insets: EdgeInsets(top: 0, leading: 8, bottom: 16, trailing: 8), boundary: [header()])
        let perSection = 100
        var definitions: [SectionDefinition] = []
        if items >= perSection {
            definitions.append(
                SectionDefinition(name: "photos", count: items / perSection, items: perSection, fields: photos))
        }
        if items % perSection > 0 {
            definitions.append(
                SectionDefinition(name: "photos-rest", count: 1, items: items % perSection, fields: photos))
        }
        return CollectionLayout(name: name, container: container, sections: definitions)
    }
}
