import ArgumentParser
import CompositionalLayout
import LayoutEngine
import LayoutRender

extension Layoutbench {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a spec's layout as an SVG picture.",
            discussion: """
                Sections are drawn with their bounds, cells with their index path, supplementaries and \
                decorations in their own styles, the viewport (the container at scroll offset 0) outlined, and \
                orthogonal sections at their full scroller length. Large layouts draw only their first sections \
                unless --sections names a range.

                Example: layoutbench render app-store-home.yaml -o home.svg --sections 0..2
                """)

        @Argument(help: "The spec file.")
        var spec: String

        @Option(name: .shortAndLong, help: "Where to write the SVG ('-' for standard output).")
        var output: String

        @OptionGroup var layoutOptions: LayoutOptions

        @Option(help: "Only these sections, as a..b (inclusive) or a single index.")
        var sections: String?

        func validate() throws {
            if let sections, parseSectionRange(sections) == nil {
                throw ValidationError("--sections takes a range a..b or an index, such as 0..3 or 5; got '\(sections)'")
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
                        "--sections \(sections): the layout has \(engine.sectionCount) sections (0..\(engine.sectionCount - 1))"
                    )
                }
                options.sections = range.lowerBound...min(range.upperBound, engine.sectionCount - 1)
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
        let source = try engine(layout, measure: .all, file: file)
        try SVGRenderer.write(SVGRenderer.render(source, options: RenderOptions()), to: path)
    }
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
