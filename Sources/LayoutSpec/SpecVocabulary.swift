/// The words of the format in one place (docs/spec-format.md v1): which keys each kind of map takes, the values of
/// each enumeration, and the UIKit features version 1 leaves out. The decoder checks against these tables,
/// the suggestions search them, and a test holds the JSON Schema to them.
struct SpecKeys: Sendable {
    /// How messages name this kind of map: "section definition", "item".
    var what: String
    var keys: [String]

    static let topLevel = SpecKeys(
        what: "the spec", keys: ["version", "name", "container", "layout", "sections", "selfSizing"])
    static let container = SpecKeys(
        what: "container",
        keys: [
            "width", "height", "displayScale", "layoutDirection", "safeAreaInsets",
            "layoutMargins", "readableWidth", "traits",
        ])
    static let layout = SpecKeys(
        what: "layout",
        keys: [
            "scrollDirection", "interSectionSpacing", "boundarySupplementaryItems",
            "contentInsetsReference",
        ])
    /// The fields a definition and its variants share.
    static let sectionFields = [
        "group", "list", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
        "boundarySupplementaryItems", "decorationItems", "supplementariesFollowContentInsets",
        "contentInsetsReference", "supplementaryContentInsetsReference",
    ]
    static let sectionDefinition = SpecKeys(
        what: "section definition", keys: ["name", "count", "items"] + sectionFields + ["variants"])
    static let variant = SpecKeys(what: "variant", keys: ["when"] + sectionFields)
    static let when = SpecKeys(
        what: "when",
        keys: [
            "minWidth", "maxWidth", "widthAbove", "widthAtMost", "horizontalSizeClass",
            "verticalSizeClass", "contentSizeCategoryAtLeast", "contentSizeCategoryBelow",
        ])
    static let traits = SpecKeys(
        what: "traits", keys: ["horizontalSizeClass", "verticalSizeClass", "contentSizeCategory"])
    static let cycleEntry = SpecKeys(what: "cycle entry", keys: ["width", "height"])
    static let node = SpecKeys(what: "node", keys: ["item", "horizontal", "vertical", "custom"])
    static let item = SpecKeys(
        what: "item", keys: ["size", "contentInsets", "edgeSpacing", "supplementaryItems", "selfSizing"])
    static let group = SpecKeys(
        what: "group",
        keys: [
            "size", "subitems", "repeatingSubitem", "subitem", "count", "interItemSpacing",
            "contentInsets", "edgeSpacing", "supplementaryItems",
        ])
    static let custom = SpecKeys(what: "custom group", keys: ["size", "frames"])
    static let size = SpecKeys(what: "size", keys: ["width", "height"])
    static let insets = SpecKeys(what: "insets", keys: ["top", "leading", "bottom", "trailing"])
    static let edgeSpacing = SpecKeys(what: "edgeSpacing", keys: ["leading", "top", "trailing", "bottom"])
    static let point = SpecKeys(what: "point", keys: ["x", "y"])
    static let supplementaryItem = SpecKeys(
        what: "supplementary item",
        keys: [
            "elementKind", "size", "containerAnchor", "itemAnchor",
            "zIndex", "selfSizing",
        ])
    static let containerAnchor = SpecKeys(
        what: "containerAnchor", keys: ["edges", "absoluteOffset", "fractionalOffset"])
    static let itemAnchor = SpecKeys(what: "itemAnchor", keys: ["edges"])
    static let boundaryItem = SpecKeys(
        what: "boundary item",
        keys: [
            "elementKind", "size", "alignment", "offset", "extendsBoundary",
            "pinToVisibleBounds", "zIndex", "selfSizing",
        ])
    static let decorationItem = SpecKeys(what: "decoration item", keys: ["elementKind", "contentInsets", "zIndex"])
    static let list = SpecKeys(
        what: "list",
        keys: [
            "appearance", "headerMode", "footerMode", "rowHeight", "headerHeight", "footerHeight",
            "headerTopPadding",
        ])
    static let selfSizing = SpecKeys(what: "selfSizing", keys: ["seed", "width", "height", "cycle"])
    static let lengthRange = SpecKeys(what: "length range", keys: ["min", "max"])

    /// The keys whose string values are the user's own words (names, element kinds), never read as values:
    /// a `calc(` or a function name inside them means nothing.
    static let freeTextKeys: Set<String> = ["name", "elementKind"]

    static let all: [SpecKeys] = [
        topLevel, container, layout, sectionDefinition, variant, when, node, item, group, custom, size,
        insets, edgeSpacing, point, supplementaryItem, containerAnchor, itemAnchor, boundaryItem,
        decorationItem, list, selfSizing, lengthRange, traits, cycleEntry,
    ]

    /// The keys version 2 adds (docs/version-2.md): in a version 1 spec each is an error that names
    /// the key and the version it needs.
    static let version2Keys: Set<String> = [
        "layoutDirection", "safeAreaInsets", "layoutMargins", "readableWidth", "traits", "contentInsetsReference",
        "supplementaryContentInsetsReference", "widthAbove", "widthAtMost", "horizontalSizeClass", "verticalSizeClass",
        "contentSizeCategoryAtLeast", "contentSizeCategoryBelow", "cycle", "headerTopPadding",
    ]
}

/// Values of the enumerations, as written.
enum SpecValues {
    static let edges = ["top", "leading", "bottom", "trailing"]
    static let dimensionFunctions = ["fractionalWidth", "fractionalHeight", "absolute", "estimated"]
    /// Version 2 adds `uniformAcrossSiblings(v)` (docs/version-2.md §10.4).
    static func dimensionFunctions(version: Int) -> [String] {
        version >= 2 ? dimensionFunctions + ["uniformAcrossSiblings"] : dimensionFunctions
    }
    static let spacingFunctions = ["fixed", "flexible"]
    /// Words people coming from other layout systems write, and what the format calls them.
    static let synonyms: [String: String] = [
        "left": "leading", "right": "trailing", "start": "leading", "end": "trailing",
    ]
}

/// UIKit features docs/layout-rules.md §8 leaves out of version 1. A spec naming one is rejected as unsupported,
/// never as a mere unknown key: the author meant it, and should learn that it is missing, not misspelt.
enum UnsupportedFeatures {
    struct Feature: Sendable {
        var name: String
        var explanation: String
    }

    private static let rightToLeft = Feature(
        name: "right-to-left layout",
        explanation: "layouts are left-to-right: leading is left, trailing is right")
    private static let safeArea = Feature(
        name: "safe-area and layout-margin insets (contentInsetsReference)",
        explanation: "insets are plain points from the container's edges")
    private static let paging = Feature(
        name: "paging target offsets",
        explanation: "orthogonal sections are solved unscrolled; orthogonalScrollingBehavior is supported")

    /// Keys, lowercased, that name a feature of §8.
    static let keys: [String: Feature] = [
        "contentinsetsreference": safeArea,
        "supplementarycontentinsetsreference": safeArea,
        "layoutmargins": safeArea,
        "directionallayoutmargins": safeArea,
        "readablecontentguide": safeArea,
        "contentinsetadjustmentbehavior": safeArea,
        "uniformacrosssiblings": Feature(
            name: "uniformAcrossSiblings dimensions",
            explanation: "estimated items measure on their own (selfSizing)"),
        "visibleitemsinvalidationhandler": Feature(
            name: "visibleItemsInvalidationHandler",
            explanation: "items are not transformed while scrolling"),
        "layoutdirection": rightToLeft,
        "semanticcontentattribute": rightToLeft,
        "userinterfacelayoutdirection": rightToLeft,
        "effectiveuserinterfacelayoutdirection": rightToLeft,
        "righttoleft": rightToLeft,
        "isrighttoleft": rightToLeft,
        "rtl": rightToLeft,
        "orthogonalscrollingproperties": paging,
        "targetcontentoffset": paging,
        "targetcontentoffsetforproposedcontentoffset": paging,
        "decelerationrate": paging,
        "bounce": paging,
    ]

    /// Every key of the format: these name no missing feature, and most keys of a spec are among them.
    private static let knownKeys = Set(SpecKeys.all.flatMap(\.keys))

    /// The feature a key names, if it is one version 1 leaves out.
    static func feature(forKey key: String) -> Feature? {
        if knownKeys.contains(key) { return nil }
        let lowered = key.lowercased()
        if let feature = keys[lowered] { return feature }
        if lowered.hasPrefix("safearea") || lowered.hasPrefix("ignoressafearea")
            || lowered.hasPrefix("respectssafearea")
        {
            return safeArea
        }
        return nil
    }

    /// A dimension function of UIKit that version 1 does not have (`uniformAcrossSiblings(estimate:)`).
    static func feature(forDimensionFunction name: String) -> Feature? {
        name.lowercased() == "uniformacrosssiblings" ? keys["uniformacrosssiblings"] : nil
    }
}
