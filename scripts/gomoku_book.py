#!/usr/bin/env python3
"""Builds a balanced gomoku opening book for self-play tests (SPRTs).

    scripts/gomoku_book.py QI OPENINGS_26 COUNT [RULE] [--played] [--exclude BOOK] > NEW_BOOK

Each candidate is one of the 26 standard three-stone openings with two more stones (White,
then Black) drawn at random within two points of the stones already placed and inside the
central 9x9 square, so White is to move on five stones; duplicates up to the board's eight
symmetries are dropped, and so is any candidate alike to an opening of `--exclude BOOK`
(to grow a book: the new openings are the ones a run without it would have kept, less
those). Python's random, seeded, so a book is reproducible for one engine.

Scored (the default): a candidate is kept when Qi's depth-6 search of it under RULE
(`qi move gomoku --rule RULE --depth 6`) scores it within MARGIN pattern points of even
for White (an open three is worth about 600). The project's book,
`data/openings/gomoku-balanced.txt`, was made so with the default RULE, freestyle: its
first 400 openings with COUNT 400, the other 1 600 with COUNT 1600 and `--exclude` the 400
(its header names both engines). Under
renju such a book is not even in play: White won 554 of 742 decided renju self-play games
on a renju-scored one (2026-11-29, docs/gomoku-strength.md, "A renju book").

Played (`--played`, meant for renju): Qi's depth-6 score only screens out candidates where
White is ahead by more than MARGIN or Black by more than BLACK_AHEAD_MAX. The rest are
played by QI against itself (`qi match --game gomoku`, PLAY_MS a turn, two games at a time,
each candidate with both colours, a game still open after MAX_PLIES stones a draw) in
batches, and a candidate is kept when its pair is not one-sided: Black scores half a point
to one and a half. The book is `data/openings/gomoku-renju.txt`. It is chosen at a shorter
turn than the tests play (200 ms), so that a test does not simply replay the games that
chose it.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

MARGIN = 250
BLACK_AHEAD_MAX = 2000
PLAY_MS = 100
MAX_PLIES = 100
BATCH = 50
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


def read_openings(path):
    """The openings of a book or opening file, as stone lists (comments and blank lines
    skipped); a file that cannot be read ends the script with its name."""
    try:
        with open(path) as book:
            return [parse(l) for l in book if l.strip() and not l.startswith("#")]
    except OSError as error:
        sys.exit(f"cannot read {path}: {error.strerror}")


def candidates(bases, rng, seen):
    """Five-stone candidates without symmetric duplicates or any alike to one in `seen`
    (canonical forms; it grows), for ever."""
    while True:
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
        if key not in seen:
            seen.add(key)
            yield stones


def score(qi, rule, stones):
    """Qi's depth-6 score of the candidate for White, the side to move."""
    moves = " ".join(point(x, y) for x, y in stones)
    out = subprocess.run(
        [qi, "move", "gomoku", "--rule", rule, "--moves", moves, "--depth", "6", "--json"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)["score"]


def offsets(stones):
    return ", ".join(f"{x},{y}" for x, y in stones)


GAME = re.compile(r"^Game (\d+) of \d+: .* \(Black\) vs .* \(White\): (1-0|0-1|1/2-1/2) ")


def black_points(qi, rule, batch):
    """Black's points in each candidate's pair of self-play games (None: not finished)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as book:
        book.write("".join(offsets(stones) + "\n" for stones in batch))
    engine = f"{qi} gomocup"
    try:
        out = subprocess.run(
            [qi, "match", "--game", "gomoku", "--rule", rule,
             "--engine1", engine, "--engine2", engine,
             "--movetime", str(PLAY_MS), "--timemargin", "100", "--max-plies", str(MAX_PLIES),
             "--openings", book.name, "--rounds", str(len(batch)), "--concurrency", "2"],
            capture_output=True, text=True, check=True,
        )
    finally:
        os.unlink(book.name)
    points = [0.0] * len(batch)
    games = [0] * len(batch)
    for line in out.stdout.splitlines():
        m = GAME.match(line)
        if m:
            # Games 2k-1 and 2k play the k-th opening, one with each colour.
            opening = (int(m.group(1)) - 1) // 2
            points[opening] += {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[m.group(2)]
            games[opening] += 1
    return [p if n == 2 else None for p, n in zip(points, games)]


def scored_book(qi, rule, pool, count):
    """Candidates whose depth-6 score is within MARGIN of even, and their header."""
    kept = []
    for tries in range(1, count * 20 + 1):
        stones = next(pool)
        value = score(qi, rule, stones)
        if abs(value) <= MARGIN:
            kept.append(stones)
            print(f"{len(kept)} of {tries}: {offsets(stones)} {value}", file=sys.stderr)
            if len(kept) == count:
                break
    return kept, [
        f"{len(kept)} balanced {rule} gomoku openings for self-play tests: scripts/gomoku_book.py",
        "(the 26 standard openings plus a White and a Black stone at random, kept when a",
        f"depth-6 {rule} search scores White within {MARGIN} of even), offsets from the centre, Black first.",
    ]


def played_book(qi, rule, pool, count):
    """Screened candidates whose self-play pair was not one-sided, and their header."""
    kept = []
    tries = 0
    while len(kept) < count and tries < count * 20:
        batch = []
        while len(batch) < BATCH:
            stones = next(pool)
            tries += 1
            if -BLACK_AHEAD_MAX <= score(qi, rule, stones) <= MARGIN:
                batch.append(stones)
        results = black_points(qi, rule, batch)
        kept += [s for s, p in zip(batch, results) if p is not None and 0.5 <= p <= 1.5]
        spread = " ".join(f"{p}:{results.count(p)}" for p in (0.0, 0.5, 1.0, 1.5, 2.0))
        print(f"{min(len(kept), count)} kept of {tries} candidates ({len(batch)} played; "
              f"Black's points {spread})", file=sys.stderr)
    return kept[:count], [
        f"{min(len(kept), count)} {rule} gomoku openings for self-play tests, chosen by played games:",
        "scripts/gomoku_book.py --played (the 26 standard openings plus a White and a Black",
        f"stone at random, depth-6 {rule} score from Black {BLACK_AHEAD_MAX} ahead to White {MARGIN} ahead;",
        f"Black scored 0.5 to 1.5 points in a {PLAY_MS} ms self-play pair), offsets from the centre, Black first.",
    ]


def main():
    args = sys.argv[1:]
    played = "--played" in args
    args = [a for a in args if a != "--played"]
    excluded = set()
    if "--exclude" in args:
        at = args.index("--exclude")
        if at + 1 == len(args):
            sys.exit(__doc__)
        excluded = {canonical(stones) for stones in read_openings(args[at + 1])}
        del args[at:at + 2]
    if len(args) not in (3, 4):
        sys.exit(__doc__)
    qi, openings, count = args[0], args[1], int(args[2])
    rule = args[3] if len(args) == 4 else "freestyle"
    if rule not in ("freestyle", "standard", "renju"):
        sys.exit(f"RULE must be freestyle, standard or renju: {rule}")
    bases = read_openings(openings)
    pool = candidates(bases, random.Random(SEED), excluded)
    kept, header = (played_book if played else scored_book)(qi, rule, pool, count)
    for line in header:
        print("# " + line)
    for stones in kept:
        print(offsets(stones))


if __name__ == "__main__":
    main()
