/// Asks a terminal which it is and how it draws each cluster, as jquast's
/// `ucs-detect` does: it prints probe clusters at the start of a row and
/// asks where the cursor went (`CSI 6 n`) after each, and asks for the
/// terminal's name (XTVERSION), its secondary device attributes (DA2) and
/// whether grapheme-cluster mode 2027 is known (DECRQM `CSI ? 2027 $ p`).
///
/// There is one conversation, `TerminalProbe.Identifier`: a pure step
/// machine that gives the bytes to write and reads the answers from decoded
/// events (mixed with whatever the user types, which it gives back), and
/// ends in an `Identification`. `TerminalSession.identify(timeoutMilliseconds:)`
/// runs it on a terminal; a terminal that does not answer (tmux 3.3a does
/// not answer DECRQM 2027; a pipe answers nothing) costs only the timeout.
///
/// ```swift
/// var identifier = TerminalProbe.Identifier(environment: ["TERM": "xterm-256color"])
/// if case .write(let bytes, _) = identifier.start() {
///   // write `bytes`, read the answers as events, then:
///   if case .done(let found) = identifier.receive([]) {
///     found.profile  // how this terminal measures
///   }
/// }
/// ```
public enum TerminalProbe {}
