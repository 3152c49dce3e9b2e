"""The doctor-visit summary on paper: A4 and Letter, at most two pages for the sample data, and the
patient, birth date, period and date written on every printed page."""
import base64
import shutil
import subprocess

from conftest import ELLEN, NOW, SAMPLE, require, run_carereport

PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}


# The page's own margins (@page), and a browser's print dialog's: half an inch (Firefox's default)
# and an inch all round (Letter is then 6.5 inches wide, under the phone layout's 40rem).
MARGINS = {"the page's": None, "0.5 in": 0.5, "1 in": 1.0}


def print_pdf(chrome, url, paper, path, margin=None):
    width, height = PAPERS[paper]
    chrome.get(url)
    options = {"paperWidth": width, "paperHeight": height, "printBackground": True,
               "preferCSSPageSize": False, "displayHeaderFooter": False}
    if margin is not None:
        options.update(marginTop=margin, marginBottom=margin, marginLeft=margin, marginRight=margin)
    result = chrome.execute_cdp_cmd("Page.printToPDF", options)
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


def test_the_sample_prints_on_two_pages_whatever_the_paper_and_margins(sites, chrome, tmp_path):
    """Issue 41 item 12: two pages of Letter and of A4, with the page's margins or a print dialog's
    (a narrow printable width never brings the phone's stacked layout onto paper); what a clinician
    needs first, the medications, on the first page, and the questions for the doctor on the second."""
    require(shutil.which("pdfinfo") and shutil.which("pdftotext"), "poppler-utils is missing (apt-get install poppler-utils)")
    url = (sites.site(ELLEN) / "visit.html").as_uri()
    counts = {}
    for paper in PAPERS:
        for name, margin in MARGINS.items():
            pdf = print_pdf(chrome, url, paper, tmp_path / f"visit-{paper}-{margin}.pdf", margin)
            counts[f"{paper}, {name} margins"] = count = pages(pdf)
            first = " ".join(page_text(pdf, 1).split())
            assert "Medications current; doses and changes" in first and "Lisinopril 20 mg" in first, f"{paper}, {name} margins"
            assert "Questions for the doctor" in " ".join(page_text(pdf, count).split())
            assert ("This summary, in order: medications, allergies, problems, results, vital signs, symptoms and falls, "
                    "questions for the doctor; then, for reference: appointments, immunisations, care-plan goals.") in first, "page 1 names what follows"
    assert all(count == 2 for count in counts.values()), counts


def test_what_a_clinician_needs_first_comes_first():
    """The questions for the doctor come right after the symptoms; the appointments and immunisations,
    for reference, after them (named at the top of page 1)."""
    page = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW).stdout
    order = ["meds-heading", "allergies-heading", "problems-heading", "results-heading", "vitals-heading", "symptoms-heading",
             "questions-heading", "appointments-heading", "immunizations-heading"]
    places = [page.index(f'id="{heading}"') for heading in order]
    assert places == sorted(places), order
    assert page.index('class="small visit-contents"') < page.index('id="meds-heading"')


def test_the_phone_layout_never_reaches_paper():
    css = (SAMPLE.parent / "templates" / "assets" / "visit.css").read_text()
    assert "@media (max-width" not in css, "a phone rule without `screen` applies to a narrow printed page"
    assert "@media screen and (max-width: 40rem)" in css


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
    # Rosa reads Spanish (her preferences); these words are checked in English.
    walter = run_carereport("visit", SAMPLE, "--viewer", "u-rosa", "--circle", "circle-walter", "--now", NOW, "--language", "en")
    assert walter.returncode == 0, walter.stderr
    assert "<strong>No known allergies.</strong> <span class=\"muted\">Stated on " in walter.stdout
    assert "Allergies: not recorded." not in walter.stdout
    margaret = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW)
    assert "Penicillin" in margaret.stdout and "not recorded" not in margaret.stdout.split("Allergies")[1][:200]


def visit_text(html):
    """The page's text in one line: tags dropped, entities decoded, spaces collapsed."""
    import html as entities
    import re
    body = html[html.index("<body"):]
    return " ".join(entities.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_visit_holds_what_the_cardiologist_needs():
    """Issue 12's cases from the sample (viewer u-ellen, now Fri 18 Apr 2025, cardiology on 24 Apr)."""
    result = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW)
    assert result.returncode == 0, result.stderr
    text = visit_text(result.stdout)
    # hr-lab-2025-04-08-cmp, drawn the same morning as the lipid and urine reports: flagged, dated.
    assert "Potassium 5.3 mmol/L 3.5–5.1 ▲ High 8 Apr 4.6 mmol/L (21 Jan)" in text
    assert "eGFR (CKD-EPI 2021) 48 mL/min/1.73 m² ≥ 60 ▼ Low 8 Apr" in text
    assert "Creatinine 1.1 mg/dL 0.5–1 ▲ High 8 Apr" in text
    assert "Nitrite Negative (preliminary)" in text
    # The period: no earlier cardiology visit, so the last 90 days, from their first instant.
    assert "Sat 18 Jan 2025 to Fri 18 Apr 2025, the last 90 days" in text
    # hr-med-lisinopril-10 → hr-med-lisinopril-20, one medicine.
    assert "increased 10 → 20 mg on 24 Feb (Dr. Anh Nguyen)" in text
    assert "Stopped: Lisinopril" not in text
    # hr-pulse-2025-03-01 has its row; hr-sym-2025-03-01-dizzy and the near-fall note are listed.
    assert "Heart rate, /min" in text and "104 (1 Mar)" in text
    assert "Dizzy on standing after the dose increase 1 Mar 7 of 10" in text
    assert "Fall or near-fall: Near-fall in the bathroom on Sunday morning" in text
    # hr-med-acetaminophen-prn on Sat 5 Apr against "at most 4 a day" and "at least 4 hours apart".
    assert "over the maximum of 4 a day: 5 (2500 mg) on 5 Apr" in text
    assert "under 4 h apart 4 times: 5 Apr (4)" in text
    # Adherence as doses taken and doses on time.
    assert "taken 87 of 91 (96%), on time 78 (86%)" in text
    assert "Resolved: Urinary tract infection (onset 9 Feb)." in text and "Infection;" not in text


def test_a_long_export_still_prints_on_two_pages(chrome, tmp_path):
    """Two years of a generated circle: the summary compresses, it never spills onto a third page."""
    require(shutil.which("pdfinfo") and shutil.which("pdftotext"), "poppler-utils is missing (apt-get install poppler-utils)")
    export = tmp_path / "export"
    made = run_carereport("generate", "--circles", "1", "--weeks", "104", "--seed", "12", "--out", export)
    assert made.returncode == 0, made.stderr
    page = tmp_path / "visit.html"
    result = run_carereport("visit", export, "--viewer", "g1-u2", "--circle", "g1", "--now", "2025-04-20T22:00:00-07:00",
                            "--out", page)
    assert result.returncode == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    for paper in PAPERS:
        pdf = print_pdf(chrome, page.as_uri(), paper, tmp_path / f"long-{paper}.pdf")
        count = pages(pdf)
        assert 1 <= count <= 2, f"{paper}: the long export's visit summary takes {count} pages"
        for number in range(1, count + 1):
            text = " ".join(page_text(pdf, number).split())
            assert "born" in text and "visit summary" in text, f"{paper} page {number} lacks the running header"
    assert "Questions for the doctor" in html
