#!/usr/bin/env bash
# The README's TerminalPrompt example, built as written (Scripts/check-examples.py
# passes its binary), run as a newcomer runs it in a terminal: a name, then
# Ctrl-C in the middle of the password. It must end with status 130, the
# terminal's settings as they were, and no backtrace or "Fatal error" on screen.
# Usage: .ci/readme-prompt-tmux.sh PATH/TO/EXAMPLE
set -euo pipefail
example="$1"

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed"
  exit 0
fi

check_name="readme-prompt-tmux"
server="textinputkit-readme-$$"
source "$(dirname "$0")/tmux-lib.sh"
work="$(mktemp -d)"
trap 't kill-server 2> /dev/null || true; rm -rf "$exit_file" "$work"' EXIT


t new-session -d -s T -x 80 -y 24 "env PS1='$ ' bash --norc --noprofile"
sleep 0.5
run_in_shell "clear; stty -a > '$work/before'; '$example'"
wait_for "Name: Your name"
t send-keys -t T -l "Ann"
t send-keys -t T Enter
wait_for "Password:"
t send-keys -t T -l "sec"
wait_for $'Password: \u2022\u2022\u2022'
t send-keys -t T C-c
sleep 0.5
run_in_shell "echo status=\$?; stty -a > '$work/after'"
wait_for "status=130"
sleep 0.3
cmp -s "$work/before" "$work/after" || fail "stty settings changed after Ctrl-C"
if screen | grep -qiE "fatal error|backtrace|crashed|illegal instruction"; then
  fail "a crash report is on screen"
fi
[ "$(t display-message -p -t T '#{alternate_on} #{cursor_flag}')" = "0 1" ] \
  || fail "the alternate screen is on, or the cursor hidden"
echo "README prompt example in tmux: Ctrl-C mid-password exits 130, terminal restored: ok"
