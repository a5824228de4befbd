import ArgumentParser
import CompositionalLayout
import Foundation
import ReferenceSolver
import SolverKernel

extension Layoutbench {
    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say why an element is where it is, rule by rule.",
            discussion: """
                Prints the chain that places one element, from the container to its frame: the section's start, \
                its root group's box and repetitions, the group's content box, the count share and its pixel \
                snap, the cursor along the group, the placement across, the cell's insets, the rounding at \
                output. Each step cites its rule of docs/layout-rules.md and ends on exactly the frame `solve` \
                prints. The steps are what the reference solver recorded while solving, not a second reading of \
                the rules.

                Examples:
                  layoutbench explain feed.yaml --element 0.3
                  layoutbench explain feed.yaml --element 1.0 --kind header --width 375
                  layoutbench explain feed.yaml --element 0.3 --format json
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Argument(help: "A spec file (.yaml, .yml, .json) or Swift layout code (.swift).")
        var spec: String

        @Option(
            help: ArgumentHelp(
                "The element: its section and item, SECTION.ITEM (0.3 is item 3 of section 0).",
                valueName: "section.item"))
        var element: String

        @Option(help: "An element kind (a header, badge or background) instead of the cell.")
        var kind: String?

        @OptionGroup var layoutOptions: LayoutOptions

        @Option(help: "Output format: text for people, json with the final frame and the steps.")
        var format: Format = .text

        func indexPath() throws -> (section: Int, item: Int) {
            let parts = element.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let section = Int(parts[0]), let item = Int(parts[1]), section >= -1, item >= 0
            else {
                throw ValidationError(
                    "--element takes SECTION.ITEM, two whole numbers such as 0.3 (section 0, item 3), "
                        + "got '\(element)'")
            }
            return (section, item)
        }

        func validate() throws { _ = try indexPath() }

        func run() throws {
            let (section, item) = try indexPath()
            let layout = try layoutOptions.load(spec)
            let kind = self.kind
            let wanted: (ElementKey) -> Bool = { key in
                key.section == section && key.item == item && (kind == nil ? key.category == .cell : key.kind == kind)
            }
            let measure = layoutOptions.measure
            let explanations = try LayoutOptions.solving(spec) { () throws(LayoutError) in
                try ReferenceSolver.explain(layout, measure: measure, sections: { $0 == section }, elements: wanted)
            }
            guard let explanation = explanations.first else {
                let what = kind.map { "no element of kind '\($0)'" } ?? "no cell"
                throw CLIError.badArgument(
                    "\(spec): \(what) at section \(section), item \(item) at "
                        + "\(Self.number(layout.container.width)) × \(Self.number(layout.container.height)); "
                        + "`layoutbench solve \(spec)` lists every element")
            }
            switch format {
            case .text: print(Self.text(explanation, spec: spec, container: layout.container))
            case .json: print(Self.json(explanation))
            }
        }

        static func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        }

        static func describe(_ element: LayoutElement) -> String {
            switch element.category {
            case .cell: return "cell \(element.section).\(element.item)"
            case .supplementary: return "\(element.kind ?? "supplementary") of \(element.section).\(element.item)"
            case .decoration: return "\(element.kind ?? "decoration") of section \(element.section)"
            }
        }

        static func frame(_ rect: Rect) -> String {
            "[\(number(rect.x)), \(number(rect.y)), \(number(rect.width)), \(number(rect.height))]"
        }

        static func text(_ explanation: Explanation, spec: String, container: LayoutContainer) -> String {
            var lines = [
                "\(describe(explanation.element)) of \(spec) at \(number(container.width)) × "
                    + "\(number(container.height)):"
            ]
            let width = String(explanation.steps.count).count
            for (index, step) in explanation.steps.enumerated() {
                let number = String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)"
                let rule = step.rule.padding(toLength: 6, withPad: " ", startingAt: 0)
                lines.append(" \(number). \(rule) \(step.text)")
            }
            lines.append("frame: \(frame(explanation.element.frame))")
            return lines.joined(separator: "\n")
        }

        struct JSONStep: Encodable { var rule: String, text: String }
        struct JSONExplanation: Encodable {
            var category: String, kind: String?, section: Int, item: Int
            var frame: [Double]
            var steps: [JSONStep]
        }

        static func json(_ explanation: Explanation) -> String {
            let element = explanation.element
            let document = JSONExplanation(
                category: element.category.rawValue, kind: element.kind, section: element.section, item: element.item,
                frame: [element.frame.x, element.frame.y, element.frame.width, element.frame.height],
                steps: explanation.steps.map { JSONStep(rule: $0.rule, text: $0.text) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self)
        }
    }
}
