import CompositionalLayout
import Foundation
import LayoutSpec

extension FuzzChecks {
    /// The spec writer's promise (`SpecWriter`): a layout the reader accepts is written as a spec that reads
    /// back to the same layout, and writing that layout again gives the same text.
    static func write(_ data: Data) throws(FuzzFinding) -> FuzzOutcome {
        let layout: CollectionLayout
        switch try readSpec(data, .write) {
        case .success(let read): layout = read
        case .failure(let error): return .rejected(error.description)
        }
        let text = SpecWriter.yaml(layout)
        let again: CollectionLayout
        do {
            again = try SpecReader.read(yaml: text, file: "written.yaml")
        } catch {
            throw FuzzFinding(.write, "the written spec does not read: \(error)\n--- written:\n\(text)")
        }
        guard again == layout else {
            throw FuzzFinding(
                .write,
                "the written spec reads as another layout\n--- written:\n\(text)"
                    + "\n--- read back, written:\n\(SpecWriter.yaml(again))")
        }
        let second = SpecWriter.yaml(again)
        guard second == text else {
            throw FuzzFinding(
                .write,
                "writing the read-back layout gives other text\n"
                    + "--- first:\n\(text)\n--- second:\n\(second)")
        }
        return .ok
    }
}
