import CompositionalLayout
import Foundation
import LayoutSpec
import Testing

/// Replay files (docs/operations.md): every op and field of the format's table is read, and every
/// mistake is an error naming the file, the line (the column where known) and what is allowed.
@Suite("Operations reader")
struct OperationsReaderTests {
    @Test func readsEveryOperation() throws {
        let text = """
            {"op": "resize", "width": 844, "height": 390.5}
            {"op": "measure", "section": 0, "item": 3, "width": 100, "height": 0}

            {"op": "insertItems", "section": 1, "at": 0, "count": 2}
            {"op": "deleteItems", "section": 1, "at": 4, "count": 1}\r
            {"op": "moveItem", "from": [0, 2], "to": [1, 0]}
               \t
            {"op": "reloadItems", "section": 0, "at": 1, "count": 3}
            {"count": 1, "op": "insertSections", "at": 2, "definition": 0, "items": 0}
            {"op": "insertSections", "at": 0, "definition": "busy day", "count": 2, "items": 30}
            {"op": "deleteSections", "at": 1, "count": 1}
            """
        let operations = try OperationsReader.read(text: text, file: "ops.jsonl")
        #expect(operations.map(\.line) == [1, 2, 4, 5, 6, 8, 9, 10, 11])
        #expect(
            operations.map(\.operation) == [
                .resize(width: 844, height: 390.5),
                .measure(section: 0, item: 3, width: 100, height: 0),
                .insertItems(section: 1, at: 0, count: 2),
                .deleteItems(section: 1, at: 4, count: 1),
                .moveItem(
                    from: CompositionalLayout.IndexPath(section: 0, item: 2),
                    to: CompositionalLayout.IndexPath(section: 1, item: 0)),
                .reloadItems(section: 0, at: 1, count: 3),
                .insertSections(at: 2, definition: .index(0), count: 1, items: 0),
                .insertSections(at: 0, definition: .name("busy day"), count: 2, items: 30),
                .deleteSections(at: 1, count: 1),
            ])
    }

    @Test func emptyFileHasNoOperations() throws {
        #expect(try OperationsReader.read(text: "", file: "empty.jsonl").isEmpty)
        #expect(try OperationsReader.read(text: "\n  \n\n", file: "blank.jsonl").isEmpty)
    }

    /// Each bad line: the error's code, line, column, and words its description must hold.
    @Test(
        arguments: [
            (
                "{\"op\": \"resiz\", \"width\": 1, \"height\": 2}", SpecError.Code.invalidValue, 8,
                ["unknown op 'resiz'", "did you mean 'resize'?", "Ops: resize, measure"]
            ),
            (
                "{\"op\": \"moveItems\", \"from\": [0, 0], \"to\": [0, 1]}", .invalidValue, 8,
                ["did you mean 'moveItem'?"]
            ),
            ("{\"width\": 1, \"height\": 2}", .missingKey, 1, ["no \"op\" field"]),
            ("{\"op\": 3}", .wrongType, 8, ["\"op\" is the number 3"]),
            (
                "{\"op\": \"resize\", \"width\": 1}", .missingKey, 1,
                ["resize needs the field 'height'", "Fields of resize: op, width, height"]
            ),
            (
                "{\"op\": \"resize\", \"width\": 1, \"heigth\": 2}", .unknownKey, 30,
                ["unknown field 'heigth' of resize", "did you mean 'height'?"]
            ),
            (
                "{\"op\": \"resize\", \"width\": \"wide\", \"height\": 2}", .wrongType, 27,
                ["'width' of resize is the string 'wide'"]
            ),
            (
                "{\"op\": \"resize\", \"width\": -1, \"height\": 2}", .outOfRange, 27,
                ["'width' of resize is -1", "from 0 to 1000000"]
            ),
            (
                "{\"op\": \"resize\", \"width\": 2000000, \"height\": 2}", .limitExceeded, 27,
                ["'width' of resize is 2000000"]
            ),
            (
                "{\"op\": \"insertItems\", \"section\": 0, \"at\": 0, \"count\": 0}", .outOfRange, 55,
                ["'count' of insertItems is 0", "An integer from 1 to 10000000"]
            ),
            (
                "{\"op\": \"deleteItems\", \"section\": 0, \"at\": 1.5, \"count\": 1}", .wrongType, 43,
                ["'at' of deleteItems is 1.5, not a whole number"]
            ),
            (
                "{\"op\": \"reloadItems\", \"section\": -2, \"at\": 0, \"count\": 1}", .outOfRange, 34,
                ["'section' of reloadItems is -2", "from 0"]
            ),
            (
                "{\"op\": \"insertItems\", \"section\": 0, \"at\": 0, \"count\": 20000000}", .limitExceeded, 55,
                ["'count' of insertItems is 20000000"]
            ),
            (
                "{\"op\": \"moveItem\", \"from\": [0], \"to\": [0, 1]}", .wrongType, 28,
                ["'from' of moveItem has 1 value", "A pair [section, item]"]
            ),
            (
                "{\"op\": \"moveItem\", \"from\": [0, 1], \"to\": {\"section\": 0}}", .wrongType, 42,
                ["'to' of moveItem is a map"]
            ),
            (
                "{\"op\": \"moveItem\", \"from\": [0, -1], \"to\": [0, 1]}", .outOfRange, 32,
                ["'from[1]' of moveItem is -1"]
            ),
            (
                "{\"op\": \"insertSections\", \"at\": 0, \"definition\": true, \"count\": 1, \"items\": 1}", .wrongType,
                49, ["'definition' of insertSections is true", "or a section definition's name"]
            ),
            (
                "{\"op\": \"insertSections\", \"at\": 0, \"definition\": \"\", \"count\": 1, \"items\": 1}",
                .invalidValue, 49, ["an empty name"]
            ),
            (
                "{\"op\": \"insertSections\", \"at\": 0, \"definition\": 0, \"count\": 1, \"items\": -1}", .outOfRange,
                73, ["'items' of insertSections is -1", "from 0"]
            ),
            ("{\"op\": \"deleteSections\", \"at\": 0}", .missingKey, 1, ["deleteSections needs the field 'count'"]),
            ("[\"resize\", 1, 2]", .wrongType, 1, ["a replay line is a list", "one JSON object"]),
            ("{\"op\": \"resize\", \"width\": 1, \"height\": 2", .syntax, nil, []),
            ("{\"op\": \"resize\", \"width\": 1, \"width\": 2, \"height\": 2}", .duplicateKey, nil, []),
        ] as [(String, SpecError.Code, Int?, [String])])
    func badLinesAreLocatedErrors(_ line: String, _ code: SpecError.Code, _ column: Int?, _ words: [String]) {
        // The bad line is line 3, after a good line and a blank one.
        let text =
            "{\"op\": \"resize\", \"width\": 1, \"height\": 2}\n\n" + line
            + "\n{\"op\": \"resize\", \"width\": 3, \"height\": 4}\n"
        do {
            let operations = try OperationsReader.read(text: text, file: "ops.jsonl")
            Issue.record("expected an error, read \(operations)")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.file == "ops.jsonl")
            #expect(error.line == 3, "\(error)")
            if let column { #expect(error.column == column, "\(error)") }
            #expect(error.description.hasPrefix("ops.jsonl:3:"), "\(error)")
            for word in words { #expect(error.description.contains(word), "'\(word)' not in: \(error)") }
        }
    }

    @Test func readsFilesAndReportsMissingOnes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ops-\(UUID().uuidString).jsonl")
        try Data("{\"op\": \"deleteSections\", \"at\": 0, \"count\": 1}\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try OperationsReader.read(contentsOf: url.path).map(\.operation) == [.deleteSections(at: 0, count: 1)])
        #expect {
            try OperationsReader.read(contentsOf: url.path + ".missing")
        } throws: { error in
            (error as? SpecError)?.code == .io
        }
    }

    @Test func rejectsBytesThatAreNotUTF8() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ops-\(UUID().uuidString).jsonl")
        try Data([0x7B, 0xFF, 0x7D, 0x0A]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try OperationsReader.read(contentsOf: url.path)
        } throws: { error in
            (error as? SpecError)?.code == .invalidEncoding && (error as? SpecError)?.line == 1
        }
    }
}
