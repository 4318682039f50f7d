#!/usr/bin/env python3
"""Writes the records of tests/corpus/other-programs: SGF files in the
dialects other Go programs write, each with NAME.json holding what the
record means (game by game, node by node, each property's values as text),
for other_programs.py to compare what a program gives back with.

The games are random and legal under any rules: no move captures, none is
suicide, so no ko arises. What imitates each program is the form of the
file, as the issue that asked for this corpus found it in real records:
KGS/CGoban's properties and its `AE` after the last move, OGS's and IGS's
layouts, NNGS's FF[3] identifiers with lower-case letters, Fox's
`AP[foxwq]` and `KM[375]` and CRLF, Tygem's EUC-KR and GB2312 without
`CA`, MultiGo's own properties, Sabaki's markup, GNU Go's `PL` on a move,
GoGui's, Jago's, qGo's and Many Faces' headers, a Kogo-like dictionary of
deep variations, collections of several games, text after the last `)`,
soft line breaks, Japanese and Chinese and Korean charsets without `CA`.
No file is copied from anywhere: every one is made here.

    python3 tests/corpus/make_other_programs.py tests/corpus/other-programs --seed 45
"""

import argparse
import json
import os
import random

LETTERS = "abcdefghijklmnopqrs"


class Board:
    """Enough of Go to play moves that capture nothing and are no suicide."""

    def __init__(self, size):
        self.size = size
        self.stones = {}

    def neighbours(self, p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def liberties(self, p, stones):
        color = stones[p]
        seen, todo, libs = {p}, [p], set()
        while todo:
            q = todo.pop()
            for r in self.neighbours(q):
                if r not in stones:
                    libs.add(r)
                elif stones[r] == color and r not in seen:
                    seen.add(r)
                    todo.append(r)
        return libs

    def quiet(self, p, color):
        """Whether `color` at `p` captures nothing and keeps a liberty."""
        if p in self.stones:
            return False
        after = dict(self.stones)
        after[p] = color
        for q in list(self.neighbours(p)) + [p]:
            if q in after and not self.liberties(q, after):
                return False
        return True

    def copy(self):
        b = Board(self.size)
        b.stones = dict(self.stones)
        return b


def point(p):
    return LETTERS[p[0]] + LETTERS[p[1]]


def moves(rng, board, color, count):
    """`count` quiet moves from `board` (changed), alternating from `color`."""
    out = []
    for _ in range(count):
        for _ in range(200):
            p = (rng.randrange(board.size), rng.randrange(board.size))
            if board.quiet(p, color):
                board.stones[p] = color
                out.append((color, point(p)))
                break
        else:
            out.append((color, ""))
        color = "W" if color == "B" else "B"
    return out


def node(props):
    return {"props": [[k, list(v)] for k, v in props], "children": []}


def line(rng, size, root_props, count, first="B", setup=(), extra=None, board=None):
    """A game: the root and `count` moves as a chain of nodes; `extra(i)`
    gives more properties for move i."""
    board = board or Board(size)
    for color, p in setup:
        board.stones[(LETTERS.index(p[0]), LETTERS.index(p[1]))] = color
    root = node(root_props)
    at = root
    for i, (color, p) in enumerate(moves(rng, board, first, count)):
        props = [(color, [p])] + (extra(i) if extra else [])
        child = node(props)
        at["children"].append(child)
        at = child
    return root, board


def last(tree):
    while tree["children"]:
        tree = tree["children"][0]
    return tree


def next_color(tree):
    """Who moves after the main line's last move."""
    color = "B"
    while tree["children"]:
        tree = tree["children"][0]
        for ident, _ in tree["props"]:
            if ident in ("B", "W"):
                color = "W" if ident == "B" else "B"
    return color


def main_line_boards(rng, tree, size, depth):
    """The node at `depth` on the main line and the board there."""
    board = Board(size)
    at = tree
    for _ in range(depth):
        at = at["children"][0]
        for ident, values in at["props"]:
            if ident in ("B", "W") and values[0]:
                v = values[0]
                board.stones[(LETTERS.index(v[0]), LETTERS.index(v[1]))] = ident
    return at, board


def add_variation(rng, tree, size, depth, count, comment=None):
    at, board = main_line_boards(rng, tree, size, depth)
    color = "B"
    for ident, _ in at["props"]:
        if ident == "B":
            color = "W"
    first = None
    cur = at
    for i, (c, p) in enumerate(moves(rng, board.copy(), color, count)):
        props = [(c, [p])]
        if comment and i == 0:
            props.append(("C", [comment]))
        child = node(props)
        cur["children"].append(child)
        cur = child
        first = first or child
    return first


# ---- writing -------------------------------------------------------------

def escape(value, soft=0):
    """`value` escaped for SGF; with `soft`, long values broken with soft
    line breaks every `soft` characters, as some writers wrap."""
    text = value.replace("\\", "\\\\").replace("]", "\\]")
    if soft and len(text) > soft:
        parts, cut = [], 0
        while cut < len(text):
            end = min(cut + soft, len(text))
            while end < len(text) and text[end - 1] == "\\":
                end += 1
            parts.append(text[cut:end])
            cut = end
        text = "\\\n".join(parts)
    return text


def write(trees, props_sep="", node_sep="", lower=None, soft=0, newline="\n"):
    """The collection `trees` as SGF text."""
    out = []

    def prop(ident, values):
        name = lower.get(ident, ident) if lower else ident
        return name + "".join("[" + escape(v, soft if ident in ("C", "GC") else 0) + "]" for v in values)

    def tree(t):
        stack = [("node", t)]
        while stack:
            kind, item = stack.pop()
            if kind == "text":
                out.append(item)
                continue
            out.append(";" + props_sep.join(prop(k, v) for k, v in item["props"]))
            kids = item["children"]
            if len(kids) == 1:
                out.append(node_sep)
                stack.append(("node", kids[0]))
            elif kids:
                for kid in reversed(kids):
                    stack.append(("text", ")"))
                    stack.append(("node", kid))
                    stack.append(("text", newline + "("))

    for t in trees:
        out.append("(")
        tree(t)
        out.append(")" + newline)
    return "".join(out).replace("\n", newline) if newline != "\n" else "".join(out)


# ---- the dialects ----------------------------------------------------------

def names(rng, pool):
    a, b = rng.sample(pool, 2)
    return a, b


WESTERN = ["Aki", "Ben", "Chloé", "Dmitri", "Eva", "François", "Greta", "Håkon", "Iñigo", "Jürgen"]
JAPANESE = ["本因坊秀策", "井上幻庵因碩", "呉清源", "木谷實", "藤沢秀行", "坂田栄男"]
CHINESE = ["柯洁", "申真谞", "聂卫平", "马晓春", "常昊", "古力", "芈昱廷"]
KOREAN = ["이세돌", "박정환", "조훈현", "이창호", "신진서", "최정"]


def cgoban3(rng, i):
    b, w = names(rng, WESTERN)
    root = [("GM", ["1"]), ("FF", ["4"]), ("CA", ["UTF-8"]), ("AP", ["CGoban:3"]), ("ST", ["2"]),
            ("RU", ["Japanese"]), ("SZ", ["19"]), ("KM", ["6.50"]), ("TM", ["1800"]),
            ("OT", ["5x30 byo-yomi"]), ("PW", [w]), ("PB", [b]), ("WR", ["3k"]), ("BR", ["4k"]),
            ("DT", ["2015-0%d-1%d" % (i + 1, i)]), ("PC", ["The KGS Go Server at http://www.gokgs.com/"]),
            ("RE", ["W+Resign"])]
    chat = lambda k: [("C", [f"{b} [4k]: good luck]\n{w} [3k]: you too"])] if k == 0 else (
        [("BL" if k % 2 == 0 else "WL", [str(1790 - k * 3)])])
    tree, _ = line(rng, 19, root, 60 + 10 * i, extra=chat)
    return "UTF-8", write([tree], node_sep="\n"), [tree]


def cgoban1_counted(rng, i):
    """CGoban 1 and Jago write a counted game's dead stones as AE on the
    last node, with the territory as TB/TW."""
    b, w = names(rng, WESTERN)
    app = ["CGoban:1.9.14", "Jago:Version 5.0"][i % 2]
    root = [("GM", ["1"]), ("FF", ["3"] if i % 2 else ["4"]), ("AP", [app]), ("SZ", ["9"]),
            ("KM", ["5.5"]), ("PB", [b]), ("PW", [w]), ("RE", ["B+3.5"])]
    tree, board = line(rng, 9, root, 30)
    end = last(tree)
    whites = [point(p) for p, c in board.stones.items() if c == "W"][:2]
    empties = [point((x, y)) for x in range(9) for y in range(9) if (x, y) not in board.stones]
    end["props"] += [["AE", whites], ["TB", empties[:6] + whites], ["TW", empties[6:10]]]
    return "ISO-8859-1", write([tree], node_sep="\n"), [tree]


def ogs(rng, i):
    b, w = names(rng, WESTERN)
    root = [("FF", ["4"]), ("CA", ["UTF-8"]), ("GM", ["1"]), ("DT", ["2019-03-0%d" % (i + 1)]),
            ("PC", [f"OGS: https://online-go.com/game/{1000 + i}"]), ("GN", ["Friendly Match"]),
            ("PB", [b]), ("PW", [w]), ("BR", ["3k"]), ("WR", ["2k"]), ("TM", ["600"]),
            ("OT", ["5x30 byo-yomi"]), ("RE", ["B+R"] if i else ["?"]), ("SZ", ["19"]), ("KM", ["6.5"]),
            ("RU", ["Japanese"])]
    tree, _ = line(rng, 19, root, 50, extra=lambda k: [("C", [f"{w}: nice move at {k}"])] if k % 17 == 5 else [])
    add_variation(rng, tree, 19, 20, 6, "Analysis by the players")
    return "UTF-8", write([tree], props_sep="\n", node_sep="\n"), [tree]


def igs_collection(rng, i):
    """Several IGS games in one file, with a server's trailer after them."""
    trees = []
    for g in range(4 + i):
        b, w = names(rng, WESTERN)
        root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("GN", [f"{w}-{b}(B) IGS"]),
                ("DT", [f"2003-11-{10 + g}"]), ("PB", [b]), ("BR", ["1k*"]), ("PW", [w]), ("WR", ["1d*"]),
                ("KM", ["6.5"]), ("HA", ["0"]), ("RU", ["Japanese"]), ("AP", ["IGS"]), ("RE", ["W+2.5"]),
                ("US", ["IGS"])]
        tree, _ = line(rng, 19, root, 40, extra=lambda k: [("BL" if k % 2 == 0 else "WL", [str(600 - k)])])
        trees.append(tree)
    text = write(trees, props_sep="\n", node_sep="\n") + "\n)\n-- saved by IGS --\n"
    return "UTF-8", text, trees


def nngs(rng, i):
    """NNGS and other FF[3] writers: identifiers with lower-case letters."""
    b, w = names(rng, WESTERN)
    root = [("GM", ["1"]), ("FF", ["3"]), ("SZ", ["19"]), ("PB", [b]), ("PW", [w]), ("KM", ["5.5"]),
            ("RE", ["B+12.5"]), ("US", ["NNGS"])]
    lower = {"GM": "GaMe", "FF": "FileFormat", "SZ": "SiZe", "PB": "PlayerBlack", "PW": "PlayerWhite",
             "KM": "KoMi", "RE": "REsult", "US": "USer"}
    tree, _ = line(rng, 19, root, 45)
    return "ISO-8859-1", write([tree], props_sep="\n", node_sep="\n", lower=lower), [tree]


def fox(rng, i):
    """Fox: `AP[foxwq]`, komi in hundredths of a stone, CRLF, its own
    properties; UTF-8 without CA, or GB2312 without CA."""
    b, w = names(rng, CHINESE)
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("GN", ["围棋对局"]), ("DT", ["2020-05-0%d" % (i + 1)]),
            ("PB", [b]), ("PW", [w]), ("BR", ["9段"]), ("WR", ["9段"]), ("KM", ["375"]), ("HA", ["0"]),
            ("RU", ["Chinese"]), ("AP", ["foxwq"]), ("RL", ["0"]), ("TC", ["3"]), ("TT", ["60"]),
            ("RE", ["黑中盘胜"] if i % 2 == 0 else ["W+R"]), ("TM", ["1200"])]
    tree, _ = line(rng, 19, root, 70 + i * 5)
    charset = "UTF-8" if i % 2 == 0 else "GB2312"
    return charset, write([tree], props_sep="\n", newline="\r\n"), [tree]


def tygem(rng, i):
    b, w = names(rng, KOREAN)
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("GN", ["타이젬 대국"]), ("PB", [b]), ("PW", [w]),
            ("BR", ["9단"]), ("WR", ["9단"]), ("KM", ["6.5"]), ("DT", ["2012-07-0%d" % (i + 1)]),
            ("GK", ["1"]), ("TE", ["1"]), ("RD", ["2012-07-01"]), ("TL", ["1200"]), ("RE", ["흑 불계승"])]
    tree, _ = line(rng, 19, root, 55, extra=lambda k: [("C", ["좋은 수"])] if k == 10 else [])
    return "EUC-KR", write([tree], node_sep="\n"), [tree]


def sabaki(rng, i):
    root = [("GM", ["1"]), ("FF", ["4"]), ("CA", ["UTF-8"]), ("AP", ["Sabaki:0.52.2"]), ("KM", ["6.5"]),
            ("SZ", ["19"]), ("DT", ["2024-01-0%d" % (i + 1)]), ("PB", ["Aki"]), ("PW", ["Ben"])]
    tree, _ = line(rng, 19, root, 30, extra=lambda k: [("LB", ["dd:A", "pp:B"]), ("TR", ["pq"]),
                                                          ("SQ", ["cc", "dc"])] if k == 3 else [])
    v = add_variation(rng, tree, 19, 10, 5, "A quieter way")
    v["props"] += [["MA", ["aa"]], ["CR", ["ab", "ba"]]]
    add_variation(rng, tree, 19, 10, 3, None)
    return "UTF-8", write([tree], node_sep="\n"), [tree]


def multigo(rng, i):
    """MultiGo: `CA[gb2312]` in lower case, its own MULTIGO properties,
    Chinese comments."""
    b, w = names(rng, CHINESE)
    root = [("AP", ["MultiGo:4.4.4"]), ("SZ", ["19"]), ("MULTIGOGM", ["1"]), ("GN", ["第一局"]),
            ("PB", [b]), ("PW", [w]), ("KM", ["7.5"]), ("RE", ["B+R"]),
            ("MULTIGOBM", ["0"]), ("C", ["黑先白后，黑中盘胜。"])]
    tree, _ = line(rng, 19, root, 40, extra=lambda k: [("C", ["好棋！"])] if k == 7 else [])
    text = write([tree], node_sep="\n")
    text = text.replace("(;AP", "(;CA[gb2312]AP", 1)
    return "GB2312", text, [tree]


def gnugo(rng, i):
    """GNU Go: `PL` on a node of the game, a pass as `[tt]`."""
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["9"]), ("KM", ["7.5"]), ("HA", ["0"]),
            ("GN", ["GNU Go 3.8 load and print"]), ("DT", ["2013-02-02"]), ("AP", ["GNU Go:3.8"]),
            ("RU", ["Japanese"])]
    tree, _ = line(rng, 9, root, 24, extra=lambda k: [("PL", ["W" if k % 2 == 0 else "B"])] if k == 11 else [])
    last(tree)["children"].append(node([(next_color(tree), ["tt"])]))
    return "UTF-8", write([tree], node_sep="\n"), [tree]


def gogui(rng, i):
    root = [("FF", ["4"]), ("CA", ["UTF-8"]), ("AP", ["GoGui:1.5.1"]), ("SZ", ["9"]), ("KM", ["6.5"]),
            ("PB", ["Fuego"]), ("PW", ["GNU Go"]), ("DT", ["2014-05-05"]), ("RE", ["B+1.5"])]
    tree, _ = line(rng, 9, root, 28, extra=lambda k: [("SL", ["aa", "ab"]), ("C", ["move generated in 2.1 s"])]
                   if k == 4 else [])
    for _ in range(2):
        last(tree)["children"].append(node([(next_color(tree), [""])]))
    return "UTF-8", write([tree], node_sep="\n"), [tree]


def qgo(rng, i):
    """qGo: a handicap game, set-up stones and PL[W] in the root."""
    setup = [("B", "dp"), ("B", "pd")] + ([("B", "pp")] if i else [])
    root = [("GM", ["1"]), ("FF", ["4"]), ("VW", [""]), ("AP", ["qGo:2.0.0"]), ("SZ", ["19"]),
            ("HA", [str(len(setup))]), ("KM", ["0.5"]), ("PB", ["Greta"]), ("PW", ["Håkon"]),
            ("AB", [p for _, p in setup]), ("PL", ["W"])]
    tree, _ = line(rng, 19, root, 40, first="W", setup=setup)
    return "UTF-8", write([tree], node_sep="\n"), [tree]


def manyfaces(rng, i):
    """Many Faces of Go: CRLF, long comments wrapped with soft line breaks."""
    setup = [("B", "dp"), ("B", "pd"), ("B", "pp")]
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("KM", ["0.5"]), ("HA", ["3"]),
            ("AB", [p for _, p in setup]), ("AP", ["Many Faces of Go:12"]),
            ("GC", ["A teaching game, commented move by move for the club's evening; "
                    "read it with the board in front of you."])]
    comment = ("Black should think about the whole board here: the corner is settled, "
               "the side is open, and the centre belongs to whoever reaches it first.")
    tree, _ = line(rng, 19, root, 30, first="W", setup=setup,
                   extra=lambda k: [("C", [comment])] if k % 9 == 2 else [])
    return "UTF-8", write([tree], node_sep="\n", soft=60, newline="\r\n"), [tree]


def kogo(rng, i):
    """A joseki dictionary in Kogo's manner: no result, no players, many
    nested variations marked RIGHT and WRONG, labels and triangles."""
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("AP", ["Kogo's Joseki Dictionary"]),
            ("GN", ["Joseki dictionary"]), ("C", ["Start with the 4-4 point."])]
    tree, _ = line(rng, 19, root, 12, extra=lambda k: [("C", ["RIGHT"])] if k == 11 else [])
    nodes = [tree]
    for depth in range(2, 12, 2):
        for _ in range(3):
            v = add_variation(rng, tree, 19, depth, rng.randrange(3, 9),
                              rng.choice(["WRONG: this loses the corner.", "RIGHT", "Trick play: take care."]))
            v["props"] += [["LB", ["pd:a", "qc:b"]], ["TR", ["qd"]]]
            nodes.append(v)
    # variations of variations
    for v in nodes[1:6]:
        kids = v["children"]
        if kids:
            extra = node([("C", ["Another way"])])
            extra["props"].insert(0, [kids[0]["props"][0][0], [""]])
            v["children"].append(extra)
    return "UTF-8", write([tree], node_sep="\n"), [tree]


def east_asian_without_ca(rng, i):
    """Names and comments in a legacy set, the file naming none."""
    sets = [("Shift_JIS", JAPANESE, "ヨセの手順が大切です。"), ("EUC-JP", JAPANESE, "耳赤の一手。"),
            ("GB2312", CHINESE, "黑先白后，白棋中盘胜。"), ("EUC-KR", KOREAN, "흑이 좋습니다."),
            ("Big5", ["聶衛平", "馬曉春", "林海峰", "王立誠"], "黑先，白中盤勝。")]
    charset, pool, comment = sets[i]
    b, w = names(rng, pool)
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("PB", [b]), ("PW", [w]), ("KM", ["6.5"]),
            ("C", [comment])]
    tree, _ = line(rng, 19, root, 35, extra=lambda k: [("C", [comment])] if k == 20 else [])
    return charset, write([tree], node_sep="\n"), [tree]


def latin_without_ca(rng, i):
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["13"]), ("PB", ["François Mizessyn"]),
            ("PW", ["Jürgen Dörr"]), ("KM", ["6.5"]), ("EV", ["Championnat de la Région Île-de-France"]),
            ("RE", ["B+R"])]
    tree, _ = line(rng, 13, root, 40, extra=lambda k: [("C", ["Très bon coup, ça!"])] if k == 8 else [])
    return "ISO-8859-1", write([tree], node_sep="\n"), [tree]


def utf8_bom(rng, i):
    root = [("GM", ["1"]), ("FF", ["4"]), ("SZ", ["19"]), ("PB", ["呉清源"]), ("PW", ["木谷實"]),
            ("KM", ["0"]), ("RE", ["W+2"])]
    tree, _ = line(rng, 19, root, 40)
    return "UTF-8", "\ufeff" + write([tree], node_sep="\n"), [tree]


def junk_after(rng, i):
    """A record followed by what a mail or a server left after it."""
    root = [("GM", ["1"]), ("FF", ["4"]), ("CA", ["UTF-8"]), ("SZ", ["19"]), ("PB", ["Eva"]), ("PW", ["Ben"]),
            ("KM", ["6.5"])]
    tree, _ = line(rng, 19, root, 30)
    trailer = ["\n)\n", "\n\n-- \nsent from my phone\n", ")junk(more junk\n"][i]
    return "UTF-8", write([tree], node_sep="\n") + trailer, [tree]


def escapes_and_markup(rng, i):
    """Text full of what must be escaped: brackets, backslashes, colons in
    labels and comments, a label with a colon in it."""
    root = [("GM", ["1"]), ("FF", ["4"]), ("CA", ["UTF-8"]), ("SZ", ["19"]),
            ("GC", ["A game played at 12:30 [blitz] \\ quick"]), ("PB", ["A]ki"]), ("PW", ["B\\en"])]
    tree, _ = line(rng, 19, root, 25,
                   extra=lambda k: [("C", ["at 12:30 a\\b ] c"]), ("LB", ["dd:1:2"])] if k == 5 else [])
    return "UTF-8", write([tree], node_sep="\n"), [tree]


DIALECTS = [
    ("kgs-cgoban3", cgoban3, 3),
    ("cgoban1-jago-counted", cgoban1_counted, 2),
    ("ogs", ogs, 3),
    ("igs-collection", igs_collection, 2),
    ("nngs-ff3", nngs, 2),
    ("fox", fox, 4),
    ("tygem-euc-kr", tygem, 2),
    ("sabaki", sabaki, 2),
    ("multigo", multigo, 2),
    ("gnugo", gnugo, 2),
    ("gogui", gogui, 2),
    ("qgo-handicap", qgo, 2),
    ("manyfaces-soft-breaks", manyfaces, 2),
    ("kogo-like-dictionary", kogo, 2),
    ("no-ca", east_asian_without_ca, 5),
    ("latin1-no-ca", latin_without_ca, 2),
    ("utf8-bom", utf8_bom, 1),
    ("junk-after", junk_after, 3),
    ("escapes", escapes_and_markup, 2),
]

ENCODINGS = {"UTF-8": "utf-8", "ISO-8859-1": "latin-1", "GB2312": "gbk", "EUC-KR": "euc-kr",
             "Shift_JIS": "shift_jis", "EUC-JP": "euc-jp", "Big5": "big5"}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("folder")
    p.add_argument("--seed", type=int, default=45)
    args = p.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    for prefix, make, count in DIALECTS:
        for i in range(count):
            rng = random.Random(f"{args.seed}-{prefix}-{i}")
            charset, text, trees = make(rng, i)
            name = f"{prefix}-{i + 1}"
            if prefix == "no-ca":
                name = f"no-ca-{charset.lower().replace('_', '-')}"
            data = text.encode(ENCODINGS[charset])
            with open(os.path.join(args.folder, name + ".sgf"), "wb") as f:
                f.write(data)
            with open(os.path.join(args.folder, name + ".json"), "w", encoding="utf-8") as f:
                json.dump({"charset": charset, "games": trees}, f, ensure_ascii=False, indent=None)
                f.write("\n")


if __name__ == "__main__":
    main()
