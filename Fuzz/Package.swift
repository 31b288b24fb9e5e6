// swift-tools-version:6.1
//
// libFuzzer targets for TextInputKit, kept out of the root package (as
// Benchmarks/ is) so that they never slow `swift test`. One target per family
// of entry points; each checks invariants, not only the absence of a crash.
// Build and run them with the script at the repository root:
//
//     Scripts/fuzz.sh all 60          # every target for 60 s over Fuzz/Corpus
//     Scripts/fuzz.sh FuzzMetrics 600
//
// The script builds with the flags below (release, libFuzzer and
// AddressSanitizer); a plain `swift build` of this package cannot link, since
// libFuzzer provides `main`:
//
//     swift build -c release --package-path Fuzz --scratch-path .build-fuzz \
//       --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address

import PackageDescription

/// The fuzz targets: each is `Sources/<name>/<name>.swift`, with its seed
/// corpus in `Corpus/<name>/`, and depends on FuzzSupport and the products named.
/// One line per target: `Scripts/fuzz.sh` reads the names from these lines.
let fuzzTargets: [(name: String, products: [String])] = [
  (name: "FuzzMetrics", products: ["TextMetrics"]),
  (name: "FuzzLayout", products: ["TextLayout", "TextMetrics"]),
  (name: "FuzzEditor", products: ["TextInputKit"]),
  (name: "FuzzConfiguration", products: ["TextInputKit"]),
  (name: "FuzzLinks", products: ["TextLinks", "TextLayout", "TextInputCore"]),
  (name: "FuzzHitAreas", products: ["HitAreas"]),
  (name: "FuzzTerminal", products: ["TextInputTerminal", "TextFieldRules", "TerminalTestSupport"]),
  (name: "FuzzFieldRules", products: ["TextFieldRules", "TextInputCore", "TextMetrics"]),
  (name: "FuzzField", products: ["TextInputTerminal", "TextFieldRules", "RightAlignedSpaces", "TerminalTestSupport"]),
  (name: "FuzzLineEditor", products: ["TextInputKit", "TextInputTerminal"]),
]

let package = Package(
  name: "Fuzz",
  dependencies: [
    .package(name: "TextInputKit", path: "..")
  ],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "TextInputBase", package: "TextInputKit")],
      swiftSettings: [.swiftLanguageMode(.v6)])
  ]
    + fuzzTargets.map { target in
      .executableTarget(
        name: target.name,
        dependencies: ["FuzzSupport"]
          + target.products.map { .product(name: $0, package: "TextInputKit") },
        swiftSettings: [.swiftLanguageMode(.v6)])
    }
)
