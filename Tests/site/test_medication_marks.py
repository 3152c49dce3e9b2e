"""Medication changes on the readings they affect (issue 16 item 1): the week of the lisinopril
increase shows it on the blood-pressure chart (a numbered dashed line and its legend), as a row of
the readings table, in Markdown and in print, with "First week on the new dose"; and a change the
viewer may not see marks nothing."""
import re
import shutil

from conftest import ELLEN, require
from test_clinical import build, edited_sample, text_of
from test_visit_print import print_pdf

WEEK = "weeks/2025-W09"


def bp_card(markup):
    start = markup.index("<h3>Blood pressure</h3>")
    return markup[start:markup.index("</section>", start)]


def test_the_increase_is_on_the_bp_chart_and_in_its_table(sites):
    site = sites.site(ELLEN)
    card = bp_card((site / f"{WEEK}.html").read_text())
    svg = card[card.index("<svg"):card.index("</svg>")]
    assert svg.count('class="chart-event-line"') == 1 and 'stroke-dasharray="5 3"' in svg
    assert "Lisinopril 10 → 20 mg, 24 Feb" in svg
    assert "Medication changes: 1. Lisinopril 10 → 20 mg, 24 Feb." in svg, "the chart's description says it too"
    rows = re.findall(r"<tr[^>]*>.*?</tr>", card[card.index("<tbody>"):], flags=re.S)
    assert 'class="med-change"' in rows[0], "the change comes first, before that week's readings"
    assert text_of(rows[0]) == "Mon 24 Feb 2025 Medication change: Lisinopril increased 10 → 20 mg"
    assert "First week on the new dose: Lisinopril increased 10 → 20 mg on Mon 24 Feb 2025." in text_of(card)
    for other in ("Blood glucose", "Weight"):
        markup = (site / f"{WEEK}.html").read_text()
        start = markup.index(f"<h3>{other}</h3>")
        assert "chart-event" not in markup[start:markup.index("</section>", start)], f"lisinopril marks the {other} chart"
    md = (site / f"{WEEK}.md").read_text()
    assert "| Mon 24 Feb 2025 | **Medication change:** Lisinopril increased 10 → 20 mg | | |" in md
    assert "**First week on the new dose: Lisinopril increased 10 → 20 mg on Mon 24 Feb 2025.**" in md


def test_the_change_prints(sites, chrome, tmp_path):
    require(shutil.which("pdftotext"), "poppler-utils is missing (apt-get install poppler-utils)")
    import subprocess
    pdf = print_pdf(chrome, (sites.site(ELLEN) / f"{WEEK}.html").as_uri(), "A4", tmp_path / "week.pdf")
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    assert "Lisinopril 10 → 20 mg, 24 Feb" in text, "the chart's legend prints"
    assert "Medication change: Lisinopril increased 10 → 20 mg" in text
    assert "First week on the new dose" in text


def test_a_change_the_viewer_may_not_see_marks_nothing(tmp_path):
    def hide(records):
        records["hr-med-lisinopril-20"]["privacyLevel"] = "private"
    site = build(edited_sample(tmp_path, hide), tmp_path / "site")
    page = (site / f"{WEEK}.html").read_text() + (site / f"{WEEK}.md").read_text()
    assert "10 → 20 mg" not in page and "Lisinopril 20 mg" not in page and "Lisinopril increased" not in page
    assert "First week on the new dose" not in page
    before = (site / "weeks/2025-W08.html").read_text()
    assert "Medication change:</span> Lisinopril stopped" in before, "the order she may see still shows its own stop"
