#!/usr/bin/env python3
"""Builds a balanced gomoku opening book for self-play tests (SPRTs).

    scripts/gomoku_book.py QI OPENINGS_26 COUNT [RULE] > BOOK

The project's book, `data/openings/gomoku-balanced.txt`, was made with the default RULE,
freestyle, and serves every rule's SPRTs. RULE renju scores the candidates under renju
instead; a book of 400 so chosen was no more even in play (2026-11-29,
docs/gomoku-strength.md, "A renju book"): White won 554 of 742 decided renju self-play
games on it, so it was not kept.

Each entry is one of the 26 standard three-stone openings with two more stones (White,
then Black) drawn at random within two points of the stones already placed and inside the
central 9x9 square, so White is to move on five stones. An entry is kept when Qi's depth-6
search of it under RULE (`qi move gomoku --rule RULE --depth 6`) scores it within MARGIN
pattern points of even for White (an open three is worth about 600) and it is not a
duplicate up to the board's eight symmetries. Python's random, seeded, so the book is
reproducible for one engine.
"""
import json
import random
import subprocess
import sys

MARGIN = 250
SEED = 2026


def parse(line):
    nums = [int(t) for t in line.replace(",", " ").split()]
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]


def point(dx, dy):
    # Offsets from the centre h8 of 15x15; y grows upwards with the row number.
    return "abcdefghijklmno"[7 + dx] + str(8 + dy)


def canonical(stones):
    """The smallest of the eight symmetric images, colours kept by position in the list."""
    images = []
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                img = []
                for x, y in stones:
                    a, b = (y, x) if swap else (x, y)
                    img.append((a * sx, b * sy))
                black = tuple(sorted(img[0::2]))
                white = tuple(sorted(img[1::2]))
                images.append((black, white))
    return min(images)


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    qi, openings, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rule = sys.argv[4] if len(sys.argv) == 5 else "freestyle"
    if rule not in ("freestyle", "standard", "renju"):
        sys.exit(f"RULE must be freestyle, standard or renju: {rule}")
    bases = [parse(l) for l in open(openings) if l.strip() and not l.startswith("#")]
    rng = random.Random(SEED)
    seen = set()
    kept = []
    tries = 0
    while len(kept) < count and tries < count * 20:
        tries += 1
        stones = list(bases[rng.randrange(len(bases))])
        while len(stones) < 5:
            near = [
                (x + dx, y + dy)
                for (x, y) in stones
                for dx in range(-2, 3)
                for dy in range(-2, 3)
            ]
            near = [p for p in near if p not in stones and max(abs(p[0]), abs(p[1])) <= 4]
            stones.append(rng.choice(near))
        key = canonical(stones)
        if key in seen:
            continue
        seen.add(key)
        moves = " ".join(point(x, y) for x, y in stones)
        out = subprocess.run(
            [qi, "move", "gomoku", "--rule", rule, "--moves", moves, "--depth", "6", "--json"],
            capture_output=True, text=True, check=True,
        )
        score = json.loads(out.stdout)["score"]
        if abs(score) <= MARGIN:
            kept.append(", ".join(f"{x},{y}" for x, y in stones))
            print(f"{len(kept)} of {tries}: {moves} {score}", file=sys.stderr)
    print(f"# {len(kept)} balanced {rule} gomoku openings for self-play tests: scripts/gomoku_book.py")
    print(f"# (the 26 standard openings plus a White and a Black stone at random, kept when a")
    print(f"# depth-6 {rule} search scores White within {MARGIN} of even), offsets from the centre, Black first.")
    for line in kept:
        print(line)


if __name__ == "__main__":
    main()
