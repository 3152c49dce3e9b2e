"""Issue 32, item 14: control, bidi-override and noncharacter code points of the export reach no
output, in any text field and any output kind.

An export carrying them in every text field (task titles and notes, update content and comments,
names of people, the circle and attachments, health record titles and descriptions, …) is built and
every output is read back: the site's HTML and Markdown pages, its feed and calendar, the digest in
Markdown, HTML and e-mail (headers, the Subject included, and both parts decoded), the printed visit
summary (its `@page` running header is a CSS string) and the visit's FHIR JSON, and standard error.

Issue 41, item 3, one rule for invisible and direction characters (docs/privacy.md): the direction
marks (U+200E, U+200F, U+061C), ZERO WIDTH SPACE, the word joiner and invisible operators and U+FEFF
are dropped from every output too; the line and paragraph separators U+2028/U+2029 are line breaks
(a space in a field of one line: an e-mail header, a calendar SUMMARY, a feed title, a file name, a
line of standard error) and are never written as themselves. Right-to-left text is isolated by
carereport itself with U+2068 … U+2069, the plain-text form of `<bdi>`: those two appear only
balanced, each pair around text that holds a right-to-left character, never from the export.
"""
import email
import email.policy
import html
import json
import pathlib
import shutil
import re
import unicodedata
import zipfile

import pytest

from conftest import NOW, SAMPLE, run_carereport

# Dropped: controls, bidi embeddings, overrides and isolates, noncharacters; the invisible format
# characters and direction marks (issue 41).
INVISIBLE = frozenset(map(chr, [0x200B, 0xFEFF, 0x200E, 0x200F, 0x061C, *range(0x2060, 0x2065)]))
SEPARATORS = frozenset("\u2028\u2029")
DROPPED = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0x00, 0x09), 0x0B, 0x0C,
                              *range(0x0E, 0x20), 0x7F, *range(0x80, 0xA0), 0xFFFE, 0xFFFF])) | INVISIBLE
FORBIDDEN = DROPPED | SEPARATORS
# Every dropped code point, between letters so that a removal shows as "xy".
PAYLOAD = " x" + "".join(sorted(DROPPED)) + "y"
TEXT_KEYS = {"title", "notes", "note", "description", "content", "name", "firstName", "lastName", "fileName",
             "conclusion", "instructions", "reason", "purpose", "location", "provider", "specialty", "laboratory",
             "prescriber", "orderedBy", "outcome", "summary", "text", "substance", "reaction", "bodySite"}
CIRCLE = "circle-margaret"


def poison(value, payload, seen):
    """Appends `payload` to every non-empty text field, recording which keys were changed."""
    if isinstance(value, dict):
        for key, item in list(value.items()):
            if key in TEXT_KEYS and isinstance(item, str) and item:
                value[key] = item + payload
                seen.add(key)
            else:
                poison(item, payload, seen)
    elif isinstance(value, list):
        for item in value:
            poison(item, payload, seen)


def hostile_export(tmp_path, payload):
    export = tmp_path / "export"
    shutil.copytree(SAMPLE, export)
    seen = set()
    for path in sorted(export.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        poison(data, payload, seen)
        path.write_text(json.dumps(data), encoding="utf-8")
    # The fields the issue names are all among those poisoned.
    assert {"title", "notes", "content", "name", "firstName", "lastName", "fileName", "description"} <= seen, seen
    return export


def mail_texts(raw):
    message = email.message_from_string(raw, policy=email.policy.default)
    texts = [f"{key}: {value}" for key, value in message.items()]
    parts = [part.get_content() for part in message.walk() if part.get_content_maintype() == "text"]
    assert len(parts) >= 2, "the e-mail has a plain and an HTML part"
    assert message["Subject"], "the e-mail has a Subject"
    return texts + parts


def every_output(tmp_path, export):
    """Every output kind for one export, by a name saying where it came from."""
    outputs = {}
    for viewer in ("u-ellen", "u-frank"):
        site = tmp_path / viewer
        result = run_carereport("build", export, "--out", site, "--viewer", viewer, "--now", NOW)
        assert result.returncode == 0, result.stderr[-2000:]
        outputs[f"build {viewer} stderr"] = result.stderr
        for path in sorted(site.rglob("*")):
            if path.is_file() and path.suffix in (".html", ".md", ".xml", ".ics", ".css", ".svg", ".txt"):
                text = path.read_text(encoding="utf-8")
                outputs[str(path.relative_to(tmp_path))] = text
                if path.suffix in (".html", ".xml", ".svg"):
                    outputs[f"{path.relative_to(tmp_path)} (references decoded)"] = html.unescape(text)
        assert (site / "feed.xml").exists() and (site / "calendar.ics").exists()
    common = ["--viewer", "u-ellen", "--circle", CIRCLE, "--week", "2025-W16", "--now", NOW]
    for form in ("markdown", "html"):
        result = run_carereport("digest", export, *common, "--format", form)
        assert result.returncode == 0, result.stderr[-2000:]
        outputs[f"digest.{form}"] = result.stdout
    mail = run_carereport("digest", export, *common, "--format", "email", "--to", "ellen@example.org")
    assert mail.returncode == 0, mail.stderr[-2000:]
    outputs["digest.eml"] = mail.stdout
    for index, text in enumerate(mail_texts(mail.stdout)):
        outputs[f"digest.eml decoded {index}"] = text
    visit = run_carereport("visit", export, "--viewer", "u-ellen", "--circle", CIRCLE, "--now", NOW)
    assert visit.returncode == 0, visit.stderr[-2000:]
    assert "@page" in visit.stdout
    outputs["visit.html"] = visit.stdout
    outputs["visit.html (references decoded)"] = html.unescape(visit.stdout)
    fhir = run_carereport("visit", export, "--viewer", "u-ellen", "--circle", CIRCLE, "--format", "fhir", "--now", NOW)
    assert fhir.returncode == 0, fhir.stderr[-2000:]
    outputs["visit.fhir.json"] = json.dumps(json.loads(fhir.stdout), ensure_ascii=False)
    return outputs


def forbidden_in(outputs, allowed=frozenset()):
    return [(name, f"U+{ord(c):04X}") for name, text in outputs.items() for c in sorted(set(text) & (FORBIDDEN - allowed))]


def test_no_control_bidi_or_noncharacter_of_the_export_reaches_any_output(tmp_path):
    outputs = every_output(tmp_path, hostile_export(tmp_path, PAYLOAD))
    shown = [name for name, text in outputs.items() if " xy" in text]
    assert any(name.startswith("u-frank/") for name in shown), "the poisoned text is shown to Frank, cleaned"
    assert any(name.startswith("digest.eml decoded") for name in shown)
    assert "visit.html" in shown and "visit.fhir.json" in shown
    bad = forbidden_in(outputs)
    assert not bad, bad[:20]


def right_to_left(text):
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def test_direction_marks_are_dropped_and_right_to_left_text_is_only_isolated(tmp_path):
    # Marks and Hebrew make the field right-to-left text; the marks and hostile controls around it go.
    outputs = every_output(tmp_path, hostile_export(tmp_path, PAYLOAD + "\u200e\u200f\u061c\u05e9\u05dc\u05d5\u05dd"))
    assert any("y\u05e9\u05dc" in text for text in outputs.values()), "the marks are dropped, the letters kept"
    bad = forbidden_in(outputs, allowed=frozenset("\u2068\u2069"))
    assert not bad, bad[:20]
    isolated = 0
    for name, text in outputs.items():
        depth, start = 0, 0
        for index, char in enumerate(text):
            if char == "\u2068":
                depth, start = depth + 1, index
                assert depth == 1, f"{name}: isolates are never nested"
            elif char == "\u2069":
                assert depth == 1, f"{name}: a U+2069 closes only carereport's own U+2068"
                assert right_to_left(text[start:index]), f"{name}: only right-to-left text is isolated"
                depth -= 1
                isolated += 1
        assert depth == 0, f"{name}: every isolate is closed"
    assert isolated > 0, "right-to-left text is isolated"


def test_line_and_paragraph_separators_are_line_breaks_and_spaces_in_a_field_of_one_line(tmp_path):
    outputs = every_output(tmp_path, hostile_export(tmp_path, " a\u2028b\u2029c"))
    bad = forbidden_in(outputs)
    assert not bad, bad[:20]
    calendar = outputs["u-ellen/calendar.ics"].replace("\r\n ", "")
    summaries = [line for line in calendar.splitlines() if line.startswith(("SUMMARY:", "LOCATION:"))]
    assert summaries and all("\\n" not in line for line in summaries), [line for line in summaries if "\\n" in line][:3]
    assert sum("a b c" in line for line in summaries) > len(summaries) // 2, summaries[:3]
    titles = re.findall(r"<title>(.*?)</title>", outputs["u-ellen/feed.xml"], flags=re.S)
    assert titles and all("\n" not in title for title in titles) and any("a b c" in t for t in titles), titles[:3]
    message = email.message_from_string(outputs["digest.eml"], policy=email.policy.default)
    assert "a b c" in str(message["Subject"]), message["Subject"]
    for name in ("build u-ellen stderr", "build u-frank stderr"):
        assert not any(line.startswith(("b", "c")) for line in outputs[name].splitlines()), outputs[name]


def test_an_archive_entrys_name_is_cleaned_in_footers_and_on_standard_error(tmp_path):
    document = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "ips" / "bundle-minimal.json"
    if not document.exists():
        pytest.skip(f"{document} is absent: the shared fixtures are not beside the project")
    bundle = json.loads(document.read_text(encoding="utf-8"))
    for entry in bundle["entry"]:
        if entry["resource"]["resourceType"] == "Composition":
            entry["resource"].pop("title", None)  # the footer names the document by its file name
    name = "Bef\u200bund\u200e\u200f\u061c\ufeff\u2060\u2028next\u2029line\u202e.json"
    archive = tmp_path / "portal.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr(name, json.dumps(bundle))
        out.writestr(name.replace(".json", "-again.json"), json.dumps(bundle))  # read once: its name is said
    site = tmp_path / "site"
    result = run_carereport("build", archive, "--out", site, "--viewer", "patient", "--now", "2021-01-04T09:00:00Z")
    assert result.returncode == 0, result.stderr
    outputs = {"stderr": result.stderr}
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".md", ".xml", ".ics"):
            outputs[str(path.relative_to(site))] = html.unescape(path.read_text(encoding="utf-8"))
    bad = forbidden_in(outputs)
    assert not bad, bad[:20]
    assert "Befund next line.json" in outputs["index.html"], "the footer names the file, cleaned"
    assert "Befund next line-again.json" in result.stderr and not any(l.startswith(("next", "line")) for l in result.stderr.splitlines())
