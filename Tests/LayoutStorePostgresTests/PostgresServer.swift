// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Postgres
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL server for one test: Debian's binaries (`/usr/lib/postgresql/<version>/bin`), a fresh
/// data folder under the temporary folder (`initdb -A trust`), listening on a free loopback port only. Run as
/// the `postgres` user when the tests run as root (the server refuses root). Stopped and removed by `stop()`
/// (call it in a `defer`) or at deinit.
final class PostgresServer {
    /// Why no server could be started (the binaries are absent: `scripts/setup.sh` installs `postgresql`).
    struct Unavailable: Error, CustomStringConvertible { var description: String }

    let port: Int
    let folder: URL
    private let bin: URL
    private var process: Process?

    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

    /// Under CI (`CI` set, as `.ci/run` is run) a missing server is a failure, not a skip: setup installs it,
    /// so its absence means the integration tests would pass without testing anything.
    static var requiredByCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// The folder of Debian's PostgreSQL binaries, the newest version first; nil if none is installed.
    static var binaries: URL? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        return versions.map { URL(fileURLWithPath: "\(root)/\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("postgres").path) }
    }

    init() throws {
        guard let bin = Self.binaries else {
            throw Unavailable(
                description: "no PostgreSQL server binaries under /usr/lib/postgresql (run scripts/setup.sh)")
        }
        self.bin = bin
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else {
                throw Unavailable(description: "running as root and no postgres user")
            }
            chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        port = try Self.freePort()
        let data = folder.appendingPathComponent("data").path
        try Self.runToEnd(
            bin.appendingPathComponent("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"])
        let server = Self.process(
            bin.appendingPathComponent("postgres"),
            ["-D", data, "-p", String(port), "-k", folder.path, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"])
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        process = server
        // A bounded wait for the server to accept connections (pg_isready exits 0 then).
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let ready = Self.process(bin.appendingPathComponent("pg_isready"), ["-h", "127.0.0.1", "-p", String(port)])
            ready.standardOutput = FileHandle.nullDevice
            try ready.run()
            ready.waitUntilExit()
            if ready.terminationStatus == 0 { return }
            guard server.isRunning else { break }
            usleep(100_000)
        }
        stop()
        throw Unavailable(description: "the PostgreSQL server on port \(port) did not become ready")
    }

    deinit { stop() }

    /// Stops the server (fast shutdown, waited for) and removes its folder.
    func stop() {
        guard let server = process else { return }
        process = nil
        if server.isRunning {
            let data = folder.appendingPathComponent("data").path
            try? Self.runToEnd(bin.appendingPathComponent("pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"])
            if server.isRunning { server.terminate() }
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A port nothing listens on now (bound to 0 on loopback, then released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw Unavailable(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `tool arguments`, as the postgres user when we are root.
    static func process(_ tool: URL, _ arguments: [String]) -> Process {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", tool.path] + arguments
            // The postgres user may not enter the folder the tests run from (a clone in a 0700 folder): psql
            // then says "could not change directory" before its output. Run it from a folder anyone may enter.
            process.currentDirectoryURL = URL(fileURLWithPath: "/")
        } else {
            process.executableURL = tool
            process.arguments = arguments
        }
        return process
    }

    static func runToEnd(_ tool: URL, _ arguments: [String]) throws {
        _ = try output(tool, arguments)
    }

    /// Runs `tool arguments` to its end; its stdout and stderr, or an error with them if it failed.
    @discardableResult
    static func output(_ tool: URL, _ arguments: [String]) throws -> String {
        let process = process(tool, arguments)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "\(tool.lastPathComponent) failed: \(text)")
        }
        return text
    }
}
#endif
