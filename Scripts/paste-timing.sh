#!/usr/bin/env bash
# Times a 1 MB paste on screen, in tmux: pasted (bracketed, `paste-buffer -p`)
# into the Samples playground until its status line shows the whole length,
# and the same paste into `cat > FILE` until the file holds all of it (the
# floor: a program that only receives the bytes, while the terminal echoes
# them); then into the Samples prompt's Name field (one line: its line breaks
# become spaces) and Notes field (several lines) until the paste's last line,
# ENDMARK, is on screen. Not run by CI; figures go in Benchmarks/README.md.
#
#     Scripts/paste-timing.sh [BYTES]        # default 1000000
#
# SAMPLES=path/to/Samples picks the binary (default .build/release/Samples,
# built with `swift build -c release --product Samples` when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bytes=${1:-1000000}
samples=${SAMPLES:-.build/release/Samples}
if [[ ! -x $samples ]]; then swift build -c release --product Samples >&2; fi
work=$(mktemp -d)
session=paste-timing-$$
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

# Lines of mixed text (words, links, CJK, emoji, accents), LF-separated,
# about `bytes` bytes of UTF-8, then a last line ENDMARK; its UTF-16 length
# and byte count.
python3 - "$bytes" "$work/paste.txt" > "$work/sizes" <<'EOF'
import random, sys
size, path = int(sys.argv[1]), sys.argv[2]
pieces = ["hello", "world", "see", "www.example.com/docs", "mail", "ann@example.org",
          "\U0001F600", "\U0001F44D\U0001F3FD", "\u4e2d\u6587\u5b57", "caf\u00e9", "and", "the"]
rng = random.Random(7)
lines, total = [], 0
while total < size:
    line = " ".join(rng.choice(pieces) for _ in range(rng.randint(3, 16)))
    lines.append(line)
    total += len(line.encode()) + 1
text = "\n".join(lines) + "\nENDMARK\n"
open(path, "w", encoding="utf-8").write(text)
print(len(text.encode("utf-16-le")) // 2, len(text.encode()))
EOF
read -r units size < "$work/sizes"

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / max(float(sys.argv[2]), 0.01):.1f}')" "$1" "$2"; }
# Waits until the pane shows `text` (wrapped rows joined), or `limit` polls.
wait_for() {
  local text=$1 limit=$2 shown
  for _ in $(seq "$limit"); do
    shown=$(tmux capture-pane -p -J -t "$session")
    [[ ${shown//$'\n'/} == *"$text"* ]] && return 0
    sleep 0.02
  done
  echo "timed out waiting for $text" >&2
  return 1
}

tmux new-session -d -s "$session" -x 100 -y 30
tmux set-option -t "$session" remain-on-exit on >/dev/null
tmux load-buffer -b paste "$work/paste.txt"

# The playground: wait for its first screen, paste, wait for the length.
tmux respawn-pane -k -t "$session" "$samples playground --width 80 --height 20"
for _ in $(seq 100); do
  tmux capture-pane -p -t "$session" | grep -q "utf16 0" && break
  sleep 0.1
done
start=$(now)
tmux paste-buffer -p -b paste -t "$session"
until tmux capture-pane -p -t "$session" | grep -q "utf16 $units "; do sleep 0.02; done
playground=$(elapsed "$start" "$(now)")

# The floor: cat into a file, until the file holds every byte.
tmux respawn-pane -k -t "$session" "stty -echoctl; cat > '$work/out.txt'"
sleep 0.5
start=$(now)
tmux paste-buffer -p -b paste -t "$session"
until [[ $(stat -c %s "$work/out.txt" 2>/dev/null || echo 0) -ge $size ]]; do sleep 0.02; done
floor=$(elapsed "$start" "$(now)")

# The prompt's Name field (one line), then its Notes field (several
# lines, after a name and a password): until ENDMARK is on screen.
tmux respawn-pane -k -t "$session" "$samples prompt --width-profile tmux"
wait_for "Name:" 500
start=$(now)
tmux paste-buffer -p -b paste -t "$session"
wait_for "ENDMARK" 15000
name=$(elapsed "$start" "$(now)")

tmux respawn-pane -k -t "$session" "$samples prompt --width-profile tmux"
wait_for "Name:" 500
tmux send-keys -t "$session" -l x
tmux send-keys -t "$session" Enter
wait_for "Password:" 500
tmux send-keys -t "$session" -l p
tmux send-keys -t "$session" Enter
wait_for "Notes" 500
start=$(now)
tmux paste-buffer -p -b paste -t "$session"
wait_for "ENDMARK" 15000
notes=$(elapsed "$start" "$(now)")

echo "paste of $size bytes ($units UTF-16 code units), on screen in tmux $(tmux -V | cut -d' ' -f2):"
echo "  Samples playground (decoded, inserted, laid out, drawn): ${playground} s ($(ratio "$playground" "$floor")× cat)"
echo "  cat > file (the floor):                               ${floor} s"
echo "  Samples prompt, Name field (one line):                ${name} s ($(ratio "$name" "$floor")× cat)"
echo "  Samples prompt, Notes field (several lines):          ${notes} s ($(ratio "$notes" "$floor")× cat)"
