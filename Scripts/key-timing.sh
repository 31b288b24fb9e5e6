#!/usr/bin/env bash
# Times one key at the end of a long one-line value, on screen, in tmux: the
# same value (about 1 MB of mixed text on one line, ending in a marker) in
# GNU readline (Python's `readline` module, the value put in by its startup
# hook) and in the Samples prompt's Name field (the value pasted, bracketed),
# each left until its screen settles, then "Z" typed and the time until the
# pane changes. (Readline does not show the end of a line longer than the
# screen, so the change is what is timed, not the Z itself.) Not run by CI; figures go in
# Benchmarks/README.md.
#
#     Scripts/key-timing.sh [BYTES]        # default 1000000
#
# SAMPLES=path/to/Samples picks the binary (default .build/release/Samples,
# built with `swift build -c release --product Samples` when missing).
# Needs a python3 whose readline module is GNU readline.
set -euo pipefail
cd "$(dirname "$0")/.."
bytes=${1:-1000000}
samples=${SAMPLES:-.build/release/Samples}
if [[ ! -x $samples ]]; then swift build -c release --product Samples >&2; fi
python3 -c 'import readline, sys; sys.exit(0 if "GNU" in readline.__doc__ or "libedit" not in readline.__doc__ else 1)' \
  || { echo "python3's readline is not GNU readline" >&2; exit 2; }
work=$(mktemp -d)
session=key-timing-$$
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

# One line of mixed text (words, links, CJK, emoji, accents), then the marker.
python3 - "$bytes" "$work/value.txt" <<'EOF'
import random, sys
size, path = int(sys.argv[1]), sys.argv[2]
pieces = ["hello", "world", "see", "www.example.com/docs", "mail", "ann@example.org",
          "\U0001F600", "\U0001F44D\U0001F3FD", "\u4e2d\u6587\u5b57", "caf\u00e9", "and", "the"]
rng = random.Random(7)
words, total = [], 0
while total < size:
    word = rng.choice(pieces)
    words.append(word)
    total += len(word.encode()) + 1
open(path, "w", encoding="utf-8").write(" ".join(words) + " ENDMARK")
EOF

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{(float(sys.argv[2]) - float(sys.argv[1])) * 1000:.0f}')" "$1" "$2"; }
screen() { tmux capture-pane -p -J -t "$session"; }
# Waits until the pane shows `text` (wrapped rows joined), or `limit` polls.
wait_for() {
  local text=$1 limit=$2 shown
  for _ in $(seq "$limit"); do
    shown=$(screen)
    [[ ${shown//$'\n'/} == *"$text"* ]] && return 0
    sleep 0.01
  done
  echo "timed out waiting for $text" >&2
  return 1
}
# Waits until the pane stays the same for a second (at most `limit` seconds).
settle() {
  local limit=$1 last="" now_shown
  for _ in $(seq "$limit"); do
    sleep 1
    now_shown=$(screen)
    [[ -n $now_shown && $now_shown == "$last" ]] && return 0
    last=$now_shown
  done
}
# Types Z and prints the milliseconds until the pane changes.
time_key() {
  local before start shown
  before=$(screen)
  start=$(now)
  tmux send-keys -t "$session" -l Z
  for _ in $(seq 100000); do
    shown=$(screen)
    [[ $shown != "$before" ]] && break
    sleep 0.002
  done
  elapsed "$start" "$(now)"
}

tmux new-session -d -s "$session" -x 100 -y 30
tmux set-option -t "$session" remain-on-exit on >/dev/null

# GNU readline: the value put in by the startup hook, the caret at its end.
cat > "$work/value_prompt.py" <<EOF
import readline
value = open("$work/value.txt", encoding="utf-8").read()
readline.set_startup_hook(lambda: readline.insert_text(value))
input("> ")
EOF
tmux respawn-pane -k -t "$session" "python3 '$work/value_prompt.py'"
settle 120
readline_ms=$(time_key)

# The Samples prompt: the value pasted into Name, the caret at its end.
tmux load-buffer -b value "$work/value.txt"
tmux respawn-pane -k -t "$session" "$samples prompt --width-profile tmux"
wait_for "Name" 1000
tmux paste-buffer -p -b value -t "$session"
wait_for "ENDMARK" 30000
settle 60
field_ms=$(time_key)

echo "a key at the end of a one-line value of $(stat -c %s "$work/value.txt") bytes, on screen in tmux $(tmux -V | cut -d' ' -f2):"
echo "  GNU readline (python3 readline):  ${readline_ms} ms"
echo "  Samples prompt (TerminalPrompt):  ${field_ms} ms ($(python3 -c "print(f'{$field_ms / max($readline_ms, 1):.1f}')")× readline)"
