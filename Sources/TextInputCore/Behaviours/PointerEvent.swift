public import Foundation

/// A pointer event on an editor's view — a mouse button or a finger — as a
/// renderer reports it to the behaviours (`Editor.handlePointer(_:)`), so a
/// behaviour with interactive parts (a link) can take a press without the
/// renderer importing its module.
///
/// Points are in the view's coordinates (points, origin top-left, y down);
/// times are seconds on any clock that only moves forward.
public enum PointerEvent: Hashable, Sendable {
  /// The button went down (the finger touched).
  case down(CGPoint, at: TimeInterval)
  /// The pointer moved with the button down.
  case moved(CGPoint, at: TimeInterval)
  /// The button went up (the finger lifted).
  case up(CGPoint, at: TimeInterval)
  /// Time passed with the button down and no motion (for a long press).
  case tick(at: TimeInterval)
  /// The system took the press away (a cancelled touch).
  case cancelled(at: TimeInterval)
}
