import Foundation
import TextInputTerminal

/// A pipe holding `bytes`, closed for writing: its read end, for a prompt
/// in plain mode to read.
func pipeHolding(_ bytes: String) -> Int32 {
  var ends: [Int32] = [-1, -1]
  _ = Foundation.pipe(&ends)
  var data = Array(bytes.utf8)
  _ = write(ends[1], &data, data.count)
  close(ends[1])
  return ends[0]
}

/// Options for a prompt in plain mode reading `input`, writing no labels
/// or notices.
func plainOptions(reading input: Int32) -> TerminalPromptOptions {
  var options = TerminalPromptOptions()
  options.input = input
  options.plain = true
  options.plainMessages = nil
  return options
}
