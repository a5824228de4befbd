import Foundation
import SeededRandom
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

/// `bench --paired-speedup`: the lock-step of 1 thread against N, on synthetic timings (known speed-up, a
/// machine whose speed drifts) and on a real small layout.
@Suite("paired speed-up")
struct PairedSpeedupsTests {
    /// A synthetic pair of sides: side 1 is `speedup` times faster than side 0 at every moment, the machine's
    /// speed changes by up to 2× from one pair of batches to the next (a mode lasting one pair), and each
    /// batch has ±2 % noise of its own.
    final class DriftingMachine {
        var rng = BenchRandom(seed: 7)
        var calls: [(side: Int, samples: Int)] = []
        var mode = 1.0
        let speedup: Double

        init(speedup: Double) { self.speedup = speedup }

        func time(_ side: Int, _ samples: Int) -> Double {
            calls.append((side, samples))
            // A new mode every second batch: both batches of a pair meet the same one.
            if calls.count % 2 == 1 { mode = 1 + Double(rng.next() % 1_000) / 1_000 }
            let noise = 0.98 + 0.04 * Double(rng.next() % 1_000) / 1_000
            return 1_000_000 * mode * noise / (side == 0 ? 1 : speedup)
        }
    }

    func paired(pairsPerSetUp: Int = 8) -> PairedSpeedups {
        var paired = PairedSpeedups(scenarios: [.full], threads: [1, 2], configuration: RunnerConfiguration())
        paired.pairsPerSetUp = pairsPerSetUp
        return paired
    }

    @Test("a 1.8x speed-up on a machine drifting by 2x between pairs: estimated within 2 %, inside the interval")
    func drift() throws {
        let machine = DriftingMachine(speedup: 1.8)
        let paired = paired()
        let medians = try (0..<4).map { _ in PairedSpeedups.median(try paired.pairs(time: machine.time).logs) }
        let result = paired.combine(medians, batch: 1)
        #expect(abs(result.speedup / 1.8 - 1) < 0.02, "\(result)")
        #expect(result.lower <= 1.8 && 1.8 <= result.upper, "\(result)")
        // The interval reflects the 2 % batch noise, not the 2x drift.
        #expect(result.upper / result.lower < 1.05, "\(result)")
        #expect(result.setUps == 4 && result.pairs == 32 && result.confidence == 0.95)
    }

    @Test("set-ups that differ (two copies of a layout in other places): the interval widens to cover them")
    func setUpsDiffer() {
        let paired = paired()
        // Set-ups reading 1.7x and 1.9x in turn (log-ratios), around a geometric mean of about 1.8x.
        let medians = [1.7, 1.9, 1.7, 1.9].map { log($0) }
        let result = paired.combine(medians, batch: 3)
        #expect(abs(result.speedup - (1.7 * 1.9).squareRoot()) < 1e-9)
        #expect(result.lower < 1.7 && result.upper > 1.9, "\(result)")
        // t with 3 degrees of freedom: 3.182 × sd/√4 of the logs.
        let sd = (2 * pow(log(1.9 / 1.7) / 2, 2) * 2 / 3).squareRoot()
        #expect(abs(log(result.upper / result.speedup) - 3.182 * sd / 2) < 1e-3, "\(result)")
        #expect(result.batch == 3)
    }

    @Test("batches alternate A B, B A, each of the size that makes the slower side's batch about 4 ms")
    func order() throws {
        let machine = DriftingMachine(speedup: 2)
        let (logs, batch) = try paired(pairsPerSetUp: 4).pairs(time: machine.time)
        #expect(logs.count == 4)
        // 1 ms an operation at one thread (up to 2 ms in a slow mode, 2 % noise): 4 ms / (0.98–2.04 ms) → 1 to 4.
        #expect((1...4).contains(batch), "\(batch)")
        // Warm-up (AlternatingBatches): 3 single operations and 3 timed a side, then one untimed batch a side.
        let warm = machine.calls.prefix(10)
        #expect(warm.map(\.side) == [0, 0, 0, 0, 1, 1, 1, 1, 0, 1])
        #expect(warm.map(\.samples) == [1, 1, 1, 3, 1, 1, 1, 3, batch, batch])
        let timed = machine.calls.dropFirst(10)
        #expect(timed.map(\.side) == [0, 1, 1, 0, 0, 1, 1, 0])
        #expect(timed.allSatisfy { $0.samples == batch })
    }

    @Test("a real layout: a speed-up for each wanted row above 1 thread, with its interval")
    func realLayout() throws {
        let input = BenchInput.preset(LayoutPreset(kind: .grid, items: 400))
        var paired = PairedSpeedups(
            scenarios: [.full, .query], threads: [1, 2, 3], configuration: RunnerConfiguration())
        paired.setUps = 2
        paired.pairsPerSetUp = 3
        paired.batchTargetNs = 200_000
        let wanted = { (key: ResultKey) in !(key.scenario == "query" && key.threads == 3) }
        let speedups = try paired.run(inputs: [input], wanted: wanted)
        let keys = speedups.keys.sorted()
        #expect(
            keys.map { "\($0.scenario) \($0.threads)" } == ["full 2", "full 3", "query 2"], "\(keys)")
        for (key, s) in speedups {
            #expect(s.setUps == 2 && s.pairs == 6 && s.batch >= 1, "\(key): \(s)")
            #expect(s.lower <= s.speedup && s.speedup <= s.upper, "\(key): \(s)")
            // Below the grain the engine stays serial, so both sides run the same code: near 1 (loosely: a
            // debug build on a shared machine).
            #expect(s.speedup > 0.3 && s.speedup < 3, "\(key): \(s)")
        }
    }

    @Test("the table shows a paired speed-up with its interval, says how it was taken, and still fits")
    func table() {
        var results: [ScenarioResult] = []
        for threads in [1, 2] {
            var r = Fixtures.result(
                spec: "nested-chips-orthogonal-1000k", scenario: "measure-batch", threads: threads,
                samples: Fixtures.samples(median: 2_000_000 / Double(threads), seed: UInt64(threads)),
                allocations: 123_456.7)
            if threads == 2 {
                r.pairedSpeedup = PairedSpeedup(
                    speedup: 1.934, lower: 1.897, upper: 1.962, confidence: 0.95, setUps: 4, pairs: 32, batch: 1)
            }
            results.append(r)
        }
        let table = Fixtures.report(results).table()
        let row = table.split(separator: "\n").first { $0.contains("measure-batch") && $0.contains(" 2 ") }
        #expect(row?.contains("1.93x [1.90, 1.96]") == true, "\(table)")
        let note = "note: speedup: N threads against 1 in lock-step (4 set-ups, 32 pairs of batches), 95% interval"
        #expect(table.contains(note), "\(table)")
        for line in table.split(separator: "\n") { #expect(line.count <= BenchReport.tableWidth, "\(line)") }
        // Without a paired speed-up: the ratio of the medians, and a note that says what it is and is not.
        results[1].pairedSpeedup = nil
        let plain = Fixtures.report(results).table()
        #expect(plain.contains("2.00x") && !plain.contains("x ["), "\(plain)")
        #expect(plain.contains("note: speedup: the ratio of two medians taken seconds apart, with no interval"))
        #expect(plain.contains("--paired-speedup times N threads against 1 in lock-step"), "\(plain)")
        for line in plain.split(separator: "\n") { #expect(line.count <= BenchReport.tableWidth, "\(line)") }
        // One thread only: no speed-up, no note.
        let serial = Fixtures.report([results[0]]).table()
        #expect(!serial.contains("note: speedup"), "\(serial)")
    }
}
