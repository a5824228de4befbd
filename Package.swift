// swift-tools-version: 6.1
// LayoutBench: a headless engine for Apple's compositional collection-view layout model, a benchmark
// suite around it, and a watch daemon. Modules import downward only:
//
//   CompositionalLayout  (model + solve output; nothing of ours)
//     ├─ LayoutSpec       (YAML/JSON spec files -> model, located errors, JSON Schema)
//     ├─ ReferenceSolver  (SEMANTICS.md, literally: the oracle)
//     └─ LayoutRender     (SVG pictures of a solve output)
//   layoutbench           (CLI: argument parsing and printing only)
import PackageDescription

let package = Package(
    name: "LayoutBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CompositionalLayout", targets: ["CompositionalLayout"]),
        .library(name: "LayoutSpec", targets: ["LayoutSpec"]),
        .library(name: "ReferenceSolver", targets: ["ReferenceSolver"]),
        .library(name: "LayoutRender", targets: ["LayoutRender"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .target(name: "CompositionalLayout"),
        .target(
            name: "LayoutSpec",
            dependencies: ["CompositionalLayout", .product(name: "Yams", package: "Yams")],
            resources: [.copy("Resources/layoutbench-spec.schema.json")]
        ),
        .target(name: "ReferenceSolver", dependencies: ["CompositionalLayout"]),
        .target(name: "LayoutRender", dependencies: ["CompositionalLayout"]),
        .executableTarget(
            name: "layoutbench",
            dependencies: [
                "CompositionalLayout", "LayoutSpec", "ReferenceSolver", "LayoutRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CompositionalLayoutTests", dependencies: ["CompositionalLayout"]),
        .testTarget(name: "LayoutSpecTests", dependencies: ["LayoutSpec", "CompositionalLayout"]),
        .testTarget(
            name: "ReferenceSolverTests",
            dependencies: ["ReferenceSolver", "LayoutSpec", "CompositionalLayout"]
        ),
        .testTarget(name: "LayoutRenderTests", dependencies: ["LayoutRender", "CompositionalLayout"]),
    ]
)
