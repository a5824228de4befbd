import Foundation

/// Specs and files the CLI tests write into their own temporary directories (never the shared fixtures, which
/// move with the rules).
enum TestSpecs {
    /// Two grid sections (one definition, count 2) of 4 half-width cells, then a definition with only a
    /// narrow variant: it solves at 390 points and fails at any width over 600 at `sections[1]`.
    static let variants = """
        version: 1
        container: { width: 390, height: 844 }
        sections:
          - name: grid
            count: 2
            items: 4
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitems: [ { item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } } ]
          - name: narrow
            items: 3
            variants:
              - when: { maxWidth: 600 }
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(44) }
                    subitems: [ { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } } ]
        """
    /// Where `sections[1]` of `variants` is written.
    static let variantsNarrowPosition = "11:5"
    /// The cells `variants` has at 390 points: 4 + 4 + 3.
    static let variantsCells = 11

    /// A fine definition, then one whose tiny items would repeat past the 10,000,000-item limit (`sections[1]`).
    static let runaway = """
        version: 1
        container: { width: 1000000, height: 844 }
        sections:
          - count: 2
            items: 2
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(44) }
                subitems: [ { item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } } ]
          - name: tiny
            items: 5
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(44) }
                subitems: [ { item: { size: { width: absolute(0.001), height: fractionalHeight(1) } } } ]
        """
    static let runawayTinyPosition = "10:5"
}

/// A test's own temporary directory and the files it writes there.
struct Workspace {
    let directory: URL

    init() throws {
        directory = try CLI.temporaryDirectory()
    }

    /// Writes `text` to `name` in the directory and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let path = self.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
}
