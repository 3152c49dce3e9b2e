#!/usr/bin/env python3
"""Writes Sources/CareReports/Ingest/Codes/CodeNames+Table.swift: the display names of the LOINC,
SNOMED CT, RxNorm, ATC and CVX codes used in the shared fixture documents (../shared/fixtures:
HL7 IPS connectathon bundles, Synthea bundles, HL7 C-CDA examples) and in sample-data/, as those
documents give them. A code's name is the display the English-language documents give it most
often (ties: the shortest, then the first alphabetically). See
docs/code-names.md for the source and licence of each table.

    python3 scripts/make-code-names.py          # regenerate
    python3 scripts/make-code-names.py --check  # exit 1 if the committed table differs
"""
import collections
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT.parent / "shared" / "fixtures"
OUT = ROOT / "Sources/CareReports/Ingest/Codes/CodeNames+Table.swift"

SYSTEMS = {
    "http://loinc.org": "LOINC",
    "http://snomed.info/sct": "SNOMED CT",
    "http://www.nlm.nih.gov/research/umls/rxnorm": "RxNorm",
    "http://www.whocc.no/atc": "ATC",
    "http://hl7.org/fhir/sid/cvx": "CVX",
    "2.16.840.1.113883.6.1": "LOINC",
    "2.16.840.1.113883.6.96": "SNOMED CT",
    "2.16.840.1.113883.6.88": "RxNorm",
    "2.16.840.1.113883.6.73": "ATC",
    "2.16.840.1.113883.12.292": "CVX",
}
# Documents written in English: only their displays are used (a code only other documents name
# is shown as "SNOMED CT 91936005").
ENGLISH = ("US_", "UK_", "CA_", "HK_", "NZ_", "EU_", "synthea-", "bundle-")
PLAIN = re.compile(r"^[A-Za-z0-9 ,.;:()\[\]/%+\-'&<>=^*#]+$")


# Codes whose display in the fixtures is wrong, with the code system's own name (the reason and
# source of each is in docs/code-names.md, "Corrections"): a document that gives only the code is
# shown the code's real name, never a fixture's mistake.
CORRECTIONS = {
    ("CVX", "106"): "DTaP, 5 pertussis antigens",
    ("SNOMED CT", "443651005"): "Influenza A virus subtype H1N1 vaccine",
    ("SNOMED CT", "116153009"): "Donor of control material",
    ("SNOMED CT", "372670001"): "Ceftriaxone",
    ("LOINC", "50544-6"): "Everolimus [Mass/volume] in Blood",
}


def codings(value):
    """Every FHIR Coding (an object with system and code) anywhere in a JSON value."""
    if isinstance(value, dict):
        if isinstance(value.get("system"), str) and isinstance(value.get("code"), str):
            yield value
        for item in value.values():
            yield from codings(item)
    elif isinstance(value, list):
        for item in value:
            yield from codings(item)


def harvest():
    seen = collections.defaultdict(collections.Counter)
    if not FIXTURES.is_dir():
        if "--check" in sys.argv:
            print(f"{FIXTURES} not found: the code table is not checked")
            sys.exit(0)
        sys.exit(f"{FIXTURES} not found: the table is made from the shared fixtures")
    for path in sorted(FIXTURES.glob("*/*.json")):
        if path.parent.name == "mustache-spec":
            continue
        for coding in codings(json.loads(path.read_text(encoding="utf-8"))):
            system = SYSTEMS.get(coding["system"])
            display = coding.get("display")
            if system and isinstance(display, str):
                english = path.name.startswith(ENGLISH)
                seen[(system, coding["code"].strip())][(english, display.strip())] += 1
    for path in sorted(FIXTURES.glob("ccda/*.xml")):
        # The HL7 examples are fragments (some with unbound prefixes): read the code attributes only.
        text = path.read_text(encoding="utf-8")
        for attributes in re.findall(r"<[A-Za-z:]*code\b([^>]*)>", text):
            found = dict(re.findall(r'(\w+)="([^"]*)"', attributes))
            system = SYSTEMS.get(found.get("codeSystem", ""))
            code, display = found.get("code"), found.get("displayName")
            if system and code and display:
                seen[(system, code.strip())][(True, display.strip())] += 1
    # The sample export names its codes beside them: {"name": …, "loinc": …} and {"name": …, "rxnorm": …}.
    def named(value):
        if isinstance(value, dict):
            for field, system in (("loinc", "LOINC"), ("rxnorm", "RxNorm")):
                if isinstance(value.get(field), str) and isinstance(value.get("name"), str):
                    seen[(system, value[field])][(True, value["name"])] += 1
            for item in value.values():
                named(item)
        elif isinstance(value, list):
            for item in value:
                named(item)
    for path in sorted((ROOT / "sample-data").glob("*.json")):
        named(json.loads(path.read_text(encoding="utf-8")))
    table = {}
    for key, displays in seen.items():
        if key in CORRECTIONS:
            table[key] = CORRECTIONS[key]
            continue
        plain = [(english, count, display) for (english, display), count in displays.items() if english and PLAIN.match(display)]
        if plain:
            table[key] = sorted(plain, key=lambda item: (not item[0], -item[1], len(item[2]), item[2]))[0][2]
    return table


def swift(table):
    lines = [
        "// Generated by scripts/make-code-names.py from the shared fixture documents; do not edit.",
        "// Source and licence of each code system's names: docs/code-names.md.",
        "",
        "extension CodeNames {",
        "    /// `System|code` to display name.",
        "    static let table: [String: String] = [",
    ]
    for (system, code), display in sorted(table.items()):
        lines.append(f"        {json.dumps(system + '|' + code)}: {json.dumps(display, ensure_ascii=False)},")
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main():
    text = swift(harvest())
    if "--check" in sys.argv:
        if OUT.exists() and OUT.read_text(encoding="utf-8") == text:
            return
        sys.exit(f"{OUT.relative_to(ROOT)} is not what the fixtures give: run python3 scripts/make-code-names.py")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
