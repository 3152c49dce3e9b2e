"""Issue 33's wording fixes: a stale export's digest never says "no doses due" beside doses due
after the export; the e-mail's plain-text part has no Markdown code fences; the printed visit
summary's page footer is in the reader's language."""

import email
import re

NOW = "2025-04-18T18:00:00-07:00"


def test_a_week_after_the_export_never_says_no_doses_due(carereport, sample):
    run = carereport("digest", sample, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "this",
                     "--now", "2025-04-25T12:00:00-07:00")
    assert run.returncode == 0, run.stderr
    rows = [line for line in run.stdout.splitlines() if line.startswith(("Metformin 500 mg", "Lisinopril 20 mg"))]
    assert rows, run.stdout
    for row in rows:
        assert "no doses due" not in row and "after the export" in row, row


def test_the_plain_text_part_is_plain_text(carereport, sample):
    run = carereport("digest", sample, "--viewer", "u-ellen", "--week", "last", "--format", "email",
                     "--from", "Care <care@example.org>", "--to", "ellen@example.org", "--now", NOW)
    assert run.returncode == 0, run.stderr
    message = email.message_from_string(run.stdout)
    parts = {part.get_content_type(): part.get_payload(decode=True).decode() for part in message.walk() if not part.is_multipart()}
    assert "```" not in parts["text/plain"]
    assert re.search(r"^Medication +Taken", parts["text/plain"], re.M), parts["text/plain"][:2000]


def test_the_printed_footer_is_in_the_readers_language(carereport, sample, tmp_path):
    for viewer, words in (("u-rosa", '"página " counter(page) " de " counter(pages)'),
                          ("u-ellen", '"page " counter(page) " of " counter(pages)')):
        out = tmp_path / f"{viewer}.html"
        run = carereport("visit", sample, "--viewer", viewer, "--out", out, "--now", NOW)
        assert run.returncode == 0, run.stderr
        html = out.read_text()
        assert f"@bottom-right {{ content: {words}; }}" in html
        assert html.count("counter(pages)") == 1


def document_bundle():
    import pathlib
    import pytest
    bundle = pathlib.Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "ips" / "bundle-minimal.json"
    if not bundle.exists():
        pytest.skip(f"{bundle} is absent: the shared fixtures are not beside the project")
    return bundle


def test_a_documents_home_speaks_of_a_document(carereport, tmp_path):
    bundle = document_bundle()
    run = carereport("build", bundle, "--out", tmp_path / "site", "--viewer", "patient", "--now", "2026-01-05T09:00:00Z")
    assert run.returncode == 0, run.stderr
    home = (tmp_path / "site" / "index.html").read_text()
    assert "at a glance" not in home and "tasks done" not in home and "tasks overdue" not in home
    assert '<span class="badge">this week</span>' not in home and "planned only" not in home
    assert "by carereport from the clinical document “" in home
    assert "family's care records" not in home
    markdown = (tmp_path / "site" / "index.md").read_text()
    assert "at a glance" not in markdown and "by carereport from the clinical document “" in markdown
    visit = carereport("visit", bundle, "--viewer", "patient", "--out", tmp_path / "visit.html", "--now", "2026-01-05T09:00:00Z")
    assert visit.returncode == 0, visit.stderr
    assert "Written by carereport from the clinical document “" in (tmp_path / "visit.html").read_text()


def test_a_care_exports_home_keeps_its_week_and_tasks(carereport, sample, tmp_path):
    run = carereport("build", sample, "--out", tmp_path / "site", "--viewer", "u-ellen", "--circle", "circle-margaret", "--now", NOW)
    assert run.returncode == 0, run.stderr
    home = (tmp_path / "site" / "index.html").read_text()
    assert "This week at a glance" in home and "tasks overdue" in home
    assert "by carereport from data as of" in home
