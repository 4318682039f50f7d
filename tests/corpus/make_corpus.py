#!/usr/bin/env python3
"""Makes SGF records with GNU Go as the referee, independent of kaisho's engine.

Each record NAME.sgf gets a sidecar NAME.json holding what GNU Go says about
the final position: the board rows (top row first, X black, O white, . empty),
the stones each side captured, and the number of moves. kaisho's corpus test
replays every record and must agree with every sidecar.

Two kinds of record:
  random/   random legal games: at each turn a random point among those GNU Go
            lists as legal (`all_legal`), which it then accepts with `play`;
            a pass when no point is legal, now and then at random, and until
            the move limit. Suicide and basic-ko retakes are never chosen,
            since GNU Go refuses them; boards fill and empty again, so these
            games hold many captures. Some 19x19 games start from GNU Go's
            `fixed_handicap` stones with White to move. At one turn in ten
            the sidecar also lists an empty point GNU Go would refuse
            the player to move (suicide or ko) as `refused`: [move number,
            colour, SGF point], which kaisho must refuse too.
  selfplay/ GNU Go against itself (`genmove`, --level 1), ending at two
            passes, a resignation, or the move limit.

GNU Go 3.8's `play`, tried by hand: it refuses suicide and an immediate
basic-ko retake with `? illegal move`, allows the retake after a move
elsewhere, and does not enforce turn order, so the generator alternates
colours itself. Every point `all_legal` offers must then pass `play`: the
generator stops with an error otherwise.

Usage: make_corpus.py OUT_DIR [--random N] [--selfplay N] [--seed S]
The same seed gives the same records (GNU Go is given the seed too).
Needs /usr/games/gnugo (see .ci/install-gnugo). Python 3 standard library only.
"""

import argparse
import json
import os
import random
import subprocess
import sys

GNUGO = "/usr/games/gnugo"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    """A GNU Go process spoken to over GTP on its standard input and output."""

    def __init__(self, *args):
        self.proc = subprocess.Popen(
            [GNUGO, "--mode", "gtp", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"gnugo exited during '{command}'")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line != "":
                lines.append(line)
        reply = "\n".join(lines)
        return reply[0] == "=", reply[1:].strip()

    def ok(self, command):
        success, reply = self.send(command)
        if not success:
            raise RuntimeError(f"gnugo refused '{command}': {reply}")
        return reply

    def close(self):
        self.send("quit")
        self.proc.wait()


def gtp_to_sgf(vertex, size):
    col = LETTERS.index(vertex[0].upper())
    row = size - int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + row)


def board_rows(gtp, size):
    """GNU Go's board: rows top first, X black, O white, . empty."""
    rows = [["."] * size for _ in range(size)]
    for colour, mark in (("black", "X"), ("white", "O")):
        for vertex in gtp.ok(f"list_stones {colour}").split():
            sgf = gtp_to_sgf(vertex, size)
            rows[ord(sgf[1]) - ord("a")][ord(sgf[0]) - ord("a")] = mark
    return ["".join(r) for r in rows]


def final_position(gtp, size):
    return {
        "size": size,
        "board": board_rows(gtp, size),
        "captures": {
            "B": int(gtp.ok("captures black")),
            "W": int(gtp.ok("captures white")),
        },
    }


def pass_text(rng, size):
    """Both ways of writing a pass: `[]` and, on boards up to 19, `[tt]`."""
    return "tt" if size <= 19 and rng.random() < 0.5 else ""


def write_record(path, size, komi, handicap, setup, first, moves, comment):
    """Writes FF[4] by hand so that the corpus does not depend on kaisho's writer."""
    head = f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi}]RU[Japanese]GC[{comment}]"
    if handicap:
        head += f"HA[{handicap}]AB" + "".join(f"[{p}]" for p in setup)
    colour = first
    body = []
    for i, move in enumerate(moves):
        body.append(f";{colour}[{move}]")
        if i % 10 == 9:
            body.append("\n")
        colour = "W" if colour == "B" else "B"
    with open(path + ".sgf", "w") as f:
        f.write(head + "\n" + "".join(body) + ")\n")


def write_expected(path, expected):
    with open(path + ".json", "w") as f:
        json.dump(expected, f, separators=(",", ":"))
        f.write("\n")


def start_game(gtp, size, handicap):
    gtp.ok(f"boardsize {size}")
    gtp.ok("clear_board")
    if handicap:
        stones = gtp.ok(f"fixed_handicap {handicap}").split()
        return [gtp_to_sgf(v, size) for v in stones], "W"
    return [], "B"


def refused_points(gtp, rng, size, name, legal):
    """An empty point GNU Go will not let `name` play now (suicide or ko), if any."""
    stones = set(gtp.ok("list_stones black").split()) | set(gtp.ok("list_stones white").split())
    empty = {f"{LETTERS[c]}{r}" for c in range(size) for r in range(1, size + 1)} - stones
    illegal = sorted(empty - set(legal))
    return rng.sample(illegal, min(1, len(illegal)))


def random_game(gtp, rng, size, handicap, limit):
    setup, first = start_game(gtp, size, handicap)
    colour, moves, passes, refused = first, [], 0, []
    while len(moves) < limit:
        name = "black" if colour == "B" else "white"
        legal = gtp.ok(f"all_legal {name}").split()
        if rng.random() < 0.1:
            for vertex in refused_points(gtp, rng, size, name, legal):
                refused.append([len(moves) + 1, colour, gtp_to_sgf(vertex, size)])
        if not legal or rng.random() < 0.01:
            gtp.ok(f"play {name} pass")
            moves.append(pass_text(rng, size))
            passes += 1
            if passes == 2 and not legal:
                break
        else:
            vertex = rng.choice(legal)
            gtp.ok(f"play {name} {vertex}")
            moves.append(gtp_to_sgf(vertex, size))
            passes = 0
        colour = "W" if colour == "B" else "B"
    return setup, first, moves, refused


def selfplay_game(gtp, rng, size, limit):
    setup, first = start_game(gtp, size, 0)
    colour, moves, passes = first, [], 0
    while len(moves) < limit and passes < 2:
        name = "black" if colour == "B" else "white"
        reply = gtp.ok(f"genmove {name}").upper()
        if reply == "RESIGN":
            break
        if reply == "PASS":
            moves.append(pass_text(rng, size))
            passes += 1
        else:
            moves.append(gtp_to_sgf(reply, size))
            passes = 0
        colour = "W" if colour == "B" else "B"
    return setup, first, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--random", type=int, default=2000)
    parser.add_argument("--selfplay", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1989)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if not os.path.exists(GNUGO):
        sys.exit(f"{GNUGO} is missing: run .ci/install-gnugo first")

    gtp = Gtp("--seed", str(args.seed))
    os.makedirs(os.path.join(args.out, "random"), exist_ok=True)
    for n in range(args.random):
        size = rng.choice([9, 9, 9, 13, 13, 19])
        handicap = rng.choice([0, 0, 2, 4, 9]) if size == 19 else 0
        limit = {9: rng.randint(120, 350), 13: rng.randint(200, 500), 19: rng.randint(300, 650)}[size]
        setup, first, moves, refused = random_game(gtp, rng, size, handicap, limit)
        expected = final_position(gtp, size)
        expected["moves"] = len(moves)
        expected["refused"] = refused
        path = os.path.join(args.out, "random", f"r{n:04}-{size}")
        write_record(path, size, rng.choice(["6.5", "0", "7.50"]), handicap, setup, first, moves,
                     f"random legal game {n}, seed {args.seed}")
        write_expected(path, expected)
    gtp.close()

    gtp = Gtp("--level", "1", "--seed", str(args.seed))
    os.makedirs(os.path.join(args.out, "selfplay"), exist_ok=True)
    for n in range(args.selfplay):
        size = 19 if n % 5 == 4 else 9
        setup, first, moves = selfplay_game(gtp, rng, size, 400)
        expected = final_position(gtp, size)
        expected["moves"] = len(moves)
        path = os.path.join(args.out, "selfplay", f"s{n:03}-{size}")
        write_record(path, size, "6.5", 0, setup, first, moves, f"GNU Go self-play game {n}")
        write_expected(path, expected)
    gtp.close()


if __name__ == "__main__":
    main()
