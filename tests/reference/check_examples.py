"""Run every case of /work/shared/examples.json through refimpl.outcomes and
compare with the expected outcomes (fields pawns, to_move, doubles, cut,
winner, finished; compared as sets).

    python3 tests/reference/check_examples.py [PATH_TO_EXAMPLES_JSON]
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from refimpl import outcomes

FIELDS = ("pawns", "to_move", "doubles", "cut", "winner", "finished")
DEFAULT_PATH = "/work/shared/examples.json"


def key(outcome: dict) -> str:
    sub = {f: outcome.get(f) for f in FIELDS}
    sub["pawns"] = {c: sorted(v) for c, v in sub["pawns"].items()}
    return json.dumps(sub, sort_keys=True)


def main(argv):
    path = argv[1] if len(argv) > 1 else DEFAULT_PATH
    with open(path) as fh:
        cases = json.load(fh)["cases"]
    passed = failed = 0
    for case in cases:
        try:
            got = {key(o) for o in outcomes(case["position"], tuple(case["throw"]))}
        except Exception as exc:  # report, don't stop
            got = {f"<exception {type(exc).__name__}: {exc}>"}
        want = {key(o) for o in case["outcomes"]}
        if got == want:
            passed += 1
            print(f"PASS {case['id']}  ({len(want)} outcomes)")
        else:
            failed += 1
            print(f"FAIL {case['id']}  {case.get('title', '')}")
            for k in sorted(want - got):
                print(f"   missing:    {k}")
            for k in sorted(got - want):
                print(f"   unexpected: {k}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
