#!/usr/bin/env python3
"""The score of `utf8x`'s mojibake repair on ftfy's published test cases
(cli/tests/data/ftfy/, ftfy 6.3.1): each case not listed as a known failure goes through
`utf8x convert --mojibake`, and its result is compared with the case's `fixed-encoding` (else
`fixed`). Prints the negative cases left unchanged, the others restored, and, where the ftfy
package is importable (`pip install ftfy==6.3.1`), ftfy's own score on the same cases; `-v`
lists the cases that differ.

Usage: scripts/mojibake-score.py [-v] BINARY
"""

import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "cli", "tests", "data", "ftfy")


def main():
    verbose = "-v" in sys.argv
    binary = [a for a in sys.argv[1:] if a != "-v"][0]
    try:
        import ftfy
    except ImportError:
        ftfy = None
    score = {"utf8x": [0, 0, 0, 0], "ftfy": [0, 0, 0, 0]}
    for path in sorted(glob.glob(os.path.join(DATA, "*.json"))):
        name = os.path.basename(path)
        if name == "known-failures.json":
            continue
        for case in json.load(open(path, encoding="utf-8")):
            if case["expect"] != "pass":
                continue
            want = case.get("fixed-encoding", case["fixed"])
            run = subprocess.run(
                [binary, "convert", "--mojibake"],
                input=case["original"].encode(),
                capture_output=True,
                check=True,
            )
            results = {"utf8x": run.stdout.decode("utf-8")}
            if ftfy:
                results["ftfy"] = ftfy.fix_encoding(case["original"])
            for who, got in results.items():
                slot = 0 if name == "negative.json" else 2
                score[who][slot] += got == want
                score[who][slot + 1] += 1
                if verbose and got != want and who == "utf8x":
                    print(f"{name}: {case['original']!r}\n  expected {want!r}\n  got      {got!r}")
    for who, (neg, negs, pos, poss) in score.items():
        if poss:
            print(
                f"{who}: negative cases unchanged {neg} of {negs}; others restored {pos} of "
                f"{poss}; together {neg + pos} of {negs + poss}"
            )


if __name__ == "__main__":
    main()
