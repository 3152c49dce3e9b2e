"""A date as the source states it (docs/clinical-imports.md): a date given only in words
("spring 2021": FHIR occurrenceString, onsetString, performedString) is shown as written and
written back as written, the record's own date unknown; a statement with no date at all is "date
unknown", never the document's date; an immunisation stopped before it was finished is a partial
dose in the IPS, not a full one."""
import html
import json
import re

from conftest import run_carereport

NOW = "2030-01-01T00:00:00Z"
PATIENT = {"resourceType": "Patient", "id": "00000000-0000-0000-0000-0000000000a1",
           "name": [{"given": ["Ines"], "family": "Mora"}], "birthDate": "1948-02-03"}
SUBJECT = {"reference": f"urn:uuid:{PATIENT['id']}"}


def document(tmp_path, *resources):
    source = tmp_path / "bundle.json"
    source.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00Z",
                                  "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in (PATIENT,) + resources]}))
    return source


def visit(source, tmp_path):
    out, ips = tmp_path / "visit.html", tmp_path / "ips.json"
    for extra, target in (((), out), (("--format", "fhir"), ips)):
        result = run_carereport("visit", source, "--viewer", "patient", "--now", NOW, "--since", "1900-01-01", *extra, "--out", target)
        assert result.returncode == 0, result.stderr
    page = re.sub(r"<style.*?</style>", " ", out.read_text(), flags=re.S)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    # The summary's sections, after its header (which names the period and the document's date).
    text = text[text.index("This summary, in order"):].split("Written by")[0].replace("Mon 1 Jan 1900 to Sat 1 Jun 2024", "PERIOD")
    resources = [e["resource"] for e in json.loads(ips.read_text())["entry"]]
    return text, resources


def test_dates_in_words_are_kept_as_written(tmp_path):
    shot = {"resourceType": "Immunization", "id": "00000000-0000-0000-0000-000000000501", "status": "completed",
            "vaccineCode": {"text": "COVID-19 mRNA"}, "patient": SUBJECT, "occurrenceString": "spring 2021", "recorded": "2024-05-20"}
    problem = {"resourceType": "Condition", "id": "00000000-0000-0000-0000-000000000502", "code": {"text": "Asthma"},
               "subject": SUBJECT, "onsetString": "childhood", "recordedDate": "2024-05-20"}
    operation = {"resourceType": "Procedure", "id": "00000000-0000-0000-0000-000000000503", "status": "completed",
                 "code": {"text": "Appendectomy"}, "subject": SUBJECT, "performedString": "as a teenager"}
    text, resources = visit(document(tmp_path, shot, problem, operation), tmp_path)
    assert "COVID-19 mRNA, date as stated: spring 2021" in text and "20 May 2024" not in text, text
    assert "1 Jun 2024" not in text, "the document's date is no event's date"
    assert "Asthma , onset as stated: childhood" in text, text
    assert "Appendectomy" in text and "date as stated: as a teenager" in text, text
    immunization = next(r for r in resources if r["resourceType"] == "Immunization")
    assert immunization["occurrenceString"] == "spring 2021" and "occurrenceDateTime" not in immunization
    assert next(r for r in resources if r["resourceType"] == "Condition")["onsetString"] == "childhood"
    assert next(r for r in resources if r["resourceType"] == "Procedure")["performedString"] == "as a teenager"


def test_a_statement_with_no_date_is_never_given_the_documents_date(tmp_path):
    problem = {"resourceType": "Condition", "id": "00000000-0000-0000-0000-000000000504", "code": {"text": "Gout"}, "subject": SUBJECT}
    operation = {"resourceType": "Procedure", "id": "00000000-0000-0000-0000-000000000505", "status": "completed",
                 "code": {"text": "Cataract surgery"}, "subject": SUBJECT}
    text, resources = visit(document(tmp_path, problem, operation), tmp_path)
    assert "Cataract surgery : done, date unknown" in text and "1 Jun 2024" not in text, text
    procedure = next(r for r in resources if r["resourceType"] == "Procedure")
    assert "performedDateTime" not in procedure
    condition = next(r for r in resources if r["resourceType"] == "Condition")
    assert "onsetDateTime" not in condition and condition.get("recordedDate") != "2024-06-01T12:00:00Z"


CDA = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Summary</title><effectiveTime value="20240601"/>
<recordTarget><patientRole><id root="1.2.3" extension="p9"/><patient><name><given>Ines</given><family>Mora</family></name>
<birthTime value="19480203"/></patient></patientRole></recordTarget>
<component><structuredBody><component><section><code code="11369-6" codeSystem="2.16.840.1.113883.6.1"/><title>Immunizations</title>
<entry><substanceAdministration classCode="SBADM" moodCode="EVN" negationInd="false"><templateId root="2.16.840.1.113883.10.20.22.4.52"/>
<statusCode code="aborted"/><effectiveTime value="20220101"/>
<consumable><manufacturedProduct><manufacturedMaterial><code code="08" codeSystem="2.16.840.1.113883.12.292" displayName="Hep B"/></manufacturedMaterial></manufacturedProduct></consumable>
</substanceAdministration></entry>
</section></component></structuredBody></component></ClinicalDocument>
"""


def test_an_immunisation_stopped_before_it_was_finished_is_a_partial_dose(tmp_path):
    source = tmp_path / "summary.xml"
    source.write_text(CDA)
    text, resources = visit(source, tmp_path)
    assert "Hep B, stopped before it was finished" in text, text
    shot = next(r for r in resources if r["resourceType"] == "Immunization")
    assert shot["isSubpotent"] is True and shot["subpotentReason"][0]["coding"][0]["code"] == "partial"


def test_a_resolved_problem_says_when_it_resolved_when_the_source_does(tmp_path):
    problem = {"resourceType": "Condition", "id": "00000000-0000-0000-0000-000000000506", "code": {"text": "Hypertension"},
               "subject": SUBJECT, "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical",
                                                                    "code": "resolved"}]},
               "onsetDateTime": "2011-03", "abatementDateTime": "2019"}
    text, resources = visit(document(tmp_path, problem), tmp_path)
    assert "Resolved: Hypertension (onset Mar 2011, resolved 2019)." in text, text
    condition = next(r for r in resources if r["resourceType"] == "Condition")
    assert condition["abatementDateTime"] == "2019" and condition["onsetDateTime"] == "2011-03"
