import GRDB

/// The store's tables, built by numbered migrations so an older file is brought up to date when it is
/// opened (and a newer file refuses this build rather than being misread).
///
/// Samples are kept as one little-endian UInt64 blob per result (`SampleBlob`), not one row per sample: a
/// one-second bench keeps up to 10,000 samples per scenario, and rows of them would make each insert and
/// each history query hundreds of times larger for no query that needs them one by one.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-runs-specs-results") { db in
            try db.create(table: "runs") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("createdAt", .text).notNull()
                t.column("machine", .text).notNull()  // MachineInfo JSON
                t.column("cpu", .text).notNull()
                t.column("toolchain", .text).notNull()  // ToolchainInfo JSON
                t.column("gitCommit", .text).notNull()
                t.column("dirty", .boolean).notNull()
                t.column("label", .text)
                t.column("origin", .text).notNull()
                t.column("runInfo", .text).notNull()  // RunInfo JSON
                t.column("skipped", .text)  // [String] JSON
            }
            try db.create(table: "specs") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("run", inTable: "runs", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("source", .text).notNull()
                t.column("items", .integer).notNull()
                t.column("sections", .integer).notNull()
                t.column("contentHash", .text).notNull()
            }
            try db.create(table: "results") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("run", inTable: "runs", onDelete: .cascade).notNull()
                t.column("spec", .text).notNull()
                t.column("specHash", .text).notNull()
                t.column("scenario", .text).notNull()
                t.column("threads", .integer).notNull()
                t.column("medianNs", .integer).notNull()
                t.column("detail", .text).notNull()  // ScenarioResult JSON without its samples
            }
            try db.create(table: "samples") { t in
                t.belongsTo("result", inTable: "results", onDelete: .cascade).notNull().unique()
                t.column("timesNs", .blob).notNull()
                t.column("calibrationNs", .blob)
            }
            try db.create(table: "baselines") { t in
                t.primaryKey("name", .text)
                t.belongsTo("run", inTable: "runs", onDelete: .cascade).notNull()
                t.column("namedAt", .text).notNull()
            }
        }
        // History and "previous run of this spec" look runs up by spec source or name.
        migrator.registerMigration("v2-spec-lookup-indexes") { db in
            try db.create(index: "specs_on_source", on: "specs", columns: ["source"])
            try db.create(index: "specs_on_name", on: "specs", columns: ["name"])
        }
        // `history --branch`: the branch a run was recorded on (older runs have none).
        migrator.registerMigration("v3-runs-branch") { db in
            try db.alter(table: "runs") { t in t.add(column: "branch", .text) }
        }
        // A run's content id (`RunKey`): a retried `push` of the same result is stored once. Runs stored
        // before this migration have none (NULL), which a unique index allows any number of times.
        migrator.registerMigration("v4-runs-key") { db in
            try db.alter(table: "runs") { t in t.add(column: "runKey", .text) }
            try db.create(index: "runs_on_runKey", on: "runs", columns: ["runKey"], unique: true)
        }
        return migrator
    }

    /// Every migration this build knows, in order.
    static var identifiers: [String] { migrator.migrations }
}

/// Samples as little-endian UInt64 bytes (both stores keep them so).
public enum SampleBlob {
    /// Complexity: O(values).
    public static func encode(_ values: [UInt64]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 8)
        for value in values {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Complexity: O(bytes); a trailing partial value is dropped.
    public static func decode(_ bytes: [UInt8]) -> [UInt64] {
        stride(from: 0, to: bytes.count - bytes.count % 8, by: 8).map { start in
            var value: UInt64 = 0
            for offset in 0..<8 { value |= UInt64(bytes[start + offset]) << (8 * UInt64(offset)) }
            return value
        }
    }
}
