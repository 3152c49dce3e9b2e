"""Issue 29: a discharge document's lists and the dates it does not know, as the document states them.

`Tests/site/imports/discharge-summary.xml` is a small hand-written Discharge Summary: its Discharge
Medications are the current list, its other medication list (hospital medicines) is not; its
immunisation, procedure and one result have a nullFlavor date ("date unknown", never the
document's day); a text result "Negative" against the text range "NEGATIVE" is normal. The same
text result written as a FHIR Observation is normal too.
"""
import html
import json
import re

from conftest import ROOT, run_carereport

DOCUMENT = ROOT / "Tests" / "site" / "imports" / "discharge-summary.xml"
NOW = "2026-11-25T08:00:00Z"
INTERPRETATION = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"


def visit(document, out, *extra):
    result = run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--out", out, *extra)
    assert result.returncode == 0, result.stderr[-2000:]
    return out.read_text()


def section(page, heading):
    match = re.search(r'<section aria-labelledby="%s">(.*?)</section>' % heading, page, re.S)
    assert match, heading
    return match.group(1)


def text(fragment):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def medication_table(page):
    meds = section(page, "meds-heading")
    table = re.search(r"<tbody>(.*?)</tbody>", meds, re.S)
    return text(table.group(1)) if table else ""


def test_discharge_medications_are_the_current_list(tmp_path):
    page = visit(DOCUMENT, tmp_path / "visit.html")
    current = medication_table(page)
    assert "aspirin 81 MG Oral Tablet" in current and "metoprolol tartrate 25 MG Oral Tablet" in current
    assert "heparin" not in current, "a hospital medicine is not a current medicine"
    meds = text(section(page, "meds-heading"))
    assert "Current medications: the discharge medication list of the discharge document" in meds
    assert re.search(r"Not current \(the document's admission or hospital medication list\): heparin sodium 5000 UNT/ML "
                     r"Injectable Solution, 5000 IU, every 12 hours", meds), meds


def test_discharge_lists_in_spanish(tmp_path):
    page = visit(DOCUMENT, tmp_path / "visit.html", "--language", "es")
    meds = text(section(page, "meds-heading"))
    assert "Medicación actual: la lista de medicación al alta del informe de alta" in meds
    assert "No vigente (lista de medicación al ingreso o durante la hospitalización del documento): heparin" in meds
    assert "heparin" not in medication_table(page)


def test_discharge_lists_in_the_ips_and_read_back(tmp_path):
    visit(DOCUMENT, tmp_path / "visit.json", "--format", "fhir")
    bundle = json.loads((tmp_path / "visit.json").read_text())
    statements = {r["medicationCodeableConcept"]["text"]: r for r in (e["resource"] for e in bundle["entry"])
                  if r["resourceType"] == "MedicationStatement"}
    heparin = statements["heparin sodium 5000 UNT/ML Injectable Solution"]
    assert heparin["status"] == "unknown" and heparin["category"]["coding"][0]["code"] == "inpatient"
    assert heparin["medicationCodeableConcept"]["coding"][0]["code"] == "1361029", "its code is kept"
    assert statements["aspirin 81 MG Oral Tablet"]["status"] == "active"
    assert statements["metoprolol tartrate 25 MG Oral Tablet"]["dosage"][0]["timing"]["repeat"] == {
        "frequency": 2, "period": 1, "periodUnit": "d"}, "the schedule (institution-specified q12h: twice a day) is written as Timing"
    again = visit(tmp_path / "visit.json", tmp_path / "again.html")
    assert "heparin" not in medication_table(again), "read back, the hospital list is still not current"
    assert "Not current (the document's admission or hospital medication list): heparin" in text(section(again, "meds-heading"))
    assert "twice a day" in medication_table(again)


def test_unknown_dates_say_so_on_the_summary_the_week_and_in_the_ips(tmp_path):
    page = visit(DOCUMENT, tmp_path / "visit.html")
    assert "Tdap, given, date unknown" in text(section(page, "immunizations-heading"))
    assert "Appendectomy : done, date unknown" in text(section(page, "procedures-heading"))
    results = text(section(page, "results-heading"))
    assert "Normal, date unknown: Hemoglobin [Mass/volume] in Blood 13.2 g/dL" in results
    assert "20 Nov" not in results, "the unknown date is not shown as the document's day"
    visit(DOCUMENT, tmp_path / "visit.json", "--format", "fhir")
    bundle = json.loads((tmp_path / "visit.json").read_text())
    by_kind = {}
    for resource in (e["resource"] for e in bundle["entry"]):
        by_kind.setdefault(resource["resourceType"], []).append(resource)
    tdap, = by_kind["Immunization"]
    # occurrence[x] is required: the unknown date is the text "unknown" with its data-absent-reason
    assert "occurrenceDateTime" not in tdap and tdap["occurrenceString"] == "unknown"
    assert tdap["_occurrenceString"]["extension"][0]["valueCode"] == "unknown"
    appendectomy, = by_kind["Procedure"]
    assert "performedDateTime" not in appendectomy and "_performedDateTime" in appendectomy
    hemoglobin = [r for r in by_kind["Observation"] if r["code"].get("text", "").startswith("Hemoglobin")]
    assert hemoglobin and all("effectiveDateTime" not in r and "_effectiveDateTime" in r for r in hemoglobin)
    site = tmp_path / "site"
    result = run_carereport("build", DOCUMENT, "--viewer", "patient", "--now", NOW, "--out", site)
    assert result.returncode == 0, result.stderr[-2000:]
    week = (site / "weeks" / "2026-W47.md").read_text()
    for name in ("Tdap", "Appendectomy", "Hemoglobin \\[Mass/volume\\] in Blood"):
        line = next(line for line in week.splitlines() if name in line)
        assert "date unknown" in line and "20 Nov" not in line, line


def test_a_negative_text_result_is_normal_in_ccda(tmp_path):
    page = visit(DOCUMENT, tmp_path / "visit.html")
    results = text(section(page, "results-heading"))
    assert "Normal, 19 Nov: Ketones [Presence] in Urine by Test strip Negative" in results
    assert "Ketones" not in text(re.search(r"<tbody>(.*?)</tbody>", section(page, "results-heading"), re.S).group(1)
                                 if "<tbody>" in section(page, "results-heading") else "")
    visit(DOCUMENT, tmp_path / "visit.json", "--format", "fhir")
    bundle = json.loads((tmp_path / "visit.json").read_text())
    ketones = next(e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == "Observation"
                   and e["resource"]["code"].get("text", "").startswith("Ketones"))
    codes = {c["code"] for i in ketones.get("interpretation", []) for c in i["coding"] if c["system"] == INTERPRETATION}
    assert not codes & {"A", "AA", "H", "HH", "L", "LL"}, codes


def test_a_negative_text_result_is_normal_in_fhir(tmp_path):
    observation = {
        "resourceType": "Observation", "id": "glu", "status": "final",
        "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
        "code": {"coding": [{"system": "http://loinc.org", "code": "25428-4"}], "text": "Glucose, urine"},
        "subject": {"reference": "Patient/p"}, "effectiveDateTime": "2026-11-19T08:00:00-05:00", "valueString": "Negative",
        "referenceRange": [{"text": "NEGATIVE", "low": {"value": 0, "unit": "mmol/L"}, "high": {"value": 0.8, "unit": "mmol/L"}}],
    }
    bundle = {"resourceType": "Bundle", "type": "collection", "timestamp": "2026-11-20T14:30:00-05:00", "entry": [
        {"fullUrl": "Patient/p", "resource": {"resourceType": "Patient", "id": "p", "name": [{"given": ["Rosa"], "family": "Delgado"}],
                                              "birthDate": "1944-03-12"}},
        {"fullUrl": "Observation/glu", "resource": observation}]}
    source = tmp_path / "glucose.json"
    source.write_text(json.dumps(bundle))
    page = visit(source, tmp_path / "visit.html")
    results = text(section(page, "results-heading"))
    assert "Normal, 19 Nov: Glucose, urine Negative" in results, results
    assert "Abnormal" not in results and "▲" not in results and "▼" not in results


def test_the_site_lists_the_hospital_medicines_as_not_current(tmp_path):
    site = tmp_path / "site"
    result = run_carereport("build", DOCUMENT, "--viewer", "patient", "--now", NOW, "--out", site)
    assert result.returncode == 0, result.stderr[-2000:]
    index = (site / "medications" / "index.md").read_text()
    current, past = index.split("## Past medications", 1)
    assert "heparin" not in current and "aspirin 81 MG Oral Tablet" in current and "metoprolol" in current
    assert re.search(r"heparin sodium .*\| Not current \(the document's admission or hospital medication list\) \|", past), past
