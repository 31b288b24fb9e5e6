internal import CTextInputICU

/// An ICU failure, turned into a Swift error in one place (`ICUStatus.check`).
///
/// ICU fails only when it cannot allocate or its data is missing; the public
/// APIs document how they degrade when that happens, and never trap.
struct ICUError: Error, Equatable, Sendable, CustomStringConvertible {
  /// ICU's `UErrorCode` value.
  var code: Int32
  /// What was being done ("ubrk_open(UBRK_LINE)").
  var operation: String

  var description: String {
    "ICU failed in \(operation): \(String(cString: ctii_error_name(code))) (\(code))"
  }
}

enum ICUStatus {
  /// Calls `body` with an error slot and throws if ICU reported a failure (> 0).
  /// Warnings (< 0) are not failures.
  @inline(__always)
  static func check<T>(_ operation: @autoclosure () -> String, _ body: (inout Int32) -> T)
    throws(ICUError) -> T
  {
    var status: Int32 = 0
    let result = body(&status)
    if status > 0 { throw ICUError(code: status, operation: operation()) }
    return result
  }
}
