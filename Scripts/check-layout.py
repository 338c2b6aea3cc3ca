#!/usr/bin/env python3
"""The layout rules of issue 28, checked on Sources/ (CI runs this; a developer runs it before a commit).

- no source file over 400 lines, except the embedded tables (files named Embedded*.swift);
- at most 10 functions (func, init, deinit, subscript, accessors, a computed property's
  `var x: T { ... }`) whose body spans over 60 lines;
- Sources/KMAForecastCLI at most 5,000 lines;
- every module of more than 25 Swift files has folders and a README.md floor plan.

Usage: Scripts/check-layout.py [--list]   (--list prints every long function, longest first)
Exit status 1 when a rule is broken, naming what breaks it.
"""
import os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
MAX_FILE, MAX_FUNC, MAX_LONG, MAX_CLI, MAX_FLAT = 400, 60, 10, 5000, 25
DECL = re.compile(r"^\s*(?:@[\w()., :\"]+\s+)*(?:(?:public|package|internal|private|fileprivate|open|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|dynamic|@inlinable|@usableFromInline|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<]|var\s+[^\s:]+(?=\s*:[^={]*\{))")


def strip(line, state):
    """The line with string literals and comments blanked, so braces inside them are not counted.
    state: dict with 'block' (inside /* */) and 'multi' (inside \"\"\" literal)."""
    out, i, n = [], 0, len(line)
    while i < n:
        if state["block"]:
            j = line.find("*/", i)
            if j < 0: return "".join(out)
            state["block"], i = False, j + 2
            continue
        if state["multi"]:
            j = line.find('"""', i)
            if j < 0: return "".join(out)
            state["multi"], i = False, j + 3
            continue
        c = line[i]
        if line.startswith("//", i): break
        if line.startswith("/*", i): state["block"], i = True, i + 2; continue
        if line.startswith('"""', i): state["multi"], i = True, i + 3; continue
        if c == '"':
            i += 1
            depth = 0
            while i < n:
                if line[i] == "\\" and i + 1 < n and line[i + 1] == "(":
                    depth += 1; i += 2; continue
                if depth and line[i] == ")": depth -= 1
                elif line[i] == "\\": i += 1
                elif line[i] == '"' and not depth: break
                i += 1
            i += 1
            continue
        out.append(c); i += 1
    return "".join(out)


def functions(path):
    """(name, first line, line count) of each function-like body in the file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    state = {"block": False, "multi": False}
    code = [strip(l, state) for l in lines]
    found, i = [], 0
    while i < len(lines):
        m = DECL.match(code[i])
        if not m:
            i += 1; continue
        # the body starts at the first '{' at or after the declaration (a protocol requirement has none)
        depth, start, j = 0, None, i
        while j < len(code):
            for ch in code[j]:
                if ch == "{":
                    if start is None: start = j
                    depth += 1
                elif ch == "}":
                    depth -= 1
            if start is None and j > i and DECL.match(code[j]):
                break
            if start is not None and depth <= 0:
                break
            j += 1
        if start is not None:
            found.append((m.group(1).strip(), i + 1, j - i + 1))
        i += 1
    return found


def main():
    problems, long_functions, cli_lines = [], [], 0
    for module in sorted(os.listdir(ROOT)):
        base = os.path.join(ROOT, module)
        if not os.path.isdir(base): continue
        swift, folders = [], False
        for dirpath, dirnames, filenames in os.walk(base):
            if dirpath != base and any(f.endswith(".swift") for f in filenames): folders = True
            swift += [os.path.join(dirpath, f) for f in filenames if f.endswith(".swift")]
        if len(swift) > MAX_FLAT and (not folders or not os.path.exists(os.path.join(base, "README.md"))):
            problems.append(f"Sources/{module}: {len(swift)} files need folders by concept and a README.md floor plan")
        for path in swift:
            count = sum(1 for _ in open(path, encoding="utf-8"))
            rel = os.path.relpath(path, os.path.join(ROOT, ".."))
            if module == "KMAForecastCLI": cli_lines += count
            if count > MAX_FILE and not os.path.basename(path).startswith("Embedded"):
                problems.append(f"{rel}: {count} lines (at most {MAX_FILE})")
            for name, line, length in functions(path):
                if length > MAX_FUNC: long_functions.append((length, f"{rel}:{line} {name}"))
    if cli_lines > MAX_CLI:
        problems.append(f"Sources/KMAForecastCLI: {cli_lines} lines (at most {MAX_CLI})")
    long_functions.sort(reverse=True)
    if len(long_functions) > MAX_LONG:
        problems.append(f"{len(long_functions)} functions over {MAX_FUNC} lines (at most {MAX_LONG})")
    if "--list" in sys.argv:
        for length, where in long_functions: print(f"{length:5} {where}")
    print(f"layout: KMAForecastCLI {cli_lines} lines; {len(long_functions)} functions over {MAX_FUNC} lines")
    for p in problems: print("layout: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
