"""A site built from clinical documents names them in its footer (issue 33): each by its title, else
its file name, with the date it speaks for, in English and Spanish, on the HTML and Markdown pages
and the visit summary."""
import copy
import html
import json
import re

import pytest

from conftest import ROOT, run_carereport

DOCUMENT = ROOT.parent / "shared" / "fixtures" / "ips" / "bundle-minimal.json"
NOW = "2021-01-04T09:00:00Z"
TITLE = "Patient Summary as of December 11, 2020 14:30"


def footer(path):
    markup = path.read_text(encoding="utf-8")
    match = re.search(r"<footer[^>]*>(.*?)</footer>", markup, re.S)
    assert match, f"{path.name} has no footer"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


@pytest.fixture
def bundle():
    if not DOCUMENT.exists():
        pytest.skip(f"{DOCUMENT} is absent: the shared fixtures are not beside the project")
    return json.loads(DOCUMENT.read_text(encoding="utf-8"))


def untitled(bundle, timestamp):
    """The same patient's summary with no title of its own, of another day."""
    other = copy.deepcopy(bundle)
    other["id"] = "bundle-later"
    other["timestamp"] = timestamp
    for entry in other["entry"]:
        if entry["resource"]["resourceType"] == "Composition":
            entry["resource"].pop("title", None)
            entry["resource"]["date"] = timestamp
    return other


def build(source, out, *extra):
    result = run_carereport("build", source, "--out", out, "--viewer", "patient", "--now", NOW, *extra)
    assert result.returncode == 0, result.stderr
    return out


def test_the_footer_names_the_document_and_its_date(bundle, tmp_path):
    site = build(DOCUMENT, tmp_path / "site")
    expected = f"by carereport from the clinical document “{TITLE}” (Fri 11 Dec 2020). It holds only what this reader may see."
    for page in ("index.html", "weeks/index.html"):
        assert expected in footer(site / page), footer(site / page)
    assert expected in (site / "index.md").read_text(encoding="utf-8")
    visit = footer(site / "visit.html")
    assert f"Written by carereport from the clinical document “{TITLE}” (Fri 11 Dec 2020); it holds only what" in visit, visit
    assert "given to it" not in footer(site / "index.html")


def test_two_documents_each_by_title_else_file_name_in_spanish(bundle, tmp_path):
    folder = tmp_path / "portal"
    folder.mkdir()
    (folder / "summary.json").write_text(json.dumps(bundle), encoding="utf-8")
    (folder / "later-summary.json").write_text(json.dumps(untitled(bundle, "2020-12-20")), encoding="utf-8")
    english = footer(build(folder, tmp_path / "en") / "index.html")
    assert "from the clinical documents " in english, english
    assert f"“{TITLE}” (Fri 11 Dec 2020)" in english and "“later-summary.json” (Sun 20 Dec 2020)" in english, english
    spanish = footer(build(folder, tmp_path / "es", "--language", "es") / "index.html")
    assert "a partir de los documentos clínicos " in spanish, spanish
    assert f"«{TITLE}» (vie 11 dic 2020)" in spanish and "«later-summary.json» (dom 20 dic 2020)" in spanish, spanish


def test_a_title_is_escaped(bundle, tmp_path):
    hostile = copy.deepcopy(bundle)
    for entry in hostile["entry"]:
        if entry["resource"]["resourceType"] == "Composition":
            entry["resource"]["title"] = "<script>alert(1)</script> & co"
    source = tmp_path / "hostile.json"
    source.write_text(json.dumps(hostile), encoding="utf-8")
    markup = (build(source, tmp_path / "site") / "index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in markup
    assert "“&lt;script&gt;alert(1)&lt;/script&gt; &amp; co”" in markup
