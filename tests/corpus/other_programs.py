#!/usr/bin/env python3
"""What kaisho, sgfmill and Sabaki keep of the records of other programs.

Each record NAME.sgf of the corpus folder has NAME.json beside it: what
the record holds, game by game, node by node, every property with its
values as the text means them (escapes and soft line breaks read, in the
character set it was written in). Each program takes the file in and gives
it back, and what it gives back is read again here, by the rules of SGF
FF[4] alone, and compared with what the record holds:

- kaisho: `kaisho games import FILE` into a data folder of its own, then
  `kaisho games export ID` of every game it made;
- sgfmill (pip package `sgfmill`): every game of the collection read with
  `sgf_grammar.parse_sgf_collection` and `Sgf_game.from_coarse_game_tree`,
  written with `serialise()`, read back in the charset sgfmill took;
- Sabaki's `@sabaki/sgf` (npm, with `iconv-lite` and `jschardet` as the
  Sabaki application has them): `parseBuffer` then `stringify`.

A file is "whole" for a program when every game, node, move, property,
comment and variation comes back with the same meaning. The meaning allows
what SGF leaves free: `CA` (each program writes its own charset), `FF[4]`
and `GM[1]` (the defaults) added, the order of points in a list and of a
node's properties, `aa:cc` written as its points, `tt` as `[]` for a pass
on 19x19, a number's spelling (`6.50`, `6.5`), `SZ[19:19]` as `SZ[19]`,
line ends (`\\r\\n` as `\\n`), and white space other than line breaks
written as a space (in SimpleText line breaks too).

    python3 tests/corpus/other_programs.py tests/corpus/other-programs \\
        --kaisho target/release/kaisho --sabaki /tmp/sabaki

prints one line a file and program and the count of files each keeps
whole. `--tools` chooses the programs (a program that is not installed is
left out with a note); `--check FILE` compares kaisho's lines with FILE and
fails on any difference (`cargo test`, tui/tests/other_programs.rs);
`--write FILE` writes them there.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# Properties whose values are points, in any order; "aa:cc" is a rectangle.
POINT_LISTS = {"AB", "AW", "AE", "TB", "TW", "CR", "MA", "SQ", "TR", "SL", "DD", "VW"}
TEXT = {"C", "GC"}
SIMPLE_TEXT = {
    "AN", "BR", "BT", "CP", "DT", "EV", "GN", "ON", "OT", "PB", "PC", "PW",
    "RE", "RO", "RU", "SO", "US", "WR", "WT", "N",
}
NUMBERS = {"KM", "HA", "TM", "BL", "WL", "OB", "OW", "MN", "PM", "ST", "FF", "GM"}
# Added by a writer where the record has none, with the meaning of the default.
DEFAULTS = {"FF": "4", "GM": "1"}
IGNORED = {"CA"}


def parse_sgf(text):
    """The game trees of `text` by SGF FF[4]: a list of trees, each a node
    {"props": [[id, [values]]], "children": [...]}. Identifiers keep their
    capitals only (FF[3]'s `GaMe` is `GM`); `\\` escapes the next
    character, and before a line break removes it (a soft line break).
    Text outside the trees is passed over."""
    trees = []
    pos = 0
    while True:
        start = text.find("(", pos)
        if start < 0:
            return trees
        rest = text[start + 1:].lstrip()
        if not rest.startswith(";"):
            pos = start + 1
            continue
        tree, pos = _tree(text, start)
        if tree is None:
            return trees
        trees.append(tree)


def _tree(text, start):
    """The tree whose `(` stands at `start`, and where it ends; None when
    it does not close."""
    n = len(text)
    pos = start
    stack = []  # open trees: the node each hangs from
    root = None
    current = None
    while pos < n:
        c = text[pos]
        if c == "(":
            stack.append(current)
            pos += 1
        elif c == ")":
            if not stack:
                return None, n
            current = stack.pop()
            pos += 1
            if not stack:
                return root, pos
        elif c == ";":
            node = {"props": [], "children": []}
            if current is None:
                if root is None:
                    root = node
            else:
                current["children"].append(node)
            current = node
            pos += 1
        elif c.isalpha():
            ident_start = pos
            while pos < n and text[pos] != "[" and (text[pos].isalpha() or text[pos].isspace()):
                pos += 1
            ident = "".join(ch for ch in text[ident_start:pos] if "A" <= ch <= "Z")
            values = []
            while pos < n and text[pos] == "[":
                value, pos = _value(text, pos + 1)
                values.append(value)
                while pos < n and text[pos].isspace():
                    pos += 1
            if current is not None and ident:
                current["props"].append([ident, values])
        else:
            pos += 1
    return None, n


def _value(text, pos):
    out = []
    n = len(text)
    while pos < n:
        c = text[pos]
        if c == "\\" and pos + 1 < n:
            nxt = text[pos + 1]
            if nxt in "\r\n":
                pos += 2
                if pos < n and text[pos] in "\r\n" and text[pos] != nxt:
                    pos += 1
                continue
            out.append(nxt)
            pos += 2
        elif c == "]":
            return "".join(out), pos + 1
        else:
            out.append(c)
            pos += 1
    return "".join(out), n


def _points(values):
    out = []
    for v in values:
        if ":" in v and len(v) == 5:
            (a, b) = v.split(":")
            for x in range(min(ord(a[0]), ord(b[0])), max(ord(a[0]), ord(b[0])) + 1):
                for y in range(min(ord(a[1]), ord(b[1])), max(ord(a[1]), ord(b[1])) + 1):
                    out.append(chr(x) + chr(y))
        else:
            out.append(v)
    return sorted(set(out))


def _number(v):
    try:
        f = float(v.strip())
        return repr(f)
    except ValueError:
        return v


def normal_props(props, size):
    """A node's properties as a dict of identifier -> normal values."""
    out = {}
    for ident, values in props:
        if ident in IGNORED:
            continue
        if ident in POINT_LISTS:
            vals = _points(values)
        elif ident in ("B", "W"):
            vals = ["" if (v == "tt" and size <= 19) else v for v in values]
        elif ident == "SZ":
            vals = [v.split(":")[0].strip() if ":" in v and len(set(v.split(":"))) == 1 else v.strip()
                    for v in values]
        elif ident in TEXT:
            vals = [re.sub(r"[^\S\n]", " ", v.replace("\r\n", "\n").replace("\n\r", "\n").replace("\r", "\n"))
                    for v in values]
        elif ident in SIMPLE_TEXT:
            vals = [re.sub(r"\s", " ", v.replace("\r\n", " ").replace("\n\r", " ")) for v in values]
        elif ident in NUMBERS:
            vals = [_number(v) for v in values]
        elif ident in ("LB",):
            vals = sorted(values)
        else:
            vals = list(values)
        out.setdefault(ident, []).extend(vals)
    return out


def board_size(root):
    for ident, values in root["props"]:
        if ident == "SZ" and values:
            try:
                return int(values[0].split(":")[0])
            except ValueError:
                return 19
    return 19


def differences(want, got):
    """What `got`, a game tree given back, lacks or changes of `want`."""
    size = board_size(want)
    found = []

    def walk(a, b, path):
        pa = normal_props(a["props"], size)
        pb = normal_props(b["props"], size)
        for ident in sorted(set(pa) | set(pb)):
            va, vb = pa.get(ident), pb.get(ident)
            if va == vb:
                continue
            if va is None:
                if path == "root" and ident in DEFAULTS and vb == [_number(DEFAULTS[ident])]:
                    continue
                found.append(f"{ident} added at {path}")
            elif vb is None:
                found.append(f"{ident} lost at {path}")
            else:
                found.append(f"{ident} changed at {path}")
        ca, cb = a["children"], b["children"]
        if len(ca) != len(cb):
            found.append(f"{len(ca)} variations became {len(cb)} at {path}")
        for i, (x, y) in enumerate(zip(ca, cb)):
            walk(x, y, f"{path}.{i}" if path != "root" else str(i))

    walk(want, got, "root")
    return found


def summary(want_games, got_games):
    """`whole`, or what was lost, in a few words. `got_games` is None when
    the program refused the file, and holds None for a game it refused."""
    if got_games is None:
        return "refused"
    notes = []
    if len(got_games) < len(want_games):
        notes.append(f"{len(want_games) - len(got_games)} of {len(want_games)} games lost")
    refused = [str(n + 1) for n, got in enumerate(got_games) if got is None]
    if refused:
        notes.append("game " + ", ".join(refused) + " refused")
    kinds = {}
    for want, got in zip(want_games, got_games):
        if got is None:
            continue
        for d in differences(want, got):
            what = d.split(" at ")[0]
            kinds[what] = kinds.get(what, 0) + 1
    for what, count in sorted(kinds.items()):
        notes.append(what if count == 1 else f"{what} ({count}x)")
    return "whole" if not notes else "; ".join(notes)


def by_kaisho(kaisho, path):
    """The games kaisho gives back of `path`, or None when it refuses it."""
    with tempfile.TemporaryDirectory() as home:
        run = subprocess.run(
            [kaisho, "--home", home, "--lang", "en", "games", "import", path],
            capture_output=True, text=True, env={**os.environ, "KAISHO_LOG": os.devnull},
        )
        made = {}
        for line in run.stdout.splitlines():
            m = re.match(r"imported (?:game (\d+) of )?.* as game (\S+) \(", line)
            if m:
                made[int(m.group(1) or 1)] = m.group(2)
        if not made:
            return None
        games = []
        for number in range(1, max(made) + 1):
            if number not in made:
                games.append(None)
                continue
            out = os.path.join(home, f"{number}.sgf")
            subprocess.run(
                [kaisho, "--home", home, "games", "export", made[number], "--to", out],
                check=True, capture_output=True,
                env={**os.environ, "KAISHO_LOG": os.devnull},
            )
            with open(out, encoding="utf-8") as f:
                games.extend(parse_sgf(f.read())[:1])
        return games


def by_sgfmill(path):
    from sgfmill import sgf, sgf_grammar

    with open(path, "rb") as f:
        data = f.read()
    try:
        coarse = sgf_grammar.parse_sgf_collection(data)
    except ValueError:
        return None
    games = []
    for tree in coarse:
        try:
            game = sgf.Sgf_game.from_coarse_game_tree(tree)
            written = game.serialise()
            games.extend(parse_sgf(written.decode(game.get_charset(), errors="replace"))[:1])
        except (ValueError, LookupError):
            games.append(None)
    return games or None


SABAKI_JS = r"""
const sgf = require('@sabaki/sgf')
const fs = require('fs')
try {
  const games = sgf.parseBuffer(fs.readFileSync(process.argv[1]))
  process.stdout.write(sgf.stringify(games))
} catch (e) {
  process.exit(3)
}
"""


def by_sabaki(sabaki, path):
    run = subprocess.run(
        ["node", "-e", SABAKI_JS, path], capture_output=True,
        env={**os.environ, "NODE_PATH": os.path.join(sabaki, "node_modules")},
    )
    if run.returncode != 0:
        return None
    return parse_sgf(run.stdout.decode("utf-8")) or None


def corpus(folder):
    names = sorted(n[:-4] for n in os.listdir(folder) if n.endswith(".sgf"))
    for name in names:
        with open(os.path.join(folder, name + ".json"), encoding="utf-8") as f:
            yield name, os.path.join(folder, name + ".sgf"), json.load(f)["games"]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("folder")
    p.add_argument("--kaisho", help="the kaisho binary")
    p.add_argument("--sabaki", help="a folder where `npm install --prefix DIR @sabaki/sgf iconv-lite jschardet` was run")
    p.add_argument("--tools", default="kaisho,sgfmill,sabaki")
    p.add_argument("--check", help="fail unless kaisho's lines are the ones in this file")
    p.add_argument("--write", help="write kaisho's lines to this file")
    args = p.parse_args()
    tools = args.tools.split(",")
    readers = {}
    if "kaisho" in tools and args.kaisho:
        readers["kaisho"] = lambda path: by_kaisho(args.kaisho, path)
    if "sgfmill" in tools:
        try:
            import sgfmill  # noqa: F401
            readers["sgfmill"] = by_sgfmill
        except ImportError:
            print("sgfmill is not installed: left out (pip install sgfmill)")
    if "sabaki" in tools and args.sabaki:
        readers["sabaki"] = lambda path: by_sabaki(args.sabaki, path)
    whole = {tool: 0 for tool in readers}
    lines = {tool: [] for tool in readers}
    files = 0
    for name, path, want in corpus(args.folder):
        files += 1
        for tool, reader in readers.items():
            said = summary(want, reader(path))
            whole[tool] += said == "whole"
            lines[tool].append(f"{name}: {said}")
            print(f"{tool:8} {name}: {said}")
    print()
    for tool, count in whole.items():
        print(f"{tool}: {count} of {files} files kept whole")
    if args.write and "kaisho" in lines:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write("\n".join(lines["kaisho"]) + "\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            expected = f.read().splitlines()
        if lines.get("kaisho") != expected:
            for old, new in zip(expected, lines.get("kaisho", [])):
                if old != new:
                    print(f"expected {old!r}, got {new!r}", file=sys.stderr)
            if len(expected) != len(lines.get("kaisho", [])):
                print("the number of files differs", file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
