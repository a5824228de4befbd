// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Dashboard
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; returns whether it held.
@discardableResult
func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// Raw TCP on loopback, so a test sends exactly the bytes it means (no client normalises `/../`).
enum RawHTTP {
    /// Connects to 127.0.0.1:`port`, sends `bytes`, optionally half-closes, and reads until the server
    /// closes or 5 s pass. Returns what was read ("" if the connection failed).
    static func exchange(port: Int, _ bytes: [UInt8], read: Bool = true, halfClose: Bool = true) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
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
        guard connected == 0 else { return "" }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if halfClose { shutdown(fd, Int32(SHUT_WR)) }
        guard read else { return "" }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// `GET path` with `Connection: close`; the status code and the body.
    static func get(port: Int, _ path: String) -> (status: Int, body: String) {
        let response = exchange(
            port: port, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        let statusLine = response.prefix { $0 != "\r" }.split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? -1 : -1
        let body = response.range(of: "\r\n\r\n").map { String(response[$0.upperBound...]) } ?? ""
        return (status, body)
    }

    /// `get`, asked again while no answer came (status -1: the read timed out or the connection failed), for at
    /// most `seconds`: on a loaded machine (the whole suite on 2 cores) one answer can outlast a read timeout.
    /// Any answer, 404 included, is returned as it is.
    static func getAnswered(port: Int, _ path: String, seconds: Double = 60) -> (status: Int, body: String) {
        var response = get(port: port, path)
        let deadline = Date().addingTimeInterval(seconds)
        while response.status == -1 && Date() < deadline { response = get(port: port, path) }
        return response
    }

    /// 1,000 malformed requests of several kinds: raw garbage, bad request lines, truncated headers, bodies
    /// that never come, connections opened and dropped. Each is sent and its connection closed.
    static func malformedRequests() -> [[UInt8]] {
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let fixed: [String] = [
            "GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "GET /\r\n", "GET / HTTP/1.1\r\nHost",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nshort",
            "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "\r\n\r\n\r\n", "GET /\0 HTTP/1.1\r\n\r\n",
            "GET " + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 2_000),
        ]
        return (0..<1000).map { index in
            if index % 2 == 0 { return Array(fixed[(index / 2) % fixed.count].utf8) }
            return (0..<Int(next() % 300 + 1)).map { _ in UInt8(truncatingIfNeeded: next()) }
        }
    }
}
#endif
