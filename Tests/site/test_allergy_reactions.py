"""An allergy's reactions as the source states them (docs/clinical-imports.md): every reaction is
kept, each with its own severity, on the visit summary, the week page and in the IPS; a severity
stated for the allergy as a whole stays the allergy's beside several reactions; a resolved allergy
is listed as resolved, never left out."""
import html
import json
import re

import pytest

from conftest import run_carereport

NOW = "2030-01-01T00:00:00Z"
PATIENT = {"resourceType": "Patient", "id": "00000000-0000-0000-0000-0000000000a1",
           "name": [{"given": ["Ines"], "family": "Mora"}], "birthDate": "1948-02-03"}
SNOMED = "http://snomed.info/sct"


def fhir_allergy(index, substance, reactions, clinical="active", criticality="high"):
    return {"resourceType": "AllergyIntolerance", "id": f"00000000-0000-0000-0000-0000000004{index:02d}",
            "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "code": clinical}]},
            "criticality": criticality, "code": {"text": substance}, "patient": {"reference": f"urn:uuid:{PATIENT['id']}"},
            "recordedDate": "2024-05-01",
            "reaction": [{"manifestation": [{"coding": [{"system": SNOMED, "code": code, "display": name}]}], "severity": severity}
                         for name, code, severity in reactions]}


def bundle(tmp_path, *resources):
    source = tmp_path / "bundle.json"
    source.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00Z",
                                  "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in (PATIENT,) + resources]}))
    return source


def allergies_text(source, tmp_path):
    out = tmp_path / "visit.html"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", NOW, "--since", "1900-01-01", "--out", out)
    assert result.returncode == 0, result.stderr
    page = out.read_text()
    section = re.search(r'<section aria-labelledby="allergies-heading">.*?</section>', page, re.S).group(0)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section)).split())


def ips_allergies(source, tmp_path):
    out = tmp_path / "ips.json"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", NOW, "--since", "1900-01-01", "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr
    document = json.loads(out.read_text())
    models = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    models.Bundle.model_validate(document)
    return [e["resource"] for e in document["entry"] if e["resource"]["resourceType"] == "AllergyIntolerance"]


def test_every_fhir_reaction_is_kept_with_its_own_severity(tmp_path):
    source = bundle(tmp_path, fhir_allergy(1, "Penicillin G", [("Hives", "247472004", "mild"), ("Anaphylaxis", "39579001", "severe")]))
    text = allergies_text(source, tmp_path)
    assert "Penicillin G : reactions: Hives (mild); Anaphylaxis (severe), high criticality" in text, text
    [allergy] = ips_allergies(source, tmp_path)
    assert [(r["manifestation"][0]["coding"][0]["code"], r["severity"]) for r in allergy["reaction"]] == [
        ("247472004", "mild"), ("39579001", "severe")]
    site = tmp_path / "site"
    assert run_carereport("build", source, "--viewer", "patient", "--now", NOW, "--out", site).returncode == 0
    week = next(site.glob("weeks/*.html")).read_text()
    assert "Anaphylaxis (severe)" in html.unescape(week), "the week page keeps every reaction and its severity"


CDA = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<title>Summary</title><effectiveTime value="20240601"/>
<recordTarget><patientRole><id root="1.2.3" extension="p9"/><patient><name><given>Ines</given><family>Mora</family></name>
<birthTime value="19480203"/></patient></patientRole></recordTarget>
<component><structuredBody><component><section><code code="48765-2" codeSystem="2.16.840.1.113883.6.1"/><title>Allergies</title>
ENTRIES
</section></component></structuredBody></component></ClinicalDocument>
"""


def severity(code, name):
    return ('<entryRelationship typeCode="SUBJ" inversionInd="true"><observation classCode="OBS" moodCode="EVN">'
            '<templateId root="2.16.840.1.113883.10.20.22.4.8"/><code code="SEV" codeSystem="2.16.840.1.113883.5.4"/>'
            f'<value xsi:type="CD" code="{code}" codeSystem="2.16.840.1.113883.6.96" displayName="{name}"/></observation></entryRelationship>')


def reaction(code, name, stated=""):
    return ('<entryRelationship typeCode="MFST" inversionInd="true"><observation classCode="OBS" moodCode="EVN">'
            '<templateId root="2.16.840.1.113883.10.20.22.4.9"/><code code="ASSERTION" codeSystem="2.16.840.1.113883.5.4"/>'
            f'<value xsi:type="CD" code="{code}" codeSystem="2.16.840.1.113883.6.96" displayName="{name}"/>{stated}</observation></entryRelationship>')


def cda_allergy(ident, substance, *parts):
    return ('<entry><act classCode="ACT" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.30"/><statusCode code="active"/>'
            '<entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.7"/>'
            f'<id root="{ident}"/><code code="ASSERTION" codeSystem="2.16.840.1.113883.5.4"/><statusCode code="completed"/><effectiveTime><low value="20200101"/></effectiveTime>'
            '<value xsi:type="CD" code="419511003" codeSystem="2.16.840.1.113883.6.96" displayName="Propensity to adverse reactions to drug"/>'
            f'<participant typeCode="CSM"><participantRole classCode="MANU"><playingEntity classCode="MMAT"><code displayName="{substance}"/></playingEntity></participantRole></participant>'
            + "".join(parts) + '</observation></entryRelationship></act></entry>')


def test_each_ccda_reaction_keeps_its_own_severity_and_an_allergy_level_one_stays_the_allergys(tmp_path):
    entries = (cda_allergy("5e6f0a10-0000-4000-8000-000000000001", "Penicillin G",
                           reaction("247472004", "Hives", severity("255604002", "Mild")),
                           reaction("39579001", "Anaphylaxis", severity("24484000", "Severe")))
               + cda_allergy("5e6f0a10-0000-4000-8000-000000000002", "Codeine",
                             reaction("422587007", "Nausea"), reaction("271807003", "Rash"), severity("6736007", "Moderate"))
               + cda_allergy("5e6f0a10-0000-4000-8000-000000000003", "Latex", reaction("247472004", "Hives"), severity("6736007", "Moderate")))
    source = tmp_path / "summary.xml"
    source.write_text(CDA.replace("ENTRIES", entries))
    text = allergies_text(source, tmp_path)
    assert "Penicillin G : reactions: Hives (mild); Anaphylaxis (severe)" in text, "never the first reaction's severity on both: " + text
    assert "Codeine : reactions: Nausea; Rash; severity of the allergy as a whole: moderate" in text, text
    assert "Latex : reaction: Hives, moderate" in text, "one reaction stating none takes the allergy's severity"
    allergies = {a["code"]["text"]: a for a in ips_allergies(source, tmp_path)}
    assert [r.get("severity") for r in allergies["Penicillin G"]["reaction"]] == ["mild", "severe"]
    assert [r.get("severity") for r in allergies["Codeine"]["reaction"]] == [None, None]
    assert any("as a whole" in n["text"] for n in allergies["Codeine"]["note"]), allergies["Codeine"]


def test_a_resolved_allergy_is_listed_as_resolved(tmp_path):
    source = bundle(tmp_path, fhir_allergy(2, "Ampicillin", [("Anaphylaxis", "39579001", "severe")], clinical="resolved"))
    text = allergies_text(source, tmp_path)
    assert "Allergies: not recorded." not in text
    assert "Resolved: Ampicillin (reaction: Anaphylaxis, severe, high criticality)." in text, text
