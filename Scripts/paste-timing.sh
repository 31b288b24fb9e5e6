#!/usr/bin/env bash
# Times a 1 MB paste on screen, in tmux: pasted (bracketed, `paste-buffer -p`)
# into the Samples playground until its status line shows the whole length,
# and the same paste into `cat > FILE` until the file holds all of it (the
# floor: a program that only receives the bytes, while the terminal echoes
# them). Not run by CI; figures go in Benchmarks/README.md.
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
# about `bytes` bytes of UTF-8; its UTF-16 length and byte count.
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
text = "\n".join(lines) + "\n"
open(path, "w", encoding="utf-8").write(text)
print(len(text.encode("utf-16-le")) // 2, len(text.encode()))
EOF
read -r units size < "$work/sizes"

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }

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

echo "paste of $size bytes ($units UTF-16 code units), on screen in tmux $(tmux -V | cut -d' ' -f2):"
echo "  Samples playground (decoded, inserted, laid out, drawn): ${playground} s"
echo "  cat > file (the floor):                               ${floor} s"
