// swift-tools-version:6.1
//
// TextInputKit — the logic behind UIKit's text-input tricks, as deterministic,
// tested Swift that runs on Linux. The layers and their rules are in the
// README's "Architecture" section.
//
// Every target is declared once in `modules` below with its kind; library
// products are derived from the `.exported` ones (one product per module, as
// swift-collections does), plus the `.testSupport` ones. The C shim, the ICU
// system library and the other test support are never products.

import PackageDescription

struct Module {
  enum Kind {
    /// A library product of its own.
    case exported
    /// An internal target (C shim, system library, test support): never a product.
    case hidden
    /// Test support that packages outside this one (Fuzz/, Benchmarks/) use
    /// too: a library product, but not part of the umbrella or the docs.
    case testSupport
    /// A Swift Testing target.
    case test
  }

  var kind: Kind
  var name: String
  var dependencies: [Target.Dependency] = []
  var path: String? = nil
  var resources: [Resource]? = nil
}

let modules: [Module] = [
  // ICU through pkg-config; the link line follows whichever ICU is installed.
  // (Declared below as a system library, listed here for the product table.)
  Module(kind: .hidden, name: "CTextInputICU", dependencies: ["CICU"]),
  // The vocabulary every module shares, and the registry and configuration:
  // Foundation only, so a module above it that measures no text needs no system ICU.
  Module(kind: .exported, name: "TextInputBase"),
  Module(kind: .exported, name: "TextMetrics", dependencies: ["TextInputBase", "CTextInputICU"]),
  Module(kind: .exported, name: "TextLayout", dependencies: ["TextMetrics"]),
  Module(
    kind: .exported, name: "TextInputCore",
    dependencies: ["TextInputBase", "TextMetrics", "TextLayout"]),
  Module(kind: .exported, name: "LabelInsets", dependencies: ["TextLayout", "TextInputCore"]),
  Module(
    kind: .exported, name: "RightAlignedSpaces", dependencies: ["TextInputCore", "TextMetrics"]),
  Module(
    kind: .exported, name: "TextPlaceholder",
    dependencies: ["TextLayout", "TextInputCore", "TextMetrics"]),
  // Hit areas and view-tree hit-testing: on TextInputBase only (no text, no system ICU).
  Module(kind: .exported, name: "HitAreas", dependencies: ["TextInputBase"]),
  Module(
    kind: .exported, name: "TextLinks",
    dependencies: ["TextMetrics", "TextLayout", "TextInputCore"]),
  // Text-field rules: password masking, a character limit in grapheme
  // clusters, validation with a message. No other feature module.
  Module(
    kind: .exported, name: "TextFieldRules",
    dependencies: ["TextInputBase", "TextMetrics", "TextLayout", "TextInputCore"]),
  // The terminal text view: draws an Editor into terminal cells, decodes keys,
  // paste and mouse, measures with the terminal's width profile. No feature module.
  Module(
    kind: .exported, name: "TextInputTerminal",
    dependencies: ["TextInputBase", "TextMetrics", "TextLayout", "TextInputCore"]),
  // The umbrella: re-exports every module and wires PluginRegistry.standard.
  Module(
    kind: .exported, name: "TextInputKit",
    dependencies: [
      "TextInputBase", "TextMetrics", "TextInputCore", "RightAlignedSpaces", "TextLayout",
      "LabelInsets", "TextPlaceholder",
      "HitAreas", "TextLinks", "TextInputTerminal", "TextFieldRules",
    ]),

  // Test support: generators of hard Unicode text, and the Unicode test files
  // (Resources/Unicode-<version>/) that the conformance tests read.
  Module(
    kind: .hidden, name: "UnicodeTestSupport",
    dependencies: [
      "TextMetrics", .product(name: "PropertyBased", package: "swift-property-based"),
    ],
    resources: [.copy("Resources")]),
  // Test support for the terminal: `TerminalReplay`, a small terminal that
  // replays the bytes `TerminalWriter` writes (tests and the fuzzers).
  Module(
    kind: .testSupport, name: "TerminalTestSupport",
    dependencies: ["TextInputBase", "TextInputTerminal"]),
  Module(
    kind: .test, name: "TextMetricsTests",
    dependencies: [
      "TextMetrics", "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "TextInputCoreTests",
    dependencies: [
      "TextInputCore", "TextInputKit", "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "RightAlignedSpacesTests",
    dependencies: [
      "RightAlignedSpaces", "TextInputCore", "TextMetrics", "TextInputKit", "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "TextLayoutTests",
    dependencies: [
      "TextLayout", "TextMetrics", "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "TextPlaceholderTests",
    dependencies: [
      "TextPlaceholder", "TextLayout", "TextInputCore", "TextMetrics", "TextInputKit",
      "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "HitAreasTests",
    dependencies: [
      "HitAreas", .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "LabelInsetsTests",
    dependencies: [
      "LabelInsets", "TextLayout", "TextInputCore", "TextMetrics", "TextInputKit",
      "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "TextLinksTests",
    dependencies: [
      "TextLinks", "TextLayout", "TextInputCore", "TextMetrics", "TextInputKit",
      "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ],
    resources: [.copy("Resources")]),
  // The `Samples` program run as a user runs it: its output, errors and exit
  // statuses (the test target depends on it so that it is built first).
  Module(kind: .test, name: "SamplesTests", dependencies: ["Samples"]),
  Module(
    kind: .test, name: "TextFieldRulesTests",
    dependencies: [
      "TextFieldRules", "TextInputCore", "TextLayout", "TextMetrics", "TextInputTerminal",
      "RightAlignedSpaces", "TextLinks", "TextPlaceholder", "TextInputKit", "UnicodeTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]),
  Module(
    kind: .test, name: "TextInputTerminalTests",
    dependencies: [
      "TextInputTerminal", "TextInputCore", "TextLayout", "TextMetrics", "TextInputKit",
      "UnicodeTestSupport", "TerminalTestSupport",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ],
    // terminal-widths.txt: each known terminal's published widths
    // (Scripts/generate-terminal-widths.py).
    resources: [.copy("Resources")]),
]

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

var targets: [Target] = [
  .systemLibrary(
    name: "CICU",
    path: "Sources/CICU",
    pkgConfig: "icu-uc",
    providers: [.apt(["libicu-dev"])]
  ),
  .executableTarget(
    name: "Samples",
    dependencies: [
      "TextInputKit", "TextInputTerminal",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    path: "Samples",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

for module in modules {
  switch module.kind {
  case .exported, .hidden, .testSupport:
    if module.name.hasPrefix("C") {
      targets.append(
        .target(name: module.name, dependencies: module.dependencies, path: module.path))
    } else {
      targets.append(
        .target(
          name: module.name, dependencies: module.dependencies, path: module.path,
          resources: module.resources, swiftSettings: swiftSettings))
    }
  case .test:
    targets.append(
      .testTarget(
        name: module.name, dependencies: module.dependencies, path: module.path,
        resources: module.resources, swiftSettings: swiftSettings))
  }
}

let package = Package(
  name: "TextInputKit",
  products: modules.filter { $0.kind == .exported || $0.kind == .testSupport }.map {
    .library(name: $0.name, targets: [$0.name])
  } + [.executable(name: "Samples", targets: ["Samples"])],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // Documentation: `swift package generate-documentation --target <Module>` (see .ci/docs).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: targets
)
