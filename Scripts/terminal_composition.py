"""The composition model of a terminal's widths, as TextInputTerminal's
`TerminalComposition` computes them (Scripts/generate-terminal-widths.py fits
it to the widths measured in a real terminal; the Swift tests check that both
give the same width for every measured cluster).

A cluster is split at each ZWJ into parts; a part is a base scalar and what
follows it. A scalar's width is python wcwidth 0.9.4's base width (0 for
zero-width code points, 2 for East Asian Wide and Fullwidth, else 1), except
that a character made wide after the terminal's wide Unicode version is 1.
A part's width is its base's, changed by what follows:
- VS16 after a narrow emoji that VS16 can widen: 2 if the terminal widens;
- VS15 after a wide emoji that VS15 can narrow: 1 if the terminal narrows
  (`vs15`); after any other wide pictographic emoji: 1 if `vs15_any`;
- a Hangul vowel or final jamo after its base adds `jamo` cells;
- an emoji modifier (U+1F3FB-1F3FF) adds `modifier` cells (0: drawn on its
  base; 2: drawn beside it);
- two regional indicators are `flag` cells together;
- any other scalar adds its own width (a combining mark 0, a spacing mark or
  a second consonant 1).
The cluster is its first part alone (`joiner` None: a ZWJ sequence drawn as
one emoji) or the sum of its parts plus `joiner` cells per ZWJ.
"""

import bisect

from wcwidth import _constants as constants
from wcwidth import table_grapheme, table_vs15, table_vs16


def _flat(ranges):
    starts = [lo for lo, _ in ranges]
    return starts, ranges


def _contains(table, cp):
    starts, ranges = table
    index = bisect.bisect_right(starts, cp) - 1
    return index >= 0 and ranges[index][0] <= cp <= ranges[index][1]


ZERO = _flat(constants._ZERO_WIDTH_TABLE)
WIDE = _flat(constants._WIDE_EASTASIAN_TABLE)
VS16_WIDENS = _flat(table_vs16.VS16_NARROW_TO_WIDE["9.0.0"])
VS15_NARROWS = _flat(table_vs15.VS15_WIDE_TO_NARROW["9.0.0"])
PICTOGRAPHIC = _flat(table_grapheme.EXTENDED_PICTOGRAPHIC)


def is_jamo_tail(cp):
    """A Hangul vowel or final jamo (conjoining, after a leading one)."""
    return 0x1160 <= cp <= 0x11FF or 0xD7B0 <= cp <= 0xD7FF


def base_width(cp):
    if 0x20 <= cp < 0x7F:
        return 1
    if cp < 0x20 or 0x7F <= cp < 0xA0:
        return 0
    if _contains(ZERO, cp):
        return 0
    if _contains(WIDE, cp):
        return 2
    return 1


def version_key(version):
    return tuple(int(part) for part in version.split("."))


class Composition:
    """One terminal's composition rules (see the module's doc)."""

    FIELDS = ("wide", "modifier", "joiner", "vs16", "vs15", "vs15_any", "flag", "jamo")

    def __init__(self, wide=None, modifier=0, joiner=None, vs16=True, vs15=True, flag=2,
                 wide_by_version=None, vs15_any=False, jamo=0):
        self.vs15_any = vs15_any
        self.jamo = jamo
        self.wide = wide
        self.modifier = modifier
        self.joiner = joiner
        self.vs16 = vs16
        self.vs15 = vs15
        self.flag = flag
        self.later = set()
        for version, cps in (wide_by_version or {}).items():
            if wide is not None and version_key(version) > version_key(wide):
                self.later.update(cps)

    def describe(self):
        return {field: getattr(self, field) for field in self.FIELDS}

    def scalar(self, cp):
        width = base_width(cp)
        if width == 2 and cp in self.later:
            return 1
        return width

    def part(self, cps):
        if not cps:
            return 0
        base = cps[0]
        if 0x1F1E6 <= base <= 0x1F1FF and len(cps) >= 2 and 0x1F1E6 <= cps[1] <= 0x1F1FF:
            return self.flag + sum(self.scalar(cp) for cp in cps[2:])
        width = self.scalar(base)
        for cp in cps[1:]:
            if cp == 0xFE0F:
                if self.vs16 and width == 1 and _contains(VS16_WIDENS, base):
                    width = 2
            elif cp == 0xFE0E:
                if width == 2 and _contains(VS15_NARROWS, base):
                    if self.vs15:
                        width = 1
                elif width == 2 and self.vs15_any and _contains(PICTOGRAPHIC, base):
                    width = 1
            elif 0x1F3FB <= cp <= 0x1F3FF:
                width += self.modifier
            elif is_jamo_tail(cp):
                width += self.jamo
            else:
                width += self.scalar(cp)
        return width

    def width(self, text):
        cps = [ord(c) for c in text]
        parts, current = [], []
        for cp in cps:
            if cp == 0x200D:
                parts.append(current)
                current = []
            else:
                current.append(cp)
        parts.append(current)
        if self.joiner is None:
            return self.part(parts[0])
        return sum(self.part(p) for p in parts) + self.joiner * (len(parts) - 1)


# The clusters whose widths give a terminal's composition rules, in the order
# TextInputTerminal probes them (`TerminalComposition.probes`).
PROBES = [
    ("vs16", "\u2764\ufe0f"),                                # ❤️
    ("vs15", "\u231a\ufe0e"),                                # ⌚︎
    ("modifier", "\U0001F44D\U0001F3FD"),                    # 👍🏽
    ("joiner", "\U0001F469\u200d\U0001F469\u200d\U0001F467"),  # 👩‍👩‍👧
    ("flag", "\U0001F1EB\U0001F1F7"),                        # 🇫🇷
    ("vs15_any", "\U0001F600\ufe0e"),                       # 😀︎
    ("jamo", "\u1100\u1161"),                                # 가 as jamo
]


def wide_probes(wide_by_version):
    """One character made wide in each version, oldest first."""
    return [(v, chr(cps[0])) for v, cps in sorted(wide_by_version.items(),
                                                   key=lambda item: version_key(item[0]))]


def from_widths(widths, wide_by_version):
    """The composition that `widths` (the width measured for each of PROBES,
    then each of wide_probes) describe, by the rules TerminalComposition
    applies to a live measurement."""
    plain = Composition(wide_by_version=wide_by_version)
    w = dict(zip([name for name, _ in PROBES], widths))
    modifier = max(w["modifier"] - plain.part([0x1F44D]), 0)
    family = [0x1F469, 0x1F469, 0x1F467]
    first = plain.part([family[0]])
    if w["joiner"] == first:
        joiner = None
    else:
        joiner = max((w["joiner"] - sum(plain.part([cp]) for cp in family)) // 2, 0)
    wide = None
    versions = widths[len(PROBES):]
    probes = wide_probes(wide_by_version)
    if len(versions) == len(probes):
        known = "12.1.0"
        for (version, _), width in zip(probes, versions):
            if width != 2:
                break
            known = version
        wide = None if known == probes[-1][0] else known
    return Composition(wide=wide, modifier=modifier, joiner=joiner, vs16=w["vs16"] == 2,
                       vs15=w["vs15"] == 1, flag=w["flag"], wide_by_version=wide_by_version,
                       vs15_any=w["vs15_any"] == 1, jamo=max(w["jamo"] - 2, 0))
