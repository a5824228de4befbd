import Foundation

/// What a fuzz target does with its bytes, in one place: the libFuzzer executables of `Fuzz/` call `check`
/// and trap on a finding; `FuzzCaseTests` replays every kept input (`Tests/Fixtures/fuzz-cases/<target>/`)
/// through the same call and compares the outcome with the case's `.expect` file.
///
/// A check returns how the input was taken (`FuzzOutcome`: solved and consistent, refused with a located error,
/// or beyond the target's bounds) and throws `FuzzFinding` only for a real bug: a crash-free disagreement
/// between two things that must agree (the two solvers, a written form and its reading), or an error that
/// does not say where.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The spec reader, YAML and JSON (the text's first character chooses, as for a file of no extension).
    case read
    /// A spec solved by `ReferenceSolver` and by `LayoutEngine`: the same elements and frames, or the same error.
    case solve
    /// A spec, a line `%%`, then a replay file: after every operation the engine equals a fresh reference solve.
    case replay
    /// A `calc(…)` expression: parse, evaluate, write, parse again; the same expression and the same values.
    case calc
    /// The spec writer: read, write, read gives the same layout, and writing that gives the same text.
    case write

    /// Runs the target's check on one input.
    /// - Complexity: bounded by `FuzzBounds`: the reader's O(bytes), solves of at most `maxItems` items.
    public func check(_ data: Data) throws(FuzzFinding) -> FuzzOutcome {
        switch self {
        case .read: return try FuzzChecks.read(data)
        case .solve: return try FuzzChecks.solve(data)
        case .replay: return try FuzzChecks.replay(data)
        case .calc: return try FuzzChecks.calc(data)
        case .write: return try FuzzChecks.write(data)
        }
    }

    /// Runs the check and stops the process on a finding, as libFuzzer needs: the message goes to stderr first.
    public func checkOrTrap(_ bytes: UnsafeRawBufferPointer) {
        do {
            _ = try check(Data(bytes))
        } catch {
            FileHandle.standardError.write(Data("fuzz \(rawValue): \(error)\n".utf8))
            fatalError("fuzz \(rawValue): \(error)")
        }
    }
}

/// What the targets leave out so that every input is checked in well under a second (docs/spec-format.md
/// "Limits" gives the format's own limits; these are tighter, for fuzzing only).
public enum FuzzBounds {
    /// Most items a solved layout may hold: the reader refuses more (`--max-items`), before anything is solved.
    public static let maxItems = 4_096
    /// Most sections a solved layout may hold (a definition may repeat an empty section 10,000,000 times).
    public static let maxSections = 1_024
    /// Most operations of a replay input that are applied; the rest are ignored.
    public static let maxOperations = 32
}

/// How a check took an input. Its `description` is what a kept case's `.expect` file holds.
public enum FuzzOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Read (and solved, written, replayed) and every comparison held.
    case ok
    /// Refused with the error a user would see (for a spec: `fuzz:3:7: error: ...`, located).
    case rejected(String)
    /// Beyond `FuzzBounds`: read, then not solved.
    case bounded(String)

    public var description: String {
        switch self {
        case .ok: return "ok"
        case .rejected(let error): return error
        case .bounded(let what): return "bounded: " + what
        }
    }
}

/// A bug: what disagreed, with enough of the input's fate to find it again.
public struct FuzzFinding: Error, Hashable, Sendable, CustomStringConvertible {
    public var target: FuzzTarget
    public var message: String

    public init(_ target: FuzzTarget, _ message: String) {
        self.target = target
        self.message = message
    }

    public var description: String { "\(target.rawValue): \(message)" }
}

/// The checks, one file each (`FuzzChecks+Read.swift`, ...).
enum FuzzChecks {
    /// The name inputs are read under: errors start `fuzz:LINE:COLUMN: error:`.
    static let file = "fuzz"
}
