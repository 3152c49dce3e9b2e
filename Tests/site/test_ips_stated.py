"""Issue 30 on one hand-written document (no ../shared needed) and on the native export: codes,
statuses, criticality, UCUM units and flags written as stated in the IPS, and the statuses and
criticality in their own words on the visit summary and the week pages, in English and Spanish.
"""
import json

import pytest

from conftest import NOW, SAMPLE, run_carereport
from test_ips_roundtrip import category_codes, losses, write_ips

# A hand-written document holding one of each thing issue 30 names (no ../shared needed).
HANDMADE = {
    "resourceType": "Bundle", "type": "collection", "timestamp": "2025-04-10T09:00:00+00:00",
    "entry": [
        {"fullUrl": "urn:uuid:p", "resource": {"resourceType": "Patient", "id": "p", "name": [{"family": "Lee", "given": ["Ana"]}]}},
        {"fullUrl": "urn:uuid:c1", "resource": {
            "resourceType": "Condition", "id": "c1",
            "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "remission"}]},
            "code": {"coding": [{"system": "http://snomed.info/sct", "code": "254837009", "display": "Malignant neoplasm of breast"},
                                {"system": "http://hl7.org/fhir/sid/icd-10", "code": "C50.9"}], "text": "Breast cancer"},
            "onsetDateTime": "2015-03-01", "subject": {"reference": "urn:uuid:p"}}},
        {"fullUrl": "urn:uuid:c2", "resource": {
            "resourceType": "Condition", "id": "c2",
            "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "active"}]},
            "verificationStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-ver-status", "code": "entered-in-error"}]},
            "code": {"text": "Heart attack ERRMARKER"}, "onsetDateTime": "2020-01-01", "subject": {"reference": "urn:uuid:p"}}},
        {"fullUrl": "urn:uuid:c3", "resource": {
            "resourceType": "Condition", "id": "c3",
            "verificationStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-ver-status", "code": "refuted"}]},
            "code": {"text": "Diabetes REFUTEDMARKER"}, "onsetDateTime": "2020-01-01", "subject": {"reference": "urn:uuid:p"}}},
        {"fullUrl": "urn:uuid:a1", "resource": {
            "resourceType": "AllergyIntolerance", "id": "a1", "type": "allergy", "category": ["medication"], "criticality": "high",
            "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "code": "active"}]},
            "code": {"coding": [{"system": "http://snomed.info/sct", "code": "373270004", "display": "Penicillin"}], "text": "Penicillin"},
            "patient": {"reference": "urn:uuid:p"}, "recordedDate": "2010-05-05",
            "reaction": [{"severity": "severe", "manifestation": [{"coding": [{"system": "http://snomed.info/sct", "code": "39579001", "display": "Anaphylaxis"}]}]}]}},
        {"fullUrl": "urn:uuid:m1", "resource": {
            "resourceType": "MedicationStatement", "id": "m1", "status": "active", "subject": {"reference": "urn:uuid:p"},
            "medicationCodeableConcept": {"text": "ibuprofen 200 mg capsule", "coding": [
                {"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "206878", "display": "Proprinal 200 MG Oral Capsule"},
                {"system": "http://www.whocc.no/atc", "code": "M01AE01", "display": "ibuprofen"}]},
            "effectiveDateTime": "2025-03-01"}},
        {"fullUrl": "urn:uuid:i1", "resource": {
            "resourceType": "Immunization", "id": "i1", "status": "completed", "patient": {"reference": "urn:uuid:p"},
            "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "140", "display": "Influenza, seasonal, injectable"},
                                       {"system": "urn:oid:1.2.36.1.2001.1005.17", "code": "FLUVAX"}]},
            "occurrenceDateTime": "2024-04-01"}},
        {"fullUrl": "urn:uuid:o1", "resource": {
            "resourceType": "Observation", "id": "o1", "status": "final",
            "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
            "code": {"coding": [{"system": "http://loinc.org", "code": "777-3", "display": "Platelets [#/volume] in Blood by Automated count"}], "text": "Platelets"},
            "subject": {"reference": "urn:uuid:p"}, "effectiveDateTime": "2025-04-01T08:15:00+10:00",
            "valueQuantity": {"value": 123, "unit": "10*9/L", "system": "http://unitsofmeasure.org", "code": "10*9/L"},
            "referenceRange": [{"low": {"value": 150, "unit": "10*9/L"}, "high": {"value": 350, "unit": "10*9/L"}}],
            "note": [{"text": "Repeat in two weeks"}]}},
    ],
}


@pytest.fixture(scope="module")
def handmade(tmp_path_factory):
    folder = tmp_path_factory.mktemp("handmade")
    source = folder / "ana.json"
    source.write_text(json.dumps(HANDMADE))
    return source, write_ips(source, folder / "ips.json")


def by_type(bundle, kind):
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


def test_codes_statuses_and_criticality_written_as_stated(handmade):
    _, output = handmade
    condition, = [c for c in by_type(output, "Condition")]
    assert condition["clinicalStatus"]["coding"][0]["code"] == "remission"
    assert [(c["system"], c["code"]) for c in condition["code"]["coding"]] == [
        ("http://snomed.info/sct", "254837009"), ("http://hl7.org/fhir/sid/icd-10", "C50.9")]
    allergy, = by_type(output, "AllergyIntolerance")
    assert allergy["criticality"] == "high" and allergy["category"] == ["medication"] and allergy["type"] == "allergy"
    assert allergy["code"]["coding"] == [{"system": "http://snomed.info/sct", "code": "373270004", "display": "Penicillin"}]
    assert allergy["reaction"][0]["severity"] == "severe"
    assert allergy["reaction"][0]["manifestation"][0]["coding"][0]["code"] == "39579001"
    medication, = by_type(output, "MedicationStatement")
    codings = medication["medicationCodeableConcept"]["coding"]
    assert codings[0] == {"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "206878", "display": "Proprinal 200 MG Oral Capsule"}
    assert codings[1]["code"] == "M01AE01"
    shot, = by_type(output, "Immunization")
    assert {c["code"] for c in shot["vaccineCode"]["coding"]} == {"140", "FLUVAX"}


def test_entered_in_error_and_refuted_leave_no_trace(handmade):
    source, output = handmade
    text = json.dumps(output)
    assert "ERRMARKER" not in text and "REFUTEDMARKER" not in text
    result = run_carereport("validate", source)
    assert "verificationStatus is entered-in-error; record not imported" in result.stdout + result.stderr
    assert "verificationStatus is refuted; record not imported" in result.stdout + result.stderr
    assert "ERRMARKER" not in result.stdout + result.stderr


def test_lab_value_has_ucum_and_the_pages_flag_as_interpretation(handmade):
    _, output = handmade
    platelets, = [o for o in by_type(output, "Observation") if o["code"].get("text") == "Platelets"]
    assert platelets["valueQuantity"] == {"value": 123, "unit": "10*9/L", "system": "http://unitsofmeasure.org", "code": "10*9/L"}
    assert platelets["interpretation"][0]["coding"][0] == {
        "system": "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", "code": "L", "display": "Low"}
    assert platelets["note"] == [{"text": "Repeat in two weeks"}]


def test_document_validates_and_reads_back_to_the_same_document(handmade, tmp_path):
    _, output = handmade
    fhir = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    fhir.Bundle.model_validate(output)
    path = tmp_path / "again-in.json"
    path.write_text(json.dumps(output))
    again = write_ips(path, tmp_path / "again.json")
    assert losses(output, again)[2:] == ([], [], [])


@pytest.mark.parametrize("language,words", [
    ("en", ["Breast cancer</strong>, in remission", "Anaphylaxis, severe, high criticality"]),
    ("es", ["Breast cancer</strong>, en remisión", "Anaphylaxis, grave, criticidad alta"]),
])
def test_statuses_and_criticality_in_their_own_words_on_the_page(handmade, tmp_path, language, words):
    source, _ = handmade
    out = tmp_path / "visit.html"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", NOW, "--language", language, "--out", out)
    assert result.returncode == 0, result.stderr
    page = out.read_text()
    for word in words:
        assert word in page, f"{word!r} not on the {language} visit summary"
    assert "Breast cancer (" not in page, "a problem in remission is not listed as resolved"


@pytest.mark.parametrize("language,words", [("en", ["high criticality", "in remission"]), ("es", ["criticidad alta", "en remisión"])])
def test_site_week_pages_say_criticality_and_status(handmade, tmp_path, language, words):
    source, _ = handmade
    out = tmp_path / "site"
    result = run_carereport("build", source, "--viewer", "patient", "--now", NOW, "--language", language, "--out", out)
    assert result.returncode == 0, result.stderr
    weeks = "".join(page.read_text() for page in sorted((out / "weeks").glob("*.html")))
    for word in words:
        assert word in weeks, f"{word!r} not on the {language} week pages"


def test_native_export_results_have_ucum_codes_and_every_flag_as_interpretation(tmp_path):
    """The app's own export has no codes: the unit table's UCUM and the page's flags are certain."""
    bundle = json.loads(write_ips_for(SAMPLE, "u-ellen", tmp_path / "native.json"))
    labs = [r for r in by_type(bundle, "Observation") if "laboratory" in category_codes(r)]
    assert labs
    for lab in labs:
        quantity = lab.get("valueQuantity")
        if quantity:
            assert quantity.get("system") == "http://unitsofmeasure.org" and quantity.get("code"), lab["code"].get("text")
        value = (quantity or {}).get("value")
        bounds = (lab.get("referenceRange") or [{}])[0]
        low, high = (bounds.get("low") or {}).get("value"), (bounds.get("high") or {}).get("value")
        if value is not None and ((low is not None and value < low) or (high is not None and value > high)):
            expected = "L" if low is not None and value < low else "H"
            assert lab["interpretation"][0]["coding"][0]["code"] == expected, lab["code"].get("text")


def write_ips_for(source, viewer, out):
    result = run_carereport("visit", source, "--viewer", viewer, "--now", NOW, "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    return out.read_text()
