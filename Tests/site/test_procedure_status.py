"""A procedure stopped before it was finished is said so, never "unsuccessful": that is an outcome,
said only when the source states it (docs/clinical-imports.md). FHIR `stopped` and C-CDA `aborted`
are stopped; SNOMED CT 385671000 as the outcome, or a C-CDA "Failed attempted procedure" act, is
unsuccessful. The IPS writes each back as it came."""
import html
import json
import re

from conftest import run_carereport

PATIENT = {"resourceType": "Patient", "id": "00000000-0000-0000-0000-0000000000a1",
           "name": [{"given": ["Ines"], "family": "Mora"}], "birthDate": "1948-02-03"}


def procedure(index, name, status, outcome=None):
    resource = {"resourceType": "Procedure", "id": f"00000000-0000-0000-0000-0000000003{index:02d}", "status": status,
                "code": {"text": name}, "subject": {"reference": f"urn:uuid:{PATIENT['id']}"},
                "performedDateTime": f"2022-03-0{index}T10:00:00Z"}
    if outcome:
        resource["outcome"] = {"coding": [{"system": "http://snomed.info/sct", "code": outcome}]}
    return resource


CDA = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Summary</title><effectiveTime value="20220315"/>
<recordTarget><patientRole><id root="1.2.3" extension="p9"/><patient><name><given>Ines</given><family>Mora</family></name>
<birthTime value="19480203"/></patient></patientRole></recordTarget>
<component><structuredBody><component><section><code code="47519-4" codeSystem="2.16.840.1.113883.6.1"/><title>Procedures</title>
<entry><procedure classCode="PROC" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.14"/>
<code code="73761001" codeSystem="2.16.840.1.113883.6.96" displayName="Colonoscopy"/><statusCode code="aborted"/>
<effectiveTime value="20220302"/></procedure></entry>
</section></component></structuredBody></component></ClinicalDocument>
"""


def visit_text(source, tmp_path):
    """The visit summary of a document since 2022, as one line of text."""
    out = tmp_path / "visit.html"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", "2022-03-16T12:00:00Z", "--since", "2022-01-01", "--out", out)
    assert result.returncode == 0, result.stderr
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())


def test_a_stopped_procedure_is_not_called_unsuccessful(tmp_path):
    resources = [PATIENT, procedure(1, "Colonoscopy", "stopped"), procedure(2, "Cardioversion", "completed", outcome="385671000")]
    source = tmp_path / "bundle.json"
    source.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "timestamp": "2022-03-15T18:00:00Z",
                                  "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in resources]}))
    text = visit_text(source, tmp_path)
    colonoscopy = text[text.index("Colonoscopy"):][:120]
    assert "stopped before it was finished" in colonoscopy and "unsuccessful" not in colonoscopy, colonoscopy
    cardioversion = text[text.index("Cardioversion"):][:120]
    assert "unsuccessful" in cardioversion, cardioversion
    ips = tmp_path / "ips.json"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", "2022-03-16T12:00:00Z", "--since", "2022-01-01",
                            "--format", "fhir", "--out", ips)
    assert result.returncode == 0, result.stderr
    written = {r["code"]["text"]: r for r in (e["resource"] for e in json.loads(ips.read_text())["entry"]) if r["resourceType"] == "Procedure"}
    assert written["Colonoscopy"]["status"] == "stopped" and "outcome" not in written["Colonoscopy"]
    assert written["Cardioversion"]["status"] == "completed"
    assert written["Cardioversion"]["outcome"]["coding"][0]["code"] == "385671000"


def test_an_aborted_ccda_procedure_is_stopped(tmp_path):
    source = tmp_path / "summary.xml"
    source.write_text(CDA)
    text = visit_text(source, tmp_path)
    colonoscopy = text[text.index("Colonoscopy"):][:120]
    assert "stopped before it was finished" in colonoscopy and "unsuccessful" not in colonoscopy, colonoscopy
