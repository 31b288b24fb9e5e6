import TextInputKit

enum MetricsTour: TourSection {
  static let title = "TextMetrics"
  static func run(_ out: inout TourPrinter) { out.line("Unicode \(UnicodeVersions.unicode)") }
}
