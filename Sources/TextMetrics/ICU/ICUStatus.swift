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

/// A UTF-16 to UTF-16 ICU transform (normalization, case folding) into a
/// buffer that grows once if ICU asks for more room.
enum ICUTransform {
  /// The signature of the C shim's transforms: source, its length, the
  /// destination, its capacity, the error slot; the length written (or
  /// needed).
  typealias Call = (
    UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>
  ) -> Int32

  /// `call` applied to `units`, starting with room for `capacity` units;
  /// nil if ICU failed.
  ///
  /// - Complexity: O(n) in the units, at most two calls.
  static func apply(_ units: [UInt16], capacity: Int, _ call: Call) -> [UInt16]? {
    if units.isEmpty { return [] }
    var capacity = capacity
    for _ in 0..<2 {
      var status: Int32 = 0
      var output = [UInt16](repeating: 0, count: capacity)
      let length = units.withUnsafeBufferPointer { source in
        output.withUnsafeMutableBufferPointer { dest in
          guard let s = source.baseAddress, let d = dest.baseAddress else { return Int32(0) }
          return call(s, Int32(source.count), d, Int32(dest.count), &status)
        }
      }
      if status <= 0, Int(length) <= capacity { return Array(output.prefix(Int(length))) }
      capacity = Int(length) + 8
    }
    return nil
  }
}
