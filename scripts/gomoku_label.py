#!/usr/bin/env python3
"""Labels gomoku tuning positions with Rapfi's judgement instead of the game's result.

    scripts/gomoku_label.py POSITIONS.txt RAPFI OUT.txt [--nodes 20000] [--jobs 2]
                            [--scale 200] [--max-stones 70]

POSITIONS.txt is a data file as `qi tune gomoku positions` writes it: one position a line,
`RULE SIZE MOVES | result`. RAPFI is a Rapfi `pbrain` binary (../shared/engines/README.md;
it must find its config.toml in its own folder). Rapfi searches each position for --nodes
nodes and reports its evaluation for the side to move; OUT.txt gets the same line with the
result replaced by Black's expected score from that evaluation, sigmoid(eval / --scale)
(Rapfi's own conversion of its units into a win rate, scale 200), written with three
decimals. A found forced win or loss gives 1 or 0. `qi tune gomoku fit --data OUT.txt`
then fits Qi's weights to Rapfi's judgement, a far less noisy target than one game's
result: every position of a lost game is not lost, and Rapfi sees it.

Positions with more than --max-stones stones are left out (0: none): a drawn game that
filled the board adds a hundred crowded positions unlike any decided game's.
The positions are shared among --jobs Rapfi processes, each kept running and sent one
BOARD after another. Lines whose evaluation Rapfi did not report are left out and counted.
This only talks to Rapfi over the Gomocup protocol; nothing of Rapfi is in the repository.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import threading
import time

RULES = {"freestyle": 0, "standard": 1, "renju": 4}


def point_xy(text):
    """`h8` -> (7, 7): column letter from `a`, row number from 1 (Qi's notation)."""
    return ord(text[0]) - 97, int(text[1:]) - 1


def black_score(eval_text, black_to_move, scale):
    """Black's expected score from Rapfi's evaluation text for the side to move."""
    if eval_text.startswith("+M"):
        mover = 1.0
    elif eval_text.startswith("-M"):
        mover = 0.0
    else:
        mover = 1.0 / (1.0 + math.exp(-int(eval_text) / scale))
    return mover if black_to_move else 1.0 - mover


class Rapfi:
    """One Rapfi process that evaluates positions of one rule and size, one at a time."""

    def __init__(self, path, nodes):
        self.nodes = nodes
        self.setup = None
        self.last_move = None
        self.proc = subprocess.Popen(
            [os.path.abspath(path)],
            cwd=os.path.dirname(os.path.abspath(path)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, lines):
        self.proc.stdin.write("\n".join(lines) + "\n")
        self.proc.stdin.flush()

    def evaluate(self, rule, size, moves):
        """Rapfi's last reported evaluation (text) of the position, or None; the move it
        chose is left in `last_move` ((x, y), or None)."""
        if self.setup != (rule, size):
            self.send(
                [
                    f"START {size}",
                    f"INFO rule {RULES[rule]}",
                    f"INFO max_node {self.nodes}",
                    "INFO timeout_turn 60000",
                    "INFO timeout_match 100000000",
                    "INFO show_detail 1",
                ]
            )
            self.setup = (rule, size)
        me = len(moves) % 2
        lines = ["BOARD"]
        lines += [f"{x},{y},{1 if i % 2 == me else 2}" for i, (x, y) in enumerate(moves)]
        lines.append("DONE")
        self.send(lines)
        last, failed = None, False
        self.last_move = None
        for line in self.proc.stdout:
            line = line.strip()
            found = re.search(r"Eval (\S+)", line)
            if found:
                last = found.group(1)
            if line.startswith("ERROR"):
                failed = True
                break
            move = re.fullmatch(r"(\d+),(\d+)", line)
            if move:
                self.last_move = (int(move.group(1)), int(move.group(2)))
                break
        # Rapfi prints its move a moment before it takes commands again, and drops what
        # comes in between: wait, and after an error read up to a fresh ABOUT's answer
        # so the next position's output is its own.
        time.sleep(0.005)
        if failed:
            self.send(["ABOUT"])
            for line in self.proc.stdout:
                if "name=" in line:
                    break
            return None
        return last

    def close(self):
        try:
            self.send(["END"])
            self.proc.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.proc.kill()


def record(out, i, line, counts, lock):
    """Stores labelled line `i` and reports progress every 1000 lines (the workers share
    `out` and `counts` under `lock`)."""
    with lock:
        out[i] = line
        counts["done"] += 1
        if counts["done"] % 1000 == 0:
            print(f"{counts['done']} labelled", file=sys.stderr, flush=True)


def label(indices, positions, rapfi, nodes, scale, out, counts, lock):
    """Labels positions[i] for each i of `indices` into out[i] (None: no evaluation)."""
    engine = Rapfi(rapfi, nodes)
    try:
        for i in indices:
            position = positions[i]
            words = position.split()
            rule, size, moves = words[0], int(words[1]), [point_xy(w) for w in words[2:]]
            text = engine.evaluate(rule, size, moves) if rule in RULES else None
            if text is None or not re.fullmatch(r"[+-]M\d+|-?\d+", text):
                with lock:
                    counts["missing"] += 1
                continue
            score = black_score(text, len(moves) % 2 == 0, scale)
            record(out, i, f"{position} | {score:.3f}", counts, lock)
    finally:
        engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("positions")
    parser.add_argument("rapfi")
    parser.add_argument("out")
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scale", type=float, default=200.0)
    parser.add_argument("--max-stones", type=int, default=70)
    args = parser.parse_args()
    with open(args.positions) as f:
        positions = [
            line.rsplit("|", 1)[0].strip()
            for line in f
            if line.strip() and not line.startswith("#") and "|" in line
        ]
    if args.max_stones > 0:
        positions = [p for p in positions if len(p.split()) - 2 <= args.max_stones]
    out, counts, lock = [None] * len(positions), {"done": 0, "missing": 0}, threading.Lock()
    shares = [range(j, len(positions), args.jobs) for j in range(args.jobs)]
    workers = [
        threading.Thread(
            target=label,
            args=(share, positions, args.rapfi, args.nodes, args.scale, out, counts, lock)
        )
        for share in shares
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    out = [line for line in out if line is not None]
    with open(args.out, "w") as f:
        f.write(
            f"# {len(out)} positions of {args.positions} labelled by Rapfi at {args.nodes} "
            f"nodes: Black's score = sigmoid(eval / {args.scale:g})\n"
        )
        f.write("".join(line + "\n" for line in out))
    print(f"{counts['done']} labelled, {counts['missing']} without an evaluation", file=sys.stderr)


if __name__ == "__main__":
    main()
