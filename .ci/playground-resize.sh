#!/usr/bin/env bash
# The playground redraws at the terminal's new size on SIGWINCH. tmux runs it
# in a 60×20 window on a server of this script's own, resizes the window and
# checks that the box follows (28 × 8 cells in a 30×12 terminal: the border,
# the status and the help line must fit), then grows back to what was asked.
# Usage: .ci/playground-resize.sh PATH/TO/Samples
set -euo pipefail
samples="$1"

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed, so no terminal can be resized for the SIGWINCH check"
  exit 0
fi

server="textinputkit-resize-$$"
source "$(dirname "$0")/tmux-lib.sh"
border() { printf '+%s+' "$(printf '%*s' "$1" '' | tr ' ' -)"; }
view_rows() { screen | grep -c '^|.*|$' || true; }

t new-session -d -s T -x 60 -y 20
t set-option -t T remain-on-exit on
: > "$exit_file"
t respawn-pane -k -t T \
  "'$samples' playground --width 50 --height 10; echo \$? > '$exit_file'"
wait_for -x "$(border 50)"
t send-keys -t T -l 'hello'
wait_for -x "|  hello                                           |"
[ "$(view_rows)" -eq 10 ] || { echo "expected 10 rows of view at 60×20"; screen; exit 1; }

t resize-window -t T -x 30 -y 12
wait_for -x "$(border 28)"
wait_for -x "|  hello                     |"
[ "$(view_rows)" -eq 8 ] || { echo "expected 8 rows of view at 30×12"; screen; exit 1; }

t resize-window -t T -x 60 -y 20
wait_for -x "$(border 50)"
[ "$(view_rows)" -eq 10 ] || { echo "expected 10 rows of view at 60×20 again"; screen; exit 1; }

t send-keys -t T C-d
expect_clean_exit Ctrl-D
echo "resize ok: 50×10 in 60×20, 28×8 in 30×12, 50×10 again"
