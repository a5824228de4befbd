import BenchResults
import CompositionalLayout
import SeededRandom

extension Presets {
    /// `feed`: a social app's home. Section kinds, mixed in seeded runs:
    /// - stories: an orthogonal row of small fixed tiles;
    /// - posts: full-width posts of estimated height (60 to 360 pt) with a badge on each, a pinned header of
    ///   estimated height (its own model, 36 to 64 pt), a footer and a background;
    /// - comments: a plain list with a header and a footer;
    /// - gallery: 3 columns of fixed squares with a header and a background;
    /// - promo: one fixed 250 pt card with a footer.
    static func feed(name: String, items: Int, seed: UInt64, rng: inout BenchRandom) -> CollectionLayout {
        let story = LayoutGroup.horizontal(
            layoutSize: size(.absolute(76), .absolute(100)), subitems: [fillingItem(inset: 4)])
        let stories = Archetype(
            name: "stories", itemsPerSection: 8...20,
            fields: fields(
                story, insets: EdgeInsets(all: 8), orthogonal: .continuous))

        let post = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(280)), supplementaryItems: [badge()])
        let postRow = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(280)), subitems: [post])
        let headerModel = SelfSizing(
            seed: Int64(bitPattern: seed ^ 0x5EED), height: SelfSizing.LengthRange(min: 36, max: 64))
        let posts = Archetype(
            name: "posts", itemsPerSection: 5...20,
            fields: fields(
                postRow, insets: EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0), spacing: 12,
                boundary: [header(height: .estimated(44), pinned: true, selfSizing: headerModel), footer()],
                decorations: [background]))

        let comments = Archetype(
            name: "comments", itemsPerSection: 10...40,
            fields: SectionFields(
                content: .list(
                    ListConfiguration(appearance: .plain, headerMode: .supplementary, footerMode: .supplementary))))

        let galleryRow = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .fractionalWidth(1.0 / 3.0)),
            subitem: fillingItem(inset: 1), count: 3)
        let gallery = Archetype(
            name: "gallery", itemsPerSection: 9...30,
            fields: fields(
                galleryRow, insets: EdgeInsets(top: 0, leading: 4, bottom: 12, trailing: 4), boundary: [header()],
                decorations: [background]))

        let promoCard = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(250)), subitems: [fillingItem(inset: 8)])
        let promo = Archetype(
            name: "promo", itemsPerSection: 1...1, fields: fields(promoCard, boundary: [footer(height: .absolute(20))]))

        let sections = arrange([stories, posts, comments, gallery, promo], totalItems: items, rng: &rng)
        return CollectionLayout(
            name: name, container: container, sections: sections,
            selfSizing: model(seed: seed, height: 60...360))
    }
}
