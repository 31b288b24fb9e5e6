#!/usr/bin/env python3
"""Differential test of TextLinks' `.gfm` URL rules against cmark-gfm.

Generates plain-text paragraphs (no Markdown syntax, so cmark-gfm's output is
one `<p>` with text and `<a>` elements only), renders each with cmark-gfm's
autolink extension (the `cmarkgfm` package on PyPI binds GitHub's cmark-gfm),
runs the same paragraphs through `Samples links --json --rules gfm --kinds
url,email`, and compares, paragraph by paragraph, each link's range (UTF-16
code units) and target (cmark-gfm's href percent-decoded against TextLinks'
target). Prints the counts; exits 1 on any difference (printing the first
ones), 2 when the tools are missing.

    pip install cmarkgfm
    swift build --product Samples
    Scripts/gfm-differential.py --count 2000 [--seed 1] [--samples PATH]

A paragraph whose HTML holds anything but `<p>`, `<a>` and text (the
generator's text happened to form Markdown) is not compared and is counted as
skipped.
"""

import argparse
import html
import json
import random
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

try:
    import cmarkgfm
    from cmarkgfm.cmark import Options as CmarkOptions
except ImportError:  # pragma: no cover
    print("cmarkgfm is missing: pip install cmarkgfm", file=sys.stderr)
    sys.exit(2)

ROOT = Path(__file__).resolve().parent.parent

# Pieces the paragraphs are made of: link-like forms and what surrounds them.
SCHEMES = ["http://", "https://", "ftp://", "HTTP://", "mailto:", "xmpp:", "www.", "WWW.", "ww.", "htp://"]
LABELS = [
    "a", "b", "ex", "example", "foo-bar", "a1", "x_y", "ドメイン", "пример", "b\u00e9", "xn--fsqu00a",
    "🍄", "123", "-a", "a-", "localhost", "github", "w", "www",
]
TLDS = ["com", "org", "io", "co.uk", "a", "x", "中国", "c_d", "1", "museum"]
PATH_PARTS = [
    "/", "/path", "/a/b", "?q=1", "#frag", "/a(b)c", "/a(b", "/a)b", "/wiki/Foo_(bar)", "/中文",
    "/x.y", "/~user", "/a;b", "/a:b", "/a,b", "?a=b;c", "/a'b", '/a"b', "/%20", "/a-b", "/@x",
]
TRAILERS = [
    "", "", "", ".", ",", ":", ";", "?", "!", ")", "))", "'", '"', "~", "...", ".)", "):",
    "\u00a0", "\u3000", "，", "。", "、", "\u200b", "»", "”",
]
WORDS = ["see", "and", "or", "to", "the", "at", "via", "voir", "見て", "см.", "x", "(", "(see", "~", "'", '"']
SEPARATORS = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "", "，", "(", "~"]
LOCALS = ["ann", "a.b", "a+b", "a-b", "a_b", "x", "first.last", ".a", "a.", "名前", "1"]


def host(rng: random.Random) -> str:
    labels = [rng.choice(LABELS) for _ in range(rng.choice([1, 1, 2, 2, 3]))]
    return ".".join(labels + [rng.choice(TLDS)])


def link(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.25:
        return rng.choice(LOCALS) + "@" + host(rng) + rng.choice(["", "", ".", "/res", "/a.b"])
    scheme = rng.choice(SCHEMES)
    if scheme in ("mailto:", "xmpp:"):
        text = scheme + rng.choice(LOCALS) + "@" + host(rng)
        if scheme == "xmpp:" and rng.random() < 0.5:
            text += rng.choice(["/home", "/a.b", "/a@b", "/", "/x."])
        return text
    text = scheme + (host(rng) if scheme.lower() != "www." else host(rng))
    if scheme.lower() == "www." and rng.random() < 0.1:
        text = "www." + rng.choice(["", ".", "-"]) + host(rng)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        text += rng.choice(PATH_PARTS)
    return text


def paragraph(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.5:
            pieces.append(link(rng) + rng.choice(TRAILERS))
        else:
            pieces.append(rng.choice(WORDS))
        pieces.append(rng.choice(SEPARATORS))
    text = "".join(pieces).strip(" \t\u00a0\u3000")
    # Keep it one plain paragraph: nothing that starts a block.
    text = text.lstrip("#-+=>0123456789 \t")
    return "x " + text if text else "x"


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


TAG = re.compile(r"<(/?)([a-z]+)([^>]*)>")


def cmark_links(text: str):
    """cmark-gfm's links in `text` as (start, end, href) in UTF-16 code
    units, or None when the paragraph is not plain text."""
    rendered = cmarkgfm.markdown_to_html_with_extensions(
        text, options=CmarkOptions.CMARK_OPT_UNSAFE, extensions=["autolink"]).strip()
    if not (rendered.startswith("<p>") and rendered.endswith("</p>")):
        return None
    body = rendered[3:-4]
    plain = ""
    links = []
    position = 0
    open_href = None
    open_start = 0
    for match in TAG.finditer(body):
        chunk = html.unescape(body[position:match.start()])
        plain += chunk
        position = match.end()
        closing, name, attributes = match.groups()
        if name != "a":
            return None
        if not closing:
            href = re.search(r'href="([^"]*)"', attributes)
            open_href = html.unescape(href.group(1)) if href else ""
            open_start = utf16_length(plain)
        else:
            links.append((open_start, utf16_length(plain), open_href))
    plain += html.unescape(body[position:])
    if plain != text:
        return None
    return links


def textlinks_links(samples: str, paragraphs: list[str]):
    """TextLinks' `.gfm` links for each paragraph, from one run of Samples on
    the paragraphs joined by blank lines."""
    joined = "\n\n".join(paragraphs)
    result = subprocess.run(
        [samples, "links", "--json", "--rules", "gfm", "--kinds", "url,email"],
        input=joined.encode("utf-8"), capture_output=True, check=True)
    starts = []
    offset = 0
    for text in paragraphs:
        starts.append(offset)
        offset += utf16_length(text) + 2
    found: list[list[tuple[int, int, str]]] = [[] for _ in paragraphs]
    index = 0
    for line in result.stdout.decode("utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        location, length = item["range"]
        while index + 1 < len(starts) and starts[index + 1] <= location:
            index += 1
        start = location - starts[index]
        found[index].append((start, start + length, item["target"]))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", help="the Samples executable (default: swift build's)")
    parser.add_argument("--show", type=int, default=10, help="differences to print")
    args = parser.parse_args()
    samples = args.samples
    if not samples:
        bin_path = subprocess.run(
            ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
            check=True).stdout.strip()
        samples = str(Path(bin_path) / "Samples")
    if not Path(samples).exists():
        print("no Samples executable at %s: swift build --product Samples" % samples,
              file=sys.stderr)
        return 2

    rng = random.Random(args.seed)
    paragraphs = [paragraph(rng) for _ in range(args.count)]
    expected = [cmark_links(text) for text in paragraphs]
    compared = [text for text, links in zip(paragraphs, expected) if links is not None]
    wanted = [links for links in expected if links is not None]
    got = textlinks_links(samples, compared) if compared else []
    differences = []
    link_count = 0
    for text, want, have in zip(compared, wanted, got):
        link_count += len(want)
        want_norm = [(s, e, urllib.parse.unquote(href)) for s, e, href in want]
        have_norm = [(s, e, urllib.parse.unquote(target)) for s, e, target in have]
        if want_norm != have_norm:
            differences.append((text, want_norm, have_norm))
    print("gfm-differential: %d paragraphs generated (seed %d), %d compared, %d skipped "
          "(not plain text), %d links by cmark-gfm %s, %d differences" % (
              args.count, args.seed, len(compared), args.count - len(compared), link_count,
              getattr(cmarkgfm, "__version__", "?"), len(differences)))
    for text, want, have in differences[:args.show]:
        print("  text      %r" % text)
        print("  cmark-gfm %r" % want)
        print("  TextLinks %r" % have)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
