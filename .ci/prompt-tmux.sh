#!/usr/bin/env bash
# `Samples prompt` in a real terminal (tmux), below a shell's output, as a
# user runs it: the shell's lines stay and the fields draw under them; hard
# text (emoji, a ZWJ family, CJK, Arabic) keeps the terminal cursor on the
# caret's cell; Enter moves to the next field; the JSON is right; at the
# bottom of a full screen the terminal scrolls and the field stays in sight;
# Ctrl-C exits with status 130 and leaves the terminal as it found it (stty
# flags, cursor shown, no alternate screen). Where shells put a prompt
# (`x=$(…)`, `> file`, `| cat`) the fields are still drawn on the terminal and
# only the JSON reaches standard output; with TERM=dumb a password is not
# echoed; Ctrl-Z returns to the shell and `fg` draws the field again.
# Usage: .ci/prompt-tmux.sh PATH/TO/Samples
set -euo pipefail
samples="$1"

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed"
  exit 0
fi

check_name="prompt-tmux"
server="textinputkit-prompt-$$"
source "$(dirname "$0")/tmux-lib.sh"
work="$(mktemp -d)"
trap 't kill-server 2> /dev/null || true; rm -rf "$exit_file" "$work"' EXIT

cursor() { t display-message -p -t T '#{cursor_x} #{cursor_y}'; }
# The column after the last character tmux drew on row $1 (0-based), from
# its copy mode (emacs keys: end-of-line goes past the last character):
# where a caret after that row's last character is, wide cells included.
end_of_row() {
  t copy-mode -t T
  t send-keys -t T -X top-line
  for _ in $(seq 1 "$1"); do t send-keys -t T -X cursor-down; done
  t send-keys -t T -X end-of-line
  local x
  x="$(t display-message -p -t T '#{copy_cursor_x}')"
  t send-keys -t T -X cancel
  echo "$x"
}

t new-session -d -s T -x 80 -y 24 "env PS1='$ ' bash --norc --noprofile"
pane_tty="$(t display-message -p -t T '#{pane_tty}')"
t set-option -g mode-keys emacs
sleep 0.5

# 1. Below `seq 1 5`, hard text, Enter to the next field, the JSON.
run_in_shell "clear; stty -a > '$work/before'; seq 1 5; '$samples' prompt --show-password; echo status=\$?; stty -a > '$work/after'"
wait_for -x "5"
wait_for "Name: Your name"
[ "$(screen | sed -n 1,5p | tr '\n' ' ')" = "1 2 3 4 5 " ] || fail "seq's lines are not kept"
screen | sed -n 6p | grep -q '^Name: ' || fail "the field is not drawn below seq's output"
name=$'A\U1F44D\U1F3FD \u65e5\u672c \U1F469\u200d\U1F469\u200d\U1F467 \u0645\u0631\u062d\u0628\u0627 z'
t send-keys -t T -l "$name"
wait_for " z"
expected="$(end_of_row 5) 5"
[ "$(cursor)" = "$expected" ] || fail "the cursor is at $(cursor), the caret's cell is $expected"
t send-keys -t T Enter
wait_for "Password:"
[ "$(cursor | cut -d' ' -f2)" = 6 ] || fail "Enter did not move to the password field"
t send-keys -t T -l $'pw\U1F1EB\U1F1F7x'
wait_for $'Password: \u2022\u2022\u2022\u2022'
screen | grep -q "pw" && fail "the password is on screen"
t send-keys -t T Enter
wait_for "Notes (Alt-Enter or Esc Enter submits):"
t send-keys -t T -l "see https://example.com"
t send-keys -t T Enter
t send-keys -t T -l "line 2"
wait_for "line 2"
t send-keys -t T Escape Enter
wait_for "status=0"
json="{\"name\":\"$name\",\"password_set\":true,\"password\":\"pw"$'\U1F1EB\U1F1F7'"x\",\"notes\":\"see https://example.com\\nline 2\"}"
t capture-pane -t T -p -J | grep -qxF -- "$json" || fail "the JSON is not $json"
cmp -s "$work/before" "$work/after" || fail "stty settings changed"

# 2. At the bottom of a full screen: the terminal scrolls, the field stays.
run_in_shell "clear; seq 1 30; '$samples' prompt; echo status=\$?"
wait_for "Name: Your name"
t send-keys -t T -l "Ann"
t send-keys -t T Enter
t send-keys -t T -l "pw"
t send-keys -t T Enter
wait_for "Notes (Alt-Enter or Esc Enter submits):"
for i in 1 2 3 4 5 6; do
  t send-keys -t T -l "note $i"
  t send-keys -t T Enter
done
wait_for "note 6"
[ "$(cursor | cut -d' ' -f2)" = 23 ] || fail "the caret is not on the last row ($(cursor))"
screen | grep -qxF "Notes (Alt-Enter or Esc Enter submits):" || fail "the field's label scrolled away"
screen | grep -qxF "30" || fail "the scrollback lost more than the field needed"
t send-keys -t T Escape Enter
wait_for "status=0"

# 3. Ctrl-C: the process ends by SIGINT (status 130, and the shell drops the
# rest of the line, as for any program), the terminal as it was.
run_in_shell "clear; stty -a > '$work/before'; '$samples' prompt; echo not-reached"
wait_for "Name: Your name"
t send-keys -t T -l "abc"
wait_for "Name: abc"
t send-keys -t T C-c
sleep 0.5
run_in_shell "echo status=\$?; stty -a > '$work/after'"
wait_for "status=130"
screen | grep -q "not-reached" && fail "the shell went on after Ctrl-C"
[ "$(t display-message -p -t T '#{alternate_on} #{cursor_flag}')" = "0 1" ] \
  || fail "the alternate screen is on, or the cursor hidden"
sleep 0.3
cmp -s "$work/before" "$work/after" || fail "stty settings changed after Ctrl-C"
screen | grep -q "Your name" && fail "the placeholder was left on the final line"

# 4. Where shells put a prompt: $(…), > file, | cat. The fields are drawn on
# the terminal, the password masked, Esc then Enter (a pause between) submits
# the notes, and only the JSON reaches standard output.
answer() { # $1: what to wait for first
  wait_for "Name: Your name"
  t send-keys -t T -l "Ann"
  t send-keys -t T Enter
  wait_for "Password:"
  t send-keys -t T -l "secret3"
  wait_for $'Password: \u2022\u2022\u2022\u2022\u2022\u2022\u2022'
  screen | grep -q "secret3" && fail "the password is on screen ($1)"
  t send-keys -t T Enter
  wait_for "Notes (Alt-Enter or Esc Enter submits):"
  t send-keys -t T -l "hi"
  t send-keys -t T Escape
  sleep 0.6
  t send-keys -t T Enter
}
expected='{"name":"Ann","password_set":true,"notes":"hi"}'
run_in_shell "clear; x=\$('$samples' prompt); echo \"got=\$x\""
answer 'x=$(…)'
wait_for -x "got=$expected"
run_in_shell "clear; '$samples' prompt > '$work/out.json'; echo done=\$?"
answer '> file'
wait_for "done=0"
[ "$(cat "$work/out.json")" = "$expected" ] || fail "> file got: $(cat "$work/out.json")"
run_in_shell "clear; '$samples' prompt | cat > '$work/piped.json'; echo done=\$?"
answer '| cat'
wait_for "done=0"
[ "$(cat "$work/piped.json")" = "$expected" ] || fail "| cat got: $(cat "$work/piped.json")"

# 5. TERM=dumb: plain lines, the password not echoed (echo off while it is
# read, on again after, Ctrl-C included).
run_in_shell "clear; stty -a > '$work/before'; TERM=dumb '$samples' prompt; echo done=\$?"
wait_for -x "Name:"
t send-keys -t T -l "Ann"
t send-keys -t T Enter
wait_for "Password:"
sleep 0.3
stty -F "$pane_tty" -a | grep -q -- "-echo " || fail "echo is on while the password is read"
t send-keys -t T -l "secret3"
sleep 0.3
screen | grep -q "secret3" && fail "TERM=dumb echoed the password"
t send-keys -t T C-c
sleep 0.5
# (bash's own line editor turns echo off at its prompt: ask through a command.)
run_in_shell "stty -a > '$work/after'"
sleep 0.5
cmp -s "$work/before" "$work/after" || fail "stty settings changed after Ctrl-C in plain mode"

# 6. Ctrl-Z mid-name: back to the shell with the terminal as it was; fg draws
# the field again with its text, and typing goes on.
run_in_shell "clear; stty -a > '$work/before'; '$samples' prompt | cat"
wait_for "Name: Your name"
t send-keys -t T -l "Bo"
wait_for "Name: Bo"
t send-keys -t T C-z
wait_for "Stopped"
run_in_shell "stty -a > '$work/after'; fg"
sleep 0.5
cmp -s "$work/before" "$work/after" || fail "stty settings changed after Ctrl-Z"
t send-keys -t T -l "b"
wait_for -x "Name: Bob"
t send-keys -t T C-c
sleep 0.5
# 7. Resizing 80 -> 40 -> 80 while editing a 200-character name, below a
# shell's output and at the bottom of a full screen: no stale copy of the
# field is left, on screen or in the scrollback.
long="$(printf 'abcdefghijklmnopqrstuvwxyz%.0s' 1 2 3 4 5 6 7 8)"
long="${long:0:200}"
for setup in "seq 1 5" "seq 1 40"; do
  t clear-history -t T
  run_in_shell "clear; $setup; '$samples' prompt"
  wait_for "Name: Your name"
  t send-keys -t T -l "$long"
  wait_for "qr"
  t resize-window -t T -x 40
  sleep 0.5
  t resize-window -t T -x 80
  sleep 0.5
  copies="$(t capture-pane -t T -p -S - | grep -c '^Name: ' || true)"
  [ "$copies" = 1 ] || fail "after $setup, resizing left $copies copies of the field"
  t send-keys -t T C-c
  sleep 0.5
done

echo "prompt in tmux: inline below output, caret on its cell, JSON, scroll, Ctrl-C 130,"
echo "  \$(…), > file, | cat, TERM=dumb without echo, Ctrl-Z and fg, resize: ok"
