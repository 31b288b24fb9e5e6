#!/usr/bin/env bash
# `Samples choose` in a real terminal (tmux), as a shell user calls it: the
# list is drawn inline on the terminal under `x=$(…)`, moves with ↓, filters
# as you type, chooses on Enter or on a click, checks with Space (--multi),
# answers y/n (--confirm); only the JSON reaches standard output.
# Usage: .ci/choose-tmux.sh PATH/TO/Samples
set -euo pipefail
samples="$1"

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed"
  exit 0
fi

check_name="choose-tmux"
server="textinputkit-choose-$$"
source "$(dirname "$0")/tmux-lib.sh"


t new-session -d -s T -x 80 -y 24 "env PS1='$ ' bash --norc --noprofile"
sleep 0.5
items=$'red green \u65e5\u672c\u306e\u68a8 \U1F469\u200d\U1F469\u200d\U1F467'

# 1. Two ↓ and Enter, under $(…).
run_in_shell "clear; x=\$('$samples' choose --label Colour $items); echo \"got=\$x\""
wait_for "Colour: type to filter"
screen | grep -q "❯ red" || fail "the first item is not highlighted"
t send-keys -t T Down Down
wait_for $'\u276f \u65e5\u672c\u306e\u68a8'
t send-keys -t T Enter
wait_for -x $'got={"indices":[2],"choices":["\u65e5\u672c\u306e\u68a8"]}'
screen | grep -qx $'Colour: \u65e5\u672c\u306e\u68a8' || fail "the final line is not the choice"

# 2. Typing filters; Enter takes the one match.
run_in_shell "clear; x=\$('$samples' choose --label Colour $items); echo \"got=\$x\""
wait_for "Colour: type to filter"
t send-keys -t T -l "GR"
wait_for "1/1 of 4"
t send-keys -t T Enter
wait_for -x 'got={"indices":[1],"choices":["green"]}'

# 3. A click on an item chooses it (SGR mouse, 1-based row and column).
run_in_shell "clear; x=\$('$samples' choose --label Colour $items); echo \"got=\$x\""
wait_for "Colour: type to filter"
row="$(screen | grep -n $'\U1F469' | head -1 | cut -d: -f1)"
t send-keys -t T -l $'\e[<0;4;'"$row"'M'
t send-keys -t T -l $'\e[<0;4;'"$row"'m'
wait_for -x $'got={"indices":[3],"choices":["\U1F469\u200d\U1F469\u200d\U1F467"]}'

# 4. --multi: Space checks, Enter submits the checked items in order.
run_in_shell "clear; '$samples' choose --multi $items | cat"
wait_for "Choose: type to filter"
t send-keys -t T Down Space Down Down Space Enter
wait_for -x $'{"indices":[1,3],"choices":["green","\U1F469\u200d\U1F469\u200d\U1F467"]}'

# 5. --confirm: y answers at once; Enter takes the default.
run_in_shell "clear; '$samples' choose --confirm Delete it? > /dev/null; echo status=\$?"
wait_for "Delete it? (y/n)"
t send-keys -t T -l "y"
wait_for "status=0"
screen | grep -qx "Delete it? (y/n) yes" || fail "the answer is not on the final line"
run_in_shell "clear; '$samples' choose --confirm --default no Sure?"
wait_for "Sure? (y/N)"
t send-keys -t T Enter
wait_for -x '{"answer":false}'
echo "choose in tmux: ↓, filter, click, --multi, --confirm, under \$(…) and | cat: ok"
