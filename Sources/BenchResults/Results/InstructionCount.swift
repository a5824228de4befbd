/// Instructions per operation of one scenario, counted under valgrind (`bench --metric instructions`).
///
/// The count brackets only the operations (`runSample`, plus any test-only extra work), not their
/// preparation, set-up or start-up: callgrind collects between two client requests (`CCallgrind`), so the
/// number is exact and repeats from run to run (the child runs with deterministic hashing and one thread).
public struct InstructionCount: Codable, Hashable, Sendable {
    /// Instructions executed by `operations` operations, as callgrind's `totals:` line gave them.
    public var total: UInt64
    public var operations: Int
    /// The tool that counted: "callgrind".
    public var tool: String

    public init(total: UInt64, operations: Int, tool: String = "callgrind") {
        self.total = total
        self.operations = operations
        self.tool = tool
    }

    public var perOperation: Double { operations == 0 ? 0 : Double(total) / Double(operations) }
}
