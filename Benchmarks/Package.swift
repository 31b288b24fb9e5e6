// swift-tools-version:6.1
//
// Benchmarks for TextInputKit, kept out of the root package so that they never
// slow `swift test`. Run from the repository root:
//
//     swift run -c release --package-path Benchmarks TextMetricsBenchmark
//     swift run -c release --package-path Benchmarks RightAlignedSpacesBenchmark
//     swift run -c release --package-path Benchmarks HitAreasBenchmark
//     swift run -c release --package-path Benchmarks TextLinksBenchmark
//     swift run -c release --package-path Benchmarks TextLayoutBenchmark
//     swift run -c release --package-path Benchmarks EditorKeystrokeBenchmark
//     swift run -c release --package-path Benchmarks TerminalProbeBenchmark
//     swift run -c release --package-path Benchmarks PasteBenchmark
//     swift run -c release --package-path Benchmarks FieldKeystrokeBenchmark
//     swift run -c release --package-path Benchmarks HistorySearchBenchmark
//     swift run -c release --package-path Benchmarks CompletionMenuBenchmark
//
// Each benchmark checks its own output against its baseline and prints ratios
// measured in the same run (wall-clock time is noisy here; ratios are not).

import PackageDescription

let package = Package(
  name: "Benchmarks",
  dependencies: [
    .package(name: "TextInputKit", path: "..")
  ],
  targets: [
    .target(name: "BenchmarkSupport", swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(name: "CMallocInfo"),
    .executableTarget(
      name: "TextMetricsBenchmark",
      dependencies: ["BenchmarkSupport", .product(name: "TextMetrics", package: "TextInputKit")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "RightAlignedSpacesBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "RightAlignedSpaces", package: "TextInputKit"),
        .product(name: "TextInputCore", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "TextLinksBenchmark",
      dependencies: ["BenchmarkSupport", .product(name: "TextLinks", package: "TextInputKit")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "TextLayoutBenchmark",
      dependencies: ["BenchmarkSupport", .product(name: "TextLayout", package: "TextInputKit")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "EditorKeystrokeBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "TextInputCore", package: "TextInputKit"),
        .product(name: "RightAlignedSpaces", package: "TextInputKit"),
        .product(name: "TextLinks", package: "TextInputKit"),
        .product(name: "TextPlaceholder", package: "TextInputKit"),
        .product(name: "HitAreas", package: "TextInputKit"),
        .product(name: "TextFieldRules", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "PasteBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "TextInputCore", package: "TextInputKit"),
        .product(name: "TextInputTerminal", package: "TextInputKit"),
        .product(name: "RightAlignedSpaces", package: "TextInputKit"),
        .product(name: "TextLinks", package: "TextInputKit"),
        .product(name: "TextPlaceholder", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "FieldKeystrokeBenchmark",
      dependencies: [
        "BenchmarkSupport", "CMallocInfo",
        .product(name: "TextInputCore", package: "TextInputKit"),
        .product(name: "TextInputTerminal", package: "TextInputKit"),
        .product(name: "TextLinks", package: "TextInputKit"),
        .product(name: "TextFieldRules", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "HistorySearchBenchmark",
      dependencies: [
        "BenchmarkSupport", .product(name: "TextInputTerminal", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "CompletionMenuBenchmark",
      dependencies: [
        "BenchmarkSupport", .product(name: "TextInputTerminal", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "TerminalProbeBenchmark",
      dependencies: [
        "BenchmarkSupport", .product(name: "TextInputTerminal", package: "TextInputKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "HitAreasBenchmark",
      dependencies: ["BenchmarkSupport", .product(name: "HitAreas", package: "TextInputKit")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
