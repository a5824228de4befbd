// swift-tools-version: 6.2
// LayoutBench: a headless engine for Apple's compositional collection-view layout model, a benchmark
// suite around it, and a watch daemon. Modules import downward only:
//
//   CompositionalLayout   the model and the solve output; nothing of ours
//   SeededRandom          the seeded random source (splitmix64); nothing of ours
//   MarkupText            text escaped for HTML and SVG (the one escaper); nothing of ours
//   ErrorReporting        `ReportableError`: the exit status, located message and failure record of an
//                         error; every error a command can throw conforms; nothing of ours
//   LayoutSpec            spec files (YAML through the system's libyaml, CLibYAML; JSON) -> model, located
//                         errors, JSON Schema, spec writer, replay files
//   SolverKernel          the rules both solvers share: dimensions, groups, supplementary placement
//   ReferenceSolver       the layout rules, literally, one function per rule: the oracle
//   LayoutEngine          the fast, incremental solver: templates, offset trees, queries
//   LayoutRender          SVG pictures of a solve output, or of the engine read by section
//   LayoutLint            compositional layout's known traps found in a spec (lint), text, JSON and SARIF
//   CompositionalLayoutUIKit  UIKit's layout classes under UIKit's names, to and from the model
//   LayoutEngineUIKit     the engine driven by a UIKit layout: the provider re-asked when the container changes
//   LayoutImport          UIKit layout code sliced (swift-syntax), compiled and run (swiftc) into a spec
//   LayoutFuzzChecks      what each fuzz target of Fuzz/ checks, shared with the tests of its kept cases
//   BenchResults          result files, statistics, compare and ab verdicts; no solver, no jemalloc
//   LayoutReplay          operations applied step by step to either solver, behind one protocol
//   LayoutBenchKit        presets, scenarios, runner, jemalloc memory (CJemalloc), callgrind instruction
//                         counts (CCallgrind), ab's child runs
//   LayoutStore           the results store: SQLite through GRDB, behind `ResultStore`; BenchResults only
//   LayoutStorePostgres   the same `ResultStore` on a PostgreSQL server through the system's libpq (CLibPQ).
//                         Its own module so that LayoutStore's users (LayoutWatch, the tests) do not link it; the
//                         CLI alone picks one store or the other from the `--store` value (a `postgres://` URL or
//                         a file)
//   ResultReport          `layoutbench report`: one self-contained HTML page of results, plots drawn as SVG;
//                         BenchResults only (pictures arrive as SVG text)
//   LayoutWatch           the watch daemon: file events, debounce, child runs, JSONL log, console; no solver
//   LayoutDashboard       `watch --serve`: the live dashboard page, SSE events, pictures and /metrics
//                         (swift-metrics into a swift-prometheus registry it owns) over Hummingbird
//   LayoutSnapshot        `layoutbench snapshot`: device matrix, golden files, the diff and its reports
//   LayoutSnapshotBench   the `snapshot-check` bench scenario (LayoutSnapshot timed by LayoutBenchKit)
//   LayoutSnapshotTesting `assertLayoutSnapshot` for Swift Testing and XCTest
//   layoutbench           the CLI: argument parsing and printing only
//   LayoutTestSupport     for tests only: the fixture folder, random layout and operation generators
//
// Three parts sit behind package traits (README "Optional parts"), so the default build compiles neither
// swift-syntax nor NIO and an HTTP server, and links no libpq:
//
//   Import      `import` and `.swift` files wherever a spec goes (LayoutImport's slicer: swift-syntax)
//   Postgres    the PostgreSQL store: `push`, `--store postgres://…` (LayoutStorePostgres: the system's libpq)
//   Dashboard   `watch --serve` and its `/metrics` (LayoutDashboard's server: Hummingbird, swift-prometheus)
//
// A build without a trait keeps every command and option; one that needs the trait exits 2 naming it and the
// `swift build` command that adds it (`BuildTrait` in ErrorReporting). The code a trait adds is under `#if`.
import PackageDescription

/// A dependency compiled only when `trait` is enabled.
func only(_ trait: String) -> TargetDependencyCondition? { .when(traits: [trait]) }

let package = Package(
    name: "LayoutBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CompositionalLayout", targets: ["CompositionalLayout"]),
        .library(name: "LayoutSpec", targets: ["LayoutSpec"]),
        .library(name: "ReferenceSolver", targets: ["ReferenceSolver"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "LayoutRender", targets: ["LayoutRender"]),
        .library(name: "CompositionalLayoutUIKit", targets: ["CompositionalLayoutUIKit"]),
        .library(name: "LayoutEngineUIKit", targets: ["LayoutEngineUIKit"]),
        .library(name: "LayoutBenchKit", targets: ["LayoutBenchKit"]),
        .library(name: "LayoutFuzzChecks", targets: ["LayoutFuzzChecks"]),
        .library(name: "LayoutSnapshot", targets: ["LayoutSnapshot"]),
        .library(name: "LayoutSnapshotTesting", targets: ["LayoutSnapshotTesting"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    traits: [
        .trait(
            name: "Import",
            description: "`layoutbench import` and .swift layout code wherever a spec goes (swift-syntax)"),
        .trait(
            name: "Postgres",
            description: "The PostgreSQL results store: `push`, `--store postgres://…` (the system's libpq)"),
        .trait(name: "Dashboard", description: "`watch --serve`: the live dashboard and /metrics (Hummingbird)"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 0.x: a minor release may break the API, so only patches are taken.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", .upToNextMinor(from: "0.2.0")),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Neither of Hummingbird's default traits is used (swift-configuration, full Foundation).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        .target(name: "CompositionalLayout"),
        // What an error says about how a command ends (exit status, located message, failure record).
        .target(name: "ErrorReporting"),
        // Text made safe for HTML and SVG: the one escaper of pictures, reports, the dashboard and snapshots.
        .target(name: "MarkupText"),
        // The seeded random source (splitmix64) every generator and scenario draws from; nothing of ours.
        .target(name: "SeededRandom"),
        // The system's libyaml, for its event API: Yams does not publish its bundled copy (CYaml) as a product.
        .systemLibrary(
            name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "LayoutSpec",
            dependencies: ["CompositionalLayout", "ErrorReporting", "CLibYAML"],
            resources: [.copy("Resources/layoutbench-spec.schema.json")]
        ),
        // The rules both solvers share (§2 dimensions, §3 groups, §4.3-4.4 supplementary placement).
        .target(name: "SolverKernel", dependencies: ["CompositionalLayout"]),
        .target(name: "ReferenceSolver", dependencies: ["CompositionalLayout", "SolverKernel"]),
        .target(name: "LayoutEngine", dependencies: ["CompositionalLayout", "SolverKernel"]),
        // Pictures of a solve output, or of the engine read by section (only the sections drawn are emitted).
        .target(
            name: "LayoutRender",
            dependencies: ["CompositionalLayout", "LayoutEngine", "ErrorReporting", "MarkupText"]),
        // Known traps found in a layout before a device does: static checks and solves at device widths.
        .target(
            name: "LayoutLint", dependencies: ["CompositionalLayout", "LayoutSpec", "SolverKernel", "ReferenceSolver"]),
        // UIKit's layout classes under UIKit's names, converting to and from the model (issue 17).
        .target(name: "CompositionalLayoutUIKit", dependencies: ["CompositionalLayout"]),
        // The engine driven by a UIKit layout: its section provider asked again whenever the container changes.
        .target(
            name: "LayoutEngineUIKit",
            dependencies: ["CompositionalLayout", "CompositionalLayoutUIKit", "LayoutEngine"]),
        // `layoutbench import`: slices UIKit layout code with swift-syntax, compiles and runs it with swiftc
        // against CompositionalLayoutUIKit, and reads back the spec it prints.
        .target(
            name: "LayoutImport",
            dependencies: [
                "CompositionalLayout", "CompositionalLayoutUIKit", "LayoutSpec", "ErrorReporting",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: only("Import")),
                .product(name: "SwiftParser", package: "swift-syntax", condition: only("Import")),
            ]
        ),
        // What each fuzz target of Fuzz/ checks, shared with the tests that replay its kept cases. Nothing that
        // links jemalloc (LayoutBenchKit): it would be the allocator of the sanitized fuzzers and fights ASan.
        .target(
            name: "LayoutFuzzChecks",
            dependencies: ["CompositionalLayout", "LayoutSpec", "ReferenceSolver", "LayoutEngine"]
        ),
        // The system's jemalloc: linking it makes it the allocator of the whole process.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        // Callgrind's client requests as C functions (no-ops without valgrind's headers or outside valgrind).
        .target(name: "CCallgrind"),
        // Results, statistics and comparison: what the store, the watch and a report need, and no solver.
        .target(
            name: "BenchResults",
            dependencies: [
                "ErrorReporting", "SeededRandom", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // Operations applied step by step to either solver, behind one protocol.
        .target(
            name: "LayoutReplay",
            dependencies: ["CompositionalLayout", "ErrorReporting", "LayoutSpec", "LayoutEngine", "ReferenceSolver"]
        ),
        .target(
            name: "LayoutBenchKit",
            dependencies: [
                "CompositionalLayout", "LayoutSpec", "LayoutEngine", "CJemalloc", "CCallgrind", "BenchResults",
                "ErrorReporting", "SeededRandom",
            ]
        ),
        // The results store (watch and bench share it); its protocol lets a server database take its place.
        .target(
            name: "LayoutStore",
            dependencies: ["BenchResults", "ErrorReporting", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The system's libpq, PostgreSQL's own client (TLS through the system's OpenSSL): the team store only.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        // The results store on a PostgreSQL server (issue 19 part 2): same protocol, libpq only here.
        .target(
            name: "LayoutStorePostgres",
            dependencies: [
                "LayoutStore", "BenchResults", "ErrorReporting", .target(name: "CLibPQ", condition: only("Postgres")),
            ]
        ),
        // `layoutbench report`: HTML and SVG plots of result files; no solver (the CLI draws the pictures).
        .target(name: "ResultReport", dependencies: ["BenchResults", "MarkupText"]),
        // The watch daemon: it runs `layoutbench bench` in children, so it links no solver.
        .target(
            name: "LayoutWatch",
            dependencies: [
                "ErrorReporting", "BenchResults", "LayoutStore", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `watch --serve`: the live dashboard (HTTP + Server-Sent Events) over Hummingbird; the daemon hands it
        // state through an actor, so LayoutWatch stays free of the server.
        .target(
            name: "LayoutDashboard",
            dependencies: [
                "LayoutWatch", "BenchResults", "ResultReport", "ErrorReporting", "MarkupText",
                .product(name: "Hummingbird", package: "hummingbird", condition: only("Dashboard")),
                .product(name: "Prometheus", package: "swift-prometheus", condition: only("Dashboard")),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: only("Dashboard")),
            ]
        ),
        // `layoutbench snapshot`: the device matrix, golden files (writer and located reader), the diff and its
        // reports (text, Markdown, JUnit, an HTML page in ResultReport's style); no CLI.
        .target(
            name: "LayoutSnapshot",
            dependencies: [
                "CompositionalLayout", "LayoutSpec", "LayoutEngine", "ErrorReporting", "ResultReport", "MarkupText",
            ]
        ),
        // The `snapshot-check` bench scenario: LayoutSnapshot's check timed by LayoutBenchKit. Its own module so
        // that LayoutBenchKit does not wait for LayoutSnapshot to build (`ScenarioCatalog`).
        .target(
            name: "LayoutSnapshotBench",
            dependencies: ["LayoutBenchKit", "LayoutSnapshot", "BenchResults", "CompositionalLayout"]
        ),
        // The snapshot assertion for Swift Testing and XCTest, over the model and the UIKit-named layout objects.
        .target(
            name: "LayoutSnapshotTesting",
            dependencies: ["LayoutSnapshot", "CompositionalLayout", "CompositionalLayoutUIKit", "ErrorReporting"]
        ),
        .executableTarget(
            name: "layoutbench",
            dependencies: [
                "CompositionalLayout", "LayoutSpec", "ReferenceSolver", "LayoutEngine", "LayoutRender",
                "LayoutBenchKit",
                "BenchResults", "ErrorReporting", "LayoutReplay", "LayoutStore", "LayoutStorePostgres", "LayoutWatch",
                "LayoutLint", "LayoutImport", "CompositionalLayoutUIKit", "ResultReport", "LayoutDashboard",
                "LayoutSnapshot", "LayoutSnapshotBench",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers only the tests use: the fixture folder, the random layout and operation generators.
        .target(name: "LayoutTestSupport", dependencies: ["CompositionalLayout", "SeededRandom"]),
        .testTarget(name: "CompositionalLayoutTests", dependencies: ["CompositionalLayout"]),
        .testTarget(name: "LayoutSpecTests", dependencies: ["LayoutSpec", "CompositionalLayout", "LayoutTestSupport"]),
        .testTarget(
            name: "ReferenceSolverTests",
            dependencies: ["ReferenceSolver", "LayoutSpec", "CompositionalLayout", "LayoutTestSupport"]
        ),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: [
                "LayoutEngine", "ReferenceSolver", "SolverKernel", "LayoutReplay", "LayoutSpec", "CompositionalLayout",
                "LayoutTestSupport", "SeededRandom",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LayoutBenchKitTests",
            dependencies: [
                "LayoutBenchKit", "LayoutSnapshotBench", "BenchResults", "SeededRandom", "CompositionalLayout",
                "LayoutSpec",
            ]
        ),
        // Replays every kept fuzz input (Tests/Fixtures/fuzz-cases/<target>/) through its target's check.
        .testTarget(name: "LayoutFuzzChecksTests", dependencies: ["LayoutFuzzChecks", "CompositionalLayout"]),
        .testTarget(
            name: "LayoutRenderTests",
            dependencies: [
                "LayoutRender", "LayoutEngine", "LayoutSpec", "CompositionalLayout", "LayoutTestSupport", "MarkupText",
            ]
        ),
        .testTarget(
            name: "LayoutLintTests",
            dependencies: ["LayoutLint", "LayoutSpec", "CompositionalLayout", "LayoutTestSupport"]),
        // The UIKit-named API against every fixture, and `layoutbench import` run as a user would.
        .testTarget(
            name: "LayoutImportTests",
            dependencies: [
                "CompositionalLayoutUIKit", "LayoutImport", "LayoutSpec", "ReferenceSolver", "LayoutEngine",
                "LayoutEngineUIKit",
                "CompositionalLayout", "LayoutTestSupport", "layoutbench",
            ]
        ),
        .testTarget(name: "LayoutStoreTests", dependencies: ["LayoutStore", "BenchResults", "ErrorReporting"]),
        // Starts a real PostgreSQL server (Debian's binaries, loopback, a temporary data folder) per suite.
        .testTarget(
            name: "LayoutStorePostgresTests",
            dependencies: ["LayoutStorePostgres", "LayoutStore", "BenchResults", "ErrorReporting", "layoutbench"]
        ),
        .testTarget(name: "ResultReportTests", dependencies: ["ResultReport", "BenchResults", "SeededRandom"]),
        .testTarget(
            name: "LayoutSnapshotTests",
            dependencies: ["LayoutSnapshot", "LayoutSpec", "CompositionalLayout", "ErrorReporting"]
        ),
        // The assertion used as a team would, from Swift Testing and from XCTest.
        .testTarget(
            name: "LayoutSnapshotTestingTests",
            dependencies: [
                "LayoutSnapshotTesting", "LayoutSnapshot", "CompositionalLayout", "CompositionalLayoutUIKit",
            ]
        ),
        // Unit tests of the daemon's parts, and integration tests that start the real `layoutbench watch`.
        .testTarget(
            name: "LayoutWatchTests",
            dependencies: ["LayoutWatch", "LayoutStore", "BenchResults", "ErrorReporting", "layoutbench"]
        ),
        // The dashboard's routes and its robustness against malformed clients, and `watch --serve` in Chromium.
        .testTarget(
            name: "LayoutDashboardTests",
            dependencies: ["LayoutDashboard", "LayoutWatch", "BenchResults", "layoutbench"]
        ),
        // Runs the built binary as a user would; depending on it makes `swift build --build-tests` build it.
        .testTarget(
            name: "LayoutbenchCLITests",
            dependencies: [
                "layoutbench", "BenchResults", "CompositionalLayout", "ErrorReporting", "LayoutSpec",
                "LayoutTestSupport",
                "SeededRandom",
            ]
        ),
    ]
)
