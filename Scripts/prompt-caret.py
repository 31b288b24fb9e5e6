#!/usr/bin/env python3
"""Runs a program (`Samples prompt`) inside this terminal through a pty and,
on request, checks its caret against the terminal itself.

    python3 Scripts/prompt-caret.py --control FIFO --log LOG -- PROGRAM ARGS...

Everything passes through unchanged (the program probes the terminal as it
would directly). A line `check NAME HEX` written to FIFO (HEX: the text before
the caret as hexadecimal code points joined by '.', or '-' for none) waits
until the program has drawn nothing for a while, then asks the terminal:
1. where the cursor is (`CSI 6 n`): the caret column the program placed;
2. where it ends that text: the cursor saved, the text drawn at column 1 of
   the bottom row, `CSI 6 n`, the row cleared, the cursor restored.
It appends `NAME caret=C end=E` to LOG (E: the column after the text, 1-based).
The caret is right when C - C0 == E - 1, C0 being the caret column of the
empty field (`check start -`). Answers the program did not ask for never
reach it. Scripts/real-terminals.py types into the terminal with xdotool and
drives the checks.
"""

import argparse
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time
import tty

CPR = re.compile(rb"\x1b\[(\d+);(\d+)R")
QUIET = 0.6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--control", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    tty_fd = os.open("/dev/tty", os.O_RDWR)
    size = fcntl.ioctl(tty_fd, termios.TIOCGWINSZ, b"\0" * 8)
    rows = struct.unpack("HHHH", size)[0]
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(master, termios.TIOCSWINSZ, size)
    saved = termios.tcgetattr(tty_fd)
    tty.setraw(tty_fd)
    control = os.open(args.control, os.O_RDONLY | os.O_NONBLOCK)
    log = open(args.log, "a", buffering=1)
    last_output = time.monotonic()
    commands = b""

    def write_tty(data):
        while data:
            data = data[os.write(tty_fd, data):]

    def pump(timeout):
        """Moves bytes both ways for up to `timeout` s; False once the program ended."""
        nonlocal last_output, commands
        ready, _, _ = select.select([tty_fd, master, control], [], [], timeout)
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                return False
            if not data:
                return False
            write_tty(data)
            last_output = time.monotonic()
        if tty_fd in ready:
            os.write(master, os.read(tty_fd, 65536))
        if control in ready:
            commands += os.read(control, 65536)
        return True

    def ask(query):
        """Writes `query`, returns the column of the terminal's cursor report;
        other input read meanwhile goes to the program."""
        write_tty(query)
        buffer = b""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            ready, _, _ = select.select([tty_fd], [], [], 0.1)
            if ready:
                buffer += os.read(tty_fd, 65536)
                match = CPR.search(buffer)
                if match:
                    rest = buffer[:match.start()] + buffer[match.end():]
                    if rest:
                        os.write(master, rest)
                    return int(match.group(2))
        if buffer:
            os.write(master, buffer)
        return None

    try:
        alive = True
        while alive:
            alive = pump(0.05)
            while b"\n" in commands:
                line, commands = commands.split(b"\n", 1)
                parts = line.decode().split()
                if len(parts) != 3 or parts[0] != "check":
                    continue
                while alive and time.monotonic() - last_output < QUIET:
                    alive = pump(0.05)
                text = "" if parts[2] == "-" else "".join(
                    chr(int(h, 16)) for h in parts[2].split("."))
                caret = ask(b"\x1b[6n")
                end = ask(("\x1b7\x1b[%d;1H\x1b[2K%s\x1b[6n" % (rows, text)).encode())
                write_tty(("\x1b[%d;1H\x1b[2K\x1b8" % rows).encode())
                log.write(f"{parts[1]} caret={caret} end={end}\n")
    finally:
        termios.tcsetattr(tty_fd, termios.TCSADRAIN, saved)
        _, status = os.waitpid(pid, 0)
        log.write(f"exit {os.waitstatus_to_exitcode(status)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
