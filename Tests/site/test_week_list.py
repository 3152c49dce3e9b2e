"""Issue 17 item 7: the lone "Week 42, 2024" in the weeks lists. The sample's only 2024 records are
two immunisations in October; every other week with records is in 2025. The lists (home page and
weeks index, HTML and Markdown) group weeks by year under a heading and say how many weeks between
two listed ones have no records, so the October week reads as what it is, not as a stray."""
import re

from conftest import NOW, ROOT, SAMPLE, run_carereport

GAP = "No records in the 11 weeks from Mon 21 Oct 2024 to Sun 5 Jan 2025"


def build(tmp_path, *extra):
    out = tmp_path / "site"
    result = run_carereport("build", SAMPLE, "--out", out, "--viewer", "u-ellen", "--now", NOW, *extra)
    assert result.returncode == 0, result.stderr
    return out


def weeks_section(html):
    return html[html.index('id="weeks-heading"'):].split("</section>")[0]


def test_weeks_are_grouped_by_year_with_the_gap_said(tmp_path):
    out = build(tmp_path)
    for html, level in ((weeks_section((out / "index.html").read_text()), "h3"), ((out / "weeks" / "index.html").read_text(), "h2")):
        years = re.findall(rf"<{level}>(\d{{4}})</{level}>", html)
        assert years == ["2025", "2024"], years
        in_2025, in_2024 = html.split(f"<{level}>2024</{level}>")
        assert "Week 42, 2024" in in_2024 and "Week 42, 2024" not in in_2025
        assert "Week 2, 2025" in in_2025 and "Week" not in in_2024.replace("Week 42, 2024", "")
        # Between the two years' lists, in neither: below 2025's list, above the 2024 heading.
        assert f'</ul><p class="week-gap">{GAP}</p>' in in_2025 and in_2025.rstrip().endswith(f'<p class="week-gap">{GAP}</p>')
        assert in_2025.index("Week 2, 2025") < in_2025.index(GAP)  # below the week it follows, newest first
    for markdown, mark in (((out / "index.md").read_text()), "### "), (((out / "weeks" / "index.md").read_text()), "## "):
        assert f"\n{mark}2025\n" in markdown and f"\n{mark}2024\n" in markdown
        assert f"\n*{GAP}*\n" in markdown and f"- *{GAP}*" not in markdown  # a line between the years, not an item of 2025's list
        assert markdown.index(f"{mark}2025") < markdown.index(GAP) < markdown.index(f"{mark}2024") < markdown.index("Week 42, 2024")


def test_one_year_and_no_gap_need_neither_heading_nor_note(tmp_path):
    out = build(tmp_path, "--from", "2025-01-01")
    html = (out / "weeks" / "index.html").read_text()
    assert "<h2>2025</h2>" not in html and "week-gap" not in html and "Week 42, 2024" not in html
    assert "Week 2, 2025" in html
    assert "No records in" not in (out / "index.md").read_text()


def test_the_pager_names_the_week_it_skips_to(tmp_path):
    """Week 42 of 2024 is followed by week 2 of 2025: its pager says "Week 2, 2025", not "Next
    week", and week 2's says "Week 42, 2024"; adjacent weeks keep "Previous week" / "Next week"."""
    out = build(tmp_path)
    pager = lambda name, ext: (out / "weeks" / f"{name}.{ext}").read_text(encoding="utf-8")
    assert 'rel="next">Week 2, 2025 →' in pager("2024-W42", "html")
    assert 'rel="prev">← Week 42, 2024' in pager("2025-W02", "html")
    assert 'rel="next">Next week →' in pager("2025-W02", "html")
    assert 'rel="prev">← Previous week' in pager("2025-W03", "html")
    assert "[Week 2, 2025 →](../weeks/2025-W02.md)" in pager("2024-W42", "md")
    assert "[← Week 42, 2024](../weeks/2024-W42.md)" in pager("2025-W02", "md")


def test_weeks_after_the_data_are_marked_as_planned_only(tmp_path):
    """The data ends in week 16; weeks 17-19 are listed for the appointments and tasks planned in
    them, and say so, so they do not read as weeks that happened."""
    out = build(tmp_path)
    for html in (weeks_section((out / "index.html").read_text()), (out / "weeks" / "index.html").read_text()):
        marked = re.findall(r'(Week \d+, \d{4})</a> <span class="muted">[^<]*</span> <span class="badge">ahead: planned only', html)
        assert marked == ["Week 19, 2025", "Week 18, 2025", "Week 17, 2025"], marked
    md = (out / "weeks" / "index.md").read_text()
    assert re.findall(r"\[(Week \d+, \d{4})\][^\n]*\(ahead: planned only\)", md) == ["Week 19, 2025", "Week 18, 2025", "Week 17, 2025"]
