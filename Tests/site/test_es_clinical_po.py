"""The Spanish clinical wording (issue 24): translations/es.po holds every lab explanation
as a msgid, byte for byte as carereport prints it, with a Spanish msgstr that names its source, has
two or three sentences, quotes no number and keeps every placeholder; scripts/check-po.py, which
checks all that, fails on a broken file."""
import html
import importlib.util
import re
import subprocess
import sys

from conftest import ELLEN, ROOT

PO = ROOT / "translations" / "es.po"
SHIPPED = ROOT / "templates" / "text" / "lab-explanations.txt"
CHECK = ROOT / "scripts" / "check-po.py"


def check_po():
    spec = importlib.util.spec_from_file_location("check_po", CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_check(*args):
    return subprocess.run([sys.executable, CHECK, *map(str, args)], capture_output=True, text=True)


def test_the_catalogue_passes_its_checks():
    result = run_check(PO, "--labs", SHIPPED)
    assert result.returncode == 0, result.stderr
    counts = re.search(r"(\d+) lab explanations, (\d+) in the catalogue", result.stdout)
    assert counts and counts.group(1) == counts.group(2) and int(counts.group(1)) >= 40, result.stdout


def test_every_explanation_carereport_prints_is_a_msgid(sites):
    """The msgids are joined by check-po.py's reading of the file; this compares them with what the
    Swift parser actually put on the sample's test pages, so the two readings cannot drift apart."""
    msgids = {entry["msgid"] for entry in check_po().parse_po(PO)}
    pages = sorted((sites.site(ELLEN) / "labs" / "analytes").glob("*.html"))
    printed = []
    for page in pages:
        found = re.search(r'<span class="test-explained-label">[^<]*</span>\s*(.*?)</p>', page.read_text(), re.S)
        if found:
            printed.append((page.name, html.unescape(found.group(1))))
    assert len(printed) >= 20
    missing = [name for name, text in printed if text not in msgids]
    assert not missing, f"explanations on {missing} are not msgids of {PO.name}"


def test_a_dropped_placeholder_a_number_and_an_empty_translation_fail(tmp_path):
    entries = check_po().parse_po(PO)
    a1c = next(e for e in entries if e["msgid"].startswith("Hemoglobin A1c shows"))
    text = PO.read_text(encoding="utf-8")
    assert f'msgstr "{a1c["msgstr"]}"' in text
    text = text.replace(f'msgstr "{a1c["msgstr"]}"', f'msgstr "{a1c["msgstr"]} Suele estar por debajo de 7."', 1)
    text += '\nmsgid "Test only: {medication} on {date}"\nmsgstr "Solo prueba: {medication}"\n'
    text += '\nmsgid "Test only: untranslated"\nmsgstr ""\n'
    broken = tmp_path / "broken.po"
    broken.write_text(text, encoding="utf-8")
    result = run_check(broken, "--labs", SHIPPED)
    assert result.returncode == 1
    assert "'Hemoglobin A1c' quotes a number in Spanish" in result.stderr
    assert "translation drops ['date']" in result.stderr
    assert "no translation" in result.stderr


def test_a_missing_explanation_fails(tmp_path):
    blocks = check_po().lab_blocks(SHIPPED.read_text(encoding="utf-8"))
    potassium = next(text for test, text in blocks if test == "Potassium")
    text = PO.read_text(encoding="utf-8").replace(potassium.split(";")[0], "Potassium is something else", 1)
    broken = tmp_path / "broken.po"
    broken.write_text(text, encoding="utf-8")
    result = run_check(broken, "--labs", SHIPPED)
    assert result.returncode == 1
    assert "the explanation of 'Potassium' is not a msgid" in result.stderr
