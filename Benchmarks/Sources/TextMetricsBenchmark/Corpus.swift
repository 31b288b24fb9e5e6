import BenchmarkSupport

enum Corpus {
  /// About `bytes` of English-like ASCII: words, punctuation, a line feed every
  /// 60–80 characters.
  static func english(bytes: Int, seed: UInt64 = 1) -> String {
    let words = [
      "the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was", "with", "be",
      "by", "on", "not", "he", "I", "this", "are", "or", "his", "from", "at", "which", "but",
      "have", "an", "had", "they", "you", "were", "their", "one", "all", "we", "can", "her",
      "has", "there", "been", "if", "more", "when", "will", "would", "who", "so", "no",
      "keyboard", "placeholder", "selection", "caret", "insets", "layout", "grapheme",
      "Unicode", "2026", "3.14",
    ]
    let punctuation = [",", ".", ";", ":", "!", "?", "'s", ")"]
    var rng = SplitMix64(seed: seed)
    var out = ""
    out.reserveCapacity(bytes + 100)
    var lineLength = 0
    var lineTarget = Int.random(in: 60...80, using: &rng)
    while out.utf8.count < bytes {
      let word = words[Int.random(in: 0..<words.count, using: &rng)]
      out += word
      lineLength += word.count
      if Int.random(in: 0..<8, using: &rng) == 0 {
        out += punctuation[Int.random(in: 0..<punctuation.count, using: &rng)]
        lineLength += 1
      }
      if lineLength >= lineTarget {
        out += "\n"
        lineLength = 0
        lineTarget = Int.random(in: 60...80, using: &rng)
      } else {
        out += " "
        lineLength += 1
      }
    }
    return out
  }

  /// About `bytes` of mixed text: CJK ideographs, kana, Hangul syllables and
  /// jamo, emoji (single, modifier, ZWJ, flags, keycaps, VS16), combining marks,
  /// a little Latin and spaces, line feeds.
  static func mixed(bytes: Int, seed: UInt64 = 2) -> String {
    var rng = SplitMix64(seed: seed)
    var out = ""
    out.reserveCapacity(bytes + 100)
    func scalar(_ range: ClosedRange<UInt32>) -> Unicode.Scalar {
      Unicode.Scalar(UInt32.random(in: range, using: &rng)) ?? "?"
    }
    let emoji = [
      "😀", "👍🏽", "👩‍👩‍👧", "🇫🇷", "🇯🇵", "1️⃣", "❤️", "🏳️‍🌈", "🧑🏿‍💻", "☺︎", "🙂",
    ]
    while out.utf8.count < bytes {
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<35: out.unicodeScalars.append(scalar(0x4E00...0x9FFF))  // CJK
      case 35..<50: out.unicodeScalars.append(scalar(0x3041...0x3096))  // hiragana
      case 50..<58: out.unicodeScalars.append(scalar(0x30A1...0x30FA))  // katakana
      case 58..<70: out.unicodeScalars.append(scalar(0xAC00...0xD7A3))  // Hangul syllables
      case 70..<72:  // Hangul jamo L V T
        out.unicodeScalars.append(scalar(0x1100...0x1112))
        out.unicodeScalars.append(scalar(0x1161...0x1175))
        out.unicodeScalars.append(scalar(0x11A8...0x11C2))
      case 72..<80: out += emoji[Int.random(in: 0..<emoji.count, using: &rng)]
      case 80..<86:  // Latin letter with one or two combining marks
        out.unicodeScalars.append(scalar(0x61...0x7A))
        out.unicodeScalars.append(scalar(0x300...0x36F))
        if Bool.random(using: &rng) { out.unicodeScalars.append(scalar(0x300...0x36F)) }
      case 86..<94: out.unicodeScalars.append(scalar(0x61...0x7A))
      case 94..<98: out += " "
      default: out += Bool.random(using: &rng) ? "\n" : "、"
      }
    }
    return out
  }
}
