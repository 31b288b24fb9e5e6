#!/usr/bin/env python3
"""Line coverage of the library, per file, as a Markdown table.

Runs the tests with coverage (or reads an existing export) and prints, for
every library file under Sources/ (the C shim included; not the test-support
targets UnicodeTestSupport and TerminalTestSupport, not Tests or Samples),
the lines covered, the lines and the percentage, with a total row. A file under the threshold (90 %) must
have its reason in Scripts/coverage-gaps.txt (`path: reason`, one a line);
the script exits 1 if one has none, so CI can gate on it.

    python3 Scripts/coverage.py                   # swift test with coverage, then the table
    python3 Scripts/coverage.py --no-run          # the table of the last run's export
    python3 Scripts/coverage.py --json FILE       # the table of an llvm-cov JSON export
    python3 Scripts/coverage.py --uncovered       # also list uncovered lines of files under 90 %
    python3 Scripts/coverage.py --update-table    # also rewrite CONTRIBUTING.md's table

The run is `swift test --enable-code-coverage --scratch-path .build-cov` with
`-Xcc -fprofile-instr-generate -Xcc -fcoverage-mapping` (so the C shim is
instrumented too) and TEXTINPUTKIT_HIDE_SYSTEM_UNICODE=1, as CI runs the tests.
Python 3 standard library only.
"""

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ".build-cov"
SWIFT_FLAGS = [
    "--enable-code-coverage",
    "--scratch-path",
    SCRATCH,
    "-Xcc",
    "-fprofile-instr-generate",
    "-Xcc",
    "-fcoverage-mapping",
]
# Targets under Sources/ that are not library code.
EXCLUDED_TARGETS = {"UnicodeTestSupport", "TerminalTestSupport"}
SOURCE_SUFFIXES = {".swift", ".c"}
README_BEGIN = "<!-- coverage-table:begin (Scripts/coverage.py --update-table) -->"
README_END = "<!-- coverage-table:end -->"


def fail(message):
    print(f"coverage.py: {message}", file=sys.stderr)
    sys.exit(2)


def swift_environment():
    env = dict(os.environ)
    env["TEXTINPUTKIT_HIDE_SYSTEM_UNICODE"] = "1"
    return env


def run_tests():
    """Runs the tests with coverage; returns swift test's exit code."""
    command = ["swift", "test", *SWIFT_FLAGS]
    print("$ TEXTINPUTKIT_HIDE_SYSTEM_UNICODE=1 " + " ".join(command), file=sys.stderr)
    return subprocess.call(command, cwd=ROOT, env=swift_environment(), stdout=sys.stderr)


def export_path():
    """Where SwiftPM writes the JSON export for the coverage scratch path."""
    output = subprocess.run(
        ["swift", "test", *SWIFT_FLAGS, "--show-codecov-path"],
        cwd=ROOT,
        env=swift_environment(),
        capture_output=True,
        text=True,
    )
    lines = [line for line in output.stdout.splitlines() if line.strip()]
    if output.returncode != 0 or not lines:
        fail(f"swift test --show-codecov-path failed:\n{output.stderr}")
    return Path(lines[-1].strip())


def library_files():
    """Every library source file, relative to the root, by target."""
    files = {}
    for target in sorted(p for p in (ROOT / "Sources").iterdir() if p.is_dir()):
        if target.name in EXCLUDED_TARGETS:
            continue
        for path in sorted(target.rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and ".docc" not in path.parts:
                files.setdefault(target.name, []).append(path.relative_to(ROOT).as_posix())
    return files


def read_export(path):
    """{relative path: (covered, count)} for the files under Sources/."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        fail(f"cannot read the coverage export {path}: {error}")
    if data.get("type") != "llvm.coverage.json.export":
        fail(f"{path} is not an llvm-cov JSON export")
    lines = {}
    root = ROOT.as_posix() + "/"
    for export in data.get("data", []):
        for entry in export.get("files", []):
            name = entry["filename"]
            if not name.startswith(root):
                continue
            relative = name[len(root) :]
            summary = entry["summary"]["lines"]
            lines[relative] = (summary["covered"], summary["count"])
    return lines


def read_gaps(path):
    """{relative path: reason} from `path: reason` lines (# comments)."""
    gaps = {}
    problems = []
    if not path.exists():
        return gaps, problems
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, separator, reason = line.partition(":")
        if not separator or not reason.strip():
            problems.append(f"{path.name}:{number}: expected 'path: reason', got {line!r}")
            continue
        gaps[name.strip()] = reason.strip()
    return gaps, problems


def percent(covered, count):
    """Rounded down to one decimal, so 89.96 % prints as 89.9 and not 90.0."""
    return math.floor(1000 * covered / count) / 10 if count else 100.0


def uncovered_lines(export, relative):
    """The line numbers llvm-cov shows with a count of 0, as ranges."""
    bin_path = Path(export).resolve().parent.parent
    binary = bin_path / "TextInputKitPackageTests.xctest"
    profile = bin_path / "codecov" / "default.profdata"
    # The toolchain's own llvm-cov, beside swift (a distribution's may be older
    # than the profile format).
    swift = shutil.which("swift")
    tool = Path(swift).resolve().parent / "llvm-cov" if swift else Path("llvm-cov")
    if not tool.exists():
        fail(f"no llvm-cov beside swift ({tool})")
    output = subprocess.run(
        [str(tool), "show", "-instr-profile", str(profile), str(binary),
         "-sources", str(ROOT / relative), "-show-line-counts"],
        capture_output=True,
        text=True,
    )
    numbers = [
        int(match.group(1))
        for match in re.finditer(r"^\s*(\d+)\|\s*0\|", output.stdout, re.MULTILINE)
    ]
    ranges = []
    for number in numbers:
        if ranges and ranges[-1][1] == number - 1:
            ranges[-1][1] = number
        else:
            ranges.append([number, number])
    return ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in ranges)


def table(files, lines, gaps, threshold):
    """The Markdown table, the code-less files, and the problems found."""
    rows = ["| File | Lines covered | Lines | % | Gap explained |", "|---|---:|---:|---:|---|"]
    problems = []
    without_code = []
    total_covered = total_count = 0
    under = []
    for target, names in files.items():
        if not any(name in lines for name in names):
            problems.append(f"target {target} is not in the export (not instrumented?)")
            continue
        for name in names:
            if name not in lines or lines[name][1] == 0:
                without_code.append(name)
                continue
            covered, count = lines[name]
            total_covered += covered
            total_count += count
            share = 100 * covered / count
            explanation = ""
            if share < threshold:
                under.append(name)
                explanation = gaps.get(name, "")
                if not explanation:
                    problems.append(
                        f"{name} is at {percent(covered, count)} % (under {threshold:g} %) "
                        f"with no reason in Scripts/coverage-gaps.txt")
                    explanation = "**unexplained**"
            short = name.removeprefix("Sources/")
            rows.append(
                f"| `{short}` | {covered} | {count} | {percent(covered, count)} | {explanation} |")
    rows.append(
        f"| **Total** | **{total_covered}** | **{total_count}** | "
        f"**{percent(total_covered, total_count)}** | {len(under)} files under {threshold:g} % |")
    for name in gaps:
        if not (ROOT / name).is_file():
            problems.append(f"Scripts/coverage-gaps.txt names {name}, which does not exist")
        elif name in lines and lines[name][1] and 100 * lines[name][0] / lines[name][1] >= threshold:
            print(f"note: {name} is no longer under {threshold:g} %; its gap entry can go",
                  file=sys.stderr)
    return rows, without_code, under, problems


def update_table(text):
    """Rewrites the table between the markers of CONTRIBUTING.md (the README
    holds no generated table)."""
    readme = ROOT / "CONTRIBUTING.md"
    content = readme.read_text()
    begin, end = content.find(README_BEGIN), content.find(README_END)
    if begin < 0 or end < begin:
        fail(f"CONTRIBUTING.md lacks the markers {README_BEGIN!r} … {README_END!r}")
    content = content[: begin + len(README_BEGIN)] + "\n" + text + "\n" + content[end:]
    readme.write_text(content)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--json", metavar="FILE", help="read this llvm-cov JSON export")
    source.add_argument("--no-run", action="store_true",
                        help=f"read the export of the last run in {SCRATCH}")
    parser.add_argument("--threshold", type=float, default=90.0, help="percent (default 90)")
    parser.add_argument("--gaps", default=str(ROOT / "Scripts" / "coverage-gaps.txt"),
                        help="the explanations file (default Scripts/coverage-gaps.txt)")
    parser.add_argument("--uncovered", action="store_true",
                        help="list the uncovered lines of each file under the threshold")
    parser.add_argument("--update-table", action="store_true",
                        help="write the table into CONTRIBUTING.md between its markers")
    arguments = parser.parse_args()

    status = 0
    if arguments.json:
        export = Path(arguments.json)
    else:
        if not arguments.no_run:
            tests = run_tests()
            if tests != 0:
                print(f"swift test failed (exit {tests})", file=sys.stderr)
                status = 1
        export = export_path()
    lines = read_export(export)
    gaps, problems = read_gaps(Path(arguments.gaps))
    rows, without_code, under, found = table(library_files(), lines, gaps, arguments.threshold)
    problems += found
    text = "\n".join(rows)
    if without_code:
        text += "\n\nNo executable lines (imports and declarations only): " + ", ".join(
            f"`{name.removeprefix('Sources/')}`" for name in without_code) + "."
    print(text)
    if arguments.uncovered:
        print()
        for name in under:
            print(f"{name}: uncovered lines {uncovered_lines(export, name)}")
    if arguments.update_table:
        update_table(text)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
