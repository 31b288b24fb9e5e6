# Shared by the playground's tmux checks (.ci/playground-*.sh): a tmux server
# of the calling script's own, its pane's screen, and waits for what the pane
# shows. Source it after setting `server`; it sets `exit_file` (where a
# pane's command writes its exit status: tmux can lose a dead pane's) and a
# trap that kills the server and removes the file.

t() { tmux -L "$server" "$@"; }
exit_file="$(mktemp)"
trap 't kill-server 2> /dev/null || true; rm -f "$exit_file"' EXIT
screen() { t capture-pane -t T -p; }

# Waits up to 10 s for the pane to show $1: a whole line with -x, else a
# part of one.
wait_for() {
  local mode=-qF
  if [ "$1" = -x ]; then mode=-qxF; shift; fi
  for _ in $(seq 50); do
    screen | grep "$mode" -- "$1" && return 0
    sleep 0.2
  done
  echo "the playground never showed: $1"
  screen
  exit 1
}

# Waits up to 10 s for the pane's command to exit, and fails unless it
# exited with status 0; $1 says what was asked of it.
expect_clean_exit() {
  for _ in $(seq 50); do
    [ -s "$exit_file" ] && break
    sleep 0.2
  done
  local status
  status="$(cat "$exit_file")"
  [ "$status" = 0 ] || { echo "the playground did not quit cleanly on $1 (status '$status')"; exit 1; }
}

# Fails the check: $1 says why, then the pane's screen. $check_name, set by
# the calling script, names the check.
fail() {
  echo "${check_name:-tmux check}: $1"
  screen
  exit 1
}

# Types $1 into the pane's shell, then Enter.
run_in_shell() {
  t send-keys -t T -l "$1"
  t send-keys -t T Enter
}
