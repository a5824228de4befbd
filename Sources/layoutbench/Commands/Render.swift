import ArgumentParser
import CompositionalLayout
import LayoutEngine
import LayoutRender

extension Layoutbench {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a spec's layout as an SVG picture.",
            discussion: """
                By default the picture is the device's view: what the container shows, its width across (its \
                height, for a horizontal layout); each orthogonal section is clipped at the container's edges \
                at its scroll offset (0, or --scroll SECTION=OFFSET), with a tag at each edge saying how many \
                items and how many points scroll beyond. --full draws every element at its whole extent \
                instead: orthogonal sections at their full scroller length, the part beyond the container \
                hatched. --columns N cuts a long layout into screens of the container's length, N to a row. \
                Sections are drawn with their bounds, cells with their index path, supplementaries and \
                decorations in their own styles, the viewport outlined. Large layouts draw only their first \
                sections unless --sections names a range.

                Exit codes: 0 written, 2 bad input (an unreadable or unsolvable spec, a bad option, an \
                unwritable -o).

                Examples: layoutbench render app-store-home.yaml -o home.svg --columns 3
                          layoutbench render app-store-home.yaml -o home.svg --scroll 1=400 --sections 0..2
                          layoutbench render app-store-home.yaml -o whole.svg --full
                """)

        @Argument(help: "The spec file.")
        var spec: String

        @Option(name: .shortAndLong, help: "Where to write the SVG ('-' for standard output).")
        var output: String

        @OptionGroup var layoutOptions: LayoutOptions

        @Option(help: "Only these sections, as a..b (inclusive) or a single index.")
        var sections: String?

        @Flag(
            help: "Draw every element at its whole extent (orthogonal sections at full length), not the device's view.")
        var full = false

        @Option(
            name: .customLong("scroll"),
            help: ArgumentHelp(
                "An orthogonal section's scroll offset in points, as SECTION=OFFSET (repeatable).",
                valueName: "section=offset"))
        var scrolls: [String] = []

        @Option(help: "Cut a long layout into screens of the container's length, N side by side to a row.")
        var columns: Int?

        func validate() throws {
            if let sections, parseSectionRange(sections) == nil {
                throw ValidationError("--sections takes a range a..b or an index, such as 0..3 or 5; got '\(sections)'")
            }
            for scroll in scrolls where parseScrollOffset(scroll) == nil {
                throw ValidationError(
                    "--scroll takes SECTION=OFFSET, a section index and an offset in points, such as 1=400; "
                        + "got '\(scroll)'")
            }
            if let columns, columns < 1 { throw ValidationError("--columns must be at least 1; got \(columns)") }
            if full, !scrolls.isEmpty {
                throw ValidationError("--scroll sets the device's view; --full draws whole scrollers: give one")
            }
        }

        func run() throws {
            let toStandardOutput = output == OutputPath.standardOutput
            if !toStandardOutput { try OutputPath.check(output, option: "-o") }
            let engine = try Picture.engine(try layoutOptions.load(spec), measure: layoutOptions.measure, file: spec)
            var options = RenderOptions()
            if let sections, let range = parseSectionRange(sections) {
                guard range.lowerBound < engine.sectionCount else {
                    throw CLIError.badArgument(
                        "--sections \(sections): the layout has \(engine.sectionCount) sections "
                            + "(0..\(engine.sectionCount - 1))"
                    )
                }
                options.sections = range.lowerBound...min(range.upperBound, engine.sectionCount - 1)
            }
            options.full = full
            options.columns = columns
            if !scrolls.isEmpty {
                let outline = engine.outline()
                for scroll in scrolls {
                    let (section, offset) = parseScrollOffset(scroll)!
                    guard let frame = outline.sections.first(where: { $0.index == section }) else {
                        throw CLIError.badArgument(
                            "--scroll \(scroll): the layout has \(engine.sectionCount) sections "
                                + "(0..\(engine.sectionCount - 1))")
                    }
                    guard frame.orthogonalContentSize != nil else {
                        throw CLIError.badArgument(
                            "--scroll \(scroll): section \(section) does not scroll on its own (only a section with "
                                + "orthogonalScrollingBehavior does, docs/layout-rules.md §4.8)")
                    }
                    options.scrollOffsets[section] = offset
                }
            }
            let svg = SVGRenderer.render(engine, options: options)
            if toStandardOutput {
                print(svg, terminator: svg.hasSuffix("\n") ? "" : "\n")
            } else {
                try SVGRenderer.write(svg, to: output)  // a RenderWriteError names the path: exit 2
            }
        }
    }
}

/// What `render`, the report and the watch's redraw (`bench --picture`) draw from: the engine's solve of the
/// layout, read by section (its outline, then only the sections drawn), never every element of a large layout.
enum Picture {
    static func engine(_ layout: CollectionLayout, measure: MeasureMode, file: String) throws -> LayoutEngine {
        try LayoutOptions.solving(file) { () throws(LayoutError) in try LayoutEngine(layout: layout, measure: measure) }
    }

    /// Draws `layout` (every section the renderer's default selection shows) into `path`, atomically.
    static func draw(_ layout: CollectionLayout, file: String, to path: String) throws {
        try draw(try engine(layout, measure: .all, file: file), to: path)
    }

    /// Draws a solved engine into `path`, atomically.
    static func draw(_ engine: LayoutEngine, to path: String) throws {
        try SVGRenderer.write(SVGRenderer.render(engine, options: RenderOptions()), to: path)
    }
}

/// Parses `SECTION=OFFSET` (a section index, an offset in points at least 0).
func parseScrollOffset(_ text: String) -> (section: Int, offset: Double)? {
    let parts = text.split(separator: "=", omittingEmptySubsequences: false)
    guard parts.count == 2, let section = Int(parts[0]), section >= 0, let offset = Double(parts[1]),
        offset.isFinite, offset >= 0
    else { return nil }
    return (section, offset)
}

/// Parses `a..b`, `a...b` or `a` into an inclusive range of section indices.
func parseSectionRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.replacingOccurrences(of: "...", with: "..").components(separatedBy: "..")
    switch parts.count {
    case 1:
        guard let a = Int(parts[0]), a >= 0 else { return nil }
        return a...a
    case 2:
        guard let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else { return nil }
        return a...b
    default:
        return nil
    }
}
