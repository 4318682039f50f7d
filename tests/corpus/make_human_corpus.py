#!/usr/bin/env python3
"""Makes life records from finished games played by people, with the dead
stones the players agreed on.

kaisho's Article 7 draft (core/tests/life_gnugo.rs) is compared with these
records as with GNU Go's (make_life_corpus.py), but here the reference is
what the players themselves marked at the end of the game. Servers such as
KGS save the agreed count on the last node of the record as territory
marks, TB[] for Black's points and TW[] for White's; a stone standing on a
point marked as the other colour's territory was agreed dead.

The SGF records are listed, by public repository, commit and path, in
tests/corpus/human-sgf/SOURCES.md, with their licences; they are not
committed. `--collect owner/name=GIT_DIR` copies them out of local
clones of those repositories into human-sgf/ (`git show COMMIT:PATH`),
one `--collect` for each repository.

Each SGF file in IN_DIR (tests/corpus/human-sgf) gives one record
OUT_DIR/NAME.txt in the format of make_life_corpus.py, with one
position, the finished game:

    game NAME size 19 handicap 2 result W+3.5 source human-sgf/NAME.sgf
    position finished moves 211
    ...                      (rows top first, X black, O white, . empty)
    dead D4 Q16
    seki

The main line is replayed with captures from the setup stones (AB/AW/AE).
`seki` is left empty: the marks do not say which stones live in seki.

A game is skipped, with the reason printed, when
  - the file is too large, the board not 5x5 to 19x19, or the game too long;
  - the record cannot be read or a move is illegal (occupied point, suicide);
  - it did not end by counting: the result is not a score (B+R, B+T, ...),
    or, with no result, the game does not end with two passes;
  - it has no territory marks after its last move;
  - the marks contradict themselves: a point marked for both colours, a
    territory point holding a stone of the territory's own colour, or a chain
    only partly marked dead.

Usage: make_human_corpus.py [--collect owner/name=GIT_DIR]... [IN_DIR] [OUT_DIR]
(defaults human-sgf and life-human beside this script, i.e. tests/corpus/;
the held-out set is `human-sgf-holdout life-human-holdout`;
git only for --collect). Python 3 standard library only.
"""

import argparse
import os
import re
import subprocess
import sys

MAX_BYTES = 400_000
MAX_MOVES = 800
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Skip(Exception):
    pass


def parse_sgf(text):
    """The nodes of a game tree with no variations (see skip_variations),
    each a dict of property -> list of values."""
    start = text.find("(")
    if start < 0:
        raise Skip("no game tree")
    i, n = start + 1, len(text)
    nodes, node, prop = [], None, None
    while i < n:
        c = text[i]
        if c == ";":
            node = {}
            nodes.append(node)
            prop = None
            i += 1
        elif c == ")":
            break
        elif c == "[":
            j, value = i + 1, []
            while j < n and text[j] != "]":
                if text[j] == "\\" and j + 1 < n:
                    j += 1
                value.append(text[j])
                j += 1
            if node is not None and prop is not None:
                node.setdefault(prop, []).append("".join(value))
            i = j + 1
        elif c.isalpha():
            j = i
            while j < n and text[j].isalpha():
                j += 1
            # FF[3] lower-case letters in names are ignored (e.g. "AddBlack")
            prop = "".join(ch for ch in text[i:j] if ch.isupper())
            i = j
        else:
            i += 1
    return nodes


def skip_variations(text):
    """`text` with every variation but the first at each branch removed, so
    the plain main-line reader above sees one line of nodes."""
    out, i, n = [], 0, len(text)
    stack = []  # for each open '(' : number of child trees already seen
    in_value = False
    skipping = 0
    while i < n:
        c = text[i]
        if in_value:
            if c == "\\":
                if not skipping:
                    out.append(text[i:i + 2])
                i += 2
                continue
            if c == "]":
                in_value = False
            if not skipping:
                out.append(c)
            i += 1
            continue
        if c == "[":
            in_value = True
            if not skipping:
                out.append(c)
        elif c == "(":
            if skipping:
                skipping += 1
            elif stack and stack[-1] >= 1:
                skipping = 1
            else:
                if stack:
                    stack[-1] += 1
                stack.append(0)
                if len(stack) == 1:
                    out.append(c)
        elif c == ")":
            if skipping:
                skipping -= 1
            else:
                stack.pop()
                if not stack:
                    out.append(c)
                    break
        elif not skipping:
            out.append(c)
        i += 1
    return "".join(out)


def points(values, size):
    """SGF points of a property's values, with compressed a:b rectangles."""
    out = set()
    for v in values:
        v = v.strip()
        if ":" in v:
            a, b = v.split(":", 1)
            (x0, y0), (x1, y1) = point(a, size), point(b, size)
            for x in range(min(x0, x1), max(x0, x1) + 1):
                for y in range(min(y0, y1), max(y0, y1) + 1):
                    out.add((x, y))
        elif v:
            p = point(v, size)
            if p is not None:
                out.add(p)
    return out


def point(v, size):
    """(column, row from the top) of an SGF point, None for a pass."""
    if v == "" or (v == "tt" and size <= 19):
        return None
    if len(v) != 2 or not v.isalpha():
        raise Skip(f"bad point {v!r}")
    x, y = ord(v[0].lower()) - 97, ord(v[1].lower()) - 97
    if not (0 <= x < size and 0 <= y < size):
        raise Skip(f"point {v!r} off the board")
    return (x, y)


def neighbours(p, size):
    x, y = p
    for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def chain(board, p, size):
    colour = board[p]
    seen, todo, libs = {p}, [p], False
    while todo:
        q = todo.pop()
        for r in neighbours(q, size):
            if board.get(r) is None:
                libs = True
            elif board[r] == colour and r not in seen:
                seen.add(r)
                todo.append(r)
    return seen, libs


def play(board, colour, p, size):
    if p in board:
        raise Skip(f"move on an occupied point {p}")
    board[p] = colour
    captured = 0
    for q in neighbours(p, size):
        if board.get(q) not in (None, colour):
            stones, libs = chain(board, q, size)
            if not libs:
                for s in stones:
                    del board[s]
                captured += len(stones)
    stones, libs = chain(board, p, size)
    if not libs:
        raise Skip(f"suicide at {p}")
    return captured


def gtp(p, size):
    return f"{COLUMNS[p[0]]}{size - p[1]}"


SCORE = re.compile(r"^([BW])\+(\d+(\.\d+)?)$|^(0|Draw|Jigo)$", re.I)


def convert(path, name):
    if os.path.getsize(path) > MAX_BYTES:
        raise Skip("file too large")
    with open(path, "rb") as f:
        raw = f.read()
    text = raw.decode("utf-8", errors="replace")
    nodes = parse_sgf(skip_variations(text))
    if not nodes:
        raise Skip("no nodes")
    root = nodes[0]
    try:
        size = int(root.get("SZ", ["19"])[0].split(":")[0])
    except ValueError:
        raise Skip("bad SZ")
    if not 5 <= size <= 19:
        raise Skip(f"board {size}x{size}")
    result = root.get("RE", [""])[0].strip()
    handicap = root.get("HA", ["0"])[0].strip() or "0"
    board = {}
    moves = []  # (colour, point or None)
    marks_at = None  # index in `moves` when the last marks were read
    tb, tw = set(), set()
    for node in nodes:
        for p in points(node.get("AE", []), size):
            board.pop(p, None)
        for p in points(node.get("AB", []), size):
            board[p] = "B"
        for p in points(node.get("AW", []), size):
            board[p] = "W"
        for colour in ("B", "W"):
            for v in node.get(colour, []):
                p = point(v.strip(), size)
                moves.append((colour, p))
                if len(moves) > MAX_MOVES:
                    raise Skip("too many moves")
                if p is not None:
                    play(board, colour, p, size)
        if "TB" in node or "TW" in node:
            tb = points(node.get("TB", []), size)
            tw = points(node.get("TW", []), size)
            marks_at = len(moves)
    if result:
        if not SCORE.match(result):
            raise Skip(f"not counted (RE[{result}])")
    elif len(moves) < 2 or moves[-1][1] is not None or moves[-2][1] is not None:
        raise Skip("no result and no two closing passes")
    if marks_at is None or (not tb and not tw):
        raise Skip("no territory marks")
    if any(p is not None for _, p in moves[marks_at:]):
        raise Skip("a move after the territory marks")
    if tb & tw:
        raise Skip("a point marked for both colours")
    dead = set()
    for p, colour in board.items():
        if p in tb:
            if colour == "B":
                raise Skip(f"black stone on Black's territory at {gtp(p, size)}")
            dead.add(p)
        elif p in tw:
            if colour == "W":
                raise Skip(f"white stone on White's territory at {gtp(p, size)}")
            dead.add(p)
    for p in dead:
        stones, _ = chain(board, p, size)
        if not stones <= dead:
            raise Skip(f"chain at {gtp(p, size)} only partly marked dead")
    rows = []
    for y in range(size):
        rows.append("".join({"B": "X", "W": "O"}.get(board.get((x, y)), ".")
                            for x in range(size)))
    lines = [f"game {name} size {size} handicap {handicap} result {result or '?'}"
             f" source {os.path.basename(os.path.dirname(os.path.abspath(path)))}/"
             f"{os.path.basename(path)}",
             f"position finished moves {len(moves)}"]
    lines += rows
    lines.append(" ".join(["dead"] + sorted(gtp(p, size) for p in dead)))
    lines.append("seki")
    return size, "\n".join(lines) + "\n"


def collect(src, clones):
    """Copies the records listed in SOURCES.md out of local git clones."""
    with open(os.path.join(src, "SOURCES.md")) as f:
        table = [[c.strip().strip("`") for c in line.strip().strip("|").split("|")]
                 for line in f if line.startswith("|")]
    commits = {re.sub(r"^https://github.com/", "", row[0]): row[1]
               for row in table if row[0].startswith("https://")}
    copied, missing = 0, 0
    for row in table:
        if len(row) != 6 or row[1] not in commits or not row[2].lower().endswith(".sgf"):
            continue
        name, repo, path = row[0], row[1], row[2]
        if repo not in clones:
            missing += 1
            continue
        spec = f"{commits[repo]}:{path}"
        done = subprocess.run(["git", "--git-dir", clones[repo], "show", spec],
                              capture_output=True)
        if done.returncode != 0:
            print(f"{repo} {spec}: {done.stderr.decode(errors='replace').strip()}")
            missing += 1
            continue
        with open(os.path.join(src, name + ".sgf"), "wb") as f:
            f.write(done.stdout[:MAX_BYTES + 1])
        copied += 1
    print(f"collected {copied} records, {missing} not found")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", nargs="?", default=os.path.join(here, "human-sgf"))
    parser.add_argument("out", nargs="?", default=os.path.join(here, "life-human"))
    parser.add_argument("--collect", action="append", metavar="owner/name=GIT_DIR", default=[],
                        help="a local clone to copy the listed records from (repeatable)")
    args = parser.parse_args()
    src, out = args.src, args.out
    if args.collect:
        collect(src, dict(pair.split("=", 1) for pair in args.collect))
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.endswith(".txt"):
            os.remove(os.path.join(out, old))
    kept, skipped, sizes, reasons = 0, 0, {}, {}
    for entry in sorted(os.listdir(src)):
        if not entry.lower().endswith(".sgf"):
            continue
        # A record's name is one word in the record's first line.
        name = re.sub(r"\s+", "-", os.path.splitext(entry)[0])
        try:
            size, record = convert(os.path.join(src, entry), name)
        except Skip as why:
            skipped += 1
            reason = re.sub(r" at [A-Z]\d+$| \(RE\[.*\]\)$| \(\d+, \d+\)$", "", str(why))
            reasons[reason] = reasons.get(reason, 0) + 1
            print(f"skipped {entry}: {why}")
            continue
        with open(os.path.join(out, name + ".txt"), "w") as f:
            f.write(record)
        kept += 1
        sizes[size] = sizes.get(size, 0) + 1
    print(f"kept {kept} games "
          f"({', '.join(f'{n} of {s}x{s}' for s, n in sorted(sizes.items()))}), "
          f"skipped {skipped}")
    for reason, n in sorted(reasons.items(), key=lambda r: -r[1]):
        print(f"  {n} {reason}")


if __name__ == "__main__":
    main()
