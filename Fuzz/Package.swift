// swift-tools-version: 6.1
// LayoutBench's libFuzzer targets, in their own package (as Benchmarks/ is) so the root build stays free of
// sanitizer flags. Each executable hands one input to its check in the root package's LayoutFuzzChecks (the
// tests replay kept inputs through the same code) and traps on a finding. Build and run through the script,
// from the repository root (an ordinary `swift build` here cannot link: libFuzzer comes with the sanitizer):
//
//   scripts/fuzz.sh                 # every target, 60 s each
//   scripts/fuzz.sh solve 600       # one target, ten minutes
//
// Fuzz/README.md says how to re-run an input and keep a case. Nothing here may link jemalloc (LayoutBenchKit):
// as the process allocator it fights AddressSanitizer's.
import PackageDescription

/// A fuzz executable: `Sources/<name>/`, its check in LayoutFuzzChecks.
func fuzzer(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "LayoutFuzzChecks", package: "LayoutBench")]
    )
}

let package = Package(
    name: "LayoutBenchFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the product reference does not depend on the checkout folder's name.
        .package(name: "LayoutBench", path: "..")
    ],
    targets: [
        // libFuzzer's driver, declared once: each executable's `<Target>_main` hands over to it.
        .target(name: "FuzzSupport"),
        fuzzer("FuzzRead"),  // the spec reader, YAML and JSON
        fuzzer("FuzzSolve"),  // a spec into both solvers, frames compared
        fuzzer("FuzzReplay"),  // a spec and operations: the engine against a fresh reference solve each step
        fuzzer("FuzzCalc"),  // calc(...) expressions: parse, evaluate, write, parse
        fuzzer("FuzzWrite"),  // the spec writer: read, write, read
    ]
)
