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
