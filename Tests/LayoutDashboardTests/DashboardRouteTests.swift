// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Dashboard
import BenchResults
import Foundation
import LayoutWatch
import Logging
import Testing

@testable import LayoutDashboard

#if canImport(Glibc)
import Glibc
#endif

@Suite("the dashboard's address, routes and robustness")
struct DashboardRouteTests {
    @Test("--serve takes [HOST:]PORT; a remote host needs --allow-remote")
    func addresses() throws {
        #expect(try DashboardAddress(parsing: "8080", allowRemote: false) == .init(host: "127.0.0.1", port: 8080))
        #expect(try DashboardAddress(parsing: "127.0.0.2:0", allowRemote: false) == .init(host: "127.0.0.2", port: 0))
        #expect(try DashboardAddress(parsing: "[::1]:9", allowRemote: false) == .init(host: "::1", port: 9))
        #expect(throws: DashboardError.remoteNeedsFlag(host: "0.0.0.0")) {
            try DashboardAddress(parsing: "0.0.0.0:8080", allowRemote: false)
        }
        #expect(try DashboardAddress(parsing: "0.0.0.0:8080", allowRemote: true).host == "0.0.0.0")
        for bad in ["", "x", "70000", "host:", ":80", "[::1]8080", "-1"] {
            #expect(throws: DashboardError.badAddress(bad)) { try DashboardAddress(parsing: bad, allowRemote: false) }
        }
    }

    static func record(_ spec: String, status: RunStatus, hash: String, error: RecordedError? = nil) -> RunRecord {
        RunRecord(
            time: "2026-11-25T10:00:00.000Z", spec: spec, specHash: hash, status: status, error: error, duration: 0.1)
    }

    @Test("/, /fragment and /spec/N.svg answer from the state; traversal and unknown paths are 404")
    func routes() async throws {
        let state = DashboardState()
        await state.apply(
            DashboardUpdate(
                record: Self.record("/w/a.yaml", status: .ok, hash: "h1"), relativePath: "a.yaml",
                pictureSVG: "<svg id=\"pic-a\"></svg>"))
        await state.apply(
            DashboardUpdate(
                record: Self.record(
                    "/w/b.yaml", status: .error, hash: "h2",
                    error: RecordedError(message: "unknown key itemz", file: "/w/b.yaml", line: 4, column: 5)),
                relativePath: "b.yaml", pictureSVG: nil))
        let port = try await DashboardServer.start(
            address: .init(host: "127.0.0.1", port: 0), state: state, logger: Logger(label: "test"))
        // Every request asked again while unanswered, within a bound (`getAnswered`): a loaded machine.
        let page = await offPool { RawHTTP.getAnswered(port: port, "/") }
        #expect(page.status == 200)
        #expect(page.body.contains("<h2>a.yaml</h2>") && page.body.contains("EventSource('/events')"))
        #expect(page.body.contains("b.yaml:4:5: unknown key itemz"), "\(page.body)")
        #expect(
            await offPool { RawHTTP.getAnswered(port: port, "/fragment") }.body.contains("src=\"/spec/0.svg?v=h1\""))
        #expect(await offPool { RawHTTP.getAnswered(port: port, "/spec/0.svg") } == (200, "<svg id=\"pic-a\"></svg>"))
        for path in [
            "/spec/1.svg", "/spec/2.svg", "/spec/-1.svg", "/spec/0", "/../etc/passwd", "/%2e%2e/", "/%2e%2e/etc/passwd",
            "/spec/..%2f..%2fetc%2fpasswd", "/spec/../../etc/passwd", "/etc/passwd", "/nope", "/index.html",
            "/metrics/x", "/metricsx",
        ] {
            let response = await offPool { RawHTTP.getAnswered(port: port, path) }
            #expect(response.status == 404, "\(path): \(response.status)")
            #expect(!response.body.contains("root:"), "\(path)")
        }
    }

    @Test("/events sends an event when a run ends and when a spec turns invalid; a stalled client holds no one up")
    func events() async throws {
        let state = DashboardState()
        let port = try await DashboardServer.start(
            address: .init(host: "127.0.0.1", port: 0), state: state, logger: Logger(label: "test"))
        // A client that asks for events and never reads them.
        let stalled = try await offPool { try RawSocket(port: port) }
        stalled.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        let listener = try await offPool { try RawSocket(port: port) }
        listener.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await offPool { listener.read(until: "retry: 1000") }.contains("text/event-stream"))
        #expect(await waitFor { await state.subscriberCount == 2 })
        let feed = DashboardFeed()
        Task { await state.consume(feed) }
        for index in 0..<1_000 {
            feed.publish(
                DashboardUpdate(
                    record: Self.record("/w/a.yaml", status: .ok, hash: "h\(index)"), relativePath: "a.yaml",
                    pictureSVG: nil))
        }
        feed.publish(
            DashboardUpdate(
                record: Self.record(
                    "/w/a.yaml", status: .error, hash: "bad", error: RecordedError(message: "x", line: 1, column: 2)),
                relativePath: "a.yaml", pictureSVG: nil))
        let received = await offPool { listener.read(until: "event: invalid") }
        #expect(received.contains("event: run\ndata: {\"version\":"))
        #expect(received.contains("event: invalid\ndata: {\"version\":1001,\"spec\":0}"), "\(received.suffix(300))")
        #expect(await state.version == 1001)
    }

    func waitFor(_ condition: () async -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }
}

/// Runs blocking socket work on a Dispatch thread, so it never holds one of the few threads the server's
/// tasks need.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
}

/// A client socket kept open, for streams.
final class RawSocket: @unchecked Sendable {
    let fd: Int32
    private var received = [UInt8]()

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if connected != 0 { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the text so far contains `marker` or 10 s pass; returns all read so far.
    func read(until marker: String) -> String {
        // A bound for a server that never sends the marker, not a wait: it returns when the marker arrives.
        // 10 s was too short on a loaded 2-core machine (1,001 events, 2026-11-29: failed after 198 s of a
        // suite run beside release builds; under a second alone).
        let deadline = Date().addingTimeInterval(60)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            if String(decoding: received, as: UTF8.self).contains(marker) { break }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { received += buffer[0..<count] } else if count == 0 { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    deinit { close(fd) }
}
#endif
