#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12) with the `jsonschema` package,
the validator most tools use. Usage: validate-json-schema.py SCHEMA FILE [FILE ...]
Prints each error as `FILE: PATH: MESSAGE` and exits 1 when any document fails (2 for bad usage)."""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("the Python package 'jsonschema' is not installed (pip install jsonschema)", file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        for error in validator.iter_errors(document):
            failed += 1
            where = "/".join(str(part) for part in error.absolute_path) or "(root)"
            print(f"{path}: {where}: {error.message[:300]}")
    print(f"{len(argv) - 2} documents, {failed} errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
