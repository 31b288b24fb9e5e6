#!/usr/bin/env bash
# The playground in a real terminal (tmux 3.3a): it asks tmux how it measures
# clusters (the probe's answers are printed), then text holding ❤️, 👍🏽, ⌚︎,
# a ZWJ family, a flag, CJK, a combining mark and Arabic is typed, one per
# line, and a typed ESC ] 0 ; title BEL. Checks, in tmux's own grid: every
# row's right border is in the same column, the terminal cursor is on the
# caret's cell, and the pane title is unchanged; then clicks (SGR mouse) put
# the caret, stop editing, and open a link in the text.
# Usage: .ci/playground-tmux.sh PATH/TO/Samples
# To see the checks fail with widths that are not tmux's:
#   PROFILE_OPTION="--width-profile clusters" .ci/playground-tmux.sh …   (the cursor check)
#   SKIP_CURSOR_CHECK=1 PROFILE_OPTION="--width-profile clusters" …      (the border check)
set -euo pipefail
samples="$1"

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed"
  exit 0
fi

server="textinputkit-tmux-$$"
source "$(dirname "$0")/tmux-lib.sh"

t new-session -d -s T -x 60 -y 24
t set-option -t T remain-on-exit on
t set-option -t T set-titles on
title_before="$(t display-message -p -t T '#{pane_title}')"
: > "$exit_file"
t respawn-pane -k -t T "'$samples' playground --width 30 --height 14 ${PROFILE_OPTION:-}; echo \$? > '$exit_file'"
wait_for "+------------------------------+"

lines=(
  $'a\u2764\ufe0fb' $'\U1F44D\U1F3FD ok' $'\u231a\ufe0ex' $'\U1F469\u200d\U1F469\u200d\U1F467'
  $'\U1F1EB\U1F1F7' $'\u65e5\u672c' $'e\u0301' $'\u0645\u0631\u062d\u0628\u0627'
)
# The terminal cursor on the caret, in tmux's grid: after the first line's
# last character (found by tmux's copy mode), before Enter.
t send-keys -t T -l "${lines[0]}"
wait_for "b "
first_row="$(screen | grep -n '^|  a' | cut -d: -f1)"
t copy-mode -t T
t send-keys -t T -X top-line
for _ in $(seq 2 "$first_row"); do t send-keys -t T -X cursor-down; done
t send-keys -t T -X start-of-line
t send-keys -t T -X jump-forward b
b_column="$(t display-message -p -t T '#{copy_cursor_x}')"
t send-keys -t T -X cancel
cursor="$(t display-message -p -t T '#{cursor_x} #{cursor_y}')"
[ "$cursor" = "$((b_column + 1)) $((first_row - 1))" ] || [ -n "${SKIP_CURSOR_CHECK:-}" ] \
  || { echo "the cursor is at $cursor, tmux draws 'b' at column $b_column of row $((first_row - 1))"; screen; exit 1; }
t send-keys -t T Enter
for line in "${lines[@]:1}"; do
  t send-keys -t T -l "$line"
  t send-keys -t T Enter
done
t send-keys -t T -l $'\e]0;pwned\a'
t send-keys -t T -l 'end'
wait_for '|  end'

# A resize redraws every row in full (a difference would leave the border
# unchanged): then the right border of every row of the view, as tmux laid
# the row out.
t resize-window -t T -x 62 -y 24
sleep 1
wait_for "|  end"
sleep 0.5
t copy-mode -t T
t send-keys -t T -X top-line
columns=()
rows="$(screen | wc -l)"
for row in $(seq 0 $((rows - 1))); do
  line="$(screen | sed -n "$((row + 1))p")"
  if [[ "$line" == "|"* ]]; then
    t send-keys -t T -X end-of-line
    columns+=("$(t display-message -p -t T '#{copy_cursor_x}')")
  fi
  t send-keys -t T -X cursor-down
done
t send-keys -t T -X cancel
distinct="$(printf '%s\n' "${columns[@]}" | sort -u)"
[ "$(printf '%s\n' "$distinct" | wc -l)" -eq 1 ] \
  || { echo "the view's right border is in columns: ${columns[*]}"; screen; exit 1; }

# The terminal cursor on the caret: right after "end", on its row.
end_row="$(screen | grep -n '^|  end' | cut -d: -f1)"
cursor="$(t display-message -p -t T '#{cursor_x} #{cursor_y}')"
[ "$cursor" = "6 $((end_row - 1))" ] \
  || { echo "the cursor is at $cursor, not after 'end' (row $((end_row - 1)), column 6)"; screen; exit 1; }

title_after="$(t display-message -p -t T '#{pane_title}')"
[ "$title_after" = "$title_before" ] \
  || { echo "the typed OSC changed the pane title to '$title_after'"; exit 1; }
screen | grep -q 'pwned' && { echo "the typed OSC's text reached the screen"; screen; exit 1; }

# The mouse (SGR bytes, as tmux forwards them with mouse reporting on): a
# click before "end" puts the caret there; a click outside the view stops
# editing; then a click on the link typed after "end" opens it.
t send-keys -t T -l ' www.a.org'
wait_for '|  end www.a.org'
t send-keys -t T -l $'\e[<0;4;'"$end_row"$'M\e[<0;4;'"$end_row"$'m'
t send-keys -t T -l 'X'
wait_for '|  Xend www.a.org'
cursor="$(t display-message -p -t T '#{cursor_x} #{cursor_y}')"
[ "$cursor" = "4 $((end_row - 1))" ] \
  || { echo "after a click before 'end' and X, the cursor is at $cursor"; screen; exit 1; }
t send-keys -t T -l $'\e[<0;60;23M\e[<0;60;23m'
wait_for 'not editing'
t send-keys -t T -l $'\e[<0;10;'"$end_row"$'M'
sleep 0.2
t send-keys -t T -l $'\e[<0;10;'"$end_row"$'m'
wait_for 'opened http://www.a.org'

t send-keys -t T C-d
expect_clean_exit Ctrl-D
# The playground prints what the probe found once the terminal is restored.
echo "tmux $(tmux -V | cut -d' ' -f2) answered the probe: $(t capture-pane -t T -p -J | grep -o 'identified:.*' || echo none)"
echo "tmux ok: ${#columns[@]} rows end in column ${columns[0]}, the cursor on the caret, the title kept, clicks place the caret and open a link"
