import Testing
import TextInputCore

/// Compiles only if the public value types can cross concurrency domains.
@Test func publicTypesAreSendable() {
  func check<T: Sendable>(_: T.Type) {}
  check(PluginRegistry.self)
  check(Plugin.self)
  check(PluginDescriptor.self)
  check(SemanticVersion.self)
  check(ConfigurationKey.self)
  check(ConfigurationType.self)
  check(ConfigurationValue.self)
  check(Configuration.self)
  check(PluginConfiguration.self)
  check(ConfigurationError.self)
  check(RegistryError.self)
  check(Editor.self)
  check(EditorState.self)
  check(EditorError.self)
  check(TextEdit.self)
  check(TextChange.self)
  check(EditDecision.self)
  check(EditorEvent.self)
  check(BehaviourActions.self)
  check(Presentation.self)
  check(DisplaySubstitution.self)
  check(ViewGeometry.self)
  check(EdgeInsets.self)
  check(DirectionalEdgeInsets.self)
  check(Color.self)
  check(TextAlignment.self)
  check(LayoutDirection.self)
  check(CaretMovement.self)
}
