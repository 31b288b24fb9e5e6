import Foundation
import Testing
import TextInputCore

/// Follow-up actions other than edits (select, begin and end editing), the
/// change record's delta, and the typed accessors of
/// configuration values and colours.
@Suite("Follow-up actions, change deltas, value accessors")
struct FollowUpActionTests {
  /// Typing "!" ends editing; typing "?" selects all; deleting everything
  /// begins editing again. It records each change's delta.
  struct Commands: EditorBehaviour {
    var deltas: [Int] = []

    mutating func didChangeText(
      _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
    ) {
      deltas.append(change.delta)
      switch editor.substring(change.newRange) {
      case "!": actions.endEditing()
      case "?": actions.select(NSRange(location: 0, length: editor.utf16Count))
      case "" where editor.isEmpty: actions.beginEditing()
      default: break
      }
    }
  }

  @Test("A behaviour's select, beginEditing and endEditing requests are carried out")
  func selectBeginAndEnd() throws {
    var editor = Editor(text: "ab", behaviours: [Commands()])
    editor.beginEditing()
    editor.select(NSRange(location: 2, length: 0))
    editor.insert("?")
    #expect(editor.selection == NSRange(location: 0, length: 3))
    #expect(editor.isEditing)
    editor.insert("!")  // replaces the selection
    #expect(editor.text == "!")
    #expect(!editor.isEditing)
    editor.select(NSRange(location: 0, length: 1))
    editor.deleteBackward()
    #expect(editor.text == "")
    #expect(editor.isEditing)
    let deltas = try #require(editor.behaviour(Commands.self)?.deltas)
    #expect(deltas == [1, -2, -1])
  }

  @Test("Each typed accessor of a configuration value: its own case, nil for the others")
  func valueAccessors() {
    let values: [ConfigurationValue] = [
      .string("s"), .number(1.5), .integer(2), .boolean(true), .color(Color(hex: "#F00")!),
      .point(CGPoint(x: 1, y: 2)), .size(CGSize(width: 3, height: 4)),
      .rect(CGRect(x: 1, y: 2, width: 3, height: 4)),
      .insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
      .directionalInsets(DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
      .list([.integer(1)]),
    ]
    func present(_ value: ConfigurationValue) -> [Bool] {
      [
        value.stringValue != nil, value.numberValue != nil, value.integerValue != nil,
        value.booleanValue != nil, value.colorValue != nil, value.pointValue != nil,
        value.sizeValue != nil, value.rectValue != nil, value.insetsValue != nil,
        value.directionalInsetsValue != nil, value.listValue != nil,
      ]
    }
    for (index, value) in values.enumerated() {
      var expected = Array(repeating: false, count: values.count)
      expected[index] = true
      if index == 2 { expected[1] = true }  // an integer is also a number
      #expect(present(value) == expected, "\(value)")
    }
    #expect(ConfigurationValue.integer(2).numberValue == 2)
    #expect(ConfigurationValue.boolean(false).booleanValue == false)
    #expect(ConfigurationValue.size(CGSize(width: 3, height: 4)).sizeValue?.height == 4)
    #expect(ConfigurationValue.list([.integer(1)]).listValue == [.integer(1)])
  }

  @Test("A colour's components are fractions of 255")
  func colorComponents() throws {
    let color = try #require(Color(hex: "#FF800033"))
    let components = color.components
    #expect(components.red == 1)
    #expect(components.green == 128.0 / 255)
    #expect(components.blue == 0)
    #expect(components.alpha == 0x33 / 255.0)
    #expect(try #require(Color(hex: "#000")).components.alpha == 1)
  }
}
