#!/usr/bin/env python3
"""Keeps the `## Topics` section of every library product's DocC landing page
(Sources/<Module>/<Module>.docc/<Module>.md) listing every top-level public
symbol of the module, grouped by the source folder it is declared in.

Reads the symbol graphs that `swift package generate-documentation` (.ci/docs)
extracts under .build/<triple>/extracted-symbols/. Members are curated by DocC
under their types; extensions of other modules' types under "Extended Modules".

    python3 Scripts/docc-catalogs.py          # rewrite the Topics sections
    python3 Scripts/docc-catalogs.py --check  # exit 1 if one is out of date
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = "## Topics"


def modules():
    text = open(os.path.join(ROOT, "Package.swift")).read()
    return re.findall(r'kind: \.exported, name: "([A-Za-z]+)"', text)


def symbol_graph(module):
    paths = glob.glob(
        os.path.join(ROOT, ".build", "*", "extracted-symbols", "*", module, module + ".symbols.json"))
    if not paths:
        sys.exit(f"no symbol graph for {module}: run .ci/docs first")
    return json.load(open(max(paths, key=os.path.getmtime)))


def topics(module):
    graph = symbol_graph(module)
    groups = {}
    source_root = os.path.join("Sources", module) + os.sep
    for symbol in graph["symbols"]:
        if len(symbol["pathComponents"]) != 1 or symbol.get("accessLevel") != "public":
            continue
        uri = symbol.get("location", {}).get("uri", "")
        path = uri.split(source_root, 1)[-1] if source_root in uri else ""
        folder = path.split(os.sep)[0] if os.sep in path else "Essentials"
        name = symbol["pathComponents"][0]
        if symbol["kind"]["identifier"] in ("swift.func", "swift.var"):
            name = symbol["names"]["title"]
        groups.setdefault(folder, set()).add(name)
    lines = [MARKER, "", "### Essentials", "", "- <doc:GettingStarted>"]
    # The module's guide (moved from the README), when the catalog has one.
    if os.path.exists(os.path.join(ROOT, "Sources", module, module + ".docc", "Guide.md")):
        lines.append("- <doc:Guide>")
    for name in sorted(groups.pop("Essentials", [])):
        lines.append(f"- ``{name}``")
    for folder in sorted(groups):
        title = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", folder)
        lines += ["", f"### {title}", ""]
        lines += [f"- ``{name}``" for name in sorted(groups[folder])]
    return "\n".join(lines) + "\n"


def main():
    check = "--check" in sys.argv
    stale = []
    for module in modules():
        page = os.path.join(ROOT, "Sources", module, module + ".docc", module + ".md")
        if not os.path.exists(page):
            stale.append(f"{page} is missing")
            continue
        text = open(page).read()
        head = text.split(MARKER, 1)[0].rstrip() + "\n\n"
        updated = head + topics(module)
        if updated != text:
            if check:
                stale.append(f"{page}: its Topics do not list the module's public symbols")
            else:
                open(page, "w").write(updated)
                print(f"updated {page}")
    if stale:
        print("\n".join(stale))
        print("run: python3 Scripts/docc-catalogs.py (after .ci/docs)")
        sys.exit(1)


if __name__ == "__main__":
    main()
