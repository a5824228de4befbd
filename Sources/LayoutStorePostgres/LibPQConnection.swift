// Only in a build with the Postgres trait (README "Optional parts"): it links the system's libpq.
#if Postgres
import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq, PostgreSQL's own C client, which the system ships
/// compiled (Debian `libpq-dev`) and which does TLS through the system's OpenSSL.
///
/// Why libpq and this small wrapper rather than PostgresNIO: PostgresNIO always builds swift-nio-ssl and
/// swift-crypto, two copies of BoringSSL (about 770 C files), which took more than two minutes of every fresh
/// build of the tests on two cores, for a store that sends a few statements per run (issue 33). libpq is
/// the library PostgreSQL itself maintains; what is written here is only the call into it.
///
/// libpq blocks. Every call runs on the connection's own serial queue, a Dispatch thread: never on one of
/// Swift concurrency's cooperative threads (as many as cores), which writers waiting on each other's locks
/// would otherwise hold. One statement at a time, as a PostgreSQL connection requires.
final class LibPQConnection: @unchecked Sendable {
    // Touched only on `queue`.
    private var handle: OpaquePointer?
    private let queue = DispatchQueue(label: "layoutbench.store.postgres")

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { if let handle { PQfinish(handle) } }

    /// Connects with libpq's keyword parameters (`host`, `port`, `user`, `password`, `dbname`, `sslmode`, …).
    /// Throws a `PostgresFailure` (connection lost) saying why the server could not be reached or refused.
    static func connect(_ parameters: [(keyword: String, value: String)]) async throws -> LibPQConnection {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try connectBlocking(parameters) })
            }
        }
    }

    private static func connectBlocking(_ parameters: [(keyword: String, value: String)]) throws -> LibPQConnection {
        let keywords = parameters.map { strdup($0.keyword) } + [nil]
        let values = parameters.map { strdup($0.value) } + [nil]
        defer { for pointer in keywords + values { free(pointer) } }
        let connected = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { v in
                PQconnectdbParams(k.baseAddress, v.baseAddress, 0)
            }
        }
        guard let connected else { throw PostgresFailure(message: "out of memory", connectionLost: true) }
        guard PQstatus(connected) == CONNECTION_OK else {
            let message = Self.text(PQerrorMessage(connected))
            PQfinish(connected)
            throw PostgresFailure(message: message, connectionLost: true)
        }
        // libpq prints the server's notices (`CREATE TABLE IF NOT EXISTS` on an existing table says so) on
        // standard error by default; a store has nothing to tell its user about them.
        PQsetNoticeProcessor(connected, { _, _ in }, nil)
        return LibPQConnection(handle: connected)
    }

    /// Runs `body` with the connection, on its queue. Statements run one after another, in call order.
    func perform<T: Sendable>(_ body: @escaping @Sendable (LibPQSession) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                guard let handle = self.handle else {
                    let closed = PostgresFailure(message: "the connection is closed", connectionLost: true)
                    continuation.resume(throwing: closed)
                    return
                }
                continuation.resume(with: Result { try body(LibPQSession(handle: handle)) })
            }
        }
    }

    /// Closes the connection (later calls fail). Safe to call twice.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                if let handle = self.handle { PQfinish(handle) }
                self.handle = nil
                continuation.resume()
            }
        }
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer).trimmingTrailingNewlines()
    }
}

/// The connection while a `perform` body runs on its queue: statements with parameters, results as text.
struct LibPQSession {
    let handle: OpaquePointer

    /// Runs one statement with `$1`, `$2`, … bound to `parameters` (nil is SQL NULL) and returns its rows.
    /// Text parameters go as text, for the server to read as the column or cast they meet; bytes as binary.
    /// - Throws: `PostgresFailure` with the server's message (and whether the connection was lost).
    @discardableResult
    func execute(_ sql: String, _ parameters: [PostgresValue?] = []) throws -> PostgresRows {
        var buffers: [[CChar]?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for parameter in parameters {
            switch parameter {
            case nil:
                buffers.append(nil); lengths.append(0); formats.append(0)
            case .text(let text)?:
                buffers.append(Array(text.utf8CString)); lengths.append(0); formats.append(0)
            case .bytes(let bytes)?:
                buffers.append(bytes.map { CChar(bitPattern: $0) }); lengths.append(Int32(bytes.count))
                formats.append(1)
            }
        }
        let result = withPointers(to: buffers) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 0)
        }
        guard let result else {
            throw PostgresFailure(message: LibPQConnection.text(PQerrorMessage(handle)), connectionLost: lost)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M")))
            let message = primary.map { String(cString: $0) } ?? LibPQConnection.text(PQresultErrorMessage(result))
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            throw PostgresFailure(message: message, sqlState: state, connectionLost: lost)
        }
        var rows: [[String?]] = []
        let columns = PQnfields(result)
        for row in 0..<PQntuples(result) {
            rows.append(
                (0..<columns).map { column in
                    PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
                })
        }
        return PostgresRows(rows: rows)
    }

    private var lost: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Runs `body` with a C array of pointers to `buffers` (nil stays a null pointer), valid for the call.
    private func withPointers<R>(to buffers: [[CChar]?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafePointer<CChar>?] = []
        func next(_ index: Int) -> R {
            guard index < buffers.count else { return body(pointers) }
            guard let buffer = buffers[index] else {
                pointers.append(nil)
                return next(index + 1)
            }
            return buffer.withUnsafeBufferPointer { bytes in
                pointers.append(bytes.baseAddress)
                return next(index + 1)
            }
        }
        return next(0)
    }
}

/// A statement's parameter.
enum PostgresValue {
    case text(String)
    case bytes([UInt8])

    static func int(_ value: Int64) -> PostgresValue { .text(String(value)) }
    static func int(_ value: Int) -> PostgresValue { .text(String(value)) }
    static func bool(_ value: Bool) -> PostgresValue { .text(value ? "true" : "false") }
}

/// A statement's rows, every value as the server's text (NULL as nil).
struct PostgresRows: Sendable {
    var rows: [[String?]]

    var isEmpty: Bool { rows.isEmpty }
    var count: Int { rows.count }

    func text(_ row: Int, _ column: Int) throws -> String {
        guard let value = rows[row][column] else {
            throw PostgresFailure(message: "unexpected NULL in column \(column)")
        }
        return value
    }

    func optionalText(_ row: Int, _ column: Int) -> String? { rows[row][column] }

    func int64(_ row: Int, _ column: Int) throws -> Int64 {
        let value = try text(row, column)
        guard let number = Int64(value) else { throw PostgresFailure(message: "not an integer: '\(value)'") }
        return number
    }

    func int(_ row: Int, _ column: Int) throws -> Int { Int(try int64(row, column)) }

    /// A boolean in the server's text form (`t` or `f`).
    func bool(_ row: Int, _ column: Int) throws -> Bool { try text(row, column) == "t" }

    /// A `bytea` in the server's hex output form (`\x0a1b…`, the default since PostgreSQL 9.0); nil for NULL.
    func bytes(_ row: Int, _ column: Int) throws -> [UInt8]? {
        guard let value = rows[row][column] else { return nil }
        let digits = Array(value.utf8)
        guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x"), digits.count % 2 == 0
        else {
            throw PostgresFailure(message: "a bytea value not in hex form (bytea_output = 'hex' is expected)")
        }
        func nibble(_ c: UInt8) throws -> UInt8 {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: throw PostgresFailure(message: "a bytea value with a character that is not a hex digit")
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2 - 1)
        var i = 2
        while i < digits.count {
            bytes.append(try nibble(digits[i]) << 4 | nibble(digits[i + 1]))
            i += 2
        }
        return bytes
    }
}

/// What libpq or the server said went wrong.
struct PostgresFailure: Error, CustomStringConvertible {
    var message: String
    /// The SQLSTATE code of a server error.
    var sqlState: String? = nil
    /// Whether the connection is gone (it could not be made, or broke).
    var connectionLost = false

    var description: String { message }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
#endif
