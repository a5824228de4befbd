// Part of the slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import CompositionalLayout

/// The small program compiled with the user's sliced files: it sets the container the layout code reads, gets
/// the layout from the entry, converts it for that container and the item counts, and prints the spec; once
/// per container. A conversion failure goes to standard error after a marker, so it is told from a crash.
enum ImportProgram {
    static let specMarker = "--- layoutbench-import spec"
    static let errorMarker = "layoutbench-import-error: "
    /// After each spec: one line per node the code built, `SECTION<TAB>PATH<TAB>LINE<TAB>COLUMN<TAB>FILE`.
    static let sourcesMarker = "--- layoutbench-import sources"
    /// After the sources: `#installed<TAB>LINE<TAB>COLUMN<TAB>FILE` per layout installed in a collection view,
    /// in order, and `#ignored<TAB>NAME` per property set that places nothing.
    static let installedPrefix = "#installed"
    static let ignoredPrefix = "#ignored"

    /// Why an entry gave no layout, with what to do.
    static func nothingMade(_ entry: EntryCandidate) -> String {
        switch entry.kind {
        case .installs, .viewDidLoad:
            return "it ran and installed no compositional layout in a collection view (UICollectionView(frame:"
                + "collectionViewLayout:), collectionViewLayout =, setCollectionViewLayout); pass --entry with the "
                + "member that makes the layout"
        case .section: return "it returned nil instead of a section"
        case .layout, .provider: return "it returned nil instead of a layout"
        }
    }

    static func source(entry: EntryCandidate, containers: [LayoutContainer], itemCounts: [Int]) -> String {
        """
        import CompositionalLayoutUIKit
        import Foundation
        import LayoutSpec

        let containers: [LayoutContainer] = [\(containers.map(literal).joined(separator: ", "))]
        for container in containers {
            LayoutBenchHost.container = container
            LayoutBenchHost.ignored = []
        \(entry.programStatements)
            guard let made else {
                FileHandle.standardError.write(Data("\(errorMarker)\(nothingMade(entry))\\n".utf8))
                exit(3)
            }
            guard let layout = made as? UICollectionViewCompositionalLayout else {
                FileHandle.standardError.write(Data("\(errorMarker)the entry gave \\(type(of: made)), \
        not a UICollectionViewCompositionalLayout\\n".utf8))
                exit(3)
            }
            do {
                let model = try layout.collectionLayout(name: "\(entry.displayName)", container: container,
                                                        itemCounts: \(itemCounts))
                print("\(specMarker)")
                print(SpecWriter.yaml(model))
                print("\(sourcesMarker)")
                for node in layout.nodeSources(container: container, itemCounts: \(itemCounts)) {
                    let l = node.location
                    print("\\(node.section)\\t\\(node.path)\\t\\(l.line)\\t\\(l.column)\\t\\(l.file)")
                }
                for installed in LayoutBenchHost.installed {
                    let l = installed.sourceLocation
                    print("\(installedPrefix)\\t\\(l?.line ?? 0)\\t\\(l?.column ?? 0)\\t\\(l?.file ?? "")")
                }
                for name in LayoutBenchHost.ignored.sorted() { print("\(ignoredPrefix)\\t\\(name)") }
            } catch {
                FileHandle.standardError.write(Data("\(errorMarker)\\(error)\\n".utf8))
                exit(3)
            }
        }

        """
    }

    static func number(_ value: Double) -> String { "\(value)" }

    static func insets(_ insets: EdgeInsets) -> String {
        "EdgeInsets(top: \(number(insets.top)), leading: \(number(insets.leading)), bottom: \(number(insets.bottom)), "
            + "trailing: \(number(insets.trailing)))"
    }

    static func literal(_ container: LayoutContainer) -> String {
        let traits = container.traits
        return "LayoutContainer(width: \(number(container.width)), height: \(number(container.height)), "
            + "displayScale: \(container.displayScale.map(number) ?? "nil"), "
            + "safeAreaInsets: \(insets(container.safeAreaInsets)), "
            + "layoutMargins: \(container.layoutMargins.map(insets) ?? "nil"), "
            + "readableWidth: \(number(container.readableWidth)), layoutDirection: .\(container.layoutDirection.rawValue), "
            + "traits: LayoutTraits(horizontalSizeClass: .\(traits.horizontalSizeClass.rawValue), "
            + "verticalSizeClass: .\(traits.verticalSizeClass.rawValue), "
            + "preferredContentSizeCategory: .\(traits.preferredContentSizeCategory.rawValue)))"
    }
}
#endif
