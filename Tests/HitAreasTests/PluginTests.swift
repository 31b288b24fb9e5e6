import Foundation
import HitAreas
import Testing

@Suite("The hitAreas plugin")
struct PluginTests {
  @Test("The descriptor names the category's keys")
  func descriptor() {
    #expect(HitArea.pluginID == "hitAreas")
    #expect(HitArea.plugin.id == "hitAreas")
    #expect(
      HitArea.descriptor.configuration.map(\.name) == [
        "hitTestExpandRects", "hitTestEdgeInsets", "minimumHitSize", "hitShape",
      ])
    #expect(!HitArea.plugin.hasBehaviour)
  }

  @Test("A configuration file sets every key")
  func configure() throws {
    var configuration = Configuration(plugins: [HitArea.descriptor])
    try configuration.load(
      """
      hitAreas.hitTestExpandRects = [{{-10, 0}, {10, 44}}, {{44, 0}, {10, 44}}]
      hitAreas.hitTestEdgeInsets = {-8, -8, -8, -8}
      hitAreas.minimumHitSize = {44, 44}
      hitAreas.hitShape = ["circle {22, 22} 22", "exclude rect {{0, 40}, {44, 4}}"]
      """)
    var area = HitArea()
    try area.configure(configuration.plugin(HitArea.pluginID))
    #expect(
      area.extraRects == [
        CGRect(x: -10, y: 0, width: 10, height: 44), CGRect(x: 44, y: 0, width: 10, height: 44),
      ])
    #expect(area.insets == .outset(by: 8))
    #expect(area.minimumSize == HitArea.appleMinimumSize)
    #expect(area.shapes == [.circle(center: CGPoint(x: 22, y: 22), radius: 22)])
    #expect(area.exclusions == [.rect(CGRect(x: 0, y: 40, width: 44, height: 4))])
    // And back: the area's configuration reads into the same area.
    var again = HitArea()
    try again.configure(area.configuration)
    #expect(again == area)
  }

  @Test("Bad values are refused with the key named")
  func badValues() {
    var configuration = Configuration(plugins: [HitArea.descriptor])
    #expect(throws: ConfigurationError.self) {
      try configuration.set("hitAreas.hitShape", text: "[circle {0, 0}]")
    }
    #expect(throws: ConfigurationError.self) {
      try configuration.set("hitAreas.minimumHitSize", text: "{-1, 44}")
    }
    var area = HitArea()
    let bad = PluginConfiguration(
      pluginID: HitArea.pluginID, values: ["hitShape": .list([.string("polygon [{0, 0}]")])])
    #expect(
      throws: ConfigurationError.rejectedValue(
        key: "hitAreas.hitShape", value: "[\"polygon [{0, 0}]\"]",
        reason: "a polygon of 1 point(s): expected at least 3")
    ) { try area.configure(bad) }
    #expect(area == HitArea())
  }
}
