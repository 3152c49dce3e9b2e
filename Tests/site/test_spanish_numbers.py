"""Numbers in Spanish (issue 31): no thousands separator anywhere a number is written, since with
a decimal comma "2,500 mg" reads as two and a half milligrams; the decimal mark is the comma; and
the wordings issue 31 lists are gone from Rosa's pages and the Spanish visit summary."""
import re

from conftest import NOW, SAMPLE, run_carereport

GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d])")
WORDINGS = [
    "por encima de lo habitual", "por debajo de lo habitual", "No se conocen medicamentos", "Indicado el", "Omitida", "Saltada",
    "Cambio de medicamento", "con fecha", "1 hechas", "tablet, oral", "rango habitual",
]


def visible_text(markup):
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"<[^>]+>", " ", markup)


def spanish_pages(tmp_path):
    """Every page of Rosa's site, Ellen's site in Spanish and the Spanish visit summary."""
    rosa, ellen = tmp_path / "rosa", tmp_path / "ellen-es"
    for out, args in ((rosa, ["--viewer", "u-rosa"]), (ellen, ["--viewer", "u-ellen", "--circle", "circle-margaret", "--language", "es"])):
        built = run_carereport("build", SAMPLE, "--out", str(out), *args, "--now", NOW)
        assert built.returncode == 0, built.stderr
    visit = tmp_path / "visit-es.html"
    written = run_carereport("visit", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--language", "es", "--now", NOW, "--out", str(visit))
    assert written.returncode == 0, written.stderr
    pages = [visit] + [p for site in (rosa, ellen) for p in site.rglob("*") if p.suffix in (".html", ".md")]
    return {page: page.read_text(encoding="utf-8") for page in pages}


def test_no_number_is_written_with_a_thousands_separator_in_spanish(tmp_path):
    pages = spanish_pages(tmp_path)
    bad = [(page.name, match.group(0)) for page, text in pages.items() for match in GROUPED.finditer(visible_text(text))]
    assert not bad, bad[:10]
    visit = next(text for page, text in pages.items() if page.name == "visit-es.html")
    assert "2500 mg" in visible_text(visit), "the acetaminophen total over the maximum is one number"


def test_the_issue_31_wordings_are_gone_in_spanish(tmp_path):
    pages = spanish_pages(tmp_path)
    for page, text in pages.items():
        shown = visible_text(text)
        for wording in WORDINGS:
            assert wording not in shown, (page.name, wording)
    ellen_week = next(text for page, text in pages.items() if "ellen-es" in str(page) and page.name == "2025-W07.html")
    assert "Fiebre:" in visible_text(ellen_week) and "Presión arterial alta:" in visible_text(ellen_week)
    meds = next(text for page, text in pages.items() if "ellen-es" in str(page) and page.name == "lisinopril-2025-02-24.html")
    assert "comprimido, vía oral" in visible_text(meds)


def test_the_check_finds_a_grouped_number():
    assert GROUPED.search("5 (2,500 mg) el 5 abr")
    assert GROUPED.search("12,345,678")
    assert not GROUPED.search("7,5 mmol/L, 38,3 °C, 148/86")
    assert not GROUPED.search("2500 mg")
