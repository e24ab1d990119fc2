"""Which reasons of the review's explanations tell the turn played from the better one:
``python -m lab.explain_words [--nodes N] [--before FILE] [--show] RECORD...``.

Reviews each record (ours or LittleGolem's) at N nodes a position (default 3,000, the command
line's), explains its marked turns (:mod:`tzaar.study.explain`) and counts over them: the
reasons said (each a sentence; "Better: ..." is not one), those that tell the two turns apart
(:func:`tzaar.study.explain_facts.tells_apart`: the reason's fact read on the other turn's
line too, and not holding there), the marked turns said with the better turn alone, and the
explanations' CPU seconds.  With ``--before FILE`` (an earlier ``explain.py``, e.g. saved with
``git show COMMIT:tzaar/study/explain.py``) the same reviews are explained by it too, in the same
run, and its reasons judged by the same test.  ``--show`` prints each marked turn's reasons.
Figures in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections import Counter

from tzaar.ai.review import review_game
from tzaar.records.either import read_any_record
from tzaar.study import explain
from tzaar.study.explain_facts import Lines, tells_apart
from tzaar.study.explain_text import explanation_text


def load_explain(path: str):
    """The module of an earlier ``explain.py`` at ``path``, imported inside ``tzaar.study``
    (its relative imports read today's modules)."""
    spec = importlib.util.spec_from_file_location("tzaar.study._explain_before", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Tally:
    """What one version of the explanations said over the marked turns."""

    def __init__(self, name: str):
        self.name = name
        self.turns = self.reasons = self.apart = self.bare = 0
        self.codes: Counter = Counter()
        self.seconds = 0.0

    def add(self, lines: Lines, explanation: dict) -> list:
        """Count one marked turn's ``explanation``; its reasons ``(achieved, reason, apart)``."""
        self.turns += 1
        out = [(False, r) for r in explanation["reasons"]] + [(True, r) for r in explanation["better"]]
        self.bare += not out
        judged = []
        for achieved, reason in out:
            apart = tells_apart(lines, reason, achieved)
            self.reasons += 1
            self.apart += apart
            self.codes[("better " if achieved else "") + reason["code"]] += 1
            judged.append((achieved, reason, apart))
        return judged

    def text(self) -> str:
        codes = ", ".join(f"{code} {n}" for code, n in sorted(self.codes.items()))
        return (f"{self.name}: {self.reasons} reasons said on {self.turns} marked turns, {self.apart} tell the turns "
                f"apart; {self.bare} turns with the better turn alone; {self.seconds:.2f} s CPU\n    ({codes})")


def _said(reason: dict, achieved: bool, turn) -> str:
    try:
        explanation = {"reasons": [] if achieved else [reason], "better": [reason] if achieved else []}
        return explanation_text(explanation, turn.actions, turn.best)[0]
    except (KeyError, ValueError, IndexError):
        return f"[{reason['code']} {reason['params']}]"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.explain_words", description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", metavar="RECORD")
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--before", metavar="FILE", help="an earlier explain.py, run on the same reviews")
    parser.add_argument("--show", action="store_true", help="print each marked turn's reasons")
    args = parser.parse_args(argv)
    versions = [(Tally("now"), explain)]
    if args.before:
        versions.insert(0, (Tally("before"), load_explain(args.before)))
    for path in args.records:
        with open(path, encoding="utf-8") as f:
            record = read_any_record(f.read())
        result = review_game(record.start, record.actions, args.nodes)
        pos = record.start
        for turn in result.turns:
            if turn.mark:
                lines = Lines(pos, turn.actions, turn.best, turn.reply, turn.better_reply, explain.SOLVE_NODES)
                if args.show:
                    print(f"{path} {turn.number}. {turn.actions} better {turn.best}")
                for tally, module in versions:
                    start = time.process_time()
                    explanation = module.explain_turn(pos, turn.actions, turn.best, turn.reply, turn.better_reply)
                    tally.seconds += time.process_time() - start
                    for achieved, reason, apart in tally.add(lines, explanation):
                        if args.show:
                            print(f"    {tally.name} {'apart' if apart else 'BOTH '} {_said(reason, achieved, turn)}")
            pos = pos.play(turn.actions)
    print(f"{len(args.records)} records reviewed at {args.nodes} nodes a position")
    for tally, _ in versions:
        print(tally.text())


if __name__ == "__main__":
    main()
