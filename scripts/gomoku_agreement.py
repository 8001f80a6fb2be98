#!/usr/bin/env python3
"""How often Qi chooses the move a stronger engine chose: a quick screen for evaluation changes.

    scripts/gomoku_agreement.py QI LABELS.txt [--nodes 10000] [--first 0] [--count 2000]
                                [--max-eval 1500] [--jobs 2] [--against QI2]
                                [--env NAME=VALUE ...] [--env2 NAME=VALUE ...]

LABELS.txt is what `scripts/gomoku_label_moves.py` writes: one position a line,
`RULE SIZE MOVES | best eval`, the other engine's move and its evaluation for the side to
move. Positions whose evaluation is a found win or loss (`+M…`, `-M…`), missing, or beyond
--max-eval are left out: there the move is forced or any move does. From the --first
line on (comment lines not counted), --count positions are kept, and `QI move gomoku
--nodes N --json` is run on each, --jobs at a time. A node limit makes every run
repeatable, so two builds (or one build under two environments) compare on the same
positions: --against QI2 (with --env2) runs the second on them too and prints both shares,
how many positions only one of them got right, and a sign test on those.

Move agreement is a coarse guide to strength at best (docs/gomoku-strength.md, 2026-11-29):
a change that loses agreement can be dropped before its SPRT, but one that gains it still
needs the SPRT (the fitted move ordering gained 27 of 2 000 and played +0.7 ± 12.2 Elo).
"""
import argparse
import json
import math
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def read_positions(path, first, count, max_eval):
    """The kept positions, as (rule, size, moves text, best move)."""
    kept = []
    try:
        with open(path) as f:
            lines = [line for line in f if line.strip() and not line.startswith("#")]
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    for number, line in enumerate(lines[first:], start=first + 1):
        position, _, label = line.partition("|")
        words, label_words = position.split(), label.split()
        if len(words) < 2 or not label_words:
            sys.exit(f"{path}: line {number}: expected 'RULE SIZE MOVES | best eval'")
        evaluation = label_words[1] if len(label_words) > 1 else "None"
        try:
            if abs(int(evaluation)) > max_eval:
                continue
        except ValueError:
            continue  # a found win or loss, or no evaluation
        kept.append((words[0], words[1], " ".join(words[2:]), label_words[0]))
        if len(kept) >= count:
            break
    return kept


def choices(qi, positions, nodes, jobs, env_pairs):
    """Qi's move in each position (None where it gave none)."""
    env = dict(os.environ)
    for pair in env_pairs:
        name, _, value = pair.partition("=")
        env[name] = value

    def one(position):
        rule, size, moves, _ = position
        command = [qi, "move", "gomoku", "--rule", rule, "--size", size, "--moves", moves,
                   "--nodes", str(nodes), "--json"]
        result = subprocess.run(command, capture_output=True, text=True, env=env)
        for line in result.stdout.splitlines():
            try:
                return json.loads(line).get("move")
            except json.JSONDecodeError:
                continue
        return None

    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(one, positions))


def sign_test(wins, losses):
    """Two-sided p-value of `wins` against `losses` under a fair coin (normal approximation
    with continuity correction; exact enough from a dozen discordant positions)."""
    n = wins + losses
    if n == 0:
        return 1.0
    z = (abs(wins - losses) - 1) / math.sqrt(n)
    return math.erfc(max(z, 0.0) / math.sqrt(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("qi")
    parser.add_argument("labels")
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--max-eval", type=int, default=1500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against")
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--env2", action="append", default=[])
    args = parser.parse_args()
    if args.nodes < 1 or args.count < 1 or args.jobs < 1 or args.first < 0:
        sys.exit("--nodes, --count and --jobs must be positive, --first not negative")
    for qi in filter(None, [args.qi, args.against]):
        if not (os.path.isfile(qi) and os.access(qi, os.X_OK)):
            sys.exit(f"{qi}: not an executable file")
    positions = read_positions(args.labels, args.first, args.count, args.max_eval)
    if not positions:
        sys.exit(f"{args.labels}: no position kept")
    best = [p[3] for p in positions]
    first = choices(args.qi, positions, args.nodes, args.jobs, args.env)
    agree = [a == b for a, b in zip(first, best)]
    n = len(positions)
    print(f"{args.qi}: {sum(agree)}/{n} = {sum(agree) / n:.3f} at {args.nodes} nodes")
    if args.against:
        second = choices(args.against, positions, args.nodes, args.jobs, args.env2)
        agree2 = [a == b for a, b in zip(second, best)]
        only_first = sum(a and not b for a, b in zip(agree, agree2))
        only_second = sum(b and not a for a, b in zip(agree, agree2))
        print(f"{args.against}: {sum(agree2)}/{n} = {sum(agree2) / n:.3f}")
        print(f"only the first agrees: {only_first}, only the second: {only_second}, "
              f"sign test p = {sign_test(only_first, only_second):.3f}")


if __name__ == "__main__":
    main()
