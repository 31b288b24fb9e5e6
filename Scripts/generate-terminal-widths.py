#!/usr/bin/env python3
"""Regenerates the per-terminal width tables of TextInputTerminal, and the
recorded widths its tests check them against, from what jquast's ucs-detect
measured in real terminals.

Inputs (versions are checked and written into the outputs):
- python `wcwidth` 0.9.4 (PyPI, MIT licence, © Jeff Quast and contributors):
  its tables generated from ucs-detect's data (`table_overrides.py`,
  `table_grapheme_overrides/`, `table_term_programs.py`) and the Unicode
  tables its `width(text, term_program=...)` uses. `wcwidth.width(cluster,
  term_program=T)` is taken as terminal T's published width.
- ucs-detect's `data/*.yaml` (MIT licence, © 2020 Jeff Quast): each
  terminal's recorded answers (XTVERSION name and version, DECRQM 2027,
  TERM, the Unicode version of its wide table) and, per Unicode version,
  the wide characters some terminal did not know (one probe per version).
  What is needed of them is kept in Scripts/data/ucs-detect-answers.json
  (with the ucs-detect commit); `--ucs-detect GIT_DIR` reads them again
  from a bare clone of jquast/ucs-detect (PyYAML needed) and rewrites it.
- The Unicode 15.0 `emoji-test.txt` kept in
  Sources/UnicodeTestSupport/Resources/Unicode-15.0/emoji/.

Outputs:
- Sources/TextInputTerminal/Width/KnownTerminalTables.swift: the tables
  (wcwidth's base ranges, each terminal's code-point overrides, the
  grapheme overrides, the recorded answers, the probe clusters chosen to tell
  the terminals apart and each terminal's widths for them).
- Tests/TextInputTerminalTests/Resources/terminal-widths.txt: about 9 000
  clusters (every emoji-test sequence, each emoji with VS15 and VS16,
  flags, wide characters by Unicode version, CJK, combining sequences, jamo,
  conjuncts), tagged by kind, with every known terminal's published width.

`--check` regenerates into memory and exits 1 if a committed file differs
(about a minute; needs only `pip install 'wcwidth==0.9.4'`).
"""

import argparse
import importlib
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import wcwidth
from wcwidth import _constants as constants
from wcwidth import table_grapheme, table_mc, table_term_programs, table_vs15, table_vs16
from wcwidth import table_wide, table_zero
from wcwidth.table_grapheme_overrides import _registry

ROOT = Path(__file__).resolve().parent.parent
SWIFT = ROOT / "Sources/TextInputTerminal/Width/KnownTerminalTables.swift"
WIDTHS = ROOT / "Tests/TextInputTerminalTests/Resources/terminal-widths.txt"
EMOJI_TEST = ROOT / "Sources/UnicodeTestSupport/Resources/Unicode-15.0/emoji/emoji-test.txt"
WCWIDTH_VERSION = "0.9.4"
ANSWERS = ROOT / "Scripts/data/ucs-detect-answers.json"
MEASURED = ROOT / "Scripts/data/measured"

sys.path.insert(0, str(Path(__file__).resolve().parent))
import terminal_composition  # noqa: E402  (the same model as TerminalComposition)

# ucs-detect's data file of each terminal wcwidth knows (None: no data file
# in the snapshot; its answers are then not recorded, its widths are).
YAML_OF = {
    "alacritty": "alacritty", "bobcat": "bobcat", "contour": "contour", "foot": "foot",
    "ghostty": "ghostty", "vte": "gnometerminal", "iterm2": "iterm2", "kitty": "kitty",
    "konsole": "konsole", "mlterm": "mlterm", "pterm": "putty", "rio": "rio",
    "urxvt": "rxvtunicode", "st": "st", "apple_terminal": "terminalapp",
    "xterm.js": "vscodeterminal", "wezterm": "wezterm", "xterm": "xterm",
}

# TERM_PROGRAM values each terminal sets (besides wcwidth's aliases).
TERM_PROGRAMS = {
    "apple_terminal": ["Apple_Terminal"], "iterm2": ["iTerm.app"], "wezterm": ["WezTerm"],
    "xterm.js": ["vscode", "Tabby", "Hyper"], "ghostty": ["ghostty"], "kitty": ["kitty"],
    "warp": ["WarpTerminal"], "mintty": ["mintty"], "rio": ["rio"], "contour": ["contour"],
}


def ranges_of(predicate, limit=0x110000):
    out, start = [], None
    for cp in range(limit):
        if predicate(cp):
            if start is None:
                start = cp
        elif start is not None:
            out.append((start, cp - 1))
            start = None
    if start is not None:
        out.append((start, limit - 1))
    return out


def merged(ranges):
    ranges = sorted(ranges)
    out = []
    for lo, hi in ranges:
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def load_yaml(git_dir, name):
    import yaml  # PyYAML, only to read ucs-detect's files

    try:
        text = subprocess.run(
            ["git", "--git-dir", git_dir, "show", f"HEAD:data/{name}.yaml"],
            check=True, capture_output=True, text=True).stdout
    except subprocess.CalledProcessError:
        return None
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return data if isinstance(data, dict) and "terminal_results" in data else None


def ucs_detect_commit(git_dir):
    return subprocess.run(["git", "--git-dir", git_dir, "log", "-1", "--format=%H %cs"],
                          check=True, capture_output=True, text=True).stdout.strip()


def emoji_test():
    """(scalars, status) of every line of emoji-test.txt."""
    for raw in EMOJI_TEST.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields, status = line.split(";")
        yield "".join(chr(int(h, 16)) for h in fields.split()), status.strip()


def wide_by_version(yamls):
    """Unicode version -> the code points some terminal drew narrow although
    wcwidth counts them wide (ucs-detect's `unicode_wide_results`)."""
    out = {}
    for data in yamls.values():
        results = data["test_results"].get("unicode_wide_results") or {}
        for version, result in results.items():
            for failure in (result or {}).get("failed_codepoints") or []:
                if failure.get("measured_by_wcwidth") == 2:
                    cp = ord(failure["wchar"].encode().decode("unicode_escape"))
                    out.setdefault(version, set()).add(cp)
    return {v: sorted(cps) for v, cps in out.items()}


def version_key(version):
    return tuple(int(part) for part in version.split("."))


def load_measured():
    """Each terminal measured here (Scripts/data/measured/*.txt, written by
    Scripts/real-terminals.py measure): its answers and its widths by cluster."""
    out = []
    for path in sorted(MEASURED.glob("*.txt")):
        header, widths = {}, {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# ") and ": " in line:
                key, _, value = line[2:].partition(": ")
                header[key] = value
            elif line and not line.startswith("#"):
                hexes, width = line.split("\t")[:2]
                if width != "-":
                    widths["".join(chr(int(h, 16)) for h in hexes.split("."))] = int(width)
        out.append({"file": path.name, "header": header, "widths": widths})
    return sorted(out, key=lambda m: (m["header"]["terminal"],
                                      [int(x) for x in re.findall(r"\d+", m["header"]["version"])]))


def fit(measured, by_version):
    """The composition a live measurement of the probes would give (the
    library's rule), and the clusters it gets wrong: {text: width}."""
    widths = measured["widths"]
    probes = [text for _, text in terminal_composition.PROBES]
    probes += [text for _, text in terminal_composition.wide_probes(by_version)]
    composition = terminal_composition.from_widths([widths.get(t) for t in probes], by_version)
    exceptions = {text: width for text, width in widths.items()
                  if composition.width(text) != width}
    return composition, exceptions


def cluster_set(by_version):
    """(tags, cluster) pairs, in a fixed order."""
    seen, out = set(), []

    def add(tags, text):
        if text and text not in seen:
            seen.add(text)
            out.append((tags, text))

    singles = []
    for text, status in emoji_test():
        tags = [status]
        if "\u20e3" in text:
            tags.append("keycap")
        if any(0x1F3FB <= ord(c) <= 0x1F3FF for c in text) and len(text) > 1:
            tags.append("modifier")
        if len(text) == 2 and all(0x1F1E6 <= ord(c) <= 0x1F1FF for c in text):
            tags.append("flag")
        if "\u200d" in text:
            tags.append("zwj")
        add(",".join(tags), text)
        base = text.replace("\ufe0f", "")
        if len(base) == 1 and base not in singles:
            singles.append(base)
    for base in singles:
        add("vs15", base + "\ufe0e")
        add("vs16", base + "\ufe0f")
    # Pairs of regional indicators that are no RGI flag.
    letters = [chr(0x1F1E6 + i) for i in range(26)]
    for index in range(0, 26 * 26, 7):
        add("flag,non-rgi-flag", letters[index // 26] + letters[index % 26])
    for version in sorted(by_version, key=version_key):
        for cp in by_version[version][:40]:
            add(f"wide-{version}", chr(cp))
    cjk = [(0x3000, 0x303F, 1), (0x3041, 0x30FF, 1), (0x3100, 0x312F, 1), (0x3131, 0x318E, 3),
           (0x4E00, 0x9FFF, 37), (0x3400, 0x4DBF, 13), (0xAC00, 0xD7A3, 29), (0xF900, 0xFAD9, 7),
           (0xFF01, 0xFF60, 1), (0xFFE0, 0xFFE6, 1), (0x20000, 0x2A6DF, 97), (0x30000, 0x3134A, 41)]
    for lo, hi, step in cjk:
        for cp in range(lo, hi + 1, step):
            if unicodedata.category(chr(cp)) != "Cn":
                add("cjk", chr(cp))
    marks = [cp for cp in range(0x300, 0x2000) if unicodedata.category(chr(cp)) in ("Mn", "Me")]
    marks += [cp for lo, hi in [(0x20D0, 0x20FF), (0xFE20, 0xFE2F)] for cp in range(lo, hi + 1)
              if unicodedata.category(chr(cp)) in ("Mn", "Me")]
    for cp in marks:
        base = "a" if cp < 0x370 or cp >= 0x1AB0 else {
            "HEBREW": "\u05d0", "ARABIC": "\u0628", "DEVANAGARI": "\u0915", "BENGALI": "\u0995",
            "THAI": "\u0e01", "TIBETAN": "\u0f40", "MYANMAR": "\u1000", "KHMER": "\u1780",
        }.get(unicodedata.name(chr(cp), "X").split()[0], "a")
        add("combining", base + chr(cp))
    for a, b in [("e", "\u0301\u0323"), ("o", "\u0308\u0304"), ("a", "\u030a\u0301"),
                 ("n", "\u0303\u0331"), ("\u3042", "\u3099"), ("x", "\u20dd")]:
        add("combining", a + b)
    for lead in range(0x1100, 0x1113, 3):
        for vowel in range(0x1161, 0x1176, 4):
            add("jamo", chr(lead) + chr(vowel))
            add("jamo", chr(lead) + chr(vowel) + chr(0x11A8 + (lead + vowel) % 27))
    consonants = [chr(cp) for cp in range(0x0915, 0x0939, 3)]
    for first in consonants:
        for second in consonants[::2]:
            add("conjunct", first + "\u094d" + second)
    for text in ["\u0915\u094d\u0937", "\u0995\u09cd\u09b7", "\u0915\u094d\u0937\u094d\u092e"]:
        add("conjunct", text)
    for text in ["\u2764\ufe0f", "\u231a\ufe0e", "\U0001F44D\U0001F3FD",
                 "\U0001F469\u200d\U0001F469\u200d\U0001F467", "\U0001F1EB\U0001F1F7",
                 "e\u0301", "\u65e5", "\U0001F636\u200d\U0001F32B", "\u2764\u200d\U0001F525"]:
        add("probe", text)
    return out


def hexes(text):
    return ".".join(f"{ord(c):X}" for c in text)


def digit(width):
    return "0123456789abcdefghijklmnopqrstuvwxyz"[width]


def choose_probes(terminals, clusters, widths):
    """Clusters, chosen greedily, whose widths tell apart every two terminals
    whose widths differ anywhere in the set."""
    groups = {}
    for name in terminals:
        groups.setdefault("".join(widths[name]), []).append(name)
    representatives = [members[0] for members in groups.values()]
    pairs = {(a, b) for i, a in enumerate(representatives) for b in representatives[i + 1:]}
    chosen = []
    while pairs:
        best, best_split = None, set()
        for index, (_, text) in enumerate(clusters):
            split = {(a, b) for a, b in pairs if widths[a][index] != widths[b][index]}
            if len(split) > len(best_split):
                best, best_split = index, split
        if best is None:
            break
        chosen.append(best)
        pairs -= best_split
    return chosen


def swift_ranges(name, ranges, doc):
    lines = [f"  /// {doc} ({len(ranges)} ranges, inclusive pairs).",
             f"  static let {name}: [UInt32] = ["]
    flat = [f"0x{v:X}" for lo, hi in ranges for v in (lo, hi)]
    row = "   "
    for value in flat:
        if len(row) + len(value) + 2 > 98:
            lines.append(row)
            row = "   "
        row += " " + value + ","
    if flat:
        lines.append(row)
    lines.append("  ]")
    return lines


def string_lines(text, indent, width=90):
    """A multi-line string literal of `text`, its lines joined by `\\`."""
    chunks = [text[start:start + width] for start in range(0, len(text), width)] or [""]
    lines = [indent + '"""']
    lines += [indent + chunk + ("\\" if i < len(chunks) - 1 else "")
              for i, chunk in enumerate(chunks)]
    return lines + [indent + '"""']


def hex_list(values, indent):
    """`values` as a Swift array literal wrapped to 98 columns."""
    if not values:
        return ["[]"]
    lines, row = ["["], indent + "  "
    for value in values:
        item = f"0x{value:X},"
        if len(row) + len(item) + 1 > 98:
            lines.append(row)
            row = indent + "  "
        row += (" " if row.strip() else "") + item
    lines.append(row)
    lines.append(indent + "]")
    return lines


def read_ucs_detect(git_dir):
    """What the generator needs of ucs-detect's data files: each known
    terminal's recorded answers, and the wide characters by Unicode version."""
    everyone = {}
    for path in subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "--name-only", "HEAD",
                                "data/"], check=True, capture_output=True,
                               text=True).stdout.split():
        if path.endswith(".yaml"):
            data = load_yaml(git_dir, path[5:-5])
            if data:
                everyone[path] = data
    terminals = {}
    for name, file in sorted(YAML_OF.items()):
        data = everyone.get(f"data/{file}.yaml")
        if not data:
            continue
        results = data.get("terminal_results") or {}
        software = results.get("software_name")
        if software and not software.isprintable():
            software = None  # an answer to another question, not XTVERSION's
        version = results.get("software_version") if software else None
        mode = ((results.get("modes") or {}).get(2027) or {}).get("value")
        terminals[name] = {
            "file": f"data/{file}.yaml",
            "software": software,
            "softwareVersion": None if version is None else str(version),
            "mode2027": mode,
            "term": results.get("ttype"),
            "wideVersion": (data.get("test_results") or {}).get("unicode_wide_version"),
        }
    return {
        "source": "jquast/ucs-detect data/*.yaml, MIT licence, (c) 2020 Jeff Quast",
        "commit": ucs_detect_commit(git_dir),
        "terminals": terminals,
        "wideByVersion": {v: cps for v, cps in
                          sorted(wide_by_version(everyone).items(),
                                 key=lambda item: version_key(item[0]))},
    }


def generate(answers):
    if wcwidth.__version__ != WCWIDTH_VERSION:
        sys.exit(f"wcwidth {wcwidth.__version__} found, {WCWIDTH_VERSION} expected: "
                 f"pip install 'wcwidth=={WCWIDTH_VERSION}'")
    terminals = sorted(table_term_programs.KNOWN_TERMINALS)
    yamls = answers["terminals"]
    by_version = answers["wideByVersion"]
    clusters = cluster_set(by_version)
    widths = {name: [digit(max(0, wcwidth.width(text, term_program=name)))
                     for _, text in clusters] for name in terminals}
    measured = load_measured()
    fits = [fit(m, by_version) for m in measured]
    labels = [f"{m['header']['terminal']} {m['header']['version']}" for m in measured]
    for label, m, (composition, _) in zip(labels, measured, fits):
        widths[label] = [digit(m["widths"].get(text, composition.width(text)))
                         for _, text in clusters]
    probes = choose_probes(terminals + labels, clusters, widths)

    # The widths file the tests read.
    commit = answers["commit"]
    table = [
        "# Generated by Scripts/generate-terminal-widths.py - do not edit by hand.",
        f"# Published widths: python wcwidth {WCWIDTH_VERSION} width(cluster, term_program=T),",
        f"# from ucs-detect's measurements (jquast/ucs-detect {commit}); both MIT licence,",
        "# (c) Jeff Quast. Clusters: Unicode 15.0 emoji-test.txt and the sets named by tag.",
        "# One line per cluster: tags <TAB> code points (hex, '.') <TAB> one width per",
        "# terminal in the order of the 'terminals' line (0-9, then a-z for 10-35).",
        "terminals\t" + " ".join(terminals),
    ]
    for index, (tags, text) in enumerate(clusters):
        table.append(f"{tags}\t{hexes(text)}\t" + "".join(widths[n][index] for n in terminals))
    widths_text = "\n".join(table) + "\n"

    # Grapheme overrides: one list of clusters, one width string per table.
    hashes = sorted(set(_registry._REGISTRY.values()))
    graphemes = {h: importlib.import_module(
        f"wcwidth.table_grapheme_overrides._known_{h}").GRAPHEMES for h in hashes}
    keys = sorted({k for g in graphemes.values() for k in g})
    key_text = " ".join(hexes(k) for k in keys)
    override_strings = {h: "".join(digit(graphemes[h][k]) if k in graphemes[h] else "-"
                                   for k in keys) for h in hashes}

    out = [
        "// Generated by Scripts/generate-terminal-widths.py — do not edit by hand.",
        "//",
        f"// What each terminal jquast's ucs-detect measured draws, from python wcwidth",
        f"// {WCWIDTH_VERSION}'s tables generated from that data (MIT licence, © Jeff Quast and",
        "// contributors) and ucs-detect's recorded answers (data/*.yaml, MIT licence,",
        f"// © 2020 Jeff Quast; commit {commit}).",
        "",
        "// swift-format-ignore-file",
        "",
        "extension KnownTerminalTables {",
        f"  /// The python wcwidth release the tables come from.",
        f"  static let wcwidthVersion = \"{WCWIDTH_VERSION}\"",
        f"  /// The ucs-detect commit whose data files were read.",
        f"  static let ucsDetectCommit = \"{commit}\"",
        f"  /// The Unicode version of wcwidth's base tables.",
        f"  static let unicodeVersion = \"{constants._LATEST_VERSION}\"",
        "",
    ]
    out += swift_ranges("zeroWidth", constants._ZERO_WIDTH_TABLE,
                        "Code points wcwidth draws in no cell")
    out += swift_ranges("wide", constants._WIDE_EASTASIAN_TABLE,
                        "Code points wcwidth draws in two cells (East Asian W and F)")
    out += swift_ranges("vs16NarrowToWide", table_vs16.VS16_NARROW_TO_WIDE["9.0.0"],
                        "Narrow code points that VS16 widens to two cells")
    out += swift_ranges("vs15WideToNarrow", table_vs15.VS15_WIDE_TO_NARROW["9.0.0"],
                        "Wide code points that VS15 narrows to one cell")
    out += swift_ranges("spacingMarks", constants._CATEGORY_MC_TABLE,
                        "Spacing combining marks (Mc)")
    out += swift_ranges("viramas", merged([(c, c) for c in constants._ISC_VIRAMA_SET]),
                        "Viramas and invisible stackers")
    out += swift_ranges("extendedPictographic", table_grapheme.EXTENDED_PICTOGRAPHIC,
                        "Extended_Pictographic code points")
    out += swift_ranges("graphemeExtend", table_grapheme.GRAPHEME_EXTEND,
                        "Grapheme_Cluster_Break = Extend")
    out.append("")
    out.append("  /// Wide code points by the Unicode version that made them wide, as some")
    out.append("  /// terminal drew them narrow (ucs-detect's `unicode_wide_results`).")
    out.append("  static let wideByVersion: [(version: String, codePoints: [UInt32])] = [")
    for version in sorted(by_version, key=version_key):
        cps = merged([(c, c) for c in by_version[version]])
        lines = hex_list([v for lo, hi in cps for v in (lo, hi)], "      ")
        out.append(f"    (")
        out.append(f"      \"{version}\",")
        out.append("      " + "\n".join(lines) + "),")
    out.append("  ]")
    out.append("")
    out.append("  /// The clusters that have a grapheme override in some terminal, as")
    out.append("  /// hexadecimal code points joined by `.`, separated by spaces.")
    out.append(f"  /// ({len(keys)} clusters.)")
    out.append("  static let overrideClusters =")
    out += string_lines(key_text, "    ")
    out.append("")
    out.append("  /// Each terminal's data, in `KnownTerminal.all` order.")
    out.append("  static let terminals: [TerminalData] = [")
    for name in terminals:
        o = constants.get_term_overrides(name)
        data = yamls.get(name) or {}
        software = data.get("software")
        version = data.get("softwareVersion")
        mode = data.get("mode2027")
        aliases = sorted({a for a, c in table_term_programs.ALIASES.items() if c == name}
                         | set(TERM_PROGRAMS.get(name, [])))
        wide_version = data.get("wideVersion")

        def flat(ranges):
            lines = hex_list([v for lo, hi in ranges for v in (lo, hi)], "      ")
            return "\n".join(lines)

        out.append("    TerminalData(")
        out.append(f"      name: \"{name}\", aliases: {swift_list(aliases)},")
        out.append(f"      software: {swift_opt(software)}, softwareVersion: "
                   f"{swift_opt(version)},")
        out.append(f"      mode2027: {'nil' if mode is None else mode}, term: "
                   f"{swift_opt(data.get('term'))}, wideVersion: {swift_opt(wide_version)},")
        for field in ("narrower", "vs16_narrower", "vs15_wider", "zeroer", "narrow_wider",
                      "narrow_zeroer"):
            camel = field.split("_")[0] + "".join(p.title() for p in field.split("_")[1:])
            out.append(f"      {camel}: {flat(getattr(o, field))},")
        out.append(f"      overrides: {hashes.index(_registry._REGISTRY[name]) if name in _registry._REGISTRY else -1}"
                   "),")
    for index, (m, (composition, _)) in enumerate(zip(measured, fits)):
        header = m["header"]
        answer = header.get("xtversion", "none")
        software, version = None, None
        if answer != "none":
            match = re.match(r"([^( ]+)[( ]?([^)]*)", answer)
            software, version = match.group(1), match.group(2) or None
        mode = header.get("mode2027", "none")
        da2 = header.get("da2", "none")
        out.append("    TerminalData(")
        out.append(f"      name: \"{header['terminal']}\", aliases: [],")
        out.append(f"      software: {swift_opt(software)}, softwareVersion: {swift_opt(version)},")
        out.append(f"      mode2027: {'nil' if mode == 'none' else int(mode)}, "
                   f"term: {swift_opt(header.get('term'))}, "
                   f"wideVersion: {swift_opt(composition.wide)},")
        out.append("      narrower: [], vs16Narrower: [], vs15Wider: [], zeroer: [], "
                   "narrowWider: [],")
        out.append("      narrowZeroer: [], overrides: -1,")
        out.append(f"      version: \"{header['version']}\", "
                   f"deviceAttributes: {swift_opt(None if da2 == 'none' else da2)},")
        out.append(f"      composition: {swift_composition(composition)},")
        out.append(f"      measured: {index}),")
    out.append("  ]")
    out.append("")
    keys = sorted({hexes(text) for _, exceptions in fits for text in exceptions},
                  key=lambda k: [int(h, 16) for h in k.split(".")])
    out.append("  /// The clusters some terminal measured here draws otherwise than its")
    out.append("  /// composition rules say, as hexadecimal code points joined by `.`,")
    out.append(f"  /// separated by spaces ({len(keys)} clusters).")
    out.append("  static let measuredClusters =")
    out += string_lines(" ".join(keys), "    ")
    out.append("")
    out.append("  /// Each measured terminal's widths for `measuredClusters` (`-`: as its")
    out.append("  /// rules say; `0`-`9`, `a`-`z`: the width it drew).")
    out.append("  static let measuredWidths: [String] = [")
    for m, (_, exceptions) in zip(measured, fits):
        by_hex = {hexes(text): width for text, width in exceptions.items()}
        out += string_lines("".join(digit(by_hex[k]) if k in by_hex else "-" for k in keys),
                            "    ")
        out[-1] = out[-1] + ","
    out.append("  ]")
    out.append("")
    out.append("  /// The grapheme overrides of each table: one character per cluster of")
    out.append("  /// `overrideClusters` (`-`: none; `0`-`9`, `a`-`z`: the width).")
    out.append("  static let overrideWidths: [String] = [")
    for h in hashes:
        out += string_lines(override_strings[h], "    ")
        out[-1] = out[-1] + ","
    out.append("  ]")
    out.append("")
    out.append("  /// The probe clusters that tell the known terminals apart, chosen by")
    out.append("  /// the generator, and each terminal's width for them (one digit each).")
    out.append("  static let probeClusters: [String] = [")
    for index in probes:
        out.append(f"    \"{swift_escape(clusters[index][1])}\",")
    out.append("  ]")
    out.append("  static let probeWidths: [String] = [")
    for name in terminals + labels:
        out.append(f"    \"{''.join(widths[name][i] for i in probes)}\",  // {name}")
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n", widths_text


def swift_escape(text):
    return "".join(f"\\u{{{ord(c):X}}}" for c in text)


def swift_composition(c):
    return (f"TerminalComposition(wideUnicodeVersion: {swift_opt(c.wide)}, "
            f"modifierCells: {c.modifier}, joinerCells: {'nil' if c.joiner is None else c.joiner}, "
            f"vs16Widens: {'true' if c.vs16 else 'false'}, "
            f"vs15Narrows: {'true' if c.vs15 else 'false'}, flagCells: {c.flag}, "
            f"vs15NarrowsAnyEmoji: {'true' if c.vs15_any else 'false'}, jamoCells: {c.jamo})")


def swift_opt(value):
    return "nil" if value is None else f"\"{value}\""


def swift_list(values):
    return "[" + ", ".join(f"\"{v}\"" for v in values) + "]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ucs-detect", metavar="GIT_DIR",
                        help="read ucs-detect's data/*.yaml from this bare clone (needs PyYAML) "
                             f"and rewrite {ANSWERS.relative_to(ROOT)}; default: read that file")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.ucs_detect:
        answers = read_ucs_detect(args.ucs_detect)
        answers_text = json.dumps(answers, indent=1, sort_keys=True, ensure_ascii=True) + "\n"
        if not args.check:
            ANSWERS.write_text(answers_text, encoding="utf-8")
    else:
        answers = json.loads(ANSWERS.read_text(encoding="utf-8"))
    swift, widths = generate(answers)
    if args.check:
        stale = [str(p) for p, text in ((SWIFT, swift), (WIDTHS, widths))
                 if not p.exists() or p.read_text(encoding="utf-8") != text]
        if stale:
            print("stale: " + ", ".join(stale))
            return 1
        return 0
    SWIFT.write_text(swift, encoding="utf-8")
    WIDTHS.parent.mkdir(parents=True, exist_ok=True)
    WIDTHS.write_text(widths, encoding="utf-8")
    print(f"wrote {SWIFT.relative_to(ROOT)} and {WIDTHS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
