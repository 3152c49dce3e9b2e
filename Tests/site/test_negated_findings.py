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
