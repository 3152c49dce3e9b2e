"""Numbers in Spanish (issue 31): no thousands separator anywhere a number is written, since with
a decimal comma "2,500 mg" reads as two and a half milligrams; the decimal mark is the comma; and
the wordings issue 31 lists are gone from Rosa's pages and the Spanish visit summary."""
import functools
import json
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


DECIMAL_POINT = re.compile(r"(?<![\w.,/-])\d+\.\d+(?![\w.])")
WEEKS = [f"2025-W{week:02d}" for week in range(2, 17)]


def email_parts(message):
    """The decoded text/plain and text/html parts of an RFC 5322 message."""
    import email
    from email import policy
    parsed = email.message_from_string(message, policy=policy.default)
    return {part.get_content_type(): part.get_content() for part in parsed.walk() if part.get_content_maintype() == "text"}


def spanish_digests():
    """Every week's digest e-mail, plain text and HTML, for Rosa and for Ellen in Spanish."""
    texts = {}
    for who, args in (("rosa", ["--viewer", "u-rosa"]), ("ellen-es", ["--viewer", "u-ellen", "--circle", "circle-margaret", "--language", "es"])):
        for week in WEEKS:
            run = run_carereport("digest", SAMPLE, *args, "--week", week, "--format", "email", "--to", "family@example.org", "--now", NOW)
            assert run.returncode == 0, (who, week, run.stderr)
            parts = email_parts(run.stdout)
            assert set(parts) == {"text/plain", "text/html"}, (who, week, set(parts))
            texts[f"{who} {week} text"] = parts["text/plain"]
            texts[f"{who} {week} html"] = visible_text(parts["text/html"])
    return texts


def ips_strings(tmp_path):
    """Every string of the Spanish visit summary as FHIR IPS, the sections' narrative included."""
    out = tmp_path / "visit-es.json"
    run = run_carereport("visit", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--language", "es", "--format", "fhir", "--now", NOW, "--out", str(out))
    assert run.returncode == 0, run.stderr
    strings = []

    def walk(value, path):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}/{key}")
        elif isinstance(value, list):
            for item in value:
                walk(item, path)
        elif isinstance(value, str):
            strings.append((path, visible_text(value) if path.endswith("/div") else value))

    walk(json.loads(out.read_text(encoding="utf-8")), "")
    return strings


def test_no_grouped_number_in_the_spanish_digest_emails():
    """Rosa's and Ellen's Spanish digest of every week of the sample, both parts of the e-mail."""
    texts = spanish_digests()
    bad = [(name, match.group(0)) for name, text in texts.items() for match in GROUPED.finditer(text)]
    assert not bad, bad[:10]
    # The family's own words ("A1c 7.8, up from 7.3" in a visit's notes) are quoted as written; the
    # numbers carereport writes have the decimal comma.
    week15 = texts["ellen-es 2025-W15 text"] + texts["ellen-es 2025-W15 html"]
    for value in ("Potassium 5,3 mmol/L (rango 3,5–5,1)", "Creatinine 1,1 mg/dL", "70,7 kg"):
        assert week15.count(value) >= 2, value
    numbers = sum(len(re.findall(r"\d", text)) for text in texts.values())
    assert numbers > 1000, "the digests hold numbers to check"


def test_no_grouped_number_in_the_spanish_ips_narrative(tmp_path):
    strings = ips_strings(tmp_path)
    narrative = [(path, text) for path, text in strings if path.endswith("/text/div")]
    assert len(narrative) >= 5, "every section has its narrative"
    bad = [(path, match.group(0)) for path, text in strings for match in GROUPED.finditer(text)]
    assert not bad, bad[:10]
    # The family's own words (a goal's description, "Bring the A1c under 7.5 by July") are quoted as written.
    own = [record["data"]["description"] for record in json.loads((SAMPLE / "health.json").read_text(encoding="utf-8"))
           if record["type"] == "goal"]
    points = [(path, match.group(0)) for path, text in narrative
              for match in DECIMAL_POINT.finditer(functools.reduce(lambda t, words: t.replace(words, ""), own, text))]
    assert not points, f"a decimal point in the Spanish narrative: {points[:10]}"
    assert any("1,1 mg/dL" in text for _, text in narrative), "the creatinine with the decimal comma"


def test_the_checks_find_a_grouped_number_and_a_decimal_point():
    assert GROUPED.search("Paracetamol: 5 (2,500 mg)")
    assert DECIMAL_POINT.search("Potasio: 5.3 mmol/L") and not DECIMAL_POINT.search("5,3 mmol/L, 2024-2025, 1/2")


def test_a_value_past_a_thousand_is_one_number_everywhere(tmp_path):
    """An NT-proBNP of 1250 pg/mL added to the 8 Apr draw: "1250" on the Spanish lab and week pages,
    in both parts of the digest e-mail and in the IPS narrative, never "1,250" nor "1.250"."""
    from test_clinical import edited_sample

    def add(records):
        results = records["hr-lab-2025-04-08-a1c-lipids"]["data"]["results"]
        results.append({"name": "NT-proBNP", "loinc": "33762-6", "value": 1250, "unit": "pg/mL", "referenceRange": {"high": 450}})
    source = edited_sample(tmp_path, add)
    spanish = ["--viewer", "u-ellen", "--circle", "circle-margaret", "--language", "es", "--now", NOW]
    site = tmp_path / "site"
    assert run_carereport("build", source, "--out", str(site), *spanish).returncode == 0
    digest = run_carereport("digest", source, "--week", "2025-W15", "--format", "email", "--to", "family@example.org", *spanish)
    assert digest.returncode == 0, digest.stderr
    ips = tmp_path / "visit.json"
    assert run_carereport("visit", source, "--format", "fhir", "--out", str(ips), *spanish).returncode == 0
    narrative = " ".join(visible_text(div) for div in re.findall(r'"div": "((?:[^"\\]|\\.)*)"', ips.read_text(encoding="utf-8")))
    texts = {"week": visible_text((site / "weeks" / "2025-W15.html").read_text(encoding="utf-8")), "ips": narrative}
    texts.update(email_parts(digest.stdout))
    texts["text/html"] = visible_text(texts["text/html"])
    labs = [visible_text(page.read_text(encoding="utf-8")) for page in (site / "labs").glob("*.html")]
    texts["labs"] = " ".join(text for text in labs if "NT-proBNP" in text)
    for name, text in texts.items():
        text = " ".join(text.split())
        assert "NT-proBNP" in text, name
        assert re.search(r"NT-proBNP:? 1250 pg/mL", text), (name, text[text.index("NT-proBNP"):][:80])
        assert not GROUPED.search(text) and "1.250" not in text, name
