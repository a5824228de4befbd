import CompositionalLayout

/// Writes operations as replay files (docs/operations.md): one compact JSON object a line, read
/// back by `OperationsReader` into the same operations. Used to save random sequences and in messages.
public enum OperationsWriter {
    /// One operation as a JSON object, fields in the format's order, numbers round-tripping their Double.
    public static func line(_ operation: LayoutOperation) -> String {
        func n(_ value: Double) -> String { jsonNumber(value) }
        switch operation {
        case let .resize(width, height, environment):
            return #"{"op": "resize", "width": \#(n(width)), "height": \#(n(height))"# + environmentFields(environment)
                + "}"
        case let .measure(section, item, width, height):
            return
                #"{"op": "measure", "section": \#(section), "item": \#(item), "width": \#(n(width)), "height": \#(n(height))}"#
        case let .insertItems(section, at, count):
            return #"{"op": "insertItems", "section": \#(section), "at": \#(at), "count": \#(count)}"#
        case let .deleteItems(section, at, count):
            return #"{"op": "deleteItems", "section": \#(section), "at": \#(at), "count": \#(count)}"#
        case let .moveItem(from, to):
            return
                #"{"op": "moveItem", "from": [\#(from.section), \#(from.item)], "to": [\#(to.section), \#(to.item)]}"#
        case let .reloadItems(section, at, count):
            return #"{"op": "reloadItems", "section": \#(section), "at": \#(at), "count": \#(count)}"#
        case let .insertSections(at, definition, count, items):
            let reference: String
            switch definition {
            case .index(let index): reference = "\(index)"
            case .name(let name): reference = jsonString(name)
            }
            return
                #"{"op": "insertSections", "at": \#(at), "definition": \#(reference), "count": \#(count), "items": \#(items)}"#
        case let .deleteSections(at, count):
            return #"{"op": "deleteSections", "at": \#(at), "count": \#(count)}"#
        case let .moveSection(from, to):
            return #"{"op": "moveSection", "from": \#(from), "to": \#(to)}"#
        }
    }

    /// A whole replay file: one line per operation, each ending in a newline.
    public static func text(_ operations: [LayoutOperation]) -> String {
        operations.map { line($0) + "\n" }.joined()
    }
}
