import CompositionalLayout
import Testing

@testable import LayoutSpec

/// docs/spec-format.md "Version 2": the keys read into the model, located errors, and the writer's round trip.
@Suite struct Version2ReaderTests {
    let v2 = """
        version: 2
        name: env
        container: { width: 844, height: 390, layoutDirection: rightToLeft,
                     safeAreaInsets: { leading: 47, trailing: 47 }, readableWidth: 600,
                     traits: { horizontalSizeClass: regular, contentSizeCategory: accessibilityLarge } }
        layout: { contentInsetsReference: layoutMargins, interSectionSpacing: "calc(max(8, width / 40))" }
        selfSizing: { cycle: [{ height: 60 }, { width: 12.5 }, {}] }
        sections:
          - items: 4
            contentInsets: { leading: calc(0.055 * width), top: 4 }
            supplementaryContentInsetsReference: none
            variants:
              - when: { widthAbove: 800, horizontalSizeClass: regular, contentSizeCategoryAtLeast: large }
                contentInsetsReference: readableContent
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: estimated(calc(height / 4)) }
                    subitems:
                      - item: { size: { width: fractionalWidth(0.5), height: uniformAcrossSiblings(50) } }
              - list: { appearance: plain, headerMode: supplementary, headerTopPadding: automatic }
        """

    @Test func readsEveryKey() throws {
        let layout = try SpecReader.read(yaml: v2)
        #expect(layout.container.layoutDirection == .rightToLeft)
        #expect(layout.container.safeAreaInsets == EdgeInsets(leading: 47, trailing: 47))
        #expect(layout.container.readableWidth == 600)
        #expect(
            layout.container.traits
                == LayoutTraits(horizontalSizeClass: .regular, preferredContentSizeCategory: .accessibilityLarge))
        #expect(layout.configuration.contentInsetsReference == .layoutMargins)
        #expect(layout.selfSizing?.cycle == [.init(height: 60), .init(width: 12.5), .init()])
        let definition = layout.sections[0]
        #expect(definition.fields.supplementaryContentInsetsReference == SpecVersion2Expect.none)
        #expect(definition.variants[0].when?.widthAbove == 800)
        #expect(definition.variants[0].fields.contentInsetsReference == .readableContent)
        #expect(
            layout.computedValues.map(\.path) == [
                "layout.interSectionSpacing", "sections[0].contentInsets.leading",
                "sections[0].variants[0].group.horizontal.size.height",
            ])
        guard case .list(let list)? = definition.variants[1].fields.content else { Issue.record("no list"); return }
        #expect(list.headerTopPadding == .automatic)
    }

    @Test func writerRoundTripsVersion2() throws {
        let layout = try SpecReader.read(yaml: v2)
        let text = SpecWriter.yaml(layout)
        #expect(text.hasPrefix("version: 2\n"))
        var again = try SpecReader.read(yaml: text)
        again.name = layout.name
        #expect(again == layout)
    }

    @Test func calcIsEvaluatedAtTheEffectiveSize() throws {
        let layout = try SpecReader.read(yaml: v2)
        // Layout margins: 20 + 47 on each side at W 844, so the effective width is 844 − 134 = 710.
        #expect(layout.effectiveContentSize.width == 710)
        let resolved = try layout.resolvedForEnvironment()
        #expect(resolved.computedValues.isEmpty)
        #expect(resolved.configuration.interSectionSpacing == 710.0 / 40)
        #expect(resolved.sections[0].fields.contentInsets?.leading == 0.055 * 710)
    }

    @Test func version2KeyInVersion1NamesTheVersion() throws {
        let yaml =
            "version: 1\ncontainer: { width: 390, height: 844, safeAreaInsets: 10 }\n"
            + "sections: [{ items: 1, list: { appearance: plain } }]\n"
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .unsupportedFeature)
        #expect(error.message.contains("'safeAreaInsets' needs version: 2"))
        #expect((error.line, error.column) == (2, 39))
        let calc =
            "version: 1\ncontainer: { width: 390, height: 844 }\n"
            + "sections: [{ items: 1, contentInsets: calc(width), list: { appearance: plain } }]\n"
        let e2 = try #require(specError(yaml: calc))
        #expect(e2.code == .unsupportedFeature)
        #expect(e2.path == "sections[0].contentInsets")
        #expect(e2.message.contains("needs version: 2"))
    }

    @Test func namesAndElementKindsAreTextEvenWhenTheyHoldCalc() throws {
        // Found by fuzzing `write`: a name is the user's words; `calc(` in it is no version 2 value.
        let yaml = """
            version: 1
            name: totals-calc(v1
            container: { width: 390, height: 844 }
            sections:
              - name: "fractionalWidth(calc(width))"
                items: 1
                boundarySupplementaryItems:
                  - { elementKind: "calc(1", size: { width: fractionalWidth(1), height: absolute(30) }, alignment: top }
                list: { appearance: plain }
            """
        let layout = try SpecReader.read(yaml: yaml)
        #expect(layout.name == "totals-calc(v1")
        #expect(layout.computedValues.isEmpty)
        let written = SpecWriter.yaml(layout)
        #expect(written.hasPrefix("version: 1\n"))
        #expect(try SpecReader.read(yaml: written).name == "totals-calc(v1")
        // The same text as a value is still version 2's.
        let asValue = yaml.replacingOccurrences(of: "absolute(30)", with: "absolute(calc(30))")
        let error = try #require(specError(yaml: asValue))
        #expect(error.message.contains("needs version: 2"))
        #expect(error.path.hasSuffix("size.height"))
    }

    @Test func calcThatDoesNotParsePointsAtTheCharacter() throws {
        let yaml =
            "version: 2\ncontainer: { width: 390, height: 844 }\n"
            + "sections: [{ items: 1, interGroupSpacing: calc(2 * wdth), list: { appearance: plain } }]\n"
        let error = try #require(specError(yaml: yaml))
        #expect(error.code == .invalidValue)
        #expect(error.path == "sections[0].interGroupSpacing")
        #expect(error.message.contains("unknown name 'wdth'"))
        #expect(error.message.contains("at character 10"))
        // The value starts at column 43; its 10th character is the 'w' of wdth.
        #expect((error.line, error.column) == (3, 52))
        let unclosed =
            "version: 2\ncontainer: { width: 390, height: 844 }\n"
            + "sections: [{ items: 1, interGroupSpacing: \"calc((1 + 2)\", list: { appearance: plain } }]\n"
        #expect(specError(yaml: unclosed)?.code == .invalidValue)
    }

    @Test func calcOutOfRangeIsASolveTimeError() throws {
        let yaml =
            "version: 2\ncontainer: { width: 390, height: 844 }\n"
            + "sections: [{ items: 1, interGroupSpacing: calc(1 / (width - 390)), list: { appearance: plain } }]\n"
        let layout = try SpecReader.read(yaml: yaml)
        #expect(throws: LayoutError.self) { try layout.resolvedForEnvironment() }
        #expect(
            try layout.withContainer(width: 400).resolvedForEnvironment().sections[0].fields.interGroupSpacing == 0.1)
    }

    @Test func cycleExcludesSeededRanges() throws {
        let yaml =
            "version: 2\ncontainer: { width: 390, height: 844 }\nselfSizing: { cycle: [{ height: 1 }], seed: 3 }\n"
            + "sections: [{ items: 1, list: { appearance: plain } }]\n"
        #expect(specError(yaml: yaml)?.code == .contradictoryKeys)
    }
}

/// `.none` of `ContentInsetsReference`, spelt out so it is not read as Optional.none.
enum SpecVersion2Expect {
    static let none: ContentInsetsReference? = ContentInsetsReference.none
}
