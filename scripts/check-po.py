#!/usr/bin/env python3
"""Checks a gettext PO catalogue with the standard library only (polib is not installed).

    python3 scripts/check-po.py translations/es.po [--labs templates/text/lab-explanations.txt]
    python3 scripts/check-po.py --lab-msgids templates/text/lab-explanations.txt   # print the msgids

What it checks, for every entry that is not the header:
  * the msgstr is not empty (an untranslated message is an error);
  * every {placeholder} in the msgid appears in the msgstr and the msgstr adds none (a plural
    form may leave out one that only msgid_plural has, such as the {count} of "the {count} weeks");
  * no msgid appears twice;
  * with --labs FILE: every explanation block of FILE, joined the way LabExplanations.swift joins
    it (text lines trimmed, joined with one space, trimmed), is a msgid of the catalogue, byte for
    byte, and its entry carries a `#.` comment naming a source.
It prints the fuzzy entries (translated but not yet checked against a stored source).
Exit status 0 when all is well, 1 when a check fails, 64 on a usage error.
"""
import ast
import re
import sys

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
SPACES = " \t"


def lab_blocks(source):
    """(test, text) per block, as Sources/CareReports/Reports/Labs/LabExplanations.swift reads them."""
    blocks, fields, text = [], {}, []

    def finish():
        body = " ".join(text).strip(SPACES)
        if body:
            blocks.append((fields.get("test", ""), body))
        fields.clear()
        text.clear()

    for raw in source.split("\n"):
        line = raw.strip(SPACES)
        if not line:
            finish()
            continue
        if line.startswith("#"):
            continue
        if ":" in line and not text:
            key = line[: line.index(":")].lower()
            if key in ("test", "loinc", "names"):
                fields[key] = line[line.index(":") + 1 :].strip(SPACES)
                continue
        text.append(line)
    finish()
    return blocks


def has_number(text):
    """A digit not inside a name (B12, T4, A1c, GLP-1), as LabExplanationsTests reads the English."""
    previous = " "
    for character in text:
        if character.isdigit() and not (previous.isalpha() or previous == "-" or previous.isdigit()):
            return True
        previous = character
    return False


def po_string(lines):
    return "".join(ast.literal_eval(l) for l in lines)


def parse_po(path):
    """Entries as dicts: msgctxt (if any), msgid, msgid_plural and forms (if plural), msgstr,
    flags, comments (the `#.` lines), line."""
    entries, cur, field = [], None, None

    def close():
        if cur is not None and "msgid" in cur:
            for key in [k for k in cur if k.startswith("msg")]:
                cur[key] = po_string(cur[key])
            # A plural entry: every form must be translated, so an empty form empties msgstr.
            forms = sorted(k for k in cur if k.startswith("msgstr["))
            if forms:
                cur["forms"] = [cur[k] for k in forms]
                cur["msgstr"] = "" if any(not f for f in cur["forms"]) else cur["forms"][0]
            entries.append(cur)

    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                close()
                cur, field = None, None
                continue
            if cur is None:
                cur = {"flags": set(), "comments": [], "line": number}
            if line.startswith("#,"):
                cur["flags"].update(x.strip() for x in line[2:].split(","))
            elif line.startswith("#."):
                cur["comments"].append(line[2:].strip())
            elif line.startswith("#"):
                pass
            elif line.startswith("msgctxt "):
                field = "msgctxt"
                cur["msgctxt"] = [line[8:]]
            elif line.startswith("msgid "):
                field = "msgid"
                cur["msgid"] = [line[6:]]
                cur.setdefault("line", number)
            elif line.startswith("msgid_plural "):
                field = "msgid_plural"
                cur["msgid_plural"] = [line[13:]]
            elif line.startswith("msgstr "):
                field = "msgstr"
                cur["msgstr"] = [line[7:]]
            elif line.startswith("msgstr["):
                field = line[: line.index("]") + 1]
                cur[field] = [line[len(field) + 1 :]]
            elif line.startswith('"') and field:
                cur[field].append(line)
            else:
                raise SystemExit(f"{path}:{number}: not understood: {line[:40]}")
    close()
    return entries


def main(argv):
    if len(argv) >= 2 and argv[0] == "--lab-msgids":
        for test, text in lab_blocks(open(argv[1], encoding="utf-8").read()):
            print(f"{test}\t{text}")
        return 0
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    path, labs = argv[0], None
    if "--labs" in argv:
        labs = argv[argv.index("--labs") + 1]
    entries = [e for e in parse_po(path) if e["msgid"] != ""]
    errors, seen = [], {}
    for e in entries:
        where = f"{path}:{e['line']}"
        key = (e.get("msgctxt"), e["msgid"])
        if key in seen:
            errors.append(f"{where}: msgid repeated (first at line {seen[key]})")
        seen[key] = e["line"]
        if not e["msgstr"]:
            errors.append(f"{where}: no translation")
            continue
        # A plural form must keep the placeholders both English forms have; it may leave out one
        # only the plural has ("{count}" in "the week" / "the {count} weeks"), and adds none.
        singular = set(PLACEHOLDER.findall(e["msgid"]))
        plural = set(PLACEHOLDER.findall(e.get("msgid_plural", e["msgid"])))
        required, allowed = singular & plural, singular | plural
        for form in e.get("forms", [e["msgstr"]]):
            strs = set(PLACEHOLDER.findall(form))
            if required - strs:
                errors.append(f"{where}: translation drops {sorted(required - strs)}")
            if strs - allowed:
                errors.append(f"{where}: translation adds {sorted(strs - allowed)}")
    if labs:
        byid = {e["msgid"]: e for e in entries}
        blocks = lab_blocks(open(labs, encoding="utf-8").read())
        for test, text in blocks:
            entry = byid.get(text)
            if entry is None:
                errors.append(f"{labs}: the explanation of {test!r} is not a msgid of {path}")
            else:
                if not any("medlineplus" in c.lower() or "fuente" in c.lower() for c in entry["comments"]):
                    errors.append(f"{path}:{entry['line']}: {test!r} names no source in a #. comment")
                # The same rules as LabExplanationsTests for the English: two or three sentences,
                # and never a number (a digit inside a name such as B12, T4 or A1c is not one).
                sentences = len(entry["msgstr"].split(". "))
                if not 2 <= sentences <= 3:
                    errors.append(f"{path}:{entry['line']}: {test!r} has {sentences} sentences in Spanish")
                if has_number(entry["msgstr"]):
                    errors.append(f"{path}:{entry['line']}: {test!r} quotes a number in Spanish")
        print(f"{len(blocks)} lab explanations, {sum(t in byid for _, t in blocks)} in the catalogue")
    fuzzy = [e for e in entries if "fuzzy" in e["flags"]]
    print(f"{len(entries)} messages, {len(fuzzy)} fuzzy")
    for e in fuzzy:
        print(f"  fuzzy: {path}:{e['line']}: {e['msgid'][:60]}")
    for error in errors:
        print("error: " + error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
