#!/usr/bin/env python3
"""Parses every .json file of an export directory (or one file) with simdjson (pysimdjson), the
reference `make bench` sets beside `carereport validate`: the fastest JSON parse there is, of the
same bytes, with no checks. Prints `files=N bytes=B`. Bench-only (scripts/setup-machine.sh bench).
"""
import pathlib
import sys

import simdjson


def main(path):
    target = pathlib.Path(path)
    files = sorted(target.glob("*.json")) if target.is_dir() else [target]
    parser = simdjson.Parser()
    total = 0
    for file in files:
        document = parser.load(str(file))  # the whole file parsed into simdjson's DOM (tape)
        del document  # a parser holds one document at a time
        total += file.stat().st_size
    print(f"files={len(files)} bytes={total}")


if __name__ == "__main__":
    main(sys.argv[1])
