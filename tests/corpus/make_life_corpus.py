#!/usr/bin/env python3
"""Makes stopped GNU Go self-play positions with GNU Go's dead-stone verdicts.

kaisho's Article 7 draft (core/tests/life_gnugo.rs) is compared with these
records, so the comparison needs no GNU Go at test time and rests on a
reading nobody working on kaisho wrote.

Each game is GNU Go against itself (`genmove`) at a level from 1 to 10, on
9x9, 13x13 or 19x19 (19x19 only at low levels, to keep the run short),
some 13x13 and 19x19 games with `fixed_handicap` stones. A few random
opening moves (from the seed) make the games differ. Games that do not end
by two passes (GNU Go is told never to resign, so only the move limit) are dropped: Article 7
speaks of stopped games. For each kept game NAME.sgf holds the moves, and
NAME.txt holds three stopped positions: the finished game, and the same
game cut after a quarter and after half of its moves (as if both players
had passed there). For each position it gives GNU Go's board (rows top
first, X black, O white, . empty) and its `final_status_list` for dead and
seki stones, read at the game's level:

    game s000-9 size 9 level 4 handicap 0 seed 7
    position finished moves 58
    X.OO.....
    ...
    dead C3 D4
    seki
    position quarter moves 14
    ...

Usage: make_life_corpus.py OUT_DIR [--games N] [--seed S]
The same seed gives the same records (GNU Go is given the seed too).
Needs /usr/games/gnugo (see .ci/install-gnugo). Python 3 standard library only.
"""

import argparse
import os
import random
import sys

from make_corpus import GNUGO, Gtp, board_rows, gtp_to_sgf, start_game, write_record

CUTS = (("quarter", 4), ("half", 2))


def sgf_to_gtp(move, size):
    if move in ("", "tt"):
        return "pass"
    col = ord(move[0]) - ord("a")
    row = size - (ord(move[1]) - ord("a"))
    return "ABCDEFGHJKLMNOPQRSTUVWXYZ"[col] + str(row)


def stopped(gtp, size, name, moves):
    """GNU Go's board and verdicts for the position after `moves`, stopped."""
    lines = [f"position {name} moves {len(moves)}"]
    lines += board_rows(gtp, size)
    for status in ("dead", "seki"):
        vertices = sorted(gtp.ok(f"final_status_list {status}").split())
        lines.append(" ".join([status] + vertices))
    return lines


def play_game(gtp, rng, size, handicap, opening, limit):
    """Self-play from a few random opening moves; the moves, or None if it
    did not end by two passes."""
    setup, first = start_game(gtp, size, handicap)
    colour, moves, passes = first, [], 0
    while len(moves) < opening:
        name = "black" if colour == "B" else "white"
        vertex = rng.choice(gtp.ok(f"all_legal {name}").split())
        gtp.ok(f"play {name} {vertex}")
        moves.append(gtp_to_sgf(vertex, size))
        colour = "W" if colour == "B" else "B"
    while len(moves) < limit and passes < 2:
        name = "black" if colour == "B" else "white"
        reply = gtp.ok(f"genmove {name}").upper()
        if reply == "RESIGN":
            return setup, first, None
        if reply == "PASS":
            moves.append("")
            passes += 1
        else:
            moves.append(gtp_to_sgf(reply, size))
            passes = 0
        colour = "W" if colour == "B" else "B"
    return setup, first, moves if passes == 2 else None


def replay(gtp, size, handicap, first, moves):
    start_game(gtp, size, handicap)
    colour = first
    for move in moves:
        name = "black" if colour == "B" else "white"
        gtp.ok(f"play {name} {sgf_to_gtp(move, size)}")
        colour = "W" if colour == "B" else "B"


def game_plan(rng, n):
    """Size, level and handicap of game `n`: mostly 9x9 at any level, then
    13x13 at levels up to 6 and 19x19 at levels 1 and 2."""
    kind = n % 10
    if kind < 6:
        return 9, rng.randint(1, 10), 0
    if kind < 9:
        return 13, rng.randint(1, 6), rng.choice([0, 0, 2, 3, 4])
    return 19, rng.randint(1, 2), rng.choice([0, 2, 4, 9])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1989)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    args = parser.parse_args()
    if not os.path.exists(GNUGO):
        sys.exit(f"{GNUGO} is missing: run .ci/install-gnugo first")
    os.makedirs(args.out, exist_ok=True)
    kept = 0
    for n in range(args.first, args.first + args.games):
        rng = random.Random(args.seed * 100_003 + n)
        size, level, handicap = game_plan(rng, n)
        seed = rng.randint(1, 1 << 30)
        gtp = Gtp("--level", str(level), "--seed", str(seed), "--komi", "6.5", "--never-resign")
        opening = 0 if handicap else {9: 2, 13: 4, 19: 6}[size]
        setup, first, moves = play_game(gtp, rng, size, handicap, opening, 3 * size * size)
        if moves is None:
            print(f"game {n} ({size}x{size}, level {level}) did not end by two passes; dropped",
                  flush=True)
            gtp.close()
            continue
        name = f"g{n:03}-{size}"
        lines = [f"game {name} size {size} level {level} handicap {handicap} seed {seed}"]
        lines += stopped(gtp, size, "finished", moves)
        for label, part in CUTS:
            cut = moves[: len(moves) // part]
            replay(gtp, size, handicap, first, cut)
            lines += stopped(gtp, size, label, cut)
        gtp.close()
        path = os.path.join(args.out, name)
        write_record(path, size, "6.5", handicap, setup, first, moves,
                     f"GNU Go self-play, level {level}, seed {seed}")
        with open(path + ".txt", "w") as f:
            f.write("\n".join(lines) + "\n")
        kept += 1
        print(f"game {n} ({size}x{size}, level {level}, handicap {handicap}): "
              f"{len(moves)} moves", flush=True)
    print(f"{kept} games kept", flush=True)


if __name__ == "__main__":
    main()
