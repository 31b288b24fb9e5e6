// swift-tools-version:6.1
//
// Each executable here depends on exactly one library product of TextInputKit
// and imports only that module: CI builds and runs them to prove that every
// product works as a user's only dependency (re-exports included).
import PackageDescription

let products = [
  "TextInputBase", "TextMetrics", "TextInputCore", "TextLayout", "LabelInsets", "RightAlignedSpaces",
  "TextPlaceholder", "HitAreas", "TextLinks", "TextInputTerminal", "TextFieldRules",
]

let package = Package(
  name: "Standalone",
  dependencies: [.package(name: "TextInputKit", path: "../..")],
  targets: products.map { product in
    .executableTarget(
      name: "\(product)Alone",
      dependencies: [.product(name: product, package: "TextInputKit")],
      path: "Sources/\(product)Alone",
      swiftSettings: [.swiftLanguageMode(.v6)])
  }
)
