import Foundation
import Testing
import TextInputKit

/// The registry, configurations and editors used from many tasks at once.
/// Each test compares what every task saw with the same work done on one
/// thread, so it fails on a wrong answer; run under ThreadSanitizer
/// (`swift test --sanitize=thread --filter ConcurrencyTests`, see the README)
/// it also fails on a data race.
@Suite("Concurrency: the registry, configuration and editors from many tasks")
struct ConcurrencyTests {
  static let tasks = 16

  /// A configuration file of the standard plugins' keys, different per task.
  static func configurationText(_ task: Int) -> String {
    """
    editor.alignment = \(task.isMultiple(of: 2) ? "right" : "natural")
    editor.bounds = {{0, 0}, {\(120 + task), 60}}
    placeholder.placeholder = "Write here \(task)"
    rightAlignedSpaces.activation = always
    links.detectors = [url, email]
    """
  }

  /// One editing session: an editor made from `registry`'s plugins and the
  /// task's configuration, a few edits, and what a renderer would read. The
  /// same task number gives the same answers on any thread.
  static func session(_ task: Int, registry: PluginRegistry) throws -> [String] {
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(configurationText(task))
    let behaviours = try registry.makeBehaviours(
      for: ["editor", "placeholder", "rightAlignedSpaces", "links"], configuration: configuration)
    var editor = Editor(
      font: CellFont(cellWidth: 7, lineHeight: 14), behaviours: behaviours)
    try editor.configure(configuration.plugin("editor"))
    var seen: [String] = []
    seen.append("placeholder \(editor.placeholder?.text ?? "none")")
    editor.beginEditing()
    editor.insert("Mail ann\(task)@example.com or see www.a.org/\(task) ")
    editor.insert("שלום 👍🏽 e\u{301}  ")
    editor.deleteBackward()
    editor.move(.backward(.word))
    editor.move(.documentStart, extending: true)
    seen.append("text \(editor.text.debugDescription) selection \(editor.selection)")
    seen.append("displayed \(editor.displayedText.debugDescription)")
    seen.append("links \(editor.behaviour(EditorLinks.self)?.links.map(\.range) ?? [])")
    let frame = editor.layout()
    for offset in stride(from: 0, through: editor.state.utf16Count, by: 3) {
      seen.append("caret \(offset) \(frame.caretRect(at: offset))")
    }
    seen.append("selection rects \(frame.selectionRects(for: editor.selection))")
    editor.undo()
    seen.append("after undo \(editor.text.debugDescription)")
    return seen
  }

  @Test("Editors made from the shared standard registry, one per task, edit as on one thread")
  func editorsOnTheSharedRegistry() async throws {
    let expected = try (0..<Self.tasks).map {
      try Self.session($0, registry: PluginRegistry.makeStandard())
    }
    let results = await withTaskGroup(of: (Int, [String]?).self) { group in
      for task in 0..<Self.tasks {
        group.addTask { (task, try? Self.session(task, registry: PluginRegistry.standard)) }
      }
      return await group.reduce(into: [Int: [String]?]()) { $0[$1.0] = $1.1 }
    }
    #expect(results.count == Self.tasks)
    for task in 0..<Self.tasks {
      #expect(results[task] == expected[task], "task \(task)")
    }
  }

  @Test("Registration, lookup, resolution and configuration of one registry from many tasks")
  func registryUnderConcurrentRegistration() async throws {
    let registry = PluginRegistry.makeStandard()
    let standardCount = registry.count
    // Each task registers its own plugin (depending on `editor`) and a plugin
    // every task tries to register; it resolves, reads schemas, makes
    // configurations and behaviours, and makes a fresh standard registry.
    let outcomes = await withTaskGroup(of: (registered: Int, errors: [String]).self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          var registered = 0
          var errors: [String] = []
          func note(_ problem: String) { errors.append("task \(task): \(problem)") }
          let own = Plugin(
            PluginDescriptor(
              id: "concurrent-\(task)", name: "Concurrent \(task)",
              version: SemanticVersion(1, 0, task), summary: "A plugin of task \(task).",
              dependencies: ["editor"],
              configuration: [
                ConfigurationKey("n", .integer, default: .integer(task), doc: "A number.")
              ]))
          let shared = Plugin(
            PluginDescriptor(
              id: "shared", name: "Shared", version: SemanticVersion(1, 0, 0), summary: ""))
          do {
            try registry.register(own)
            registered += 1
          } catch { note("own plugin refused: \(error)") }
          if (try? registry.register(shared)) != nil { registered += 1 }
          if registry.plugin(id: "concurrent-\(task)")?.descriptor.version.patch != task {
            note("lookup of its own plugin failed")
          }
          do {
            let order = try registry.resolve(["concurrent-\(task)", "links"]).map(\.id)
            if order != ["editor", "concurrent-\(task)", "links"] { note("order \(order)") }
            var configuration = Configuration(plugins: registry.descriptors)
            try configuration.set("concurrent-\(task).n", text: "\(task * 10)")
            if configuration.plugin("concurrent-\(task)")["n"] != .integer(task * 10) {
              note("configuration lost its value")
            }
            _ = try registry.makeBehaviours(
              for: ["placeholder", "rightAlignedSpaces"], configuration: configuration)
          } catch { note("\(error)") }
          if PluginRegistry.makeStandard().count != standardCount { note("makeStandard differs") }
          if PluginRegistry.standard.plugin(id: "editor") == nil { note("standard lacks editor") }
          _ = registry.all.map(\.id)
          return (registered, errors)
        }
      }
      return await group.reduce(into: (registered: 0, errors: [String]())) {
        $0.registered += $1.registered
        $0.errors += $1.errors
      }
    }
    #expect(outcomes.errors == [])
    // Every task's own plugin, and the shared one exactly once.
    #expect(outcomes.registered == Self.tasks + 1)
    #expect(registry.count == standardCount + Self.tasks + 1)
    #expect(try registry.resolve(registry.all.map(\.id)).count == registry.count)
  }

  @Test("Copies of one configured editor, each edited on its own task")
  func copiesOfOneEditor() async throws {
    let registry = PluginRegistry.makeStandard()
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(Self.configurationText(1))
    var original = Editor(
      text: "ab שלום 12\nwww.example.com/a b\n👍🏽👍🏽 e\u{301}",
      font: CellFont(cellWidth: 7, lineHeight: 14),
      behaviours: try registry.makeBehaviours(
        for: ["placeholder", "rightAlignedSpaces", "links"], configuration: configuration))
    try original.configure(configuration.plugin("editor"))
    let frame = original.layout()  // shared by every copy of the editor's frame
    let editor = original
    func work(_ task: Int, _ editor: Editor, _ frame: TextFrame) -> [String] {
      var copy = editor
      copy.select(NSRange(location: task % (copy.state.utf16Count + 1), length: 0))
      copy.insert("\(task) ")
      let edited = copy.layout()
      return [
        copy.text, "\(copy.selection)", copy.displayedText,
        "\(edited.caretRect(at: copy.selection.location))",
        "\(frame.caretRect(at: task % (frame.utf16.count + 1)))",
        "\(frame.offset(closestTo: CGPoint(x: 7 * task, y: 14 * (task % 3))))",
        "\(copy.behaviour(EditorLinks.self)?.links.map(\.range) ?? [])",
      ]
    }
    let expected = (0..<Self.tasks).map { work($0, editor, editor.layout()) }
    let results = await withTaskGroup(of: (Int, [String]).self) { group in
      for task in 0..<Self.tasks { group.addTask { (task, work(task, editor, frame)) } }
      return await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
    }
    for task in 0..<Self.tasks { #expect(results[task] == expected[task], "task \(task)") }
    #expect(editor.text == original.text)
  }
}
