import Testing
import TextInputCore
import TextInputKit

@Suite struct RegistryTests {
  static func plugin(_ id: String, _ dependencies: [String] = []) -> Plugin {
    Plugin(
      PluginDescriptor(
        id: id, name: id.uppercased(), version: SemanticVersion(1, 0, 0), summary: "Test \(id).",
        dependencies: dependencies))
  }

  @Test func registersListsAndLooksUp() throws {
    let registry = PluginRegistry()
    try registry.register(Self.plugin("zeta"))
    try registry.register(Self.plugin("alpha"))
    try registry.register(Self.plugin("mid-one"))
    #expect(registry.all.map(\.id) == ["alpha", "mid-one", "zeta"])
    #expect(registry.count == 3)
    #expect(registry.plugin(id: "alpha")?.descriptor.name == "ALPHA")
    #expect(registry.plugin(id: "missing") == nil)
  }

  @Test func duplicateIDIsAnError() throws {
    let registry = try PluginRegistry([Self.plugin("a")])
    #expect(throws: RegistryError.duplicateID("a")) { try registry.register(Self.plugin("a")) }
    #expect(
      RegistryError.duplicateID("a").description
        == "a plugin with id 'a' is already registered; ids must be unique")
  }

  @Test(arguments: ["", "Upper", "9lives", "with space", "é", "a.b"])
  func invalidIDsAreRefused(id: String) {
    #expect(throws: RegistryError.invalidID(id)) { try PluginRegistry().register(Self.plugin(id)) }
    #expect(RegistryError.invalidID(id).description.contains("'\(id)'"))
  }

  @Test(arguments: ["placeholder", "rightAlignedSpaces", "hit-areas", "x_1"])
  func validIDs(id: String) {
    #expect(PluginDescriptor.isValidID(id))
  }

  @Test func schemaWithDuplicateOrMistypedKeyIsRefused() {
    let duplicate = Plugin(
      PluginDescriptor(
        id: "p", name: "P", version: SemanticVersion(1, 0, 0), summary: "",
        configuration: [
          ConfigurationKey("k", .string, default: .string(""), doc: ""),
          ConfigurationKey("k", .number, default: .number(1), doc: ""),
        ]))
    #expect(throws: RegistryError.invalidSchema(plugin: "p", key: "k")) {
      try PluginRegistry().register(duplicate)
    }
    let mistyped = Plugin(
      PluginDescriptor(
        id: "q", name: "Q", version: SemanticVersion(1, 0, 0), summary: "",
        configuration: [ConfigurationKey("k", .color, default: .string("red"), doc: "")]))
    #expect(throws: RegistryError.invalidSchema(plugin: "q", key: "k")) {
      try PluginRegistry().register(mistyped)
    }
    #expect(
      RegistryError.invalidSchema(plugin: "q", key: "k").description
        == "plugin 'q' declares configuration key 'k' twice or with a default of the wrong type")
  }

  @Test func resolvesInDependencyOrder() throws {
    let registry = try PluginRegistry([
      Self.plugin("app", ["links", "placeholder"]),
      Self.plugin("links", ["layout"]),
      Self.plugin("placeholder", ["layout", "metrics"]),
      Self.plugin("layout", ["metrics"]),
      Self.plugin("metrics"),
      Self.plugin("unused"),
    ])
    let resolved = try registry.resolve(["app"])
    let order = resolved.map(\.id)
    #expect(order == ["metrics", "layout", "links", "placeholder", "app"])
    for (position, plugin) in resolved.enumerated() {
      for dependency in plugin.descriptor.dependencies {
        #expect((order.firstIndex(of: dependency) ?? .max) < position)
      }
    }
    #expect(try registry.resolve(["metrics", "metrics"]).map(\.id) == ["metrics"])
    #expect(try registry.resolve([]).isEmpty)
  }

  @Test func missingIDsAreNamed() throws {
    let registry = try PluginRegistry([Self.plugin("a", ["ghost"])])
    #expect(throws: RegistryError.unknownPlugin("ghost", requiredBy: "a")) {
      try registry.resolve(["a"])
    }
    #expect(throws: RegistryError.unknownPlugin("nope", requiredBy: nil)) {
      try registry.resolve(["nope"])
    }
    #expect(
      RegistryError.unknownPlugin("ghost", requiredBy: "a").description
        == "unknown plugin 'ghost', required by 'a'")
    #expect(
      RegistryError.unknownPlugin("nope", requiredBy: nil).description == "unknown plugin 'nope'")
  }

  @Test func cyclesAreNamed() throws {
    let registry = try PluginRegistry([
      Self.plugin("a", ["b"]), Self.plugin("b", ["c"]), Self.plugin("c", ["a"]),
      Self.plugin("loop", ["loop"]),
    ])
    #expect(throws: RegistryError.dependencyCycle(["a", "b", "c", "a"])) {
      try registry.resolve(["a"])
    }
    #expect(throws: RegistryError.dependencyCycle(["loop", "loop"])) {
      try registry.resolve(["loop"])
    }
    #expect(
      RegistryError.dependencyCycle(["a", "b", "a"]).description == "dependency cycle: a -> b -> a")
  }

  @Test func semanticVersions() {
    #expect(SemanticVersion("1.2.3") == SemanticVersion(1, 2, 3))
    #expect(SemanticVersion("1.2.3-beta.1")?.preRelease == "beta.1")
    #expect(SemanticVersion("1.2") == nil)
    #expect(SemanticVersion("1.x.3") == nil)
    #expect(SemanticVersion("1.2.3-") == nil)
    #expect(SemanticVersion(1, 0, 0, preRelease: "rc.1") < SemanticVersion(1, 0, 0))
    #expect(SemanticVersion(1, 2, 0) < SemanticVersion(1, 10, 0))
    #expect(SemanticVersion(2, 0, 1, preRelease: "a").description == "2.0.1-a")
  }

  /// Many tasks register, list, look up and resolve at once; every id is
  /// registered exactly once. Run under `--sanitize=thread` to check for races.
  @Test func concurrentUse() async throws {
    let registry = try PluginRegistry([Self.plugin("base")])
    let successes = await withTaskGroup(of: Int.self) { group in
      for task in 0..<64 {
        group.addTask {
          var successes = 0
          for attempt in 0..<20 {
            // Tasks race to register the same ids: exactly one wins each.
            let id = "p\((task + attempt) % 40)"
            if (try? registry.register(Self.plugin(id, ["base"]))) != nil { successes += 1 }
            _ = registry.all
            _ = registry.plugin(id: id)
            _ = try? registry.resolve([id])
          }
          return successes
        }
      }
      return await group.reduce(0, +)
    }
    #expect(successes == 40)
    #expect(registry.count == 41)
    #expect(try registry.resolve(registry.all.map(\.id)).count == 41)
  }

  @Test func standardRegistryRegistersEveryPlugin() throws {
    let registry = PluginRegistry.makeStandard()
    #expect(registry.count == PluginRegistry.standardPlugins.count)
    for id in ["editor", "labelInsets", "rightAlignedSpaces", "placeholder"] {
      #expect(registry.plugin(id: id) != nil, "\(id) is not in the standard registry")
      #expect(PluginRegistry.standard.plugin(id: id) != nil, "\(id) is not in the shared one")
    }
    #expect(try PluginRegistry(PluginRegistry.standardPlugins).count == registry.count)
    // makeStandard() makes an isolated registry: registering into it does not
    // touch the shared one or another made later.
    try registry.register(Self.plugin("isolated"))
    #expect(PluginRegistry.standard.plugin(id: "isolated") == nil)
    #expect(PluginRegistry.makeStandard().plugin(id: "isolated") == nil)
  }

  @Test("The standard registry is one shared instance: what a program registers stays")
  func standardRegistryIsShared() throws {
    #expect(PluginRegistry.standard === PluginRegistry.standard)
    try PluginRegistry.standard.register(Self.plugin("sharedByTheProgram"))
    #expect(PluginRegistry.standard.plugin(id: "sharedByTheProgram") != nil)
    #expect(throws: RegistryError.duplicateID("sharedByTheProgram")) {
      try PluginRegistry.standard.register(Self.plugin("sharedByTheProgram"))
    }
  }

  @Test func makesBehavioursInDependencyOrder() throws {
    struct Named: EditorBehaviour {
      let id: String
    }
    let registry = try PluginRegistry([
      Plugin(
        PluginDescriptor(
          id: "first", name: "F", version: SemanticVersion(1, 0, 0), summary: "",
          configuration: [ConfigurationKey("n", .integer, default: .integer(1), doc: "")]),
        makeBehaviour: { configuration in
          Named(id: "first:\(configuration["n"]?.integerValue ?? 0)")
        }),
      Plugin(
        PluginDescriptor(
          id: "second", name: "S", version: SemanticVersion(1, 0, 0), summary: "",
          dependencies: ["first"]), makeBehaviour: { _ in Named(id: "second") }),
      Editor.plugin,
    ])
    #expect(
      try registry.makeBehaviours(for: ["second", "editor"]).map(\.id) == ["first:1", "second"])
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.set("first.n", text: "7")
    #expect(
      try registry.makeBehaviours(for: ["second"], configuration: configuration).map(\.id) == [
        "first:7", "second",
      ])
  }
}
