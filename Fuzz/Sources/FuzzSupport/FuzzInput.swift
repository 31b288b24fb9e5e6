import Foundation

/// The bytes libFuzzer hands a target, read as a stream of decisions.
///
/// Each reader takes a few bytes from the front and maps them to a value,
/// biased towards the extremes that break documented promises: offsets and
/// lengths of 0, -1, `NSNotFound`, `Int.max` and `Int.min`; `CGFloat` values of
/// 0, negative, NaN, ±infinity and `greatestFiniteMagnitude`; text with long
/// runs of one kind of scalar (regional indicators, combining marks, ZWJ
/// sequences) and, as UTF-16, unpaired surrogates. When the bytes run out every
/// reader returns its simplest value (0, `false`, empty text), so any prefix of
/// an input is itself a valid input and libFuzzer's mutations stay meaningful.
///
/// ```swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
///   var input = FuzzInput(data, size)
///   let text = input.text()
///   let offset = input.offset(near: text.utf16.count)
///   …
///   return 0
/// }
/// ```
public struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  /// Reads `size` bytes at `data` (libFuzzer's arguments).
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Reads the given bytes (for reproducing an input in a test).
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The bytes not read yet.
  public var remaining: Int { bytes.count - position }

  /// The next byte, or 0 at the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next byte's low bit.
  public mutating func bool() -> Bool { byte() & 1 == 1 }

  /// A value in `0..<count` (0 when `count` ≤ 1), from one or two bytes.
  public mutating func below(_ count: Int) -> Int {
    guard count > 1 else { return 0 }
    if count <= 256 { return Int(byte()) % count }
    return (Int(byte()) << 8 | Int(byte())) % count
  }

  /// One of `choices` (which must not be empty).
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[below(choices.count)]
  }

  /// Eight bytes as an integer, any value.
  public mutating func rawInt() -> Int {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return Int(truncatingIfNeeded: value)
  }

  /// An offset or length for text of `length` units: usually inside
  /// `-2...length + 2`, often an extreme (`NSNotFound`, `Int.max`, `Int.min`,
  /// -1), sometimes any integer.
  public mutating func offset(near length: Int) -> Int {
    switch byte() % 16 {
    case 0: return NSNotFound
    case 1: return Int.max
    case 2: return Int.min
    case 3: return -1
    case 4: return 0
    case 5: return length
    case 6: return rawInt()
    default: return below(max(length, 0) + 5) - 2
    }
  }

  /// A range whose location and length are each `offset(near: length)`:
  /// `{NSNotFound, 3}`, `{1, Int.max}` and ordinary ranges alike.
  public mutating func range(near length: Int) -> NSRange {
    NSRange(location: offset(near: length), length: offset(near: length))
  }

  /// A coordinate or size: usually a small number of points (a multiple of
  /// 0.5 in -20…300), often an extreme (0, -0, NaN, ±infinity,
  /// `greatestFiniteMagnitude`, its negation, the least non-zero magnitude).
  public mutating func cgFloat() -> CGFloat {
    switch byte() % 16 {
    case 0: return 0
    case 1: return .nan
    case 2: return .infinity
    case 3: return -.infinity
    case 4: return .greatestFiniteMagnitude
    case 5: return -.greatestFiniteMagnitude
    case 6: return .leastNonzeroMagnitude
    case 7: return -CGFloat(below(100))
    case 8: return -0.0
    default: return CGFloat(below(640)) / 2 - 20
    }
  }

  /// A point of two `cgFloat()`s.
  public mutating func point() -> CGPoint { CGPoint(x: cgFloat(), y: cgFloat()) }

  /// A size of two `cgFloat()`s.
  public mutating func size() -> CGSize { CGSize(width: cgFloat(), height: cgFloat()) }

  /// A rect of four `cgFloat()`s.
  public mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }

  /// Text of up to `maximumPieces` pieces, each a run from `FuzzText.pieces`
  /// (ASCII words, CJK, emoji ZWJ sequences, flags, combining stacks, RTL,
  /// NBSP, CR LF, long runs of one scalar …), a long run of regional
  /// indicators (`regionalIndicators()`) or a scalar taken from the bytes.
  public mutating func text(maximumPieces: Int = 24) -> String {
    var result = ""
    for _ in 0..<below(maximumPieces + 1) where !isAtEnd {
      switch byte() % 8 {
      case 0, 1: result.unicodeScalars.append(scalar())
      case 2: result += regionalIndicators()
      default:
        let piece = pick(FuzzText.pieces)
        result += String(repeating: piece, count: 1 + (byte() % 8 == 0 ? below(64) : 0))
      }
    }
    return result
  }

  /// A run of 1–160 regional indicators (a flag is a pair of them, and
  /// pairing counts back to the run's start): one letter repeated, or two
  /// alternating. Long odd and even runs reach the pairing across windows of
  /// incremental segmentation (the editor's grapheme index split a flag in a
  /// run of 141).
  public mutating func regionalIndicators() -> String {
    let count = 1 + below(160)
    let first = Unicode.Scalar(0x1F1E6 + UInt32(below(26))) ?? "\u{1F1EB}"
    let second = bool() ? Unicode.Scalar(0x1F1E6 + UInt32(below(26))) ?? first : first
    var result = String.UnicodeScalarView()
    for index in 0..<count { result.append(index % 2 == 0 ? first : second) }
    return String(result)
  }

  /// UTF-16 code units of `text(maximumPieces:)`, with unpaired surrogates
  /// (a high or low half alone, or a pair reversed) mixed in.
  public mutating func utf16(maximumPieces: Int = 24) -> [UInt16] {
    var units: [UInt16] = []
    for _ in 0..<below(maximumPieces + 1) where !isAtEnd {
      switch byte() % 6 {
      case 0: units.append(0xD800 + UInt16(below(0x800)))
      case 1: units += [0xDC00 + UInt16(below(0x400)), 0xD800 + UInt16(below(0x400))]
      default: units += Array(text(maximumPieces: 1).utf16)
      }
    }
    return units
  }

  /// One Unicode scalar: any plane, biased towards the interesting blocks.
  public mutating func scalar() -> Unicode.Scalar {
    let value: UInt32
    switch byte() % 4 {
    case 0: value = UInt32(byte())
    case 1: value = UInt32(below(0x3000))
    default: value = UInt32(byte()) << 16 | UInt32(byte()) << 8 | UInt32(byte())
    }
    return Unicode.Scalar(value % 0x11_0000) ?? "\u{FFFD}"
  }

  /// The rest of the bytes, unread.
  public mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return Array(bytes[min(position, bytes.count)...])
  }
}

/// Pieces of text that reach the hard cases, for `FuzzInput.text()`.
public enum FuzzText {
  /// Runs of one kind each; `FuzzInput.text()` repeats a piece up to 64 times
  /// to make long runs of one kind of scalar.
  public static let pieces: [String] = [
    "a", "word ", "Hello, world. ", "x", " ", "  ", "\t", "-", "/", "1", "3.14", "$",
    "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}",
    "\u{00A0}", "\u{202F}", "\u{3000}", "\u{200B}", "\u{2060}", "\u{AD}",
    "日本語", "中文", "かな", "カタカナ", "한국어", "\u{1100}\u{1161}\u{11A8}",
    "e\u{301}", "\u{301}", "\u{300}\u{301}\u{302}", "\u{20DD}", "a\u{308}\u{323}",
    "שלום", "مرحبا", "\u{200F}", "\u{200E}", "\u{202E}", "\u{2067}", "\u{2069}",
    "👍", "👍🏽", "🏽", "👨‍👩‍👧‍👦", "\u{200D}", "🏳️‍🌈", "❤️", "\u{FE0F}", "\u{FE0E}",
    "🇫🇷", "🇫", "🇺🇸🇯🇵", "#️⃣", "1\u{FE0F}\u{20E3}",
    "क्षि", "\u{94D}", "ก่", "ภาษาไทย", "\u{E01}\u{E48}", "ລາວ",
    "\u{0}", "\u{1B}", "\u{7F}", "\u{FFFD}", "\u{FFFF}", "\u{E000}", "\u{10FFFF}",
    "«", "»", "\"", "(", ")", "[", "]", "http://x.co/a?b=c#d", "a@b.org", "@who", "#tag",
    "+1 555 0100", "www.example.com", ".", ",", "!", "?", ":", ";", "…",
  ]
}

/// Stops the process with a message when an invariant fails, so libFuzzer
/// records the input as a crash (`crash-<sha>`) and exits.
///
/// - Parameters:
///   - condition: the invariant.
///   - message: what was expected and what was found; evaluated only on failure.
public func fuzzCheck(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard !condition() else { return }
  FileHandle.standardError.write(Data("invariant failed at \(file):\(line): \(message())\n".utf8))
  abort()
}
