#!/usr/bin/env python3
"""Compares Slither's findings with the accepted ones, and fails on any other.

Usage: slither-triage.py RESULTS.json ACCEPTED.txt

RESULTS.json is what `slither ... --json FILE` wrote. ACCEPTED.txt holds one accepted finding per line, as
`<detector>: <first line of its description>` with the source locations (`(contracts/X.sol#12-34)`) taken
out, so that moving code does not change a key but changing the flagged code does; `#` starts a comment. Each
accepted finding is justified in docs/security.md.

Exit status: 0 when every finding is accepted, 1 when there is a new one (listed), 2 when Slither itself failed.
Accepted findings that no longer occur are listed as stale, without failing.
"""

import json
import re
import sys

LOCATION = re.compile(r"\s*\([^()]*#\d+(?:-\d+)?\)")


def key(result):
    first_line = result["description"].strip().splitlines()[0]
    return f"{result['check']}: {LOCATION.sub('', first_line).strip()}"


def main(results_path, accepted_path):
    with open(results_path, encoding="utf-8") as f:
        report = json.load(f)
    if not report.get("success"):
        print(f"slither failed: {report.get('error')}", file=sys.stderr)
        return 2
    found = {}
    for result in report.get("results", {}).get("detectors", []):
        found.setdefault(key(result), result)
    with open(accepted_path, encoding="utf-8") as f:
        accepted = {line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")}

    new = sorted(set(found) - accepted)
    stale = sorted(accepted - set(found))
    for k in sorted(set(found) & accepted):
        print(f"accepted  {k}")
    for k in stale:
        print(f"stale     {k}  (no longer reported: remove it from {accepted_path})")
    for k in new:
        result = found[k]
        print(f"NEW       {k}  [{result['impact']} impact, {result['confidence']} confidence]")
        print("          " + result["description"].strip().replace("\n", "\n          "))
    if new:
        print(
            f"\n{len(new)} finding(s) neither fixed nor justified: fix them, or justify them in docs/security.md "
            f"and add their keys to {accepted_path}",
            file=sys.stderr,
        )
        return 1
    print(f"slither: {len(found)} finding(s), all accepted in {accepted_path}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
