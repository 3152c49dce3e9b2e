"""Issue 17 item 2: a viewer who may not see health records is never told falsehoods.

Frank (supporter) used to get a link to a visit summary saying "Allergies: not recorded" and "No
current medications recorded" although Margaret is allergic to penicillin; his site now has no
visit summary, no Medications and no Labs tab, and `visit` for him says why instead."""
from conftest import NOW, SAMPLE, run_carereport

FALSE_NEGATIVES = ("not recorded", "no current medications", "no allergies")


def build(tmp_path, viewer):
    out = tmp_path / viewer
    result = run_carereport("build", SAMPLE, "--out", out, "--viewer", viewer, "--circle", "circle-margaret", "--now", NOW)
    assert result.returncode == 0, result.stderr
    return out


def test_supporter_site_has_no_visit_summary_medications_or_labs(tmp_path):
    site = build(tmp_path, "u-frank")
    assert not (site / "visit.html").exists()
    assert not (site / "medications").exists() and not (site / "labs").exists()
    for page in list(site.rglob("*.html")) + list(site.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        assert "visit.html" not in text, page
        assert 'href="medications/' not in text and "labs/index" not in text, page
        assert ">Medications</a>" not in text and "[Medications]" not in text, page
        for words in FALSE_NEGATIVES:
            assert words not in text.lower(), (page, words)


def test_caregiver_site_keeps_every_section(tmp_path):
    site = build(tmp_path, "u-ellen")
    assert (site / "visit.html").exists() and (site / "medications" / "index.html").exists()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert ">Medications</a>" in home and ">Labs</a>" in home and "Summary for the next doctor visit" in home


def test_visit_for_a_supporter_says_why_and_writes_nothing(tmp_path):
    out = tmp_path / "visit.html"
    result = run_carereport("visit", SAMPLE, "--viewer", "u-frank", "--circle", "circle-margaret", "--now", NOW, "--out", out)
    assert result.returncode == 67 and not out.exists()
    assert "health records are not shared with supporters" in result.stderr
    assert "penicillin" not in result.stderr.lower()
