#!/usr/bin/env python3
"""Byte identity for `make bench` without keeping two copies of an output tree.

  scripts/bench-manifest.py write TREE MANIFEST
      Writes one line per file under TREE, sorted by path: `SHA256 SIZE PATH` (PATH relative to
      TREE, with `\\`, newline and carriage return escaped as \\\\, \\n, \\r so that one file is one
      line). Empty folders are listed as `- - PATH/`. Prints `files=N bytes=B` on stdout.
  scripts/bench-manifest.py compare PREVIOUS CURRENT [--limit N]
      Exits 0 when the two manifests are the same, else 1 after printing the first N (default 10)
      paths that differ and how (only in one, size, content).

Files are hashed on every core (a 1,000-circle site is about 600,000 files and 12 GB), so the
bench can hash one binary's output, delete it, and run the other binary into the same place.
"""
import hashlib
import os
import sys

CHUNK = 1 << 20


def escaped(path):
    return path.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def digest(path):
    hasher = hashlib.sha256()
    with open(path, "rb") as file:
        while block := file.read(CHUNK):
            hasher.update(block)
    return hasher.hexdigest()


def digest_all(paths):
    return [digest(path) for path in paths]


def walk(root):
    """(relative path, absolute path, size) of every file, and the relative paths of empty folders."""
    files, empty = [], []
    for folder, folders, names in os.walk(root):
        relative_folder = os.path.relpath(folder, root)
        if not folders and not names and relative_folder != ".":
            empty.append(relative_folder + "/")
        for name in names:
            absolute = os.path.join(folder, name)
            relative = os.path.normpath(os.path.join(relative_folder, name))
            files.append((relative, absolute, os.lstat(absolute).st_size))
    return files, empty


def write(root, manifest):
    if not os.path.isdir(root):
        sys.exit(f"bench-manifest: {root} is not a folder")
    files, empty = walk(root)
    files.sort()
    absolute = [entry[1] for entry in files]
    # Batches of a few hundred files per task: the cost is the opening of small files.
    batches = [absolute[start:start + 256] for start in range(0, len(absolute), 256)]
    hashes = []
    if len(batches) <= 2:  # a small tree: starting the workers would cost more than they save
        for batch in batches:
            hashes.extend(digest_all(batch))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            for batch in pool.map(digest_all, batches):
                hashes.extend(batch)
    lines = [f"{sha} {size} {escaped(relative)}" for (relative, _, size), sha in zip(files, hashes)]
    lines += [f"- - {escaped(folder)}" for folder in empty]
    lines.sort(key=lambda line: line.split(" ", 2)[2])
    with open(manifest, "w", encoding="utf-8") as out:
        out.writelines(line + "\n" for line in lines)
    print(f"files={len(files)} bytes={sum(entry[2] for entry in files)}")


def read(manifest):
    entries = {}
    with open(manifest, encoding="utf-8") as file:
        for line in file:
            sha, size, path = line.rstrip("\n").split(" ", 2)
            entries[path] = (sha, size)
    return entries


def compare(previous, current, limit):
    old, new = read(previous), read(current)
    if old == new:
        return 0
    differences = []
    for path in sorted(old.keys() | new.keys()):
        if path not in new:
            differences.append(f"only in the previous output: {path}")
        elif path not in old:
            differences.append(f"only in the current output: {path}")
        elif old[path][1] != new[path][1]:
            differences.append(f"size {old[path][1]} -> {new[path][1]}: {path}")
        elif old[path] != new[path]:
            differences.append(f"content differs: {path}")
    print(f"{len(differences)} paths differ; the first {min(limit, len(differences))}:")
    for line in differences[:limit]:
        print(f"  {line}")
    return 1


def main(argv):
    if len(argv) == 3 and argv[0] == "write":
        write(argv[1], argv[2])
        return 0
    if len(argv) in (3, 5) and argv[0] == "compare":
        limit = 10
        if len(argv) == 5:
            if argv[3] != "--limit":
                sys.exit(__doc__)
            limit = int(argv[4])
        return compare(argv[1], argv[2], limit)
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
