#!/usr/bin/env python3
"""Finds where a player's moves lost ground in recorded gomoku games, judged by Rapfi.

    scripts/gomoku_swings.py GAMES.sgf RAPFI [--player Qi] [--ms 500] [--min-swing 150]
                             [--lost-only]

GAMES.sgf is what `qi match --pgn` writes for gomoku (one SGF tree per game, PB/PW naming
the players, RU the rule). RAPFI is a Rapfi `pbrain` binary (see ../shared/engines/README.md;
it must find its config.toml in its own folder). For each move of --player, Rapfi thinks
--ms milliseconds on the position before the move and on the position after it. The swing
is the drop in the mover's evaluation from one to the other, in Rapfi's units (an open
three is worth a few hundred; a found forced win is printed +M<plies>). Moves whose swing
reaches --min-swing are printed, then a summary.

Rapfi's short searches are noisy: a single swing of a few hundred is a hint, not a verdict.
A swing into a forced loss (after: opponent +M) is the strongest sign, and the place to
rerun Qi (`qi move gomoku --moves ... --movetime 1000`) to see what it thought.

This only talks to Rapfi over the Gomocup protocol; nothing of Rapfi is in the repository.
"""
import argparse
import os
import re
import subprocess
import sys

RULES = {"freestyle": 0, "standard": 1, "renju": 4}
MATE = 30000


def parse_games(text):
    """Yields (black, white, result, rule, moves, size) per SGF tree; moves are (x, y)."""
    for tree in re.findall(r"\(;FF.*?\)", text, re.S):
        tag = lambda name: (re.search(name + r"\[([^\]]*)\]", tree) or [None, ""])[1]
        moves = [
            (ord(a) - 97, ord(b) - 97)
            for a, b in re.findall(r";[BW]\[([a-z])([a-z])\]", tree)
        ]
        yield tag("PB"), tag("PW"), tag("RE"), tag("RU") or "freestyle", moves, int(tag("SZ") or 15)


def score(text):
    """Rapfi's evaluation text as a number for the side to move (None: no value)."""
    if text.startswith("+M"):
        return MATE - int(text[2:])
    if text.startswith("-M"):
        return -MATE + int(text[2:])
    try:
        return int(text)
    except ValueError:
        return None


def evaluate(rapfi, moves, rule, ms):
    """Rapfi's last reported evaluation of the position after `moves`, side to move's view."""
    me = len(moves) % 2
    lines = [
        "START 15",
        f"INFO rule {RULES.get(rule, 0)}",
        f"INFO timeout_turn {ms}",
        "INFO timeout_match 100000000",
        "INFO show_detail 1",
        "BOARD",
    ]
    lines += [f"{x},{y},{1 if i % 2 == me else 2}" for i, (x, y) in enumerate(moves)]
    lines.append("DONE")
    engine = subprocess.Popen(
        [os.path.abspath(rapfi)],
        cwd=os.path.dirname(os.path.abspath(rapfi)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    engine.stdin.write("\n".join(lines) + "\n")
    engine.stdin.flush()
    last = None
    # END only after the move: Rapfi reads commands while it thinks, and END stops it.
    for line in engine.stdout:
        line = line.strip()
        found = re.search(r"Eval (\S+)", line)
        if found:
            last = found.group(1)
        if re.fullmatch(r"\d+,\d+", line):
            break
    engine.stdin.write("END\n")
    engine.stdin.flush()
    try:
        engine.wait(timeout=10)
    except subprocess.TimeoutExpired:
        engine.kill()
    return last or "?"


def name(p):
    x, y = p
    return "abcdefghijklmnopqrstuvwxyz"[x] + str(y + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games")
    ap.add_argument("rapfi")
    ap.add_argument("--player", default="Qi")
    ap.add_argument("--ms", type=int, default=500)
    ap.add_argument("--min-swing", type=int, default=150)
    ap.add_argument("--lost-only", action="store_true", help="only games the player lost")
    args = ap.parse_args()
    with open(args.games) as f:
        games = list(parse_games(f.read()))
    checked = swings = into_loss = 0
    for number, (black, white, result, rule, moves, _) in enumerate(games, 1):
        if args.player not in (black, white):
            continue
        colour = 0 if black == args.player else 1
        lost = result.startswith("W+" if colour == 0 else "B+")
        if args.lost_only and not lost:
            continue
        print(f"game {number}: {black} - {white}, {result}, {rule}, {len(moves)} moves", flush=True)
        # The opening's three stones are given; the player's first own move comes after.
        for k in range(3 + (colour == 0), len(moves) - 1, 2):
            before_text = evaluate(args.rapfi, moves[:k], rule, args.ms)
            after_text = evaluate(args.rapfi, moves[: k + 1], rule, args.ms)
            before, after = score(before_text), score(after_text)
            checked += 1
            if before is None or after is None:
                continue
            swing = before + after  # after is the opponent's view: the mover's is -after
            if swing >= args.min_swing:
                swings += 1
                worst = after_text.startswith("+M") and not before_text.startswith("-M")
                into_loss += worst
                print(
                    f"  move {k + 1} {name(moves[k])}: before {before_text},"
                    f" after {after_text} for the opponent"
                    + (" (into a forced loss)" if worst else ""),
                    flush=True,
                )
    print(f"{checked} moves checked, {swings} swings of {args.min_swing} or more, {into_loss} into a forced loss")


if __name__ == "__main__":
    sys.exit(main())
