"""Every Markdown page, of the sample site and of a generated export, parsed by cmark-gfm (the
library the binary links, through ctypes):

- every table is a real GFM table: each row is one source line with as many cells as the header,
  and the table ends at a blank line, so no cell text spills into another row or out of the table;
- no line outside a table looks like a piece of one (a row that lost its table);
- the Markdown page carries the same records as the HTML page of the same name: the same tables
  with the same rows, the same text in each cell (notes included) and the same links, and the
  same pages linked from the main content.
"""
import pathlib
import re

import pytest

import gfm
import page_records
from conftest import ELLEN, FRANK, NOW, Viewer, all_files, load_json, require, run_carereport

MAX_REPORTED = 40
UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


@pytest.fixture(scope="module")
def cmark():
    try:
        gfm.library()
    except gfm.CmarkMissing as missing:
        require(False, str(missing))


def source_cells(line):
    """The cells of one table row's source line, split on its unescaped pipes, as GFM splits them."""
    stripped = line.strip()
    if stripped.startswith("|"):
        stripped = stripped[1:]
    if stripped.endswith("|") and not stripped.endswith("\\|"):
        stripped = stripped[:-1]
    return UNESCAPED_PIPE.split(stripped)


def table_problems(text):
    """What is wrong with the tables of one Markdown text, one line per problem."""
    lines = text.split("\n")
    document = gfm.parse(text)
    problems = []
    table_lines = set()
    for table in document.find("table"):
        rows = table.children
        header = rows[0]
        width = len(source_cells(lines[header.start_line - 1]))
        table_lines.update(range(table.start_line, table.end_line + 1))
        for row in rows:
            if row.start_line != row.end_line:
                problems.append(f"line {row.start_line}: a table row runs over lines {row.start_line}-{row.end_line}")
            source = lines[row.start_line - 1]
            count = len(source_cells(source))
            if not (source.strip().startswith("|") and source.strip().endswith("|") and not source.strip().endswith("\\|")):
                problems.append(f"line {row.start_line}: a table row that does not open and close with a pipe: {source[:90]!r}")
            if count != width:
                problems.append(f"line {row.start_line}: {count} cells, the header has {width}: {source[:90]!r}")
        body_lines = [row.start_line for row in rows[1:]]
        expected = list(range(header.start_line + 2, header.start_line + 2 + len(rows) - 1))
        if body_lines != expected:
            problems.append(f"line {header.start_line}: the table's rows are not one per line after its delimiter row")
        after = table.end_line
        if after < len(lines) and lines[after].strip():
            problems.append(f"line {after + 1}: text right after a table, not separated by a blank line: {lines[after][:90]!r}")
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if number not in table_lines and (stripped.startswith("|") or (stripped.endswith(" |") and "|" in stripped[:-1])):
            problems.append(f"line {number}: a table row outside any table: {line[:90]!r}")
    return problems


def describe(cell):
    return f"{cell.text!r}" + (f" -> {', '.join(cell.links)}" if cell.links else "")


def record_problems(html_text, markdown_text, page):
    """Where the Markdown page says something else than the HTML page of the same name."""
    html = page_records.from_html(html_text, page)
    markdown = page_records.from_markdown(markdown_text, page)
    problems = []
    if len(html.tables) != len(markdown.tables):
        problems.append(f"{len(html.tables)} tables in the HTML, {len(markdown.tables)} in the Markdown")
    for number, (ours, theirs) in enumerate(zip(html.tables, markdown.tables), start=1):
        if len(ours.rows) != len(theirs.rows):
            problems.append(f"table {number}: {len(ours.rows)} rows in the HTML, {len(theirs.rows)} in the Markdown")
        for row_number, (html_row, markdown_row) in enumerate(zip(ours.rows, theirs.rows), start=1):
            shown_html = [describe(cell) for cell in html_row]
            shown_markdown = [describe(cell) for cell in markdown_row]
            if shown_html != shown_markdown:
                problems.append(f"table {number} row {row_number}: HTML {shown_html} / Markdown {shown_markdown}")
    missing = sorted(set(html.links) - set(markdown.links))
    extra = sorted(set(markdown.links) - set(html.links))
    if missing:
        problems.append(f"linked from the HTML, not from the Markdown: {', '.join(missing)}")
    if extra:
        problems.append(f"linked from the Markdown, not from the HTML: {', '.join(extra)}")
    return problems


def site_problems(site):
    markdown_pages = [page for page in all_files(site) if page.suffix == ".md"]
    assert markdown_pages, f"no Markdown pages in {site}"
    problems = []
    for page in markdown_pages:
        text = (site / page).read_text(encoding="utf-8")
        name = page.with_suffix("").as_posix()
        problems += [f"{page}: {problem}" for problem in table_problems(text)]
        html_page = site / page.with_suffix(".html")
        if html_page.is_file():
            problems += [f"{page}: {problem}"
                         for problem in record_problems(html_page.read_text(encoding="utf-8"), text, name)]
    return markdown_pages, problems


def assert_no_problems(what, pages, problems):
    shown = problems[:MAX_REPORTED] + ([f"... and {len(problems) - MAX_REPORTED} more"] if len(problems) > MAX_REPORTED else [])
    assert not problems, f"{len(problems)} problems in the {len(pages)} Markdown pages of {what}:\n" + "\n".join(shown)


# The checks themselves, on hand-made pages: each must see what it is for.

BROKEN_ROW = """| Test | 21 Jan 2025 | 10 Feb 2025 |
|---|--:|--:|
| [ALT](alt.md) | 18 ✓ Normal\\*
 |  
 |
"""
GOOD_TABLE = """| Test | Value |
|---|--:|
| [Platelets](platelets.md) — first report read 152 | 251 ✓ Normal\\* |
| A \\| B | 1 |

After.
"""


def test_the_table_check_sees_a_row_broken_across_lines(cmark):
    problems = table_problems(BROKEN_ROW)
    assert any("2 cells, the header has 3" in problem for problem in problems), problems
    assert table_problems(GOOD_TABLE) == [], table_problems(GOOD_TABLE)
    assert any("outside any table" in problem for problem in table_problems("Text\n| a | b |\n")), "a stray row is not seen"
    assert any("open and close with a pipe" in problem for problem in table_problems("| a |\n|---|\n| b |\nnot a row\n"))


def test_the_record_check_sees_a_dropped_note_and_a_lost_link(cmark):
    html = """<main><a href="x.html">x</a><table class="data"><tr><th>Test</th><th>Value</th></tr>
<tr><th><a href="platelets.html">Platelets</a><br><span class="muted">first report read 152</span></th>
<td><span class="flag"><span aria-hidden="true">✓</span> Normal<span class="visually-hidden"> (worked out from the range)</span><span aria-hidden="true">*</span></span></td></tr></table></main>"""
    kept = "nav\n\n[x](x.md)\n\n| Test | Value |\n|---|---|\n| [Platelets](platelets.md) — first report read 152 | ✓ Normal\\* |\n\n---\n\nfooter\n"
    assert record_problems(html, kept, "labs/page") == []
    dropped = kept.replace(" — first report read 152", "")
    assert any("first report read 152" in problem for problem in record_problems(html, dropped, "labs/page"))
    unlinked = kept.replace("[x](x.md)", "x")
    assert any("labs/x" in problem for problem in record_problems(html, unlinked, "labs/page"))


# The sample site, for a caregiver and for a supporter.

@pytest.mark.parametrize("viewer", [ELLEN, FRANK], ids=lambda viewer: viewer.name)
def test_sample_site_markdown_is_well_formed_and_matches_the_html(viewer, sites, cmark):
    sites.prefetch([ELLEN, FRANK])
    pages, problems = site_problems(sites.site(viewer))
    assert_no_problems(f"the sample site for {viewer.name}", pages, problems)


# A generated export: both circles, for the primary caregiver of each.

@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("generated")
    export = folder / "export"
    result = run_carereport("generate", "--circles", 2, "--weeks", 8, "--seed", 1, "--out", export)
    assert result.returncode == 0, f"generate exited {result.returncode}: {result.stderr[-2000:]}"
    return folder, export


def generated_viewers(export):
    viewers = []
    for circle in load_json(export / "circles.json"):
        active = [member for member in circle["members"] if member.get("status") == "active"]
        chosen = next((member for member in active if member.get("primaryCaregiver")), active[0])
        viewers.append(Viewer(circle["id"], user=chosen["userId"]))
    return viewers


def test_generated_export_markdown_is_well_formed_and_matches_the_html(generated, cmark):
    folder, export = generated
    viewers = generated_viewers(export)
    assert len(viewers) == 2, f"expected two circles in the generated export, found {len(viewers)}"
    problems, pages = [], []
    for viewer in viewers:
        out = folder / viewer.name
        result = run_carereport(*viewer.build_args(out, source=export))
        assert result.returncode == 0, f"build for {viewer.name} exited {result.returncode}: {result.stderr[-2000:]}"
        written, found = site_problems(out)
        pages += written
        problems += [f"{viewer.name}: {problem}" for problem in found]
    assert_no_problems("the generated export", pages, problems)
