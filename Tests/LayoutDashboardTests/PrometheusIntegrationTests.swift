// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Dashboard
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real Prometheus (Debian's `prometheus`, on loopback) scrapes `layoutbench watch --serve` and answers
/// a query for one of its gauges.
@Suite("Prometheus scrapes watch --serve's /metrics", .serialized)
struct PrometheusIntegrationTests {
    static var prometheus: String? {
        (["/usr/bin"] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init))
            .map { "\($0)/prometheus" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A loopback port nothing listens on now: bound to port 0, read back, closed.
    static func freePort() -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// The query's series for `spec` with their values, from Prometheus's JSON (`data.result`).
    static func series(_ body: String, spec: String) -> [Double] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
            let data = object["data"] as? [String: Any], let result = data["result"] as? [[String: Any]]
        else { return [] }
        return result.compactMap { entry in
            guard let metric = entry["metric"] as? [String: String], metric["spec"] == spec,
                let value = entry["value"] as? [Any], value.count == 2, let text = value[1] as? String
            else { return nil }
            return Double(text)
        }
    }

    @Test("Prometheus reads the spec's median gauge back through its query API", .timeLimit(.minutes(2)))
    func scrapedByPrometheus() throws {
        guard let prometheus = Self.prometheus else {
            Issue.record("prometheus is not installed: run scripts/setup.sh as root (apt-get install -y prometheus)")
            return
        }
        let served = try ServeIntegrationTests.Served()
        #expect(waitUntil(timeout: 30) { served.port != nil && served.records.contains { $0.status == .ok } })
        guard let daemonPort = served.port, let port = Self.freePort() else {
            Issue.record("no bound address printed, or no free port: \(served.stderr)")
            return
        }
        let config = served.folder.appendingPathComponent("prometheus.yml")
        try Data(
            """
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: layoutbench
                static_configs:
                  - targets: ['127.0.0.1:\(daemonPort)']

            """.utf8
        ).write(to: config)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: prometheus)
        server.arguments = [
            "--config.file=\(config.path)",
            "--storage.tsdb.path=\(served.folder.appendingPathComponent("tsdb").path)",
            "--web.listen-address=127.0.0.1:\(port)",
        ]
        let log = served.folder.appendingPathComponent("prometheus.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        server.standardOutput = FileHandle.nullDevice
        server.standardError = try FileHandle(forWritingTo: log)
        try server.run()
        defer {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }

        var body = ""
        let found = waitUntil(timeout: 30) {
            body = RawHTTP.get(port: port, "/api/v1/query?query=layoutbench_scenario_median_seconds").body
            return Self.series(body, spec: "a.yaml").contains { $0 > 0 }
        }
        let prometheusLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(found, "last answer: \(body)\nprometheus: \(prometheusLog.suffix(2000))")
        #expect(server.isRunning && served.process.isRunning)
        // The daemon's own health, through the hook: one spec watched, nothing waiting.
        let metrics = RawHTTP.get(port: daemonPort, "/metrics").body
        #expect(
            metrics.contains("layoutbench_watched_specs 1.0\n") || metrics.contains("layoutbench_watched_specs 1\n"),
            "\(metrics)")
        #expect(metrics.contains("layoutbench_runs_total{spec=\"a.yaml\",status=\"ok\"}"), "\(metrics)")
    }
}
#endif
