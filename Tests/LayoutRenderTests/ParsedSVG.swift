import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed as XML, with the queries the tests need. Parsing fails the test when the
/// document is not well-formed.
struct ParsedSVG {
    let document: XMLDocument

    init(_ svg: String) throws {
        document = try XMLDocument(xmlString: svg, options: [])
    }

    /// The root `<svg>` element's attribute as a number.
    func rootNumber(_ name: String) -> Double? {
        document.rootElement()?.string(name).flatMap(Double.init)
    }

    /// Every element named `name` (namespace ignored) whose class is `className`, in document order.
    func elements(_ name: String, class className: String) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[local-name()='\(name)' and @class='\(className)']").compactMap {
            $0 as? XMLElement
        }
    }

    /// The rectangle of the cell at index path "s.i" (found by its tooltip).
    func cell(_ path: String) throws -> XMLElement? {
        try document.nodes(
            forXPath: "//*[local-name()='rect' and @class='cell']"
                + "[*[local-name()='title' and starts-with(., 'cell \(path) ')]]"
        ).first as? XMLElement
    }

    /// The text of every `<text>` element with class `className`.
    func texts(class className: String) throws -> [String] {
        try elements("text", class: className).map { $0.stringValue ?? "" }
    }

    /// The classes of the rectangles inside groups (the painted elements and the viewport), in document order.
    func paintedRectClasses() throws -> [String] {
        try document.nodes(forXPath: "//*[local-name()='g']/*[local-name()='rect']")
            .compactMap { ($0 as? XMLElement)?.string("class") }
    }

    /// The text of every `<text>` element.
    func allTexts() throws -> [String] {
        try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" }
    }
}

extension ParsedSVG: CustomTestStringConvertible {
    var testDescription: String { "ParsedSVG" }
}

extension XMLElement {
    /// An attribute's value. (FoundationXML's `attribute(forName:)` finds nothing in a document with a
    /// default namespace, so the attributes are searched by name.)
    func string(_ name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }

    /// An attribute as a number (0 when missing).
    func number(_ name: String) -> Double {
        string(name).flatMap(Double.init) ?? 0
    }
}
