import Foundation
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("result file")
struct ResultSchemaTests {
    @Test("encode then decode gives the same report")
    func roundTrip() throws {
        let report = Fixtures.report([
            Fixtures.result(samples: Fixtures.samples(median: 40_000, seed: 1)),
            Fixtures.result(
                scenario: "query", threads: 2, samples: [1, 2, 3], rounds: [2, 1], calibration: [9, 9, 8],
                calibrationRounds: [1, 2]),
        ])
        let decoded = try BenchReport.decode(try report.jsonData(), path: "memory")
        #expect(decoded == report)
    }

    @Test("the warm-up and CPU-window fields round-trip, and a file without them (older) still loads")
    func warmupFields() throws {
        var result = Fixtures.result(samples: [10, 20, 30])
        result.warmupSpentSamples = 1_234
        result.warmupSpentNs = 100_500_000
        result.steadyState = false
        result.cpuWindowNs = 61
        let report = Fixtures.report([result])
        let decoded = try BenchReport.decode(try report.jsonData(), path: "memory")
        #expect(decoded.results.first?.steadyState == false)
        #expect(decoded.results.first?.warmupSpentSamples == 1_234)
        // The same file with the new keys taken out, as an older bench wrote it.
        var json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        var first = try #require((json["results"] as? [[String: Any]])?.first)
        for key in ["warmupSpentSamples", "warmupSpentNs", "steadyState", "cpuWindowNs"] {
            #expect(first.removeValue(forKey: key) != nil, "\(key) was not written")
        }
        json["results"] = [first]
        let old = try BenchReport.decode(try JSONSerialization.data(withJSONObject: json), path: "old")
        let loaded = try #require(old.results.first)
        #expect(loaded.steadyState == nil && loaded.warmupSpentNs == nil && loaded.cpuWindowNs == nil)
        #expect(loaded.cpuPerWall == 1)  // the old way: CPU over the samples' wall total
    }

    @Test("the public fields other tools read are at the top level of each result")
    func publicFields() throws {
        let report = Fixtures.report([Fixtures.result(samples: [10, 20, 30])])
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        #expect(json["schema"] as? String == "layoutbench-results")
        #expect(json["version"] as? Int == 1)
        let result = try #require((json["results"] as? [[String: Any]])?.first)
        for key in ["spec", "items", "scenario", "threads", "samplesNs", "summaryNs", "memory"] {
            #expect(result[key] != nil, "missing \(key)")
        }
        let summary = try #require(result["summaryNs"] as? [String: Any])
        for key in ["min", "median", "p90", "p99", "max"] { #expect(summary[key] != nil, "missing summaryNs.\(key)") }
        let memory = try #require(result["memory"] as? [String: Any])
        for key in ["allocatedBytes", "allocations", "residentBytesPerItem"] {
            #expect(memory[key] != nil, "missing memory.\(key)")
        }
        #expect(result["samplesNs"] as? [Int] == [10, 20, 30])
        let machine = try #require(json["machine"] as? [String: Any])
        for key in ["cpu", "cores", "memoryBytes", "os"] { #expect(machine[key] != nil, "missing machine.\(key)") }
    }

    @Test("written to a file and loaded back")
    func fileRoundTrip() throws {
        let path = try Fixtures.directory().appendingPathComponent("run.json").path
        let report = Fixtures.report([Fixtures.result(samples: [5, 6, 7])])
        try report.write(to: path)
        #expect(try BenchReport.load(path: path) == report)
    }

    @Test("a missing file, another schema, another version and bad content are told apart")
    func errors() throws {
        let dir = try Fixtures.directory()
        #expect(throws: ResultFileError.missing(path: "/nonexistent/run.json")) {
            try BenchReport.load(path: "/nonexistent/run.json")
        }
        let cases: [(String, ResultFileError)] = [
            ("not json", .unreadable(path: "x", reason: "not JSON")),
            (#"{"schema": "something-else", "version": 1}"#, .wrongSchema(path: "x", found: "something-else")),
            (#"[1, 2]"#, .wrongSchema(path: "x", found: nil)),
            (#"{"schema": "layoutbench-results", "version": 2}"#, .versionMismatch(path: "x", found: 2, expected: 1)),
        ]
        for (text, expected) in cases {
            #expect(throws: expected) { try BenchReport.decode(Data(text.utf8), path: "x") }
        }
        let malformed = #"{"schema": "layoutbench-results", "version": 1, "results": []}"#
        do {
            _ = try BenchReport.decode(Data(malformed.utf8), path: "x")
            Issue.record("a file without its fields decoded")
        } catch {
            guard case .malformed = error else { Issue.record("expected malformed, got \(error)"); return }
        }
        _ = dir
    }

    @Test("content hash: FNV-1a 64 of the bytes, 16 hex digits")
    func contentHash() {
        #expect(ContentHash.fnv1a64("") == "cbf29ce484222325")
        #expect(ContentHash.fnv1a64("a") == "af63dc4c8601ec8c")
    }
}
