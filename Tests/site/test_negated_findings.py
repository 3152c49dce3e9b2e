"""A problem the document says the patient does not have (C-CDA negationInd) is "Stated as not
present: Asthma." on the page and, in the IPS, that Condition with its own codes and
verificationStatus refuted, never "no known problems" beside the problems the same summary lists."""
import html
import json
import re

import pytest

from conftest import run_carereport

CDA = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><title>Summary</title>
<effectiveTime value="20240601"/>
<recordTarget><patientRole><id root="1.2.3" extension="p9"/><patient><name><given>Ines</given><family>Mora</family></name>
<birthTime value="19480203"/></patient></patientRole></recordTarget>
<component><structuredBody><component><section><code code="11450-4" codeSystem="2.16.840.1.113883.6.1"/><title>Problems</title>
PROBLEMS
</section></component></structuredBody></component></ClinicalDocument>
"""


def problem(ident, code, name, negated=False):
    return ('<entry><act classCode="ACT" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.3"/><statusCode code="active"/>'
            '<entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN"'
            + (' negationInd="true"' if negated else '') +
            f'><templateId root="2.16.840.1.113883.10.20.22.4.4"/><id root="{ident}"/>'
            '<code code="55607006" codeSystem="2.16.840.1.113883.6.96" displayName="Problem"/><statusCode code="completed"/>'
            '<effectiveTime><low value="2015"/></effectiveTime>'
            f'<value xsi:type="CD" code="{code}" codeSystem="2.16.840.1.113883.6.96" displayName="{name}"/>'
            '</observation></entryRelationship></act></entry>')


def test_a_negated_problem_is_that_problem_refuted_in_the_ips(tmp_path):
    source = tmp_path / "summary.xml"
    source.write_text(CDA.replace("PROBLEMS", problem("7a1e0000-0000-4000-8000-000000000001", "44054006", "Diabetes mellitus type 2")
                                  + problem("7a1e0000-0000-4000-8000-000000000002", "195967001", "Asthma", negated=True)))
    out, ips = tmp_path / "visit.html", tmp_path / "ips.json"
    for extra, target in (((), out), (("--format", "fhir"), ips)):
        result = run_carereport("visit", source, "--viewer", "patient", "--now", "2030-01-01T00:00:00Z", *extra, "--out", target)
        assert result.returncode == 0, result.stderr
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())
    assert "Stated as not present: Asthma." in text and "Diabetes mellitus type 2" in text
    document = json.loads(ips.read_text())
    models = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    models.Bundle.model_validate(document)
    conditions = [e["resource"] for e in document["entry"] if e["resource"]["resourceType"] == "Condition"]
    codes = [c["code"]["coding"][0]["code"] for c in conditions]
    assert "no-known-problems" not in codes, "the summary lists diabetes: 'no known problems' would be false"
    asthma = next(c for c in conditions if c["code"]["coding"][0]["code"] == "195967001")
    assert asthma["verificationStatus"]["coding"][0]["code"] == "refuted" and "clinicalStatus" not in asthma


FAMILY = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><title>Summary</title>
<effectiveTime value="20240601"/>
<recordTarget><patientRole><id root="1.2.3" extension="p9"/><patient><name><given>Ines</given><family>Mora</family></name>
<birthTime value="19480203"/></patient></patientRole></recordTarget>
<component><structuredBody><component><section><code code="10157-6" codeSystem="2.16.840.1.113883.6.1"/><title>Family history</title>
<entry><organizer classCode="CLUSTER" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.45"/><statusCode code="completed"/>
<subject><relatedSubject classCode="PRS"><code code="MTH" codeSystem="2.16.840.1.113883.5.111" displayName="Mother"/></relatedSubject></subject>
<component><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.46"/>
<code code="64572001" codeSystem="2.16.840.1.113883.6.96" displayName="Condition"/><statusCode code="completed"/><effectiveTime value="1990"/>
<value xsi:type="CD" code="254837009" codeSystem="2.16.840.1.113883.6.96" displayName="Breast cancer"/></observation></component>
<component><observation classCode="OBS" moodCode="EVN" negationInd="true"><templateId root="2.16.840.1.113883.10.20.22.4.46"/>
<code code="64572001" codeSystem="2.16.840.1.113883.6.96" displayName="Condition"/><statusCode code="completed"/>
<value xsi:type="CD" code="73211009" codeSystem="2.16.840.1.113883.6.96" displayName="Diabetes mellitus"/></observation></component>
</organizer></entry>
</section></component></structuredBody></component></ClinicalDocument>
"""


def family_ips(source, tmp_path):
    out, ips = tmp_path / "visit.html", tmp_path / "ips.json"
    for extra, target in (((), out), (("--format", "fhir"), ips)):
        result = run_carereport("visit", source, "--viewer", "patient", "--now", "2030-01-01T00:00:00Z", "--since", "1900-01-01",
                                *extra, "--out", target)
        assert result.returncode == 0, result.stderr
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())
    document = json.loads(ips.read_text())
    models = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    models.Bundle.model_validate(document)
    return text, [e["resource"] for e in document["entry"]]


def test_a_relatives_conditions_are_the_relatives_and_a_negated_one_is_shown(tmp_path):
    source = tmp_path / "family.xml"
    source.write_text(FAMILY)
    text, resources = family_ips(source, tmp_path)
    assert "Mother : Breast cancer" in text and "Mother : Diabetes mellitus, stated as not present" in text, text
    assert not any(r["resourceType"] == "Observation" and "254837009" in json.dumps(r.get("code")) for r in resources), \
        "the mother's breast cancer is never an observation about the patient"
    histories = [r for r in resources if r["resourceType"] == "FamilyMemberHistory"]
    assert {h["relationship"]["text"] for h in histories} == {"Mother"} and len(histories) == 2
    negated = next(h for h in histories if "not present" in h["condition"][0]["code"].get("text", ""))
    assert "coding" not in negated["condition"][0]["code"], "a condition stated absent is never coded as present"
    ledger = run_carereport("validate", "--entries", source)
    assert all(json.loads(line)["outcome"] == "shown" for line in ledger.stdout.splitlines() if line.startswith("{"))


def test_a_fhir_family_member_history_is_read(tmp_path):
    patient = {"resourceType": "Patient", "id": "00000000-0000-0000-0000-0000000000a1",
               "name": [{"given": ["Ines"], "family": "Mora"}], "birthDate": "1948-02-03"}
    father = {"resourceType": "FamilyMemberHistory", "id": "00000000-0000-0000-0000-000000000601", "status": "completed",
              "patient": {"reference": f"urn:uuid:{patient['id']}"}, "date": "2023-04-02",
              "relationship": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-RoleCode", "code": "FTH", "display": "father"}]},
              "condition": [{"code": {"coding": [{"system": "http://snomed.info/sct", "code": "22298006", "display": "Myocardial infarction"}]},
                             "onsetAge": {"value": 50, "unit": "a", "system": "http://unitsofmeasure.org", "code": "a"}}]}
    source = tmp_path / "bundle.json"
    source.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00Z",
                                  "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in (patient, father)]}))
    text, resources = family_ips(source, tmp_path)
    assert "father : Myocardial infarction; Age at onset: 50 a" in text, text
    [history] = [r for r in resources if r["resourceType"] == "FamilyMemberHistory"]
    assert history["condition"][0]["code"]["coding"][0]["code"] == "22298006"
    ledger = [json.loads(line) for line in run_carereport("validate", "--entries", source).stdout.splitlines() if line.startswith("{")]
    assert [e["outcome"] for e in ledger if e["kind"] == "FamilyMemberHistory"] == ["shown"]


def test_a_findings_answer_is_its_value_and_a_related_date_its_own_component(tmp_path):
    """Pregnancy status 82810-3 answered Pregnant (77386006): the IPS codes the question as the
    code and the answer as the value, never both as the code; a C-CDA pregnancy observation's
    estimated delivery date (11778-8) is a component with its own code, not the value of "Pregnant"."""
    patient = {"resourceType": "Patient", "id": "00000000-0000-0000-0000-0000000000a1",
               "name": [{"given": ["Ines"], "family": "Mora"}], "birthDate": "1990-02-03"}
    status = {"resourceType": "Observation", "id": "00000000-0000-0000-0000-000000000701", "status": "final",
              "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "social-history"}]}],
              "code": {"coding": [{"system": "http://loinc.org", "code": "82810-3", "display": "Pregnancy status"}]},
              "subject": {"reference": f"urn:uuid:{patient['id']}"}, "effectiveDateTime": "2024-05-02",
              "valueCodeableConcept": {"coding": [{"system": "http://snomed.info/sct", "code": "77386006", "display": "Pregnant"}]}}
    source = tmp_path / "bundle.json"
    source.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00Z",
                                  "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in (patient, status)]}))
    text, resources = family_ips(source, tmp_path)
    assert "Pregnancy status : Pregnant" in text
    [written] = [r for r in resources if r["resourceType"] == "Observation"]
    assert [c["code"] for c in written["code"]["coding"]] == ["82810-3"]
    assert written["valueCodeableConcept"]["coding"][0]["code"] == "77386006"

    cda = tmp_path / "pregnancy.xml"
    cda.write_text(FAMILY.replace("10157-6", "29762-2").replace(
        FAMILY[FAMILY.index("<entry>"):FAMILY.index("</entry>") + len("</entry>")],
        '<entry><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.15.3.8"/>'
        '<code code="ASSERTION" codeSystem="2.16.840.1.113883.5.4"/><statusCode code="completed"/><effectiveTime value="20240115"/>'
        '<value xsi:type="CD" code="77386006" codeSystem="2.16.840.1.113883.6.96" displayName="Pregnant"/>'
        '<entryRelationship typeCode="REFR"><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.15.3.1"/>'
        '<code code="11778-8" codeSystem="2.16.840.1.113883.6.1" displayName="Delivery date Estimated"/><statusCode code="completed"/>'
        '<value xsi:type="TS" value="202409"/></observation></entryRelationship></observation></entry>'))
    text, resources = family_ips(cda, tmp_path)
    assert "Pregnant" in text and "Sep 2024" in text, text
    [pregnant] = [r for r in resources if r["resourceType"] == "Observation"]
    assert "valueDateTime" not in pregnant, "the delivery date is not the value of 'Pregnant'"
    assert pregnant["component"] == [{"code": {"coding": [{"system": "http://loinc.org", "code": "11778-8", "display": "Delivery date Estimated"}],
                                               "text": "Delivery date Estimated"}, "valueDateTime": "2024-09"}]
