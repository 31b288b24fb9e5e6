#!/usr/bin/env python3
"""Runs a program inside Debian's real terminal emulators, under Xvfb.

    python3 Scripts/real-terminals.py measure [--terminals xterm,kitty] [--out DIR]
        Runs Scripts/measure-terminal.py in each terminal (every cluster of the
        corpus, read back by cursor reports) and writes
        Scripts/data/measured/<terminal>-<version>.txt (or into DIR).
    python3 Scripts/real-terminals.py check --samples PATH [--terminals ...]
        Runs `Samples identify --clusters CORPUS` in each terminal: the library
        identifies the terminal, then every cluster is measured by the terminal
        itself; fails unless the identified profile agrees on >= 99.5 % of the
        corpus and on every skin-tone, flag and keycap sequence, and the
        composition rules alone (what an unknown terminal gets) on >= 98.5 %. Then runs
        `Samples prompt` in xterm and kitty, types `A 👍🏽 日本 é 👩‍👩‍👧 ❤️ Z` cluster
        by cluster and four ←, and checks after each key that the caret is
        where the terminal itself ends the text before it.

The terminals (Debian 12): xterm, urxvt (rxvt-unicode), st (stterm), mlterm,
kitty and alacritty (OpenGL through Mesa's llvmpipe) under Xvfb; foot under
cage (a headless Wayland kiosk) as user nobody, as cage refuses root. Each
must start: one that does not fails the run. Needs
`apt-get install xvfb xdotool xterm rxvt-unicode stterm mlterm kitty
alacritty foot cage xwayland` (.ci/real-terminals.sh installs what is missing).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests/TextInputTerminalTests/Resources/terminal-widths.txt"
MEASURED = ROOT / "Scripts/data/measured"
MEASURE = ROOT / "Scripts/measure-terminal.py"
PROMPT_DRIVER = ROOT / "Scripts/prompt-caret.py"
TERMINALS = ["xterm", "urxvt", "st", "mlterm", "kitty", "alacritty", "foot"]
# Debian package of each terminal (its version names the measured table).
PACKAGES = {"xterm": "xterm", "urxvt": "rxvt-unicode", "st": "stterm", "mlterm": "mlterm",
            "kitty": "kitty", "alacritty": "alacritty", "foot": "foot"}
DISPLAY = ":35"


def package_version(terminal):
    """The upstream version of the terminal's Debian package (`379`, `0.26.5`)."""
    raw = subprocess.run(["dpkg-query", "-W", "-f=${Version}", PACKAGES[terminal]],
                         capture_output=True, text=True).stdout.strip()
    raw = raw.split(":", 1)[-1]
    raw = re.sub(r"[-+~].*$", "", raw)  # the Debian revision and suffixes
    return raw


class Xvfb:
    def __enter__(self):
        self.process = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x800x24"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{DISPLAY[1:]}").exists():
                break
            time.sleep(0.1)
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait()


def environment():
    env = dict(os.environ)
    env.update(DISPLAY=DISPLAY, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    for name in ("TERM_PROGRAM", "TMUX", "STY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    return env


def launch(terminal, command, work):
    """Starts `terminal` running `command` (a list); returns the process."""
    env = environment()
    if terminal == "xterm":
        argv = ["xterm", "-fa", "DejaVu Sans Mono", "-fs", "11", "-geometry", "100x30", "-e"]
    elif terminal == "urxvt":
        argv = ["urxvt", "-geometry", "100x30", "-e"]
    elif terminal == "st":
        argv = ["st", "-g", "100x30", "-e"]
    elif terminal == "mlterm":
        argv = ["mlterm", "-g", "100x30", "-e"]
    elif terminal == "kitty":
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        argv = ["kitty", "--config", "NONE"]
    elif terminal == "alacritty":
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        argv = ["alacritty", "-e"]
    elif terminal == "foot":
        runtime = Path(work) / "xdg"
        runtime.mkdir(mode=0o700, exist_ok=True)
        env.update(WLR_BACKENDS="headless", WLR_LIBINPUT_NO_DEVICES="1",
                   WLR_RENDERER="pixman", XDG_RUNTIME_DIR=str(runtime), HOME=str(work))
        env.pop("DISPLAY", None)
        argv = ["cage", "--", "foot"]
        if os.geteuid() == 0:
            # cage refuses root: run it as nobody.
            os.chown(runtime, 65534, 65534)
            argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + argv
    else:
        raise SystemExit(f"unknown terminal {terminal}")
    return subprocess.Popen(argv + command, env=env, cwd=work,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_in(terminal, command, result, timeout=120):
    """Runs `command` in `terminal` until `result` is written; True if it was."""
    work = Path(result).parent
    try:
        process = launch(terminal, command, work)
    except OSError as error:
        print(f"{terminal}: cannot start: {error}")
        return False
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if Path(result).exists() and process.poll() is not None:
                return True
            if process.poll() is not None:
                time.sleep(0.5)
                return Path(result).exists()
            time.sleep(0.2)
        return Path(result).exists()
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def read_result(path):
    header, widths = {}, {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("# identified: "):
            header["summary"] = line[2:]
        elif line.startswith("# "):
            key, _, value = line[2:].partition(": ")
            header[key] = value
        elif line:
            fields = line.split("\t")
            widths[fields[0]] = fields[1:]
    return header, widths


WORK_DIRS = []


def work_dir():
    """A fresh folder for one terminal's run (removed when the script ends)."""
    work = Path(tempfile.mkdtemp(prefix="real-terminals-"))
    os.chmod(work, 0o777)  # foot runs as nobody
    WORK_DIRS.append(work)
    return work


def measure(args):
    out = Path(args.out) if args.out else MEASURED
    out.mkdir(parents=True, exist_ok=True)
    failed = []
    with Xvfb():
        for terminal in args.terminals:
            work = work_dir()
            shutil.copy(MEASURE, work / "measure.py")
            shutil.copy(args.clusters, work / "clusters.txt")
            os.chmod(work / "clusters.txt", 0o644)
            result = work / "result.txt"
            began = time.monotonic()
            ok = run_in(terminal, ["python3", str(work / "measure.py"), "--clusters",
                                   str(work / "clusters.txt"), "--output", str(result)],
                        result, timeout=args.timeout)
            if not ok:
                print(f"{terminal}: did not start or wrote no result")
                failed.append(terminal)
                continue
            header, widths = read_result(result)
            version = package_version(terminal)
            missing = sum(1 for w in widths.values() if w[0] == "-")
            target = out / f"{terminal}-{version}.txt"
            lines = [
                f"# {terminal} {version} (Debian package {PACKAGES[terminal]}), measured by",
                "# Scripts/measure-terminal.py under Xvfb (Scripts/real-terminals.py measure):",
                "# each cluster printed at column 1, its width read back by a cursor report.",
                f"# terminal: {terminal}",
                f"# version: {version}",
            ] + [f"# {key}: {value}" for key, value in header.items() if key != "seconds"]
            lines += [f"{hexes}\t{w[0]}" for hexes, w in widths.items()]
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            print(f"{terminal} {version}: {len(widths)} clusters, {missing} unanswered, "
                  f"{time.monotonic() - began:.0f} s, xtversion {header.get('xtversion')}, "
                  f"da2 {header.get('da2')} -> {target}")
            if missing:
                failed.append(terminal)
    return 1 if failed else 0


def corpus_tags(path):
    tags = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("terminals\t"):
            continue
        fields = line.split("\t")
        tags[fields[1]] = set(fields[0].split(",")) if len(fields) > 1 else set()
    return tags


# Every cluster with one of these tags must be right, not 99.5 % of them.
EXACT_TAGS = ("modifier", "flag", "keycap")


def check_widths(args):
    """The library's identification in each terminal against the terminal's
    own widths; returns the terminals that failed."""
    tags = corpus_tags(args.clusters)
    failed = []
    with Xvfb():
        for terminal in args.terminals:
            work = work_dir()
            samples = work / "Samples"
            shutil.copy(args.samples, samples)
            shutil.copy(args.clusters, work / "clusters.txt")
            os.chmod(work / "clusters.txt", 0o644)
            result = work / "result.txt"
            ok = run_in(terminal, [str(samples), "identify", "--clusters",
                                   str(work / "clusters.txt"), "--output", str(result)],
                        result, timeout=args.timeout)
            if not ok:
                print(f"FAIL {terminal}: did not start or wrote no result")
                failed.append(terminal)
                continue
            header, rows = read_result(result)
            total = len(rows)
            unanswered = sum(1 for r in rows.values() if r[0] == "-")
            right = sum(1 for r in rows.values() if r[0] == r[1])
            by_rules = sum(1 for r in rows.values() if r[0] == r[2])
            wrong_exact = {tag: [h for h, r in rows.items() if tag in tags.get(h, ()) and r[0] != r[1]]
                           for tag in EXACT_TAGS}
            counts = {tag: sum(1 for h in rows if tag in tags.get(h, ())) for tag in EXACT_TAGS}
            share = right / total if total else 0
            # The widths an unknown terminal would get (its table left aside:
            # the composition rules from the probes alone) must stay close too.
            good = (total > 0 and unanswered == 0 and share >= 0.995
                    and not any(wrong_exact.values()) and by_rules >= 0.985 * total)
            exact = ", ".join(f"{tag} {counts[tag] - len(wrong_exact[tag])}/{counts[tag]}"
                              for tag in EXACT_TAGS)
            print(f"{'ok  ' if good else 'FAIL'} {terminal} {package_version(terminal)}: "
                  f"{header.get('summary', '')}")
            print(f"     reason: {header.get('reason')}")
            print(f"     agree {right}/{total} ({100 * share:.2f} %); {exact}; "
                  f"measured per composition alone: {100 * by_rules / max(total, 1):.2f} %; "
                  f"{header.get('round trips')} round trip, {header.get('bytes written')} bytes; "
                  f"{unanswered} unanswered")
            for tag, wrong in wrong_exact.items():
                if wrong:
                    print(f"     wrong {tag}: {' '.join(wrong[:5])}")
            if not good:
                failed.append(terminal)
    return failed


# The hard text typed into the prompt, cluster by cluster (é decomposed).
TYPED = ["A", " ", "\U0001F44D\U0001F3FD", " ", "\u65e5", "\u672c", " ", "e\u0301", " ",
         "\U0001F469\u200d\U0001F469\u200d\U0001F467", " ", "\u2764\ufe0f", " ", "Z"]
LEFTS = 4


def hexes(text):
    return ".".join(f"{ord(c):X}" for c in text) or "-"


def xdotool(*argv):
    env = environment()
    return subprocess.run(["xdotool", *argv], env=env, capture_output=True, text=True)


def check_prompt(args):
    """`Samples prompt` in each of args.prompt: after each typed cluster and
    each ←, the caret column (the terminal's cursor report) must be where the
    terminal itself ends the text before the caret."""
    failed = []
    with Xvfb():
        for terminal in args.prompt:
            work = work_dir()
            samples = work / "Samples"
            shutil.copy(args.samples, samples)
            shutil.copy(PROMPT_DRIVER, work / "prompt-caret.py")
            control, log = work / "control", work / "log.txt"
            os.mkfifo(control)
            log.write_text("")
            try:
                process = launch(terminal, ["python3", str(work / "prompt-caret.py"), "--control",
                                            str(control), "--log", str(log), "--", str(samples),
                                            "prompt", *args.prompt_args], work)
            except OSError as error:
                print(f"FAIL prompt in {terminal}: cannot start: {error}")
                failed.append(f"prompt/{terminal}")
                continue
            writer = None
            results = []

            def ask(name, before):
                count = len(log.read_text().splitlines())
                writer.write(f"check {name} {hexes(before)}\n")
                writer.flush()
                deadline = time.monotonic() + 15
                while time.monotonic() < deadline:
                    lines = log.read_text().splitlines()
                    if len(lines) > count:
                        match = re.match(r"(\S+) caret=(\S+) end=(\S+)", lines[count])
                        if match:
                            return match.group(2), match.group(3)
                        return None, None
                    time.sleep(0.1)
                return None, None

            try:
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline and writer is None:
                    try:
                        writer = open(os.open(control, os.O_WRONLY | os.O_NONBLOCK), "w")
                    except OSError:
                        time.sleep(0.2)
                if writer is None:
                    print(f"FAIL prompt in {terminal}: did not start")
                    failed.append(f"prompt/{terminal}")
                    continue
                time.sleep(2)  # the prompt identifies the terminal and draws
                windows = xdotool("search", "--sync", "--onlyvisible", "--pid",
                                  str(process.pid)).stdout.split()
                if not windows:
                    windows = xdotool("search", "--onlyvisible", "--name", ".").stdout.split()
                if windows:
                    xdotool("windowfocus", "--sync", windows[-1])
                start, _ = ask("start", "")
                ok = start not in (None, "None")
                steps = [(f"type{i + 1}", TYPED[i], "".join(TYPED[:i + 1]))
                         for i in range(len(TYPED))]
                steps += [(f"left{k}", None, "".join(TYPED[:len(TYPED) - k]))
                          for k in range(1, LEFTS + 1)]
                for name, typed, before in steps:
                    if typed is None:
                        xdotool("key", "--delay", "250", "Left")
                    else:
                        xdotool("type", "--delay", "250", typed)
                    caret, end = ask(name, before)
                    right = (ok and caret not in (None, "None") and end not in (None, "None")
                             and int(caret) - int(start) == int(end) - 1)
                    results.append((name, before, caret, end, right))
                xdotool("key", "ctrl+c")
            finally:
                if writer:
                    writer.close()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.terminate()
                    process.wait()
            bad = [r for r in results if not r[4]]
            print(f"{'ok  ' if ok and not bad else 'FAIL'} prompt in {terminal}: "
                  f"{len(results) - len(bad)}/{len(results)} carets where the terminal ends the "
                  f"text before them (empty field's caret at column {start})")
            for name, before, caret, end, _ in results:
                print(f"     {name:7} caret column {caret} - {start} vs text end {end} - 1 "
                      f"({hexes(before)})")
            if bad or not ok or len(results) != len(TYPED) + LEFTS:
                failed.append(f"prompt/{terminal}")
    return failed


def check(args):
    if not args.samples:
        raise SystemExit("check needs --samples PATH (the built Samples program)")
    failed = check_widths(args)
    if args.prompt:
        failed += check_prompt(args)
    if failed:
        print(f"real terminals failed: {', '.join(failed)}")
        return 1
    print("real terminals ok")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["measure", "check"])
    parser.add_argument("--terminals", default=",".join(TERMINALS))
    parser.add_argument("--clusters", default=str(CORPUS))
    parser.add_argument("--out")
    parser.add_argument("--samples")
    parser.add_argument("--timeout", type=float, default=180)
    parser.add_argument("--prompt", default="xterm,kitty",
                        help="terminals to run the prompt's caret check in ('' for none)")
    parser.add_argument("--prompt-args", default="",
                        help="more arguments for `Samples prompt` (e.g. '--width-profile "
                             "clusters', to see the check fail)")
    args = parser.parse_args()
    args.terminals = [t for t in args.terminals.split(",") if t]
    args.prompt = [t for t in args.prompt.split(",") if t]
    args.prompt_args = args.prompt_args.split()
    try:
        if args.action == "measure":
            return measure(args)
        return check(args)
    finally:
        for work in WORK_DIRS:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
