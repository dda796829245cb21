// swift-tools-version:6.0
import Foundation
import PackageDescription

// `make fuzz` sets TALLY_FUZZ=1: libFuzzer is then linked into every executable it builds, so the
// library is built without the theme-embedding plugin (whose host tool is an executable) and
// without the preview server; the fuzz target reads input and never renders or serves pages.
let fuzzing = ProcessInfo.processInfo.environment["TALLY_FUZZ"] == "1"

let package = Package(
    name: "Tally",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tally", targets: ["TallyCLI"]),
        .library(name: "Tally", targets: ["Tally"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        // The preview server (`tally serve`); its file middleware refuses `..` with 400.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        // Downloads (`tally fetch charts`): a body read as it arrives, with backpressure, so a
        // size cap stops the transfer itself (URLSession on Linux reads on until a cancel gets a turn).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
        // Twitter archives as downloaded (`.zip`).
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    ],
    targets: [
        // simdjson (Debian's libsimdjson-dev) behind a small C API; the format readers stay in Swift.
        .target(
            name: "CSimdJSON",
            cxxSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // cmark-gfm and its extensions from Debian's libcmark-gfm-dev / libcmark-gfm-extensions-dev.
        .systemLibrary(name: "CCmarkGFM"),
        .target(
            name: "Tally",
            dependencies: [
                "CSimdJSON",
                "CCmarkGFM",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Each source declares its commands and options on `tally` as swift-argument-parser types.
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + (fuzzing ? [] : [.product(name: "Hummingbird", package: "hummingbird"),
                                 .product(name: "AsyncHTTPClient", package: "async-http-client")]),
            // The fuzz build leaves out the preview server and downloads too: SwiftNIO under the
            // fuzzer's instrumentation only slows it down, and no input reaches it.
            swiftSettings: fuzzing ? [.define("NO_EMBEDDED_THEME"), .define("NO_PREVIEW_SERVER"), .define("NO_DOWNLOADS")] : [],
            plugins: fuzzing ? [] : ["EmbedTheme"]
        ),
        .executableTarget(
            name: "TallyCLI",
            dependencies: [
                "Tally",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target (`make fuzz`); built normally, it replays inputs given as arguments.
        .executableTarget(name: "TallyFuzz", dependencies: ["Tally"]),
        // Turns templates/ into Swift source at build time, so `tally init` works from an installed
        // binary while templates/ stays the single copy of the default theme.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .testTarget(
            name: "TallyTests",
            // The CLI is a dependency so the end-to-end tests can run the real `tally` binary.
            // ZIPFoundation makes hostile zips (bombs, bloated entries) in the archive tests.
            dependencies: ["Tally", "TallyCLI", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
