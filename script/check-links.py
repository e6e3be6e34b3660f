#!/usr/bin/env python3
"""Fails on a broken relative link in README.md or anywhere under docs/ (the built book, docs/book/, left out).

Every markdown link and image that is not a URL must name a file or folder that exists, and a `#anchor` into a
markdown page must name one of its headings (as mdBook and forges make ids: lower case, spaces to `-`, other
punctuation dropped). A book chapter that is `{{#include …}}` of a page elsewhere is checked twice, as the page
(links relative to where it lives) and as the chapter (relative to the chapter, which is how the book renders it),
so a page that moves or a link that only works in one of the two places fails here. mdBook itself only warns.

Usage: python3 script/check-links.py [ROOT]   (ROOT defaults to the repository this script is in)
"""

import re
import sys
from pathlib import Path

FENCE = re.compile(r"^(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INCLUDE = re.compile(r"(?<!\\)\{\{#include\s+([^}\s]+)\s*\}\}")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
HTML_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']([^"']+)["']""")
URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def expand(path: Path, seen: tuple = ()) -> str:
    """The page's text with every {{#include}} replaced by the included file (as mdBook's links preprocessor)."""
    if path in seen:
        raise ValueError(f"{path}: includes itself")
    text = path.read_text(encoding="utf-8")

    def included(match: re.Match) -> str:
        target = (path.parent / match.group(1).split(":", 1)[0]).resolve()
        return expand(target, seen + (path,)) if target.is_file() else match.group(0)

    return INCLUDE.sub(included, text)


def prose_lines(text: str, keep_code: bool = False):
    """(line number, line) for every line outside fenced code blocks, its code spans blanked unless keep_code."""
    in_fence = None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line.lstrip())
        if fence:
            if in_fence is None:
                in_fence = fence.group(1)
            elif fence.group(1) == in_fence:
                in_fence = None
            continue
        if in_fence is None:
            yield number, line if keep_code else INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading: str) -> str:
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").strip().lower()
    return "".join(
        "-" if ch.isspace() else ch for ch in text if ch.isalnum() or ch in "-_" or ch.isspace()
    )


def anchors(page: Path) -> set:
    ids, counts = set(), {}
    text = expand(page)
    for _, line in prose_lines(text, keep_code=True):
        ids.update(HTML_ID.findall(line))
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(1))
            n = counts.get(base, 0)
            counts[base] = n + 1
            ids.add(base if n == 0 else f"{base}-{n}")
    return ids


def check(text: str, base: Path, shown: str, problems: list, cache: dict):
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1)
            if URL.match(target):
                continue
            path_part, _, anchor = target.partition("#")
            resolved = (base / path_part).resolve() if path_part else None
            where = f"{shown}:{number}: ({target})"
            if resolved is not None and not resolved.exists():
                problems.append(f"{where} no such file: {resolved}")
                continue
            if not anchor:
                continue
            page = resolved or None
            if page is None:
                continue  # an anchor into the page itself is checked below with the page's own ids
            if page.suffix != ".md":
                continue
            if page not in cache:
                cache[page] = anchors(page)
            if anchor not in cache[page]:
                problems.append(f"{where} no heading '#{anchor}' in {page.name}")


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    pages = [root / "README.md"] + sorted(
        p for p in (root / "docs").rglob("*.md") if (root / "docs" / "book") not in p.parents
    )
    problems, cache = [], {}
    for page in pages:
        shown = str(page.relative_to(root))
        raw = page.read_text(encoding="utf-8")
        for number, line in prose_lines(raw):
            for include in INCLUDE.finditer(line):
                target = (page.parent / include.group(1).split(":", 1)[0]).resolve()
                if not target.is_file():
                    problems.append(f"{shown}:{number}: {{{{#include {include.group(1)}}}}} no such file: {target}")
        text = expand(page)
        check(text, page.parent, shown + (" (with its includes)" if text != raw else ""), problems, cache)
        own = anchors(page)
        for number, line in prose_lines(text):
            for match in LINK.finditer(line):
                target = match.group(1)
                if target.startswith("#") and target[1:] not in own:
                    problems.append(f"{shown}:{number}: ({target}) no such heading on this page")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"links: {len(pages)} pages checked, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
