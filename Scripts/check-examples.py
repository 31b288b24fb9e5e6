#!/usr/bin/env python3
"""Builds and runs every Swift example a user reads: each ```swift block of
README.md and of every DocC page (Sources/<Module>/<Module>.docc/**/*.md), on
its own, as the `main.swift` of an executable target that depends on exactly
the products its `import` lines name (a catalog page's block imports the
catalog's module first) and has exactly the imports the block shows. Each
runs with no standard input.

All blocks are targets of one generated package (.build-examples/, ignored by
git), built once, then each is run. A line that shows its value in a comment
is checked when it runs:

    Graphemes.count(in: "e\\u{301}")   // 1        -> checked: == 1
    let n = frame.lineFragments.count  // 3        -> checked after it, on its line
    layout.rects(ofLink: 0)   // "www.a.org/" | "x"   (prose: not checked)

The comment is checked when it starts with a Swift literal (a number, a
string, true/false/nil, `.case` or `.case(literals)`, an array of those),
followed by nothing or by `,` / `:` / words. The value must be Equatable.

Blocks that are not programs are marked and skipped:
  - a block whose first line is `// Package.swift` (a manifest excerpt): the
    products it names must exist;
  - a block right after the line `<!-- example: fragment -->`.

    python3 Scripts/check-examples.py          # build and run every example
    python3 Scripts/check-examples.py --list   # list the blocks and their products
"""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build-examples")
FRAGMENT = "<!-- example: fragment -->"


def products():
    text = open(os.path.join(ROOT, "Package.swift")).read()
    return re.findall(r'kind: \.exported, name: "([A-Za-z]+)"', text)


class Block:
    def __init__(self, path, line, lines, fragment):
        self.path, self.line, self.lines, self.fragment = path, line, lines, fragment

    @property
    def where(self):
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}"

    @property
    def imports(self):
        return [m.group(1) for l in self.lines
                for m in [re.match(r"^\s*(?:@testable\s+)?import\s+(\w+)", l)] if m]

    @property
    def is_manifest(self):
        return bool(self.lines) and self.lines[0].strip() == "// Package.swift"

    @property
    def name(self):
        rel = os.path.relpath(self.path, ROOT)
        stem = re.sub(r"\W", "_", rel.replace(".docc", "").replace("Sources/", "").replace(".md", ""))
        return f"Example_{stem}_{self.line}"


def blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found, index = [], 0
    while index < len(lines):
        match = re.match(r"^(\s*)```(\S*)\s*$", lines[index])
        if not match:
            index += 1
            continue
        indent, language, start = match.group(1), match.group(2), index
        index += 1
        body = []
        while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
            body.append(lines[index][len(indent):] if lines[index].startswith(indent) else lines[index])
            index += 1
        index += 1
        if language == "swift":
            previous = lines[start - 1].strip() if start > 0 else ""
            found.append(Block(path, start + 2, body, previous == FRAGMENT))
    return found


def catalog_module(path):
    match = re.search(r"Sources/(\w+)/\1\.docc/", path)
    return match.group(1) if match else None


# --- Checked comments -------------------------------------------------------

class NoLiteral(Exception):
    pass


def literal_prefix(text):
    """The longest Swift literal at the start of `text` (see the module doc), or None."""
    position = 0

    def skip():
        nonlocal position
        while position < len(text) and text[position] == " ":
            position += 1

    def value():
        nonlocal position
        skip()
        rest = text[position:]
        match = re.match(r"-?(0x[0-9A-Fa-f_]+|[0-9][0-9_]*(\.[0-9_]+)?([eE][-+]?[0-9]+)?)", rest)
        if match:
            position += match.end()
            return
        match = re.match(r'"(?:[^"\\]|\\.)*"', rest)
        if match:
            position += match.end()
            return
        match = re.match(r"(true|false|nil)\b", rest)
        if match:
            position += match.end()
            return
        match = re.match(r"\.[A-Za-z_]\w*", rest)
        if match:
            position += match.end()
            if text[position:position + 1] == "(":
                position += 1
                arguments(")")
            return
        if rest.startswith("["):
            position += 1
            arguments("]")
            return
        raise NoLiteral()

    def arguments(close):
        nonlocal position
        skip()
        if text[position:position + 1] == close:
            position += 1
            return
        while True:
            skip()
            label = re.match(r"[A-Za-z_]\w*\s*:(?!:)", text[position:])
            if label and close == ")":
                position += label.end()
            value()
            skip()
            if text[position:position + 1] == ",":
                position += 1
                continue
            if text[position:position + 1] == close:
                position += 1
                return
            raise NoLiteral()

    try:
        value()
    except NoLiteral:
        return None
    rest = text[position:]
    if rest.strip() == "" or re.match(r"^(,|:|;|\s+[A-Za-z(])", rest):
        return text[:position].strip()
    return None


def split_comment(line):
    """(code, comment) of a line with a trailing `//` comment outside strings."""
    in_string, index = False, 0
    while index < len(line):
        char = line[index]
        if char == "\\" and in_string:
            index += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index], line[index + 2:].strip()
        index += 1
    return line, None


def depth_change(code):
    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
    return sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")


def checked_program(block):
    """The block's code with its value comments turned into checks."""
    out, depth, checks = [], 0, 0
    for offset, line in enumerate(block.lines):
        code, comment = split_comment(line)
        start_depth = depth
        depth += depth_change(code)
        expected = literal_prefix(comment) if comment else None
        stripped = code.strip()
        previous = block.lines[offset - 1].rstrip() if offset else ""
        continues = previous.endswith((",", "(", "[", "=", "{", ".", "&&", "||"))
        if (expected is None or start_depth != 0 or depth != 0 or not stripped or continues
                or stripped.startswith((".", "}", "import ", "try ", "func ", "case "))):
            out.append(line)
            continue
        location = f'"{block.where.rsplit(":", 1)[0]}:{block.line + offset}"'
        declared = re.match(r"^(let|var)\s+([A-Za-z_]\w*)\s*(:[^=]+)?=", stripped)
        if declared:
            # On the same line, so the page's line numbers stay right.
            out.append(f"{code.rstrip()}; __check({declared.group(2)}, {expected}, {location})")
        elif re.search(r"(?<![=!<>])=(?!=)", re.sub(r'"(?:[^"\\]|\\.)*"', '""', stripped)):
            out.append(line)  # an assignment: nothing to check
            continue
        else:
            indent = code[:len(code) - len(code.lstrip())]
            out.append(f"{indent}__check({stripped}, {expected}, {location})")
        checks += 1
    return out, checks


CHECK_FUNCTION = """
/// A value comment of the page, checked: the example's value must equal it.
func __check<T: Equatable>(_ actual: T, _ expected: T, _ location: String) {
  precondition(
    actual == expected, "\\(location): the example gives \\(actual), its comment says \\(expected)")
}
"""


def main():
    known = set(products())
    all_blocks = []
    for path in [os.path.join(ROOT, "README.md")] + sorted(
            glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "**", "*.md"), recursive=True)):
        all_blocks += blocks(path)
    failures = []
    programs = []
    for block in all_blocks:
        module = catalog_module(block.path)
        if block.is_manifest:
            named = set(re.findall(r'product\(name: "(\w+)"', "\n".join(block.lines)))
            unknown = named - known
            if module and named != {module}:
                failures.append(f"{block.where}: the manifest excerpt names {sorted(named)}, not {module}")
            elif unknown:
                failures.append(f"{block.where}: no product {sorted(unknown)}")
            continue
        if block.fragment:
            continue
        imported = [name for name in block.imports if name in known]
        if module:
            # A page's example imports its module first; it may import other
            # products after it (a field with a feature module's behaviours),
            # and then depends on exactly those.
            if not imported or imported[0] != module:
                failures.append(f"{block.where}: imports {imported or 'no product'}; "
                                f"a {module} page's example imports {module} first")
                continue
            depends = imported
        else:
            if not imported:
                failures.append(f"{block.where}: imports no product (mark it {FRAGMENT!r} if it is not a program)")
                continue
            depends = imported
        programs.append((block, depends))

    if "--list" in sys.argv:
        for block, depends in programs:
            print(f"{block.where}: {', '.join(depends)}")
        return

    # One package, one executable target a block.
    identity = os.path.basename(ROOT).lower()
    shutil.rmtree(os.path.join(OUT, "Sources"), ignore_errors=True)
    targets, total_checks = [], 0
    for block, depends in programs:
        folder = os.path.join(OUT, "Sources", block.name)
        os.makedirs(folder)
        code, checks = checked_program(block)
        total_checks += checks
        rel = os.path.relpath(block.path, ROOT)
        with open(os.path.join(folder, "main.swift"), "w", encoding="utf-8") as file:
            file.write(f'#sourceLocation(file: "{rel}", line: {block.line})\n')
            file.write("\n".join(code) + "\n")
            file.write("#sourceLocation()\n")
            file.write(CHECK_FUNCTION)
        dependencies = ", ".join(f'.product(name: "{d}", package: "{identity}")' for d in depends)
        targets.append(f'    .executableTarget(name: "{block.name}", dependencies: [{dependencies}]),')
    manifest = "\n".join([
        "// swift-tools-version:6.1",
        "// Generated by Scripts/check-examples.py: every Swift example of README.md and the",
        "// DocC catalogs, one executable target each. Do not edit.",
        "import PackageDescription",
        "",
        "let package = Package(",
        '  name: "Examples",',
        '  dependencies: [.package(path: "..")],',
        "  targets: [",
        *targets,
        "  ]",
        ")",
        "",
    ])
    with open(os.path.join(OUT, "Package.swift"), "w") as file:
        file.write(manifest)
    print(f"{len(programs)} examples ({total_checks} value comments checked) "
          f"in {os.path.relpath(OUT, ROOT)}/, building")
    build = subprocess.run(["swift", "build", "--package-path", OUT], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if build.returncode != 0:
        errors = [l for l in build.stdout.split("\n") if re.search(r"\berror:", l)]
        print("\n".join(sorted(set(errors)) or build.stdout.split("\n")[-40:]))
        failures.append("the examples do not build (errors above, at their pages' lines)")
    else:
        bin_path = subprocess.run(["swift", "build", "--package-path", OUT, "--show-bin-path"],
                                  cwd=ROOT, stdout=subprocess.PIPE, text=True).stdout.strip()
        for block, _ in programs:
            # No input: an example that reads (a prompt) reads end of input.
            run = subprocess.run([os.path.join(bin_path, block.name)], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, stdin=subprocess.DEVNULL,
                                 env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
            if run.returncode != 0:
                # The check's own line first; the backtrace after it is noise.
                lines = [l for l in run.stdout.strip().split("\n") if l.strip()][:3]
                failures.append(f"{block.where}: the example stopped (status {run.returncode}):\n  "
                                + "\n  ".join(lines))
        # The README's prompt example, in a terminal, with Ctrl-C mid-password.
        for block, _ in programs:
            if block.path.endswith("README.md") and any("TerminalPrompt.readLine" in l for l in block.lines):
                run = subprocess.run(["bash", os.path.join(ROOT, ".ci", "readme-prompt-tmux.sh"),
                                      os.path.join(bin_path, block.name)], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                print(run.stdout.strip())
                if run.returncode != 0:
                    failures.append(f"{block.where}: the prompt example in tmux failed (above)")
    for failure in failures:
        print("FAIL " + failure)
    if failures:
        sys.exit(1)
    print("every example builds and runs")


if __name__ == "__main__":
    main()
