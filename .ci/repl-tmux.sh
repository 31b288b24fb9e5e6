#!/usr/bin/env bash
# `Samples repl` in a real terminal (tmux): history kept in a file across two
# runs (↑ recalls the first run's line), a hint accepted with →, and a
# completion menu of 200 words of mixed widths (CJK, emoji, Hangul, a
# combining accent) whose columns line up on screen.
# Usage: .ci/repl-tmux.sh PATH/TO/Samples
set -euo pipefail
samples="$1"

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed"
  exit 0
fi

check_name="repl-tmux"
server="textinputkit-repl-$$"
source "$(dirname "$0")/tmux-lib.sh"
work="$(mktemp -d)"
trap 't kill-server 2> /dev/null || true; rm -rf "$exit_file" "$work"' EXIT
# The menu's columns are checked with wcwidth's widths (those of tmux for
# these characters).
python3 -c "import wcwidth" 2> /dev/null || python3 -m pip install --quiet 'wcwidth==0.9.4'

t new-session -d -s T -x 80 -y 24 "env PS1='$ ' bash --norc --noprofile"
sleep 0.5

# 1. A first run: one line into the history file.
run_in_shell "clear; '$samples' repl --history '$work/history'"
wait_for "repl:"
t send-keys -t T -l "select 42 from t"
t send-keys -t T Enter
wait_for "=> select 42 from t"
t send-keys -t T -l "quit"
t send-keys -t T Enter
sleep 0.5

# 2. A second run: ↑ recalls "quit", ↑ again the line before it; a hint
# completes "sel" and → accepts it.
run_in_shell "clear; '$samples' repl --history '$work/history'"
wait_for -x "repl:"
t send-keys -t T Up
wait_for -x "repl: quit"
t send-keys -t T Up
wait_for -x "repl: select 42 from t"
t send-keys -t T C-u
wait_for -x "repl:"
t send-keys -t T -l "sel"
# The hint is drawn (dim) after the caret, not typed.
wait_for -x "repl: select 42 from t"
[ "$(t display-message -p -t T '#{cursor_x}')" = 9 ] || fail "the caret is not after 'sel'"
t send-keys -t T Right
sleep 0.3
[ "$(t display-message -p -t T '#{cursor_x}')" = 22 ] || fail "→ did not accept the hint"
t send-keys -t T Enter
wait_for "=> select 42 from t"

# 3. Tab twice after "word": a menu of 200 words, columns aligned.
run_in_shell "clear"
t send-keys -t T -l "word"
t send-keys -t T Tab
t send-keys -t T Tab
wait_for "1/200"
screen > "$work/menu"
python3 - "$work/menu" <<'PY' || fail "the menu's columns do not line up"
import sys, wcwidth
rows = [line.rstrip("\n") for line in open(sys.argv[1], encoding="utf-8") if "word-" in line]
rows = [row for row in rows if not row.startswith("repl:")]
def starts(row):
    cells, out, index = 0, [], 0
    while index < len(row):
        if row.startswith("word-", index) and (index == 0 or row[index - 1] == " "):
            out.append(cells)
        cells += max(wcwidth.wcwidth(row[index]), 0)
        index += 1
    return out
columns = [starts(row) for row in rows]
assert len(rows) >= 4, rows
assert all(len(c) >= 2 for c in columns), columns
full = max(columns, key=len)
for c in columns:
    assert c == full[: len(c)], (c, full)
print(f"menu: {len(rows)} rows, columns at cells {full}")
PY
t send-keys -t T Enter
wait_for -x $'repl: word-1-\u65e5\u672c\u8a9e'
t send-keys -t T Enter
wait_for $'=> word-1-\u65e5\u672c\u8a9e'
t send-keys -t T -l "quit"
t send-keys -t T Enter
sleep 0.3
echo "repl in tmux: history across runs, a hint with →, a 200-word menu aligned: ok"
