// swift-tools-version: 6.1
// LayoutBench: a headless engine for Apple's compositional collection-view layout model, a benchmark
// suite around it, and a watch daemon. Modules import downward only:
//
//   CompositionalLayout  (model + solve output; nothing of ours)
//     ├─ LayoutSpec       (YAML/JSON spec files -> model, located errors, JSON Schema)
//     ├─ SolverKernel     (the rules both solvers share: dimensions, groups, supplementary placement)
//     │    └─ ReferenceSolver (SEMANTICS.md, literally: the oracle)
//     └─ LayoutRender     (SVG pictures of a solve output)
//     ├─ LayoutEngine     (the fast, incremental solver: templates, offset trees, queries)
//     └─ LayoutBenchKit   (generator, scenarios, statistics, jemalloc statistics, results, compare)
//   layoutbench           (CLI: argument parsing and printing only)
import PackageDescription

let package = Package(
    name: "LayoutBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CompositionalLayout", targets: ["CompositionalLayout"]),
        .library(name: "LayoutSpec", targets: ["LayoutSpec"]),
        .library(name: "ReferenceSolver", targets: ["ReferenceSolver"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "LayoutRender", targets: ["LayoutRender"]),
        .library(name: "LayoutBenchKit", targets: ["LayoutBenchKit"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .target(name: "CompositionalLayout"),
        .target(
            name: "LayoutSpec",
            dependencies: ["CompositionalLayout", .product(name: "Yams", package: "Yams")],
            resources: [.copy("Resources/layoutbench-spec.schema.json")]
        ),
        // The rules both solvers share (§2 dimensions, §3 groups, §4.3-4.4 supplementary placement).
        .target(name: "SolverKernel", dependencies: ["CompositionalLayout"]),
        .target(name: "ReferenceSolver", dependencies: ["CompositionalLayout", "SolverKernel"]),
        .target(name: "LayoutEngine", dependencies: ["CompositionalLayout", "SolverKernel"]),
        .target(name: "LayoutRender", dependencies: ["CompositionalLayout"]),
        // The system's jemalloc: linking it makes it the allocator of the whole process.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        // Callgrind's client requests as C functions (no-ops without valgrind's headers or outside valgrind).
        .target(name: "CCallgrind"),
        .target(
            name: "LayoutBenchKit",
            dependencies: [
                "CompositionalLayout", "LayoutSpec", "LayoutEngine", "ReferenceSolver", "CJemalloc", "CCallgrind",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .executableTarget(
            name: "layoutbench",
            dependencies: [
                "CompositionalLayout", "LayoutSpec", "ReferenceSolver", "LayoutEngine", "LayoutRender", "LayoutBenchKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers only the tests use: the fixture folder, the random layout and operation generators.
        .target(name: "LayoutTestSupport", dependencies: ["CompositionalLayout", "LayoutBenchKit"]),
        .testTarget(name: "CompositionalLayoutTests", dependencies: ["CompositionalLayout"]),
        .testTarget(name: "LayoutSpecTests", dependencies: ["LayoutSpec", "CompositionalLayout", "LayoutTestSupport"]),
        .testTarget(
            name: "ReferenceSolverTests",
            dependencies: ["ReferenceSolver", "LayoutSpec", "CompositionalLayout", "LayoutTestSupport"]
        ),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: [
                "LayoutEngine", "ReferenceSolver", "LayoutBenchKit", "LayoutSpec", "CompositionalLayout", "LayoutTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "LayoutBenchKitTests", dependencies: ["LayoutBenchKit", "CompositionalLayout", "LayoutSpec"]),
        .testTarget(name: "LayoutRenderTests", dependencies: ["LayoutRender", "CompositionalLayout"]),
        // Runs the built binary as a user would; depending on it makes `swift build --build-tests` build it.
        .testTarget(name: "LayoutbenchCLITests", dependencies: ["layoutbench", "CompositionalLayout", "LayoutTestSupport"]),
    ]
)
