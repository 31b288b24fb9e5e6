import Foundation
import TextInputTerminal

// An editor drawn with tmux's widths, written as bytes; keys decoded.
let editor = Editor(
  text: "a\u{1F44D}\u{1F3FD}b", font: TerminalCellFont(profile: .tmux),
  geometry: ViewGeometry(
    bounds: CGRect(x: 0, y: 0, width: 10, height: 1), textContainerInset: .zero,
    lineFragmentPadding: 0),
  isEditing: true)
var screen = TerminalScreen(columns: 10, rows: 1)
TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
let bytes = TerminalWriter.update(from: nil, to: screen)
var decoder = TerminalInputDecoder()
let events = decoder.decode(Array("x\u{1B}[1;5C\u{1B}[200~p\u{1B}[201~".utf8))
guard screen.cursor == TerminalPosition(row: 0, column: 6),
  bytes.hasSuffix("\u{1B}[1;7H\u{1B}[?25h"),
  events == [.text("x"), .key(.right, .control), .paste("p")]
else {
  print("TextInputTerminal alone: \(String(describing: screen.cursor)) \(events)")
  exit(1)
}
print("TextInputTerminal alone: ok")
