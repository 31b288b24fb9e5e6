#!/usr/bin/env python3
"""Writes the seed corpora of FuzzLayout and FuzzEditor (and FuzzMetrics' bidi
seed) in Corpus/: each seed is the byte stream FuzzInput decodes into one
family of cases (wrapping, bidi, truncation, clusters, lone surrogates,
extreme geometry; right-aligned spaces, IME, clusters, RTL, configuration).
Run it after changing the order of reads in a target or FuzzText.pieces."""
import re, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, 'Sources/FuzzSupport/FuzzInput.swift')).read()
block = src[src.index('public static let pieces'):]
block = block[block.index('['):block.index(']\n')+1]
raw = re.findall(r'"((?:[^"\\]|\\.)*)"', block)
def dec(x):
    x = re.sub(r'\\u\{([0-9A-Fa-f]+)\}', lambda m: chr(int(m.group(1), 16)), x)
    return x.replace('\\n', '\n').replace('\\r', '\r').replace('\\t', '\t').replace('\\"', '"')
pieces = [dec(x) for x in raw]
P = len(pieces)
def idx(lit): return pieces.index(lit)
def text(*items):
    # items: (literal, repeat) or literal
    out = [len(items)]
    for it in items:
        lit, rep = (it if isinstance(it, tuple) else (it, 1))
        out += [1, idx(lit)]
        if rep > 1: out += [8, rep - 1]
        else: out += [1]
    return out
def num(n, length):  # offset(near: length) as an ordinary value n in -2...length+2
    m = length + 5
    v = n + 2
    return [7] + ([v] if m <= 256 else [v >> 8, v & 255])
def cg(points):  # cgFloat() ≈ points (multiple of 0.5 in -20...300)
    v = int((points + 20) * 2)
    return [9, v >> 8, v & 255]
def write(target, name, data):
    d = os.path.join(HERE, 'Corpus', target)
    os.makedirs(d, exist_ok=True)
    open(f'{d}/{name}', 'wb').write(bytes(data))
ALIGN = ['left','right','center','justified','natural']
MODES = ['wordWrap','characterWrap','clip','truncateHead','truncateMiddle','truncateTail']
def layout(name, textbytes, length, width, limit, padding, runs, font, align, direction, mode, ops):
    data = [0] + textbytes
    data += width + limit + padding + [len(runs)]
    for r in runs: data += r
    data += font + [ALIGN.index(align), direction, MODES.index(mode)] + ops
    write('FuzzLayout', name, data)
# width: [1, n] = n points; [0] = infinity; [2]+cg
# limit: [0] none, [3] one, [7, k] 2+k lines, [5] Int.max, [4] -1
# padding: [0] none, [1]+cg
# font: [0] terminal, [3] 8x16 cell, [4, h, s] proportional, [5]+... wild
def caret(o, L): return [4] + num(o, L) + [0]
def hit(x, y): return [1] + cg(x) + cg(y)
def sel(a, b, L): return [2] + num(a, L) + num(b, L)
def edit(a, b, L, *t): return [0] + num(a, L) + num(b, L) + text(*t)
t = text('Hello, world. ', 'word ', ('word ', 3), 'a', '\n', 'x', '  ', '3.14')
L = 14+5+15+1+1+1+2+4
layout('wrap', t, L, [1, 9], [0], [0], [], [0], 'left', 0, 'wordWrap',
       caret(6, L) + hit(3, 1.5) + sel(2, 9, L) + edit(5, 3, L, 'word ') + hit(99, 0.5) + caret(L, L+2) + edit(0, 0, L, '\n'))
t = text('ab' if False else 'a', 'שלום', 'word ', 'مرحبا', '1', ' ', '\u200F', 'x', '\n', 'שלום')
L = 1+4+5+5+1+1+1+1+1+4
layout('bidi', t, L, [1, 7], [0], [0], [], [0], 'justified', 3, 'wordWrap',
       hit(2, 0.5) + hit(0, 1.5) + caret(5, L) + sel(0, 9, L) + edit(3, 2, L, 'a', 'שלום') + hit(6.5, 2.5) + [3, 0, 1])
t = text(('word ', 8), 'Hello, world. ', ('x', 9))
L = 40+14+9
layout('truncate', t, L, [1, 8], [7, 0], [1] + cg(1), [], [0], 'center', 2, 'truncateMiddle',
       hit(4, 1.5) + caret(30, L) + sel(10, 40, L) + edit(2, 5, L, 'a') + hit(0, 0.5))
t = text('日本語', '👨‍👩‍👧‍👦', ('🇫🇷', 3), 'e\u0301', 'क्षि', '한국어', '\u3000', '#️⃣')
L = 3+11+12+2+4+3+1+3
layout('clusters', t, L, [1, 5], [0], [0], [[7] + num(2, L) + num(6, L) + [3]], [4, 15, 6], 'natural', 2, 'characterWrap',
       caret(3, L) + hit(2, 17) + sel(4, 3, L) + edit(14, 1, L, '🇫') + caret(15, L) + [3, 1, 0])
# UTF-16 with lone surrogates, clip mode, unbounded width
data = [1, 6, 0, 0x10, 0, 2, idx('\r\n'), 1, 1, 0x21, 2, idx('שלום'), 1, 3, 5, 0xDC, 0x12, 2, idx('\u2028'), 1]
data += [0, [0], [5], [0], 0][0:1]
data = data[:-1] + [0] + [5] + [0] + [0] + [0] + [1, 1, MODES.index('clip')] + hit(3, 0.5) + caret(2, 12) + [2, 3, 7, 4]
write('FuzzLayout', 'surrogates', data)
# extremes: greatest width, NaN padding, wild font, Int.max lines
t = text('word ', 'Hello, world. ', '\t', 'שלום', '\u00AD', 'a')
data = [0] + t + [2, 4] + [5] + [1, 1] + [0] + [5, 3, 4, 1, 9, 2] + [3, 1, 5] + hit(0, 0) + [1, 1, 2] + [4, 1, 2] + sel(0, 10, 26) + [0, 0, 1, 1, 0]
write('FuzzLayout', 'extremes', data)

# ---- FuzzEditor
def etext(*items): return text(*items)
def rng(a, b, L=0): return num(a, L) + num(b, L)
TYPED = [" ", "  ", "a ", "\n", " \n", "\u00A0", "\u2009"]
MOVES = ['bg', 'fg', 'bw', 'fw', 'ls', 'le', 'ds', 'de']
def editor(name, activation, chars, placeholder, links, t, font, geometry, align, direction, editing, cmds):
    data = [activation]
    data += [1, chars] if chars is not None else [0]
    data += ([1] + placeholder) if placeholder else [0]
    data += [1 if links else 0]
    data += t + font + geometry + [ALIGN.index(align), direction, editing] + cmds
    write('FuzzEditor', name, data)
G = [0, 60, 0, 0, 1]   # bounds 60 wide, default insets, padding 5, no content inset
def typed(s): return [19, 1, TYPED.index(s)]
def ins(*t): return [0] + text(*t)
editor('rightAligned', 1, None, None, False, text('word '), [0], G, 'right', 0, 1,
       typed(' ') + typed('a ') + [2, 0] + typed('  ') + [8, 9] + [4] + rng(1, 3) + typed('\n') + typed(' ')
       + [5] + text('かな') + rng(1, 0) + [1] + [7] + typed(' ') + [11, 0, 1] + [13, 2] + [13, 1] + [8, 8, 9])
editor('ime', 0, 1, None, False, text('日本語', ' '), [1], G, 'right', 0, 1,
       [5] + text('かな') + rng(2, 0) + [1] + [6] + text('カタカナ', ' ') + rng(0, 2) + [0] + rng(0, 1)
       + [4] + rng(1, 1) + ins('中文') + [5] + text('한국어') + rng(3, 0) + [1] + [2, 0] + [8, 8, 9] + [7] + typed('  '))
editor('clusters', 2, None, None, False, text(('🇫🇷', 2), 'e\u0301', '👨‍👩‍👧‍👦', 'क्षि'), [0], G, 'natural', 0, 0,
       ins('🇫') + ins('🇫') + ins('\u200D') + ins('👍') + ins('\u0301') + [2, 0] + [4] + rng(1, 2) + [10] + rng(3, 1) + text('🏽')
       + [3, 0] + [11, 2, 0] + [2, 1] + [8, 8, 8, 9] + ins('🇫') + [11, 0, 0] + ins('\u094D') + [8])
editor('rtl', 0, None, None, True, text('مرحبا', ' ', 'שלום', ' '), [1], G, 'left', 1, 1,
       typed(' ') + ins('a@b.org', ' ') + typed(' \n') + ins('http://x.co/a?b=c#d') + typed(' ') + [14, 0] + [13, 0]
       + [14, 1] + [2, 1] + [3, 0] + [11, 4, 0] + [11, 5, 1] + [8, 9])
editor('config', 1, 2, text('Hello, world. ', '…') + [1, 0], False, text('Hello, world. '), [2, 9, 0, 8, 9, 0, 16], [1] + cg(40) + cg(0) + cg(120) + cg(44) + [1] + cg(2) + cg(4) + cg(2) + cg(4) + [1] + cg(3) + [1], 'center', 0, 0,
       [15] + cg(10) + cg(10) + [16, 2, 0, 1, 4] + cg(7) + [16, 0, 2] + cg(0) + cg(0) + cg(30) + cg(20) + [12, 1, 0, 20, 0, 0, 1] + typed('a ')
       + [17, 0] + [17, 3, 1] + [18, 0] + text('x', '  ', '\n', ' ') + typed(' ') + [17, 1] + [15, 1, 2] + [8, 9] + [12, 0] + cg(0) + cg(0) + cg(5) + cg(5))
write('FuzzMetrics', 'bidi', [1] + text('שלום', ' ', 'word ', 'مرحبا', '1', '\u202E', 'x', '\u2067', '3.14', '\u2069'))
