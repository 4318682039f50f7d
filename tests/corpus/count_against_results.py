#!/usr/bin/env python3
"""Compares kaisho's count of finished games with the results their
players recorded.

For each SGF record in DIR whose result is a score (RE[B+3.5], RE[W+12]),
runs `KAISHO score --dead auto --json` (the Article 7 draft and the J1989
count, as the ending screen drafts them) and prints whether the count
gives the recorded result, then how many do. A game whose count is
provisional (a chain left unsettled) or whose rules are not Japanese
(RU[AGA], ...) is said so beside it: those can differ for reasons other
than the count.

The records of the human-game sets are not committed; make_human_corpus.py
--collect copies them out of clones of their repositories.

Usage: count_against_results.py KAISHO DIR...
e.g.   count_against_results.py target/release/kaisho tests/corpus/human-sgf-amateur
Python 3 standard library only.
"""

import glob
import json
import os
import re
import subprocess
import sys

MAX_BYTES = 400_000


def recorded(text):
    """The recorded score as (colour, margin), or None."""
    m = re.search(r"RE\[([BW])\+([0-9]+(?:\.[0-9]+)?)\]", text)
    return (m.group(1), float(m.group(2))) if m else None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kaisho, dirs = sys.argv[1], sys.argv[2:]
    total = equal = 0
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            with open(path, "rb") as f:
                text = f.read(MAX_BYTES).decode("utf-8", errors="replace")
            result = recorded(text)
            if result is None:
                continue
            run = subprocess.run([kaisho, "score", "--dead", "auto", "--json", path],
                                 capture_output=True, text=True, timeout=60)
            try:
                count = json.loads(run.stdout)
            except json.JSONDecodeError:
                print(f"{os.path.basename(path)}: not counted: {run.stderr.strip()[:200]}")
                continue
            m = re.match(r"([BW])\+([0-9.]+)$", count["result"])
            same = bool(m) and (m.group(1), float(m.group(2))) == result
            total += 1
            equal += same
            if not same:
                notes = []
                if count.get("provisional"):
                    notes.append("provisional")
                rules = re.search(r"RU\[([^\]]*)\]", text)
                if rules and rules.group(1).lower() != "japanese":
                    notes.append(f"rules {rules.group(1)}")
                print(f"{os.path.basename(path)}: recorded {result[0]}+{result[1]}, "
                      f"counted {count['result']}" + (f" ({', '.join(notes)})" if notes else ""))
    print(f"{equal} of {total} counts give the recorded result")


if __name__ == "__main__":
    main()
