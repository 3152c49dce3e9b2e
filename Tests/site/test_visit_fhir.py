"""`carereport visit --format fhir`: the visit summary as an HL7 International Patient Summary.

The bundle must be valid FHIR R4B (checked with the `fhir.resources` models), the same bytes for the
same input, viewer and --now, with ids keyed by the installation's secret only, and it must come back through carereport's
own FHIR importer with the same medications, allergies, problems and latest results. A record the
viewer may not see leaves no trace in it: not its marker, not its id, not an id made from it.
"""
import json
import re
import uuid
from datetime import datetime

import pytest

from conftest import ELLEN, FRANK, NOW, SAMPLE, load_json, markers_file, members, opaque_uuid, require, role_viewers, run_carereport
from test_privacy_scan import Corpus, decisions, never_rendered

SECTIONS = {"10160-0": "medications", "48765-2": "allergies", "11450-4": "problems", "30954-2": "results",
            "8716-3": "vital signs", "11369-6": "immunizations", "18776-5": "plan of care"}
TYPES = ("Patient", "MedicationStatement", "AllergyIntolerance", "Condition", "Observation", "DiagnosticReport",
         "Immunization", "Composition", "Bundle", "Device", "Goal")


def write_bundle(source, viewer_args, out):
    result = run_carereport("visit", source, *viewer_args, "--now", NOW, "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout == "" and result.stderr == ""
    return json.loads(out.read_text())


def validate(bundle):
    fhir = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    return fhir.Bundle.model_validate(bundle)


def resources(bundle, kind):
    return [entry["resource"] for entry in bundle["entry"] if entry["resource"]["resourceType"] == kind]


def instant(text):
    """A FHIR date or dateTime as a comparable value (an instant when it has a time)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")) if "T" in text else text


def facts(bundle):
    """What must survive a round trip: medications, allergies, problems and latest results."""
    meds = set()
    for med in resources(bundle, "MedicationStatement"):
        dosage = (med.get("dosage") or [{}])[0]
        meds.add((med["medicationCodeableConcept"]["text"], med["status"], json.dumps(dosage.get("doseAndRate")),
                  json.dumps(dosage.get("timing")), instant(med["effectivePeriod"]["start"])))
    allergies = {(a["code"]["text"], json.dumps(a.get("reaction"))) for a in resources(bundle, "AllergyIntolerance")}
    problems = {(c["code"]["text"], c["clinicalStatus"]["coding"][0]["code"], c.get("onsetDateTime"))
                for c in resources(bundle, "Condition")}
    results = set()
    for obs in resources(bundle, "Observation"):
        if obs["category"][0]["coding"][0]["code"] != "laboratory":
            continue
        results.add((obs["code"]["text"], json.dumps(obs["code"].get("coding")), obs["status"],
                     json.dumps(obs.get("valueQuantity") or obs.get("valueString")), json.dumps(obs.get("interpretation")),
                     json.dumps(obs.get("referenceRange")), instant(obs["effectiveDateTime"])))
    return {"medications": meds, "allergies": allergies, "problems": problems, "results": results}


@pytest.fixture(scope="module")
def ellen_bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("fhir") / "visit.json"
    return out, write_bundle(SAMPLE, ELLEN.selector(), out)


def test_bundle_is_a_valid_ips_document(ellen_bundle):
    path, bundle = ellen_bundle
    model = validate(bundle)
    assert model.type == "document" and model.timestamp is not None
    first = bundle["entry"][0]["resource"]
    assert first["resourceType"] == "Composition"
    assert first["type"]["coding"][0]["code"] == "60591-5"
    codes = [section["code"]["coding"][0]["code"] for section in first["section"]]
    assert codes == list(SECTIONS), f"sections in IPS order: {codes}"
    urls = {entry["fullUrl"] for entry in bundle["entry"]}
    assert len(urls) == len(bundle["entry"]), "every fullUrl is unique"
    for section in first["section"]:
        for reference in section.get("entry", []):
            assert reference["reference"] in urls, f"{SECTIONS[section['code']['coding'][0]['code']]}: dangling reference"
        assert section.get("entry") or section.get("emptyReason"), "an empty section says why"
    assert first["subject"]["reference"] in urls
    assert len(resources(bundle, "Patient")) == 1
    counts = {SECTIONS[s["code"]["coding"][0]["code"]]: len(s.get("entry", [])) for s in first["section"]}
    assert counts["medications"] >= 4 and counts["allergies"] >= 1 and counts["problems"] >= 4
    assert counts["results"] >= 20 and counts["vital signs"] >= 4 and counts["immunizations"] >= 1
    lisinopril = [m for m in resources(bundle, "MedicationStatement") if m["medicationCodeableConcept"]["text"] == "Lisinopril"]
    assert lisinopril and lisinopril[0]["dosage"][0]["doseAndRate"][0]["doseQuantity"] == {"value": 20, "unit": "mg"}
    assert "increased 10 → 20 mg on 24 Feb" in lisinopril[0]["note"][0]["text"]


def test_bundle_is_deterministic_with_name_based_ids(ellen_bundle, tmp_path):
    path, bundle = ellen_bundle
    again = tmp_path / "again.json"
    write_bundle(SAMPLE, ELLEN.selector(), again)
    assert again.read_bytes() == path.read_bytes()
    visible = {entry["id"] for entry in decisions(ELLEN) if entry["visible"]}
    for entry in bundle["entry"]:
        resource = entry["resource"]
        assert entry["fullUrl"] == f"urn:uuid:{resource['id']}"
        assert uuid.UUID(resource["id"]).version == 8, "ids are keyed by the installation's secret, never random"
    for kind in ("MedicationStatement", "AllergyIntolerance", "Condition", "Immunization", "DiagnosticReport"):
        for resource in resources(bundle, kind):
            made = {opaque_uuid("ips", "circle-margaret", kind, record) for record in visible}
            assert resource["id"] in made, f"{kind} {resource['id']} is not made from a visible record id"


def test_bundle_comes_back_through_the_importer(ellen_bundle, tmp_path):
    path, bundle = ellen_bundle
    audit = run_carereport("audit", path, "--viewer", "patient", "--format", "json")
    assert audit.returncode == 0, audit.stderr[-2000:]
    assert "not imported" not in audit.stderr and "skipped" not in audit.stderr, audit.stderr[-2000:]
    imported = [entry for entry in json.loads(audit.stdout) if entry["kind"] == "healthRecord"]
    assert len(imported) >= 20, "medications, allergies, problems, reports, readings and immunisations"
    again = write_bundle(path, ["--viewer", "patient"], tmp_path / "again.json")
    validate(again)
    before, after = facts(bundle), facts(again)
    for part in before:
        assert before[part], f"no {part} in the first bundle"
        assert before[part] == after[part], f"{part} differ after the round trip: lost {before[part] - after[part]}"


def test_supporter_gets_no_bundle(tmp_path):
    """A viewer whose role sees no health records gets no IPS at all (issue 17): an empty one would
    tell a clinic "no known medications" about what is merely not shown to them."""
    out = tmp_path / "frank.json"
    result = run_carereport("visit", SAMPLE, *FRANK.selector(), "--now", NOW, "--format", "fhir", "--out", out)
    assert result.returncode == 67
    assert "health records are not shared with supporters" in result.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("viewer", members() + role_viewers("circle-margaret"), ids=lambda viewer: viewer.name)
def test_hidden_records_leave_no_trace_in_the_bundle(viewer, tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    probe = run_carereport("visit", SAMPLE, *viewer.selector(), "--now", NOW, "--format", "fhir", "--out", folder / "visit.json")
    if probe.returncode == 67:
        assert list(folder.iterdir()) == [], "a refused viewer gets nothing written"
        return
    bundle = write_bundle(SAMPLE, viewer.selector(), folder / "visit.json")
    markers = load_json(markers_file())
    corpus = Corpus(folder)
    text = (folder / "visit.json").read_text()
    ids = set(re.findall(r"[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", text))
    problems = []
    for entry in decisions(viewer):
        if entry["visible"]:
            continue
        marker = markers.get(entry["id"])
        if marker and corpus.where(marker):
            problems.append(f"hidden {entry['id']}: marker {marker!r}")
        if re.search(rf'(?<![\w-]){re.escape(entry["id"])}(?![\w-])', text):
            problems.append(f"hidden {entry['id']}: its id")
        for kind in TYPES:
            if opaque_uuid("ips", viewer.circle, kind, entry['id']) in ids:
                problems.append(f"hidden {entry['id']}: a {kind} id made from it")
    for label, value in never_rendered():
        if corpus.where(value, loose=False):
            problems.append(f"never-rendered {label}")
    assert not problems, f"{viewer.name}: " + "; ".join(problems[:20])
    assert bundle["entry"][0]["resource"]["resourceType"] == "Composition"


def test_canary_catches_a_hidden_record_put_into_the_bundle(tmp_path):
    """The check above must be able to fail: Ellen's bundle, read as Frank's, shows hidden records."""
    folder = tmp_path / "out"
    folder.mkdir()
    write_bundle(SAMPLE, ELLEN.selector(), folder / "visit.json")
    text = (folder / "visit.json").read_text()
    hidden = [entry["id"] for entry in decisions(FRANK) if not entry["visible"]]
    made = {opaque_uuid("ips", "circle-margaret", kind, record) for record in hidden for kind in TYPES}
    assert any(value in text for value in made), "a hidden record's id would be caught"


def test_generated_export_gives_a_valid_bundle_that_round_trips(tmp_path):
    export = tmp_path / "export"
    result = run_carereport("generate", "--circles", "1", "--weeks", "10", "--seed", "11", "--out", export)
    assert result.returncode == 0, result.stderr[-2000:]
    circles = json.loads((export / "circles.json").read_text())
    circle = circles[0] if isinstance(circles, list) else circles["data"][0]
    member = next(m for m in circle["members"] if "caregiver" in m.get("roles", []) and m.get("status") == "active")
    bundle = write_bundle(export, ["--viewer", member["userId"], "--circle", circle["id"]], tmp_path / "visit.json")
    validate(bundle)
    again = write_bundle(tmp_path / "visit.json", ["--viewer", "patient"], tmp_path / "again.json")
    before, after = facts(bundle), facts(again)
    assert before["medications"] and before["results"]
    assert before == after
