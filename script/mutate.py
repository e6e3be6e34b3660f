#!/usr/bin/env python3
"""Generates the one-token mutants of the shipped contracts, as JSON on stdout (or into --out).

    python3 script/mutate.py [--out FILE]

Nobody chooses these mutants: every code line of contracts/TicTacToe.sol, contracts/SoloTicTacToe.sol and
contracts/Board.sol (comments and NatSpec left out) is mutated by every operator below, one change per mutant:

  cmp     each comparison flipped: < <=, > >=, == != (each to its boundary twin or its negation)
  bool    && ||, and each `!x` without its negation; true false
  const   each integer literal +1 and -1 (decimal and hex), each enum member to its neighbours
  shift   << >> (and Yul's shl shr)
  mask    & | (and Yul's and or), `~x` without its complement; each use of a *_SHIFT, *_MASK, *_MAX, *_FIELD
          constant swapped for the next one of its kind declared in the same file
  yul     lt gt, add sub
  credit  each argument of each `_credit(...)` call replaced by another argument used at that position (or 0)
  emit    each argument of each `emit` replaced by another expression of the same type in that emit, by what
          other emits of that event pass there, or (enum arguments) by the enum's other members
  revert  each line that reverts removed (`revert`, `require`, and calls of the `_revert*` helpers)

A mutant is {id, file, line, original, mutated, operator}; `id` is stable for the same source (file stem, line,
operator and a counter within the line). Mutants whose mutated file is identical to another's are dropped here;
script/mutants.py then finds the ones equal by compiled bytecode.
"""

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ["contracts/TicTacToe.sol", "contracts/SoloTicTacToe.sol", "contracts/Board.sol"]
INTERFACES = [
    "contracts/interfaces/ITicTacToe.sol",
    "contracts/interfaces/ITicTacToeTimeBank.sol",
    "contracts/interfaces/ISoloTicTacToe.sol",
]


def code_part(line: str) -> tuple[str, str]:
    """The line's code and its trailing `//` comment (kept unmutated). Strings here hold no `//`."""
    index = line.find("//")
    return (line, "") if index < 0 else (line[:index], line[index:])


def is_code(line: str) -> bool:
    stripped = line.strip()
    if not stripped or stripped.startswith(("//", "/*", "*", "pragma", "import", "error ", "event ")):
        return False
    return True


def enums() -> dict[str, list[str]]:
    found = {}
    for path in INTERFACES:
        text = (ROOT / path).read_text(encoding="utf-8")
        text = re.sub(r"//[^\n]*", "", text)
        for name, body in re.findall(r"enum\s+(\w+)\s*\{([^}]*)\}", text):
            found[name] = [m.strip() for m in body.split(",") if m.strip()]
    return found


def events() -> dict[str, list[str]]:
    """Event name -> its parameter types (the same name in both interfaces: the PvP one wins for TicTacToe, see
    `event_types`)."""
    found = {}
    for path in INTERFACES:
        text = re.sub(r"//[^\n]*", "", (ROOT / path).read_text(encoding="utf-8"))
        for name, params in re.findall(r"event\s+(\w+)\s*\(([^)]*)\)", text):
            types = [p.split()[0] for p in params.split(",") if p.strip()]
            found[(Path(path).stem, name)] = types
    return found


def split_args(text: str) -> list[tuple[int, int]]:
    """Spans of the top-level comma-separated arguments in `text` (the inside of a call's parentheses)."""
    spans, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(text)))
    trimmed = []
    for a, b in spans:
        part = text[a:b]
        trimmed.append((a + len(part) - len(part.lstrip()), b - (len(part) - len(part.rstrip()))))
    return trimmed


def call_args(code: str, name_pattern: str):
    """Yields (name, open index, close index) for each call whose name matches, with balanced parentheses on the
    line (calls spanning lines are skipped)."""
    for match in re.finditer(name_pattern, code):
        open_index = match.end() - 1
        depth = 0
        for i in range(open_index, len(code)):
            if code[i] == "(":
                depth += 1
            elif code[i] == ")":
                depth -= 1
                if depth == 0:
                    yield match.group(1), open_index, i
                    break


OPERATORS = [
    # (operator, regex on code, replacements); the regexes keep clear of <<, >>, =>, &&, ||, &=, |=.
    ("cmp", r"(?<![<>=!])<(?![<=])", ["<="]),
    ("cmp", r"(?<![<>=!])<=", ["<"]),
    ("cmp", r"(?<![<>=-])>(?![>=])", [">="]),
    ("cmp", r"(?<![<>=])>=", [">"]),
    ("cmp", r"==", ["!="]),
    ("cmp", r"!=", ["=="]),
    ("bool", r"&&", ["||"]),
    ("bool", r"\|\|", ["&&"]),
    ("bool", r"!(?!=)", [""]),
    ("bool", r"\btrue\b", ["false"]),
    ("bool", r"\bfalse\b", ["true"]),
    ("shift", r"<<", [">>"]),
    ("shift", r">>", ["<<"]),
    ("mask", r"(?<![&])&(?![&=])", ["|"]),
    ("mask", r"(?<![|])\|(?![|=])", ["&"]),
    ("mask", r"~", [""]),
    ("shift", r"\bshl\(", ["shr("]),
    ("shift", r"\bshr\(", ["shl("]),
    ("mask", r"\band\(", ["or("]),
    ("mask", r"\bor\(", ["and("]),
    ("yul", r"\blt\(", ["gt("]),
    ("yul", r"\bgt\(", ["lt("]),
    ("yul", r"\badd\(", ["sub("]),
    ("yul", r"\bsub\(", ["add("]),
]

NUMBER = re.compile(r"(?<![\w.])(0x[0-9a-fA-F]+|\d+)(?![\w.])")


def literal_mutations(code: str):
    for match in NUMBER.finditer(code):
        text = match.group(1)
        value = int(text, 16) if text.startswith("0x") else int(text)
        for delta in (1, -1):
            new = value + delta
            if new < 0:
                continue
            # Keep the literal's width for hex (a 32-byte constant stays 32 bytes), so solc types it the same.
            shown = f"0x{new:0{len(text) - 2}x}" if text.startswith("0x") else str(new)
            yield "const", match.start(), match.end(), shown


def constant_groups(source: str) -> dict[str, str]:
    """Each *_SHIFT, *_MASK, *_MAX, *_FIELD constant -> the next one of its kind declared in the file (cyclic)."""
    names = re.findall(r"constant\s+(_\w+)\s*=", source)
    nxt = {}
    for suffix in ("_SHIFT", "_MASK", "_MAX", "_FIELD"):
        group = [n for n in names if n.endswith(suffix)]
        if len(group) > 1:
            for i, name in enumerate(group):
                nxt[name] = group[(i + 1) % len(group)]
    return nxt


def generate() -> list[dict]:
    all_enums = enums()
    all_events = events()
    mutants = []
    for path in FILES:
        source = (ROOT / path).read_text(encoding="utf-8")
        lines = source.split("\n")
        stem = Path(path).stem
        interface = "ITicTacToe" if stem == "TicTacToe" else "ISoloTicTacToe"
        swaps = constant_groups(source)
        # What each event's emits and each `_credit` pass at each position, across the file.
        emitted: dict[tuple[str, int], set[str]] = {}
        credited: dict[int, set[str]] = {}
        for line in lines:
            code, _ = code_part(line)
            if not is_code(line):
                continue
            for name, a, b in call_args(code, r"\bemit\s+(\w+)\("):
                for pos, (s, e) in enumerate(split_args(code[a + 1 : b])):
                    emitted.setdefault((name, pos), set()).add(code[a + 1 : b][s:e])
            for name, a, b in call_args(code, r"\b(_credit)\("):
                if "function" in code:
                    continue
                for pos, (s, e) in enumerate(split_args(code[a + 1 : b])):
                    credited.setdefault(pos, set()).add(code[a + 1 : b][s:e])

        for number, line in enumerate(lines, start=1):
            if not is_code(line):
                continue
            code, comment = code_part(line)
            changes = []  # (operator, start, end, replacement)
            for operator, pattern, replacements in OPERATORS:
                for match in re.finditer(pattern, code):
                    for replacement in replacements:
                        changes.append((operator, match.start(), match.end(), replacement))
            if not re.search(r"\bconstant\b.*=\s*uint256\(uint8\(", code):
                changes.extend(literal_mutations(code))
            for match in re.finditer(r"\b(" + "|".join(all_enums) + r")\.(\w+)\b", code):
                members = all_enums[match.group(1)]
                if match.group(2) not in members:
                    continue
                i = members.index(match.group(2))
                for j in (i - 1, i + 1):
                    if 0 <= j < len(members):
                        changes.append(("const", match.start(2), match.end(2), members[j]))
            for match in re.finditer(r"\b_\w+\b", code):
                if match.group(0) in swaps and not re.search(r"\bconstant\s+" + match.group(0) + r"\b", code):
                    changes.append(("mask", match.start(), match.end(), swaps[match.group(0)]))
            if "function" not in code:
                for _, a, b in call_args(code, r"\b(_credit)\("):
                    inner = code[a + 1 : b]
                    for pos, (s, e) in enumerate(split_args(inner)):
                        current = inner[s:e]
                        others = sorted(credited.get(pos, set()) - {current})
                        if pos == 1:
                            others.append("0")
                        for other in others:
                            changes.append(("credit", a + 1 + s, a + 1 + e, other))
            for name, a, b in call_args(code, r"\bemit\s+(\w+)\("):
                types = all_events.get((interface, name)) or []
                inner = code[a + 1 : b]
                spans = split_args(inner)
                for pos, (s, e) in enumerate(spans):
                    current = inner[s:e]
                    kind = types[pos] if pos < len(types) else None
                    candidates = set(emitted.get((name, pos), set()))
                    for other_pos, (s2, e2) in enumerate(spans):
                        if other_pos != pos and kind and other_pos < len(types) and types[other_pos] == kind:
                            candidates.add(inner[s2:e2])
                    if kind in all_enums:
                        candidates.update(f"{kind}.{m}" for m in all_enums[kind])
                    elif kind == "address":
                        candidates.update({"address(0)", "msg.sender"})
                    elif kind and kind.startswith("uint"):
                        candidates.add("0")
                    for other in sorted(candidates - {current}):
                        changes.append(("emit", a + 1 + s, a + 1 + e, other))
            stripped = code.strip()
            if re.search(r"\brevert\b|\brequire\(|\b_revert\w*\(", code) and not stripped.startswith("function"):
                changes.append(("revert", 0, len(line), None))

            counters: dict[str, int] = {}
            for operator, start, end, replacement in changes:
                if replacement is None:
                    mutated = ""
                else:
                    mutated = code[:start] + replacement + code[end:] + comment
                if mutated == line:
                    continue
                counters[operator] = counters.get(operator, 0) + 1
                mutants.append(
                    {
                        "id": f"{stem}-{number}-{operator}{counters[operator]}",
                        "file": path,
                        "line": number,
                        "operator": operator,
                        "original": line,
                        "mutated": mutated,
                    }
                )
    # One mutant per distinct mutated file.
    seen = set()
    unique = []
    for mutant in mutants:
        key = (mutant["file"], mutant["line"], mutant["mutated"])
        if key in seen:
            continue
        seen.add(key)
        unique.append(mutant)
    return unique


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out")
    args = parser.parse_args()
    mutants = generate()
    text = json.dumps(mutants, indent=1) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    counts = {}
    for m in mutants:
        counts[m["file"]] = counts.get(m["file"], 0) + 1
    print(f"mutate: {len(mutants)} mutants: {counts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
