#!/usr/bin/env python3
"""Runs a command and prints its wall time and peak memory, read from /proc while it runs.

Usage: scripts/peak-memory.py [--out FILE] -- COMMAND [ARG...]

Prints one line `wall_s=S peak_anon_mb=A peak_rss_mb=R exit=E` (to FILE with --out, else to
stderr, so the command's own output is left alone) and exits with the command's status.

peak_anon_mb is the largest `RssAnon` of /proc/PID/status seen (sampled every 2 ms, MB = 10^6
bytes): the memory the process itself allocated. It leaves out the pages of files it maps and
reads (carereport maps the export and hands the pages back as it reads), which the kernel can drop
at any time and which `Maximum resident set size` of /usr/bin/time counts. peak_rss_mb is the
kernel's own high-water mark of the resident set (`VmHWM`), files included.
"""
import subprocess
import sys
import time


def status(pid):
    fields = {}
    try:
        with open(f"/proc/{pid}/status") as file:
            for line in file:
                key, _, value = line.partition(":")
                if key in ("RssAnon", "VmHWM"):
                    fields[key] = int(value.split()[0]) * 1024
    except (FileNotFoundError, ProcessLookupError, ValueError):
        pass
    return fields


def main(argv):
    out = None
    if argv[:1] == ["--out"]:
        out, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        sys.exit("usage: peak-memory.py [--out FILE] -- COMMAND [ARG...]")
    start = time.monotonic()
    process = subprocess.Popen(argv)
    peak_anon = 0
    peak_rss = 0
    while process.poll() is None:
        fields = status(process.pid)
        peak_anon = max(peak_anon, fields.get("RssAnon", 0))
        peak_rss = max(peak_rss, fields.get("VmHWM", 0))
        time.sleep(0.002)
    wall = time.monotonic() - start
    line = f"wall_s={wall:.2f} peak_anon_mb={peak_anon / 1e6:.1f} peak_rss_mb={peak_rss / 1e6:.1f} exit={process.returncode}"
    if out:
        with open(out, "w") as file:
            file.write(line + "\n")
    else:
        print(line, file=sys.stderr)
    sys.exit(process.returncode)


if __name__ == "__main__":
    main(sys.argv[1:])
