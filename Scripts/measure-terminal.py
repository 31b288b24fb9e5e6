#!/usr/bin/env python3
"""Measures, inside a terminal, the width it gives each cluster of a list.

Run it in the terminal to measure (python3 only, no build):

    python3 Scripts/measure-terminal.py --output RESULT [--clusters FILE]

It switches the terminal to raw mode and the alternate screen, asks XTVERSION
(`CSI > 0 q`), DA2 (`CSI > c`) and DECRQM 2027, then prints each cluster at
column 1 of the top row, after clearing it, followed by a cursor position
request (`CSI 6 n`): the column of the answer, minus 1, is the width the
terminal gave the cluster. Clusters go out in batches (one round trip each).

FILE lists one cluster per line as hexadecimal code points joined by '.',
alone or as the second tab-separated field; the default is the corpus
Tests/TextInputTerminalTests/Resources/terminal-widths.txt. RESULT gets
`# key: value` lines (the answers) and one `code points <TAB> width` line per
cluster ('-' where no answer came). Scripts/real-terminals.py runs it in each
terminal and turns the results into Scripts/data/measured/*.txt.
"""

import argparse
import os
import re
import select
import sys
import termios
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests/TextInputTerminalTests/Resources/terminal-widths.txt"
CPR = re.compile(rb"\x1b\[(\d+);(\d+)R")


def read_clusters(path):
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("terminals\t"):
            continue
        fields = line.split("\t")
        field = fields[1] if len(fields) > 1 else fields[0]
        out.append((field, "".join(chr(int(h, 16)) for h in field.split("."))))
    return out


class Terminal:
    def __init__(self, fd):
        self.fd = fd
        self.buffer = b""

    def write(self, text):
        data = text.encode("utf-8")
        while data:
            written = os.write(self.fd, data)
            data = data[written:]

    def read_until(self, done, timeout):
        """Reads until done(buffer) or the time is up; returns the buffer."""
        deadline = time.monotonic() + timeout
        while not done(self.buffer):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                self.buffer += chunk
        return self.buffer


def answers(terminal, timeout):
    """XTVERSION, DA2 and DECRQM 2027, each answered or not, ended by a CPR."""
    terminal.buffer = b""
    terminal.write("\x1b[>0q\x1b[>c\x1b[?2027$p\x1b[6n")
    data = terminal.read_until(lambda b: CPR.search(b) is not None, timeout)
    out = {}
    match = re.search(rb"\x1bP>\|([^\x1b\x07]*)", data)
    out["xtversion"] = match.group(1).decode("utf-8", "replace") if match else "none"
    match = re.search(rb"\x1b\[>([\d;]*)c", data)
    out["da2"] = match.group(1).decode() if match else "none"
    match = re.search(rb"\x1b\[\?2027;(\d+)\$y", data)
    out["mode2027"] = match.group(1).decode() if match else "none"
    return out


def measure(terminal, clusters, batch, timeout):
    widths = []
    for start in range(0, len(clusters), batch):
        part = clusters[start:start + batch]
        terminal.buffer = b""
        terminal.write("".join(f"\x1b[1;1H\x1b[2K{text}\x1b[6n" for _, text in part)
                       + "\x1b[1;1H\x1b[2K")
        data = terminal.read_until(lambda b: len(CPR.findall(b)) >= len(part), timeout)
        columns = [int(column) - 1 for _, column in CPR.findall(data)]
        columns += [None] * (len(part) - len(columns))
        widths += columns[:len(part)]
    return widths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clusters", default=str(CORPUS))
    parser.add_argument("--output", required=True)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    clusters = read_clusters(args.clusters)
    fd = os.open("/dev/tty", os.O_RDWR)
    saved = termios.tcgetattr(fd)
    terminal = Terminal(fd)
    began = time.monotonic()
    try:
        tty.setraw(fd)
        terminal.write("\x1b[?1049h\x1b[H\x1b[2J")
        found = answers(terminal, 3.0)
        widths = measure(terminal, clusters, args.batch, args.timeout)
    finally:
        terminal.write("\x1b[?1049l")
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    lines = [f"# {key}: {value}" for key, value in found.items()]
    lines.append(f"# term: {os.environ.get('TERM', 'none')}")
    lines.append(f"# seconds: {time.monotonic() - began:.1f}")
    lines += [f"{hexes}\t{'-' if width is None else width}"
              for (hexes, _), width in zip(clusters, widths)]
    Path(args.output).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
