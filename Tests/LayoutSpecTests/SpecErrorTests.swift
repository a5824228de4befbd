import CompositionalLayout
import Foundation
import Testing

@testable import LayoutSpec

/// One test per kind of mistake: the code, the place (line, column, path) and the suggestion are checked.
@Suite struct SpecErrorTests {
    @Test func misspeltKeySuggestsTheNearestKey() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                contentInset: 8
                list: { appearance: plain }
            """
        let error = try #require(specError(yaml: yaml, file: "photo.yaml"))
        #expect(error.code == .unknownKey)
        #expect(error.line == 5)
        #expect(error.column == 5)
        #expect(error.path == "sections[0]")
        #expect(error.suggestion == "contentInsets")
        #expect(
            error.description == """
                photo.yaml:5:5: error: unknown key 'contentInset' in section definition at sections[0]; did you mean \
                'contentInsets'? Allowed keys: name, count, items, group, list, contentInsets, interGroupSpacing, \
                orthogonalScrollingBehavior, boundarySupplementaryItems, decorationItems, supplementariesFollowContentInsets, variants.
                """)
    }

    @Test func unknownKeyFarFromAnyHasNoSuggestionButSaysWhereItBelongs() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                interItemSpacing: 8
                list: { appearance: plain }
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .unknownKey)
        #expect(error.suggestion == nil)
        #expect(error.message == "unknown key 'interItemSpacing' in section definition (it is a key of group)")
        #expect((error.line, error.column) == (5, 5))
    }

    @Test func misspeltDimensionSuggestsTheFunction() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                group:
                  horizontal:
                    size: { width: fractionalWidht(0.5), height: absolute(44) }
                    subitems:
                      - item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } }
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .invalidValue)
        #expect(error.suggestion == "fractionalWidth")
        #expect((error.line, error.column) == (7, 24))
        #expect(error.path == "sections[0].group.horizontal.size.width")
        #expect(error.allowed?.contains("fractionalWidth(f)") == true)
    }

    @Test func misspeltEnumerationValueSuggestsTheValue() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                orthogonalScrollingBehavior: continous
                list: { appearance: plain }
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .invalidValue)
        #expect(error.suggestion == "continuous")
        #expect((error.line, error.column, error.path) == (5, 34, "sections[0].orthogonalScrollingBehavior"))
    }

    @Test func subitemsWithRepeatingSubitemContradict() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                group:
                  vertical:
                    size: { width: fractionalWidth(1), height: absolute(100) }
                    subitems:
                      - item: { size: { width: fractionalWidth(1), height: absolute(50) } }
                    repeatingSubitem:
                      item: { size: { width: fractionalWidth(1), height: absolute(50) } }
                    count: 2
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .contradictoryKeys)
        #expect((error.line, error.column) == (10, 9))
        #expect(error.path == "sections[0].group.vertical")
        #expect(error.message == "'subitems' and 'repeatingSubitem' cannot be used together")
    }

    @Test func otherContradictions() throws {
        let groupAndList = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                list: { appearance: plain }
                group: { custom: { size: { width: 10, height: 10 }, frames: [[0, 0, 10, 10]] } }
            """
        let e1 = try #require(specError(yaml: groupAndList))
        #expect((e1.code, e1.line, e1.column, e1.path) == (.contradictoryKeys, 6, 5, "sections[0]"))

        let edges = spec(
            section: """
                items: 1
                group:
                  horizontal:
                    size: { width: 10, height: 10 }
                    subitems:
                      - item:
                          size: { width: 10, height: 10 }
                          supplementaryItems:
                            - { elementKind: badge, size: { width: 1, height: 1 }, containerAnchor: { edges: [top, bottom] } }
                """)
        let e2 = try #require(specError(yaml: edges))
        #expect(e2.code == .contradictoryKeys)
        #expect(
            e2.path == "sections[0].group.horizontal.subitems[0].item.supplementaryItems[0].containerAnchor.edges[1]")
        #expect(e2.line == 12)

        let offsets = spec(
            section: """
                items: 1
                group:
                  horizontal:
                    size: { width: 10, height: 10 }
                    supplementaryItems:
                      - elementKind: badge
                        size: { width: 1, height: 1 }
                        containerAnchor: { edges: [top], absoluteOffset: { x: 0, y: 0 }, fractionalOffset: { x: 1, y: 1 } }
                    subitems: [{ item: { size: { width: 10, height: 10 } } }]
                """)
        let e3 = try #require(specError(yaml: offsets))
        #expect(e3.code == .contradictoryKeys)
        #expect(e3.path == "sections[0].group.horizontal.supplementaryItems[0].containerAnchor")
        #expect((e3.line, e3.column) == (11, 78))
    }

    @Test func duplicateHeaderKind() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                boundarySupplementaryItems:
                  - { elementKind: header, size: { width: fractionalWidth(1), height: absolute(30) }, alignment: top }
                list: { appearance: plain, headerMode: supplementary }
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .duplicateElementKind)
        #expect((error.line, error.column) == (7, 44))
        #expect(error.path == "sections[0].list.headerMode")
        #expect(error.message.contains("'header'"))
        #expect(error.message.contains("sections[0].boundarySupplementaryItems[0].elementKind (line 6, column 24)"))
    }

    @Test func duplicateKindsCountWhatIsInForceTogether() throws {
        let head = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                list: { appearance: plain }
                boundarySupplementaryItems:
                  - { elementKind: title, size: { width: 10, height: 10 }, alignment: top }

            """
        // A variant adding a decoration of the same kind clashes with the own boundary item.
        let clash =
            head + """
                    variants:
                      - when: { minWidth: 600 }
                        decorationItems: [{ elementKind: title }]
                """
        let error = try #require(specError(yaml: clash))
        #expect(error.code == .duplicateElementKind)
        #expect(error.path == "sections[0].variants[0].decorationItems[0].elementKind")
        #expect(error.message.contains("when variants[0] is in force"))
        // A variant replacing the boundary items with its own `title` does not.
        let replace =
            head + """
                    variants:
                      - boundarySupplementaryItems: [{ elementKind: title, size: { width: 10, height: 20 }, alignment: bottom }]
                """
        #expect(specError(yaml: replace) == nil)
        // Anchors expanded twice are two declarations.
        let aliased = spec(
            section: """
                items: 1
                group:
                  horizontal:
                    size: { width: 10, height: 10 }
                    subitems:
                      - item: &cell
                          size: { width: 1, height: 1 }
                          supplementaryItems: [{ elementKind: dot, size: { width: 1, height: 1 }, containerAnchor: { edges: [] } }]
                      - item: *cell
                """)
        #expect(specError(yaml: aliased)?.code == .duplicateElementKind)
        // The layout's own boundary items are unique among themselves.
        let layoutLevel = """
            version: 1
            container: { width: 390, height: 844 }
            layout:
              boundarySupplementaryItems:
                - { elementKind: banner, size: { width: 10, height: 10 }, alignment: top }
                - { elementKind: banner, size: { width: 10, height: 10 }, alignment: bottom }
            sections: [{ items: 1, list: { appearance: plain } }]
            """
        let e4 = try #require(specError(yaml: layoutLevel))
        #expect(
            (e4.code, e4.line, e4.path) == (
                .duplicateElementKind, 6, "layout.boundarySupplementaryItems[1].elementKind"
            ))
    }

    @Test func uniformAcrossSiblingsIsUnsupported() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 3
                list: { appearance: plain }
                uniformAcrossSiblings: true
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .unsupportedFeature)
        #expect((error.line, error.column, error.path) == (6, 5, "sections[0]"))
        #expect(error.message.contains("not in version 1"))

        let dimension = spec(
            section: """
                items: 1
                list: { appearance: plain, rowHeight: uniformAcrossSiblings(44) }
                """)
        let e2 = try #require(specError(yaml: dimension))
        #expect((e2.code, e2.path) == (.unsupportedFeature, "sections[0].list.rowHeight"))
    }

    /// Every feature of docs/layout-rules.md §8 is unsupported, wherever it is written; never a mere unknown key.
    @Test(arguments: [
        "contentInsetsReference: safeArea", "supplementaryContentInsetsReference: layoutMargins",
        "visibleItemsInvalidationHandler: true", "layoutDirection: rightToLeft", "safeAreaInsets: 10",
        "orthogonalScrollingProperties: { decelerationRate: fast }", "targetContentOffset: 0",
    ])
    func sectionEightFeatures(_ line: String) throws {
        let yaml =
            "version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - items: 1\n    \(line)\n    list: { appearance: plain }\n"
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .unsupportedFeature)
        #expect((error.line, error.column) == (5, 5))
        // Found first even where another error would come before it.
        let early = "version: 1\nlayout: { \(line) }\n"
        #expect(specError(yaml: early)?.code == .unsupportedFeature)
    }

    @Test func billionLaughsIsRejectedQuickly() throws {
        var yaml = "version: 1\nlol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml +=
                "lol\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let clock = ContinuousClock()
        var error: SpecError?
        let elapsed = clock.measure { error = specError(yaml: yaml + "sections: *a9\n") }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("billion laughs") == true)
        #expect(error?.path == "lol5[7]")  // the anchors alone pass the budget before `sections`
        #expect(error.map { $0.line != nil && $0.line! <= 11 } == true)
        #expect(elapsed < .seconds(3))

        // The same bomb used as mapping keys, which hash-based YAML loaders never finish.
        let keys = clock.measure { error = specError(yaml: yaml + "m: { *a9 : 1, *a8 : 2 }\n") }
        #expect(error?.code == .limitExceeded)
        #expect(keys < .seconds(3))
    }

    @Test func recursiveAliasIsAnError() throws {
        let error = try #require(specError(yaml: "version: 1\nsections: &s [ { items: 1 }, *s ]\n"))
        #expect(error.code == .syntax)
        #expect((error.line, error.column) == (2, 30))
        #expect(error.message.contains("'*s'"))
    }

    @Test func nonUTF8BytesAreLocated() throws {
        var bytes = Array("version: 1\nname: caf".utf8)
        bytes += [0xE9]  // Latin-1 é
        bytes += Array("\ncontainer: { width: 1, height: 1 }\n".utf8)
        do {
            _ = try SpecReader.read(data: Data(bytes), file: "latin1.yaml")
            Issue.record("non-UTF-8 bytes were accepted")
        } catch {
            #expect(error.code == .invalidEncoding)
            #expect((error.line, error.column) == (2, 10))
            #expect(error.message == "the byte 0xE9 is not UTF-8")
        }
        #expect(SpecReader.firstInvalidUTF8([0xC0, 0x80]) == 0)  // overlong
        #expect(SpecReader.firstInvalidUTF8([0x41, 0xED, 0xA0, 0x80]) == 1)  // surrogate
        #expect(SpecReader.firstInvalidUTF8(Array("héllo ✓ 🎉".utf8)) == nil)
        // A UTF-8 byte-order mark is fine.
        let withMark = Data([0xEF, 0xBB, 0xBF] + Array(try SharedSpecs.text("examples/E1.yaml").utf8))
        #expect(try SpecReader.read(data: withMark, file: "E1.yaml").name == "E1-square-grid")
    }

    @Test func yamlSyntaxErrorIsLocated() throws {
        let yaml = "version: 1\ncontainer:\n  width: 390\n height: 844\nsections: []\n"
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .syntax)
        #expect((error.line, error.column) == (4, 2))
        #expect(error.message.contains("did not find expected key"))
        #expect(error.path == "")  // the inner map has ended: the root expects its next key
        let inList = try #require(specError(yaml: "version: 1\nsections:\n  - items: 1\n  - items: [1, 2\n"))
        #expect((inList.code, inList.path) == (.syntax, "sections[1].items[2]"))
        let control = try #require(specError(yaml: "version: 1\nname: a\u{0}b\n"))
        #expect((control.code, control.line, control.column) == (.syntax, 2, 8))
        let unclosed = try #require(specError(yaml: "version: 1\nname: \"abc\nsections: []\n"))
        #expect((unclosed.code, unclosed.line, unclosed.column) == (.syntax, 4, 1))
        #expect(unclosed.message.contains("quoted scalar started at line 2, column 7"))
    }

    @Test func countZeroIsOutOfRange() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - count: 0
                items: 3
                list: { appearance: plain }
            """
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .outOfRange)
        #expect((error.line, error.column, error.path) == (4, 12, "sections[0].count"))
        #expect(error.allowed == "count is from 1 to 10,000,000")
        let big = yaml.replacingOccurrences(of: "count: 0", with: "count: 20000000")
        #expect(specError(yaml: big)?.code == .limitExceeded)
        let fraction = yaml.replacingOccurrences(of: "count: 0", with: "count: 1.5")
        #expect(specError(yaml: fraction)?.code == .wrongType)
    }

    @Test func rangesOfValues() throws {
        func code(_ section: String) -> SpecError.Code? { specError(yaml: spec(section: section))?.code }
        let list = "list: { appearance: plain }"
        #expect(code("items: 3\ncontentInsets: -1\n\(list)") == .outOfRange)
        #expect(code("items: 3\ninterGroupSpacing: -8\n\(list)") == nil)  // negative spacing is allowed
        #expect(code("items: 3\ninterGroupSpacing: 2000000\n\(list)") == .limitExceeded)
        #expect(code("items: -1\n\(list)") == .outOfRange)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: estimated(0) }") == .outOfRange)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: absolute(0) }") == nil)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: fractionalWidth(0) }") == .outOfRange)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: fractionalWidth(2000) }") == .limitExceeded)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: fractionalWidth(1/0) }") == .invalidValue)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: absolute(2e6) }") == .limitExceeded)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: -5 }") == .outOfRange)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: .inf }") == .outOfRange)
        #expect(code("items: 3\nlist: { appearance: plain, rowHeight: \"44\" }") == .wrongType)
        #expect(code("items: 3\ndecorationItems: [{ elementKind: bg, zIndex: 1.5 }]\n\(list)") == .wrongType)
        #expect(code("items: 3\ndecorationItems: [{ elementKind: \"\" }]\n\(list)") == .outOfRange)
        let custom = "items: 1\ngroup: { custom: { size: { width: 1, height: 1 }, frames: FRAMES } }"
        #expect(code(custom.replacingOccurrences(of: "FRAMES", with: "[]")) == .outOfRange)
        #expect(code(custom.replacingOccurrences(of: "FRAMES", with: "[[0, 0, 1]]")) == .wrongType)
        #expect(code(custom.replacingOccurrences(of: "FRAMES", with: "[[-3, 0, 1, -1]]")) == .outOfRange)
        #expect(code(custom.replacingOccurrences(of: "FRAMES", with: "[[-3, 0, 1, 1]]")) == nil)

        let scale = try #require(
            specError(
                yaml:
                    "version: 1\ncontainer: { width: 1, height: 1, displayScale: 11 }\nsections: [{ items: 1, \(list) }]\n"
            ))
        #expect((scale.code, scale.path) == (.limitExceeded, "container.displayScale"))
        let sizing = try #require(
            specError(
                yaml:
                    "version: 1\ncontainer: { width: 1, height: 1 }\nselfSizing: { height: { min: 50, max: 40 } }\nsections: [{ items: 1, \(list) }]\n"
            ))
        #expect((sizing.code, sizing.path, sizing.line, sizing.column) == (.outOfRange, "selfSizing.height.max", 3, 39))
        let version = try #require(
            specError(yaml: "version: 3\ncontainer: { width: 1, height: 1 }\nsections: [{ items: 1, \(list) }]\n"))
        #expect((version.code, version.path) == (.unsupportedFeature, "version"))
        let empty = try #require(specError(yaml: "version: 1\ncontainer: { width: 1, height: 1 }\nsections: []\n"))
        #expect((empty.code, empty.path) == (.outOfRange, "sections"))
    }

    @Test func totalItemsHaveALimit() throws {
        let yaml = spec(section: "count: 10\nitems: 100\nlist: { appearance: plain }")
        #expect(specError(yaml: yaml, maxItems: 1000) == nil)
        let error = try #require(specError(yaml: yaml, maxItems: 999))
        #expect((error.code, error.path) == (.limitExceeded, "sections[0]"))
        #expect(error.message.contains("1,000 items"))
    }

    @Test func missingKeys() throws {
        let noItems = try #require(specError(yaml: spec(section: "list: { appearance: plain }")))
        #expect(
            (noItems.code, noItems.path, noItems.message) == (
                .missingKey, "sections[0]", "missing key 'items' in section definition"
            ))
        let noContent = try #require(
            specError(yaml: spec(section: "items: 1\nvariants: [{ when: { minWidth: 3 }, interGroupSpacing: 1 }]")))
        #expect((noContent.code, noContent.line, noContent.column) == (.missingKey, 4, 5))
        // Content in some variant only is legal: it fails when solved at a width no variant covers.
        #expect(
            specError(
                yaml: spec(section: "items: 1\nvariants: [{ when: { minWidth: 3 }, list: { appearance: plain } }]"))
                == nil)
        let noVersion = try #require(specError(yaml: "container: { width: 1, height: 1 }\n"))
        #expect((noVersion.code, noVersion.message) == (.missingKey, "missing key 'version'"))
        let noSize = try #require(
            specError(yaml: spec(section: "items: 1\ngroup: { horizontal: { subitems: [{ item: {} }] } }")))
        #expect((noSize.code, noSize.path) == (.missingKey, "sections[0].group.horizontal"))
        let noCount = try #require(
            specError(
                yaml: spec(
                    section:
                        "items: 1\ngroup: { horizontal: { size: { width: 1, height: 1 }, subitem: { item: { size: { width: 1, height: 1 } } } } }"
                )))
        #expect((noCount.code, noCount.message) == (.missingKey, "'subitem' needs 'count' in horizontal group"))
    }

    @Test func wrongTypes() throws {
        let error = try #require(specError(yaml: "version: 1\ncontainer: { width: \"390\", height: 844 }\n"))
        #expect((error.code, error.line, error.column, error.path) == (.wrongType, 2, 21, "container.width"))
        #expect(error.allowed == "write numbers without quotes")
        let node = try #require(
            specError(
                yaml: spec(
                    section: "items: 1\ngroup: { horizontal: { size: { width: 1, height: 1 }, subitems: [ 3 ] } }")))
        #expect((node.code, node.path) == (.wrongType, "sections[0].group.horizontal.subitems[0]"))
        let yes = try #require(
            specError(
                yaml: spec(section: "items: 1\nsupplementariesFollowContentInsets: yes\nlist: { appearance: plain }")))
        #expect(
            (yes.code, yes.message) == (
                .wrongType, "expected true or false (supplementariesFollowContentInsets), found the string 'yes'"
            ))
        let two = try #require(
            specError(yaml: spec(section: "items: 1\ngroup: { item: { size: { width: 1, height: 1 } }, custom: {} }")))
        #expect((two.code, two.path) == (.contradictoryKeys, "sections[0].group"))
    }

    @Test func duplicateKeysAreLocatedAtTheSecond() throws {
        let yaml = try #require(specError(yaml: "version: 1\ncontainer: { width: 390, height: 844, width: 3 }\n"))
        #expect((yaml.code, yaml.line, yaml.column) == (.duplicateKey, 2, 39))
        #expect(yaml.message == "duplicate key 'width' (first at line 2, column 14)")
        #expect(yaml.path == "container")
        // Large maps are indexed; the answer is the same.
        let many = (1...20).map { "k\($0): \($0)" }.joined(separator: "\n") + "\nk3: again\n"
        let large = try #require(specError(yaml: many))
        #expect((large.code, large.line, large.column) == (.duplicateKey, 21, 1))
        #expect(large.message == "duplicate key 'k3' (first at line 3, column 1)")
        let json = try #require(specError(json: "{\"version\": 1,\n \"container\": {\"width\": 1, \"width\": 2}}"))
        #expect((json.code, json.line, json.column, json.path) == (.duplicateKey, 2, 28, "container"))
    }

    @Test func jsonErrorsNameTheirPath() throws {
        let json = """
            {"version": 1, "container": {"width": 390, "height": 844},
             "sections": [
              {"items": 1, "list": {"appearance": "plain"}},
              {"items": 1, "list": {"appearance": "plain"}},
              {"items": 1, "group": {"horizontal": {"size": {"width": "fractionalWidth(1)", "height": "absolute(44)"},
                 "subitems": [{"item": {"size": {"width": 10, "height": "tall"}}}]}}}
             ]}
            """
        let error = try #require(specError(json: json, file: "feed.json"))
        #expect(error.code == .invalidValue)
        #expect(error.path == "sections[2].group.horizontal.subitems[0].item.size.height")
        #expect((error.line, error.column) == (6, 61))
        #expect(
            error.description.hasPrefix(
                "feed.json:6:61: error: 'tall' is not a valid form for the height of the item at sections[2].group.horizontal.subitems[0].item.size.height."
            ))

        let syntax = json.replacingOccurrences(of: "\"width\": 10, \"height\"", with: "\"width\": 10 \"height\"")
        let e2 = try #require(specError(json: syntax))
        #expect(e2.code == .syntax)
        #expect(e2.path == "sections[2].group.horizontal.subitems[0].item.size")
        #expect((e2.line, e2.column) == (6, 50))
    }

    @Test func nestingIsLimited() throws {
        let deepYAML =
            "version: 1\nsections: " + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
            + "\n"
        let yaml = try #require(specError(yaml: deepYAML))
        #expect((yaml.code, yaml.line) == (.limitExceeded, 2))
        let block = try #require(
            specError(yaml: "version: 1\nsections:\n" + String(repeating: "- ", count: 150) + "x\n"))
        #expect((block.code, block.line, block.column) == (.limitExceeded, 3, 199))
        let deepJSON = "{\"version\": 1, \"sections\": " + String(repeating: "[", count: 200_000) + "}"
        let json = try #require(specError(json: deepJSON))
        #expect(json.code == .limitExceeded)
        #expect(json.path.hasPrefix("sections[0][0][0]"))
        // Depth through aliases counts too.
        var chained = "version: 1\na0: &a0 [x]\n"
        for level in 1...120 { chained += "a\(level): &a\(level) [*a\(level - 1)]\n" }
        #expect(specError(yaml: chained)?.code == .limitExceeded)
    }

    @Test func unreadableFiles() throws {
        do {
            _ = try SpecReader.read(contentsOf: "/nonexistent/dir/spec.yaml")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.code == .io)
            #expect(error.file == "/nonexistent/dir/spec.yaml")
            #expect(error.line == nil)
            #expect(error.description == "/nonexistent/dir/spec.yaml: error: no such file")
        }
        #expect(specError(yaml: "")?.code == .missingKey)
        #expect(specError(yaml: "# nothing\n")?.code == .missingKey)
        #expect(specError(json: "  ")?.code == .missingKey)
        #expect(specError(yaml: "version: 1\n---\nversion: 1\n")?.code == .syntax)
    }

    /// Truncated and damaged specs never crash the reader: every prefix of a spec, and byte-level damage.
    @Test func damagedInputNeverCrashes() throws {
        for name in ["examples/E2.yaml", "realistic/photo-library.yaml"] {
            let text = try SharedSpecs.text(name)
            let scalars = Array(text.unicodeScalars)
            for end in stride(from: 0, to: scalars.count, by: 7) {
                var prefix = ""
                prefix.unicodeScalars.append(contentsOf: scalars[..<end])
                if let error = specError(yaml: prefix) {
                    #expect(error.line.map { $0 >= 1 } ?? false, "\(name) cut at \(end): \(error)")
                }
                _ = specError(json: jsonPrefix(prefix))
            }
        }
        var state: UInt64 = 7
        let base = Array(try SharedSpecs.text("realistic/social-feed.yaml").utf8)
        let json = Array(jsonText(try yamlTree(String(decoding: base, as: UTF8.self))).utf8)
        let alphabet = Array("{}[],:-&*!|>'\"#\n \t0123456789.e/()xyz".utf8)
        for round in 0..<600 {
            var bytes = round % 2 == 0 ? base : json
            for _ in 0..<(1 + round % 5) {
                state = SelfSizing.splitmix64(state)
                let at = Int(state % UInt64(bytes.count))
                let replacement = alphabet[Int((state >> 32) % UInt64(alphabet.count))]
                if state & 0x10000 == 0 { bytes[at] = replacement } else { bytes.remove(at: at) }
            }
            do {
                _ = try SpecReader.read(
                    data: Data(bytes), file: round % 2 == 0 ? "f.yaml" : "f.json",
                    format: round % 2 == 0 ? .yaml : .json)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    private func jsonPrefix(_ text: String) -> String {
        "{\"version\": 1, \"name\": " + jsonStringLiteral(text) + ", \"sections\": [" + String(text.prefix(40))
    }
}

@Suite struct SuggestionTests {
    @Test func editDistance() {
        #expect(Suggestions.editDistance("fractionalwidht", "fractionalwidth") == 1)
        #expect(Suggestions.editDistance("contentinset", "contentinsets") == 1)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
    }

    @Test func onlyCloseCandidatesAreSuggested() {
        let keys = SpecKeys.sectionDefinition.keys
        #expect(Suggestions.nearest(to: "itmes", in: keys) == "items")
        #expect(Suggestions.nearest(to: "Variants", in: keys) == "variants")
        #expect(Suggestions.nearest(to: "groups", in: keys) == "group")
        #expect(Suggestions.nearest(to: "banana", in: keys) == nil)
        #expect(Suggestions.nearest(to: "left", in: SpecValues.edges) == "leading")
    }
}
