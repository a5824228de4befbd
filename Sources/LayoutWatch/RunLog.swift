import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the log could not be opened or written.
public enum RunLogError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "cannot open the log \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write the log \(path): \(reason)"
        }
    }
}

/// Appends records to the JSON Lines log so that a crash at any moment leaves whole lines: each record is
/// one `write` on an `O_APPEND` descriptor (the kernel appends it whole, never interleaved) followed by
/// `fsync`. A last line torn by an earlier failure (power loss, a full disk) is closed with a newline
/// before the first new record, so new records always start on a fresh line; readers skip the torn one.
public final class RunLogWriter {
    public let path: String
    private let descriptor: Int32
    private var needsNewline: Bool
    private let encoder: JSONEncoder

    /// Whether the log ended in a torn line when it was opened.
    public let foundTornLine: Bool

    public init(path: String) throws(RunLogError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: error.localizedDescription)
            }
        }
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        foundTornLine = Self.endsWithoutNewline(path)
        needsNewline = foundTornLine
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    }

    deinit { close(descriptor) }

    /// Appends one record as one line, in one `write`, and syncs it to disk.
    public func append(_ record: RunRecord) throws(RunLogError) {
        var line: Data
        do {
            line = try encoder.encode(record)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot encode the record: \(error)")
        }
        line.append(0x0A)
        if needsNewline { line.insert(0x0A, at: 0) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written != line.count {
            // A short write (a full disk) may have left part of a line: start the next record afresh.
            let reason = written < 0 ? String(cString: strerror(errno)) : "wrote \(written) of \(line.count) bytes"
            needsNewline = written != 0
            throw .cannotWrite(path: path, reason: reason)
        }
        needsNewline = false
        if fsync(descriptor) != 0 {
            throw .cannotWrite(path: path, reason: "fsync: \(String(cString: strerror(errno)))")
        }
    }

    private static func endsWithoutNewline(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return false }
        var last: UInt8 = 0
        return pread(fd, &last, 1, size - 1) == 1 && last != 0x0A
    }
}

/// Reads the log back: every whole record, and the lines that are not (torn by a crash, or not a record),
/// which are skipped with a warning, never an error.
public enum RunLogReader {
    public struct Contents: Sendable {
        public var records: [RunRecord]
        /// 1-based numbers of the lines skipped.
        public var skippedLines: [Int]
    }

    public static func read(path: String) throws(RunLogError) -> Contents {
        guard FileManager.default.fileExists(atPath: path) else { return Contents(records: [], skippedLines: []) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cannotOpen(path: path, reason: error.localizedDescription)
        }
        return parse(data)
    }

    public static func parse(_ data: Data) -> Contents {
        let decoder = JSONDecoder()
        var records: [RunRecord] = [], skipped: [Int] = []
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            if let record = try? decoder.decode(RunRecord.self, from: Data(line)) {
                records.append(record)
            } else {
                skipped.append(index + 1)
            }
        }
        return Contents(records: records, skippedLines: skipped)
    }
}
