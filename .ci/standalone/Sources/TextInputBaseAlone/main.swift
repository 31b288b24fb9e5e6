import Foundation
import TextInputBase

let registry = PluginRegistry()
try registry.register(
  Plugin(
    PluginDescriptor(
      id: "greeting", name: "Greeting", version: SemanticVersion(1, 0, 0), summary: "Says hello.",
      configuration: [
        ConfigurationKey("text", .string, default: .string("Hi"), doc: "What to say.")
      ])))
var configuration = Configuration(plugins: registry.descriptors)
try configuration.load("greeting.text = \"Hello\"")
let inset = EdgeInsets(top: 0, left: 9, bottom: 0, right: 0).inset(
  CGRect(x: 0, y: 0, width: 6, height: 2))
guard configuration["greeting.text"] == .string("Hello"),
  inset == CGRect(x: 6, y: 0, width: 0, height: 2),
  NSRange(location: NSNotFound, length: 3).clamped(toLength: 5) == 5..<5
else {
  print("TextInputBase alone: unexpected results")
  exit(1)
}
print("TextInputBase alone: ok")
