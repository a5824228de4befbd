// swift-tools-version: 6.1
// LayoutBench's package-benchmark suites, in their own package so the root build stays fast and free of
// the benchmark plugin. Run from this folder:
//
//   swift package benchmark                       # run every suite
//   swift package benchmark list
//   swift package benchmark --filter "full.*"     # --filter matches the whole name
//
// The `MallocInterposer` trait is required: without `traits:` resolution fails (it wants a runtime
// interposer package that is not served here), and with `traits: []` every malloc metric reads 0.
import PackageDescription

let package = Package(
    name: "LayoutBenchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the product reference does not depend on the checkout folder's name (a path
        // dependency's identity is otherwise its last path component).
        .package(name: "LayoutBench", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The core scenarios of `layoutbench bench` on the -10k and -100k presets, with thresholds in code.
        .executableTarget(
            name: "LayoutScenarios",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LayoutBenchKit", package: "LayoutBench"),
            ],
            path: "Benchmarks/LayoutScenarios",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
