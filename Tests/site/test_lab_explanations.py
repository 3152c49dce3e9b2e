"""Tests explained in plain words (issue 16 item 3): every test page of the sample and of a
generated export opens with its explanation, in HTML and Markdown; the shipped text covers at least
forty of the tests in the sample, the generator and the shared fixtures; --templates replaces it."""
import json
import pathlib
import re

from conftest import ELLEN, NOW, ROOT, require, run_carereport

SHIPPED = ROOT / "templates" / "text" / "lab-explanations.txt"
FIXTURES = ROOT.parent / "shared" / "fixtures"


def shipped_codes():
    return {code for line in SHIPPED.read_text().splitlines() if line.startswith("loinc:") for code in line[6:].split()}


def test_every_sample_test_page_opens_with_its_explanation(sites):
    pages = sorted((sites.site(ELLEN) / "labs" / "analytes").glob("*.html"))
    assert len(pages) >= 20
    for page in pages:
        html = page.read_text()
        about = html.index("About this test:")
        assert about < html.index("<table"), f"{page.name}: the explanation comes first"
        assert "About this test:**" in page.with_suffix(".md").read_text(), page.name


def test_a_generated_export_gets_explanations_too(tmp_path):
    export, site = tmp_path / "export", tmp_path / "site"
    assert run_carereport("generate", "--circles", "1", "--weeks", "20", "--seed", "5", "--out", export).returncode == 0
    circles = json.loads((export / "circles.json").read_text())
    circle = (circles if isinstance(circles, list) else circles["data"])[0]
    viewer = next(m["userId"] for m in circle["members"] if "caregiver" in m.get("roles", []))
    result = run_carereport("build", export, "--out", site, "--viewer", viewer, "--circle", circle["id"], "--now", NOW)
    assert result.returncode == 0, result.stderr[-2000:]
    pages = sorted((site / "labs" / "analytes").glob("*.html"))
    assert pages
    missing = [page.name for page in pages if "About this test:" not in page.read_text()]
    assert not missing, f"no explanation on {missing}"


def codes_in_the_project():
    """The LOINC codes of the sample's and the generator's results (the repository alone)."""
    found = set(re.findall(r'"loinc":\s*"([0-9]+-[0-9])"', (ROOT / "sample-data" / "health.json").read_text()))
    found |= set(re.findall(r'loinc:\s*"([0-9]+-[0-9])"', (ROOT / "Sources/CareReports/Generate/HealthWriter+Labs.swift").read_text()))
    return found


def test_the_shipped_text_covers_every_test_of_the_sample_and_the_generator():
    """From the repository alone (a clone has no ../shared): 24 tests, each explained; the other codes
    there are panels and vital signs, which have no test page."""
    covered = codes_in_the_project() & shipped_codes()
    assert SHIPPED.read_text().count("\ntest:") >= 40
    assert len(covered) >= 24, f"only {len(covered)} of the sample's and the generator's LOINC codes have an explanation"


def test_the_shipped_text_covers_forty_tests_found_in_the_data():
    require(FIXTURES.is_dir(), f"{FIXTURES} is absent: the coverage of the shared fixtures' tests needs ../shared beside the project")
    found = codes_in_the_project()
    for path in FIXTURES.rglob("*.json"):
        if path.stat().st_size < 5_000_000:
            text = path.read_text(errors="ignore")
            found |= set(re.findall(r'"system"\s*:\s*"http://loinc.org"\s*,\s*"code"\s*:\s*"([0-9]+-[0-9])"', text))
    covered = found & shipped_codes()
    assert len(covered) >= 40, f"only {len(covered)} of the LOINC codes in the data have an explanation"


def test_templates_folder_replaces_the_text(tmp_path):
    mine = tmp_path / "mine" / "text"
    mine.mkdir(parents=True)
    (mine / "lab-explanations.txt").write_text(
        "test: Potassium\nloinc: 2823-3\nnames: potassium\nOur own words about <potassium> & the heart.\n")
    site = tmp_path / "site"
    result = run_carereport(*ELLEN.build_args(site), "--templates", tmp_path / "mine")
    assert result.returncode == 0, result.stderr[-2000:]
    potassium = (site / "labs" / "analytes" / "potassium.html").read_text()
    assert "Our own words about &lt;potassium&gt; &amp; the heart." in potassium
    assert "About this test:" not in (site / "labs" / "analytes" / "sodium.html").read_text(), "the file replaces the defaults whole"
    written = tmp_path / "defaults"
    assert run_carereport("templates", written).returncode == 0
    assert (written / "text" / "lab-explanations.txt").read_text() == SHIPPED.read_text()
