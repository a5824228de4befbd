import CompositionalLayout
import Foundation
import MarkupText
import Testing

@testable import LayoutRender

/// The text of the document: compact numbers, escaping, determinism, and writing the file.
@Suite struct SVGTextTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (390, "390"), (204.6, "204.6"), (89.5, "89.5"), (1.0 / 3, "0.33"),
        (2.005, "2.01"), (-1.25, "-1.25"), (0.001, "0"), (-0.004, "0"), (1e6, "1000000"), (.nan, "0"), (.infinity, "0"),
    ])
    func numbersAreCompact(value: Double, text: String) {
        #expect(svgNumber(value) == text)
    }

    @Test func everyNumberInTheDocumentHasAtMostTwoDecimals() throws {
        var output = Fixtures.feed
        output.elements.append(Fixtures.cell(2, 3, Rect(x: 1.0 / 3, y: 540.123456, width: 99.999, height: 7.777)))
        // Attribute values after the XML declaration (whose version="1.0" is not a coordinate).
        let svg = SVGRenderer.render(output, options: RenderOptions(scale: 0.7)).split(separator: "\n").dropFirst()
            .joined(separator: "\n")
        let numbers = svg.matches(of: /="(-?[0-9]+(?:\.[0-9]+)?)"/).map { String($0.output.1) }
        #expect(numbers.count > 100)
        for number in numbers {
            let fraction = number.split(separator: ".").dropFirst().first ?? ""
            #expect(fraction.count <= 2 && !fraction.hasSuffix("0"), "\(number)")
        }
    }

    @Test func textIsEscaped() throws {
        #expect(markupEscaped("a&b <c> \"d\" 'e'") == "a&amp;b &lt;c&gt; &quot;d&quot; &#39;e&#39;")
        #expect(markupEscaped("bell\u{7}") == "bell\u{FFFD}")
        var output = Fixtures.feed
        output.spec = "Tom & Jerry <\"home\">"
        output.diagnostics = [LayoutDiagnostic(section: 1, kind: .noRoom, message: "no room for <group> & friends")]
        let svg = SVGRenderer.render(output)
        #expect(svg.contains("Tom &amp; Jerry &lt;&quot;home&quot;&gt;"))
        #expect(svg.contains("Q&amp;A &lt;header&gt;"))
        #expect(!svg.contains("Q&A"))
        let parsed = try ParsedSVG(svg)
        #expect(try parsed.texts(class: "title") == ["Tom & Jerry <\"home\">"])
        #expect(try parsed.texts(class: "diagnostic") == ["⚠ section 1: no room for <group> & friends"])
    }

    @Test func renderingIsDeterministicAndIgnoresElementOrder() throws {
        for output in [Fixtures.feed, Fixtures.horizontal] {
            let once = SVGRenderer.render(output)
            #expect(once == SVGRenderer.render(output))
            var reversed = output
            reversed.elements.reverse()
            reversed.sections.reverse()
            #expect(once == SVGRenderer.render(reversed))
        }
    }

    @Test func everyPictureIsWellFormedXML() throws {
        let outputs = [
            Fixtures.feed, Fixtures.horizontal, Fixtures.grid(sections: 3, itemsPerSection: 7),
            SolveOutput(
                spec: "empty", container: Size(width: 390, height: 844), contentSize: .zero,
                elements: [], sections: [], diagnostics: []),
        ]
        for output in outputs {
            for options in [
                RenderOptions(), RenderOptions(sections: 0...0), RenderOptions(scale: 3, showLabels: false),
            ] {
                let svg = try ParsedSVG(SVGRenderer.render(output, options: options))
                #expect(svg.document.rootElement()?.name == "svg")
                #expect(try #require(svg.rootNumber("width")) > 0)
            }
        }
    }

    @Test func writeReplacesTheFileAtomically() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutrender-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/feed.svg"
        try SVGRenderer.write("old", to: path)
        let svg = SVGRenderer.render(Fixtures.feed)
        try SVGRenderer.write(svg, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == svg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["feed.svg"])
        #expect(throws: RenderWriteError.self) { try SVGRenderer.write(svg, to: directory + "/missing/x.svg") }
    }
}
