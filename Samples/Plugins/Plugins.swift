import ArgumentParser
import Foundation
import TextInputKit

/// `swift run Samples plugins [--json]`: the standard registry as a table or JSON.
struct Plugins: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plugins",
    abstract:
      "List the standard registry's plugins: id, version, summary, dependencies and "
      + "configuration keys with types and defaults."
  )

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  func run() throws {
    let descriptors = PluginRegistry.standard.descriptors
    if json {
      print(try PluginListing.json(descriptors))
    } else {
      print(PluginListing.table(descriptors), terminator: "")
    }
  }
}

/// The registry as text: a table for people, JSON for tools.
enum PluginListing {
  /// One plugin, as JSON writes it.
  struct Entry: Encodable {
    struct Key: Encodable {
      var key: String
      var type: String
      var `default`: String
      var doc: String
    }
    var id: String
    var name: String
    var version: String
    var summary: String
    var dependencies: [String]
    var configuration: [Key]
  }

  static func entries(_ descriptors: [PluginDescriptor]) -> [Entry] {
    descriptors.map { descriptor in
      Entry(
        id: descriptor.id, name: descriptor.name, version: descriptor.version.description,
        summary: descriptor.summary, dependencies: descriptor.dependencies,
        configuration: descriptor.configuration.map {
          Entry.Key(
            key: descriptor.id + "." + $0.name, type: $0.type.name,
            default: $0.defaultValue.description, doc: $0.doc)
        })
    }
  }

  /// Pretty-printed JSON with sorted keys: an array of plugins.
  static func json(_ descriptors: [PluginDescriptor]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(entries(descriptors)), as: UTF8.self)
  }

  /// A plugin per block: a header row, then its configuration keys.
  static func table(_ descriptors: [PluginDescriptor]) -> String {
    var out = ""
    let header = ["id", "version", "dependencies", "summary"]
    let rows =
      [header]
      + descriptors.map {
        [
          $0.id, $0.version.description,
          $0.dependencies.isEmpty ? "-" : $0.dependencies.joined(separator: ", "), $0.summary,
        ]
      }
    out += columns(rows)
    for descriptor in descriptors where !descriptor.configuration.isEmpty {
      out += "\n\(descriptor.id) (\(descriptor.name)) configuration:\n"
      let keys =
        [["  key", "type", "default", "doc"]]
        + descriptor.configuration.map {
          ["  \(descriptor.id).\($0.name)", $0.type.name, $0.defaultValue.description, $0.doc]
        }
      out += columns(keys)
    }
    if descriptors.isEmpty { out += "(no plugins registered)\n" }
    return out
  }

  /// Rows padded into columns by display width (the last column unpadded).
  static func columns(_ rows: [[String]]) -> String {
    let count = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: count)
    for row in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], DisplayWidth.width(in: cell))
      }
    }
    var out = ""
    for row in rows {
      var line = ""
      for (index, cell) in row.enumerated() {
        if index == row.count - 1 {
          line += cell
        } else {
          line +=
            cell + String(repeating: " ", count: widths[index] - DisplayWidth.width(in: cell) + 2)
        }
      }
      out += line + "\n"
    }
    return out
  }
}
