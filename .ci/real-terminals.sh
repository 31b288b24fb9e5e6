#!/usr/bin/env bash
# Real terminal emulators (Debian's), under Xvfb: in each of xterm, urxvt, st,
# mlterm, kitty, alacritty and foot (under cage), the library identifies the
# terminal and every corpus cluster is measured by the terminal itself; the
# identified profile must agree on >= 99.5 % and on every skin-tone, flag and
# keycap sequence. Then the prompt's caret is checked in xterm and kitty
# against the terminal's own cursor reports (Scripts/real-terminals.py).
# A terminal that does not start fails. Usage: .ci/real-terminals.sh SAMPLES
set -euo pipefail
cd "$(dirname "$0")/.."
samples="$1"

packages=(xvfb xdotool xterm rxvt-unicode stterm mlterm kitty alacritty foot cage xwayland)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "all present: ${packages[*]}"
fi
python3 Scripts/real-terminals.py check --samples "$samples"
