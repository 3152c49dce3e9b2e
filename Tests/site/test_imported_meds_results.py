"""Medicines as ordered and results as reported on the pages (issue 29 items 7 and 8): an IPS-style
bundle's inhaler reads "2 puffs" on an "every 12 hours, as needed" schedule with no invented cap and
an empty "For"; a report whose Observations are not in the bundle says so; English and Spanish."""
import html
import json
import re

from conftest import run_carereport

NOW = "2024-03-20T12:00:00Z"


def bundle(*resources):
    return {
        "resourceType": "Bundle", "type": "collection", "timestamp": "2024-03-15T09:00:00Z",
        "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in resources],
    }


PATIENT = {"resourceType": "Patient", "id": "p1", "name": [{"given": ["Ann"], "family": "Lee"}], "birthDate": "1940-02-03"}
INHALER = {
    "resourceType": "MedicationRequest", "id": "mr1", "status": "active", "authoredOn": "2024-03-01",
    "medicationCodeableConcept": {"text": "Salbutamol 100 MCG/ACTUAT Metered Dose Inhaler"},
    "dosageInstruction": [{
        "asNeededBoolean": True, "timing": {"repeat": {"frequency": 1, "period": 12, "periodUnit": "h"}},
        "doseAndRate": [{"doseQuantity": {"value": 2}}],
    }],
}
NO_KNOWN = {
    "resourceType": "MedicationStatement", "id": "ms1", "status": "active", "effectiveDateTime": "2024-03-01",
    "medicationCodeableConcept": {"text": "No known current medicines"},
}
REPORT = {
    "resourceType": "DiagnosticReport", "id": "dr1", "status": "final", "code": {"text": "Full blood count"},
    "category": [{"coding": [{"code": "LAB"}]}], "effectiveDateTime": "2024-03-10",
    "result": [{"reference": f"Observation/absent-{n}"} for n in range(29)],
}


def text_of(markup):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def visit(tmp_path, *args):
    source = tmp_path / "ips.json"
    source.write_text(json.dumps(bundle(PATIENT, INHALER, NO_KNOWN, REPORT)), encoding="utf-8")
    out = tmp_path / "visit.html"
    result = run_carereport("visit", str(source), "--role", "careRecipient", "--now", NOW, "--out", str(out), *args)
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8")


def medication_row(markup, name):
    for row in re.findall(r"<tr>(.*?)</tr>", markup, re.S):
        if name in row:
            return [text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
    raise AssertionError(f"no row for {name}")


def test_inhaler_dose_schedule_and_no_invented_cap(tmp_path):
    markup = visit(tmp_path)
    name, schedule, _doses, history, reason = medication_row(markup, "Salbutamol")
    assert schedule == "every 12 hours, as needed"
    assert "at most" not in markup
    assert history.startswith("started 2 puffs on")
    assert reason == ""
    # "No known current medicines" is a statement, not a medicine with a dose history.
    assert "No known medications." in text_of(markup)
    assert "No known current medicines" not in markup


def test_results_not_in_the_bundle_are_said_to_be_left_out(tmp_path):
    page = text_of(visit(tmp_path))
    assert "Results not included in the document (29 referenced)" in page
    assert "No results recorded" not in page


def test_spanish(tmp_path):
    markup = visit(tmp_path, "--language", "es")
    _name, schedule, _doses, history, _reason = medication_row(markup, "Salbutamol")
    assert schedule == "cada 12 horas, según sea necesario"
    assert history.startswith("se inició con 2 inhalaciones")
    assert "Resultados no incluidos en el documento (29 referenciados)" in text_of(markup)


def test_build_pages_say_the_results_are_not_included(tmp_path):
    source = tmp_path / "ips.json"
    source.write_text(json.dumps(bundle(PATIENT, INHALER, REPORT)), encoding="utf-8")
    site = tmp_path / "site"
    result = run_carereport("build", str(source), "--role", "careRecipient", "--now", NOW, "--out", str(site))
    assert result.returncode == 0, result.stderr
    pages = [text_of(p.read_text(encoding="utf-8")) for p in site.rglob("*.html")]
    assert any("Results not included in the document (29 referenced)" in page and "Full blood count" in page for page in pages)
    assert not any("0 outside the range" in page for page in pages)
    medications = (site / "medications" / "index.html").read_text(encoding="utf-8")
    assert "2 puffs" in text_of(medications)
