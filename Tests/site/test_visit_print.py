"""The doctor-visit summary on paper: A4 and Letter, at most two pages for the sample data, and the
patient, birth date, period and date written on every printed page."""
import base64
import shutil
import subprocess

from conftest import ELLEN, NOW, SAMPLE, require, run_carereport

PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}


def print_pdf(chrome, url, paper, path):
    width, height = PAPERS[paper]
    chrome.get(url)
    result = chrome.execute_cdp_cmd("Page.printToPDF", {
        "paperWidth": width, "paperHeight": height, "printBackground": True,
        "preferCSSPageSize": False, "displayHeaderFooter": False})
    path.write_bytes(base64.b64decode(result["data"]))
    return path


def pages(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def page_text(pdf, page):
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout


def test_visit_prints_on_two_pages_with_the_header_on_each(sites, chrome, tmp_path):
    require(shutil.which("pdfinfo") and shutil.which("pdftotext"), "poppler-utils is missing (apt-get install poppler-utils)")
    site = sites.site(ELLEN)
    for paper in PAPERS:
        pdf = print_pdf(chrome, (site / "visit.html").as_uri(), paper, tmp_path / f"visit-{paper}.pdf")
        count = pages(pdf)
        assert 1 <= count <= 2, f"{paper}: the visit summary takes {count} pages"
        for page in range(1, count + 1):
            text = " ".join(page_text(pdf, page).split())
            for expected in ("Margaret Ashworth", "born Sun 9 Mar 1941", "visit summary", "written Fri 18 Apr 2025"):
                assert expected in text, f"{paper} page {page} lacks the running header part {expected!r}"


def test_visit_command_writes_the_same_page_as_the_site(sites, tmp_path):
    site = sites.site(ELLEN)
    out = tmp_path / "visit.html"
    result = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW, "--out", out)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert out.read_bytes() == (site / "visit.html").read_bytes()


def test_visit_to_standard_output_and_since(tmp_path):
    result = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW, "--since", "2025-01-01")
    assert result.returncode == 0, result.stderr
    assert "Wed 1 Jan 2025 to Fri 18 Apr 2025" in result.stdout
    assert "Questions for the doctor" in result.stdout
    bad = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--since", "yesterday")
    assert bad.returncode == 64


def test_visit_tells_none_known_from_not_recorded():
    walter = run_carereport("visit", SAMPLE, "--viewer", "u-rosa", "--circle", "circle-walter", "--now", NOW)
    assert walter.returncode == 0, walter.stderr
    assert "No known allergies (recorded)." in walter.stdout
    margaret = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW)
    assert "Penicillin" in margaret.stdout and "not recorded" not in margaret.stdout.split("Allergies")[1][:200]
