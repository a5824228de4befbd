// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import CompositionalLayout
import Foundation
import LayoutSpec
import Testing

/// The shapes real app code takes (issue 34): private builders, builders in extensions, layouts installed in
/// `viewDidLoad` or a lazy collection view, sections and providers as entries, the app's view classes, a
/// diffable data source beside the layout, an override of a base class not given. Each fixture imports,
/// without `--entry`, to the hand-written spec's frames through both solvers.
@Suite("import: the shapes app code takes", .serialized)
struct ImportShapesTests {
    struct Shape: CustomTestStringConvertible, Sendable {
        var file: String
        var spec: String
        var items: String
        var entry: String
        var testDescription: String { file }
    }

    static let shapes: [Shape] = [
        Shape(
            file: "PrivateBuilder.swift", spec: "private-builder.yaml", items: "9",
            entry: "RecipeBrowserViewController.makeLayout()"),
        Shape(
            file: "ExtensionBuilder.swift", spec: "extension-builder.yaml", items: "6,6",
            entry: "PodcastShelfViewController.shelfLayout()"),
        Shape(
            file: "LazyCollectionView.swift", spec: "lazy-collection-view.yaml", items: "4,2",
            entry: "AccountViewController.collectionView"),
        Shape(
            file: "ConfigureHierarchy.swift", spec: "configure-hierarchy.yaml", items: "10,6",
            entry: "JournalViewController.configureHierarchy()"),
        Shape(
            file: "SectionHelper.swift", spec: "section-helper.yaml", items: "5", entry: "CarouselSections.banners()"),
        Shape(
            file: "ProviderFunction.swift", spec: "provider-function.yaml", items: "5,12",
            entry: "MailboxSections.section()"),
        Shape(
            file: "DecorationViews.swift", spec: "decoration-views.yaml", items: "6",
            entry: "DashboardViewController.createLayout()"),
        Shape(
            file: "DiffableBeside.swift", spec: "diffable-beside.yaml", items: "4,20",
            entry: "ContactsViewController.layout()"),
        Shape(
            file: "MissingBase.swift", spec: "missing-base.yaml", items: "15",
            entry: "ArchiveViewController.createLayout()"),
        Shape(file: "DrawOnly.swift", spec: "draw-only.yaml", items: "6,5", entry: "LibraryLayout.make()"),
        Shape(
            file: "TwoLayouts.swift", spec: "two-layouts.yaml", items: "9",
            entry: "GalleryToggleViewController.viewDidLoad()"),
        // Learnt from public apps: delegate methods named `collectionView`, an outlet, a describing enum.
        Shape(
            file: "ControllerShapes.swift", spec: "controller-shapes.yaml", items: "4,6",
            entry: "SeasonsViewController.viewDidLoad()"),
        Shape(
            file: "InitMadeCollectionView.swift", spec: "init-made-collection-view.yaml", items: "8",
            entry: "ClipsViewController.init()"),
    ]

    static func run(_ shape: Shape, _ extra: [String] = []) throws -> (Binary.Result, CollectionLayout?) {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(
            ["import", importFixture("shapes/" + shape.file), "--items", shape.items] + extra, cache: dir)
        return (result, result.status == 0 ? try SpecReader.read(yaml: result.stdout) : nil)
    }

    @Test("found without --entry and imported to the hand-written spec's frames", arguments: shapes)
    func shape(_ shape: Shape) throws {
        let (result, imported) = try Self.run(shape)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        guard let imported else { return }
        #expect(
            result.stdout.contains("# entry \(shape.entry) ("), Comment(rawValue: result.stdout.prefix(600).description)
        )
        let expected = try SpecReader.read(contentsOf: importFixture("shapes/" + shape.spec))
        #expect(imported.sections == expected.sections, Comment(rawValue: result.stdout))
        #expect(imported.configuration == expected.configuration)
        try expectSameFrames(imported, expected, shape.file)
    }

    @Test("--entry viewDidLoad takes the layout its lazy collection view installs")
    func viewDidLoadEntry() throws {
        let shape = Self.shapes[2]
        let (result, imported) = try Self.run(shape, ["--entry", "AccountViewController.viewDidLoad"])
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let expected = try SpecReader.read(contentsOf: importFixture("shapes/" + shape.spec))
        #expect(imported?.sections == expected.sections)
    }

    @Test("two layouts installed: the last is taken, the header names both and how to pick")
    func twoInstalled() throws {
        let (result, _) = try Self.run(Self.shapes[10])
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        #expect(
            result.stdout.contains(
                "installed 2 layouts, made at TwoLayouts.swift:9:67, TwoLayouts.swift:13:55; the last one "
                    + "(made at TwoLayouts.swift:13:55) is taken. To take another, pass --entry"),
            Comment(rawValue: result.stdout.prefix(900).description))
    }

    @Test("an override whose base class is not given compiles as a plain member, and the header says so")
    func missingBaseNote() throws {
        let (result, _) = try Self.run(Self.shapes[8])
        #expect(
            result.stdout.contains(
                "# MissingBase.swift:5:5: `override` of createLayout compiled as a plain member: its base class "
                    + "BaseListViewController is not among the given files."),
            Comment(rawValue: result.stdout.prefix(900).description))
    }

    @Test("properties that draw but do not place are taken and listed in the header")
    func drawOnlyListed() throws {
        let (result, _) = try Self.run(Self.shapes[9])
        #expect(
            result.stdout.contains(
                "# Ignored (they draw, they place nothing): NSCollectionLayoutSection.orthogonalScrollingProperties, "
                    + "NSCollectionLayoutSection.visibleItemsInvalidationHandler"),
            Comment(rawValue: result.stdout.prefix(900).description))
        #expect(result.stdout.contains("UICollectionLayoutListConfiguration.backgroundColor"))
        #expect(result.stdout.contains("UICollectionLayoutListConfiguration.trailingSwipeActionsConfigurationProvider"))
    }

    static let refusals: [(String, String, String)] = [
        ("ReadsAppData.swift", "ReadsAppData.swift:5:25: error: ", "cannot find 'CatalogueModel' in scope"),
        (
            "NoLayoutInstalled.swift", "NoLayoutInstalled.swift:5:19: error: ",
            "installed no compositional layout in a collection view"
        ),
        (
            "TwoInstallers.swift", "TwoInstallers.swift:13:10: error: ",
            "2 candidate entries that each installs a layout in a collection view: SplitViewController.setUpList() "
                + "at TwoInstallers.swift:8, SplitViewController.setUpGrid() at TwoInstallers.swift:13; pass --entry"
        ),
        ("MissingSymbol.swift", "MissingSymbol.swift:6:", "cannot find 'AppTheme' in scope"),
        ("CompilerError.swift", "CompilerError.swift:6:", "error: "),
        ("TwoEntries.swift", "TwoEntries.swift:8:", "2 candidate entries"),
        ("NoEntry.swift", "NoEntry.swift:1:1:", "no layout entry found"),
        ("NilSection.swift", "NilSection.swift:4:", "returned nil for section 1, which has 3 items"),
    ]

    @Test("every refusal names file, line and column, exits 2 and writes nothing", arguments: refusals)
    func refusal(_ file: String, _ place: String, _ message: String) throws {
        let dir = try Binary.temporaryDirectory()
        let out = dir.appendingPathComponent("out.yaml").path
        let result = try Binary.run(
            ["import", importFixture("errors/" + file), "--items", "3,3", "-o", out], cache: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(place), Comment(rawValue: result.stderr))
        #expect(result.stderr.contains(message), Comment(rawValue: result.stderr))
        let located = result.stderr.split(separator: "\n").first.map {
            $0.contains(try! Regex(#"\.swift:[0-9]+:[0-9]+: error: "#))
        }
        #expect(located == true, Comment(rawValue: result.stderr))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("--entry naming a member that gives no layout points at it")
    func entryNotALayout() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(
            [
                "import", importFixture("shapes/ConfigureHierarchy.swift"), "--entry",
                "JournalViewController.configureDataSource",
            ], cache: dir)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "ConfigureHierarchy.swift:40:18: error: --entry JournalViewController.configureDataSource: this "
                    + "declaration neither returns a layout"), Comment(rawValue: result.stderr))
        #expect(
            result.stderr.contains(
                "the candidates are JournalViewController.viewDidLoad(), JournalViewController.configureHierarchy()"))
    }
}
#endif
