import CompositionalLayout
import Foundation
import Testing

@testable import LayoutSpec

/// What the libyaml binding (CLibYAML) must give whatever the text's spelling: line breaks, tabs, a
/// byte-order mark, non-ASCII text before an error, aliases as keys. Errors keep SpecError's units: lines of
/// the file and columns in Unicode scalars, as libyaml's marks count them.
@Suite struct YAMLTextTests {
    private let sections = "sections: [{ items: 1, list: { appearance: plain } }]\n"

    @Test func crlfLineBreaksReadLikeLF() throws {
        let text = try SharedSpecs.text("examples/E1.yaml")
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try SpecReader.read(yaml: crlf, file: "E1.yaml") == SpecReader.read(yaml: text, file: "E1.yaml"))
        let error = try #require(specError(yaml: "version: 1\r\ncontainer: { width: \"390\", height: 844 }\r\n"))
        #expect((error.code, error.line, error.column) == (.wrongType, 2, 21))
    }

    @Test func tabsSeparateButDoNotIndent() throws {
        let tabbed = "version:\t1\ncontainer: {\twidth: 390,\theight: 844 }\t# tab\n"
        let separated = try SpecReader.read(yaml: tabbed + sections)
        #expect(separated.container == LayoutContainer(width: 390, height: 844))
        // YAML forbids tabs in indentation: a syntax error at the tab.
        let error = try #require(specError(yaml: "version: 1\ncontainer:\n\twidth: 390\n"))
        #expect((error.code, error.line, error.column) == (.syntax, 3, 1))
    }

    @Test func byteOrderMarkInTextIsSkipped() throws {
        let text = try SharedSpecs.text("examples/E1.yaml")
        #expect(try SpecReader.read(yaml: "\u{FEFF}" + text).name == "E1-square-grid")
        let error = try #require(specError(yaml: "\u{FEFF}version: 1\ncontainer: { width: \"390\", height: 844 }\n"))
        #expect((error.code, error.line, error.column) == (.wrongType, 2, 21))
    }

    /// libyaml counts characters, not bytes: `é` and `✓` are one column each (two and three bytes in UTF-8).
    @Test func columnsCountUnicodeScalars() throws {
        let value = try #require(specError(yaml: "{ version: 1, name: é✓, container: { width: \"1\", height: 1 } }\n"))
        #expect((value.code, value.line, value.column) == (.wrongType, 1, 45))
        let quoted = try #require(specError(yaml: "version: 1\nname: \"é✓\" x\n"))
        #expect((quoted.code, quoted.line, quoted.column) == (.syntax, 2, 12))
    }

    @Test func stringAliasesServeAsKeys() throws {
        let aliased = "version: 1\nname: &w width\ncontainer: { *w : 390, height: 844 }\n"
        let layout = try SpecReader.read(yaml: aliased + sections)
        #expect(layout.container == LayoutContainer(width: 390, height: 844))
        let error = try #require(specError(yaml: "version: 1\nname: &m { a: 1 }\ncontainer: { *m : 390 }\n"))
        #expect((error.code, error.line, error.column) == (.wrongType, 3, 14))
        #expect(error.message == "alias '*m' used as a mapping key refers to a map")
    }
}
