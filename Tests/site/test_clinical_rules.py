"""The rules of issue 40 (docs/clinical-imports.md), each on a document written to show it, read
through the visit summary and the IPS written out, as a clinician reads them: dates as stated,
doses as written, statuses and orders that do not mislead, nothing left out without a word."""
import html
import json
import re

from conftest import run_carereport

CDA_HEAD = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<title>Discharge Summary</title>
<effectiveTime value="20220315"/>
<recordTarget><patientRole><id root="1.2.3" extension="p1"/><patient><name><given>Rosa</given><family>Díaz</family></name>
<birthTime value="19500101"/></patient></patientRole></recordTarget>
<component><structuredBody>"""
CDA_TAIL = "</structuredBody></component></ClinicalDocument>"


def text_of(page):
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def section(page, heading):
    match = re.search(rf'<section aria-labelledby="{heading}".*?</section>', page, re.S)
    return text_of(match.group(0)) if match else ""


def visit(tmp_path, name, content, *extra):
    source = tmp_path / name
    source.write_text(content)
    out = tmp_path / "visit.html"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", "2022-03-16T12:00:00Z", "--out", out, *extra)
    assert result.returncode == 0, result.stderr
    return out.read_text(), result.stderr


def ips(tmp_path, name, content):
    source = tmp_path / name
    source.write_text(content)
    out = tmp_path / "ips.json"
    result = run_carereport("visit", source, "--viewer", "patient", "--now", "2022-03-16T12:00:00Z", "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr
    return json.loads(out.read_text())


def cda(*sections):
    return CDA_HEAD + "".join(f"<component>{s}</component>" for s in sections) + CDA_TAIL


MEDICATIONS = """<section><code code="10160-0" codeSystem="2.16.840.1.113883.6.1"/><title>Medications</title>
<text><paragraph ID="sig1">10 units subcutaneously morning and evening</paragraph></text>
<entry><substanceAdministration classCode="SBADM" moodCode="EVN"><statusCode code="active"/>
<effectiveTime xsi:type="IVL_TS"><low value="20220101"/></effectiveTime>
<consumable><manufacturedProduct><manufacturedMaterial><code code="311041" codeSystem="2.16.840.1.113883.6.88" displayName="Insulin glargine 100 UNT/ML"/>
</manufacturedMaterial></manufacturedProduct></consumable>
<entryRelationship typeCode="COMP"><substanceAdministration classCode="SBADM" moodCode="EVN">
<templateId root="2.16.840.1.113883.10.20.22.4.147"/><text><reference value="#sig1"/></text>
<consumable><manufacturedProduct><manufacturedMaterial nullFlavor="NA"/></manufacturedProduct></consumable>
</substanceAdministration></entryRelationship></substanceAdministration></entry></section>"""

PROCEDURES = """<section><code code="47519-4" codeSystem="2.16.840.1.113883.6.1"/><title>Procedures</title>""" + "".join(
    f"""<entry><procedure classCode="PROC" moodCode="EVN"><code code="{code}" codeSystem="2.16.840.1.113883.6.96" displayName="{name}"/>
<statusCode code="completed"/>{date}</procedure></entry>""" for code, name, date in [
        ("1", "Undated order one", ""), ("2", "Undated order two", ""),
        ("3", "Colonoscopy", '<effectiveTime value="20141012"/>'),
    ]) + "</section>"

PROBLEMS = """<section><code code="11450-4" codeSystem="2.16.840.1.113883.6.1"/><title>Problems</title>
<entry><act classCode="ACT" moodCode="EVN"><statusCode code="completed"/>
<entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.4"/>
<effectiveTime><low value="20180101"/></effectiveTime>
<value xsi:type="CD" code="38341003" codeSystem="2.16.840.1.113883.6.96" displayName="Hypertension"/></observation></entryRelationship>
</act></entry></section>"""

HOSPITAL_COURSE = """<section><code code="8648-8" codeSystem="2.16.840.1.113883.6.1"/><title>Hospital Course</title>
<text><paragraph>Admitted with pneumonia; treated with antibiotics.</paragraph></text></section>"""

DISCHARGE_INSTRUCTIONS = """<section><code code="8653-8" codeSystem="2.16.840.1.113883.6.1"/><title>Discharge Instructions</title>
<text><paragraph>Return if the fever comes back.</paragraph></text></section>"""

EQUIPMENT = """<section><code code="46264-8" codeSystem="2.16.840.1.113883.6.1"/><title>Medical Equipment</title>
<entry><organizer classCode="CLUSTER" moodCode="EVN"><statusCode code="completed"/>
<effectiveTime><low value="20070403"/></effectiveTime>
<component><supply classCode="SPLY" moodCode="EVN"><statusCode code="completed"/>
<effectiveTime xsi:type="IVL_TS"><high value="20130703"/></effectiveTime>
<participant typeCode="DEV"><participantRole classCode="MANU"><playingDevice>
<code code="14106009" codeSystem="2.16.840.1.113883.6.96" displayName="Cardiac pacemaker"/></playingDevice></participantRole></participant>
</supply></component></organizer></entry></section>"""


def test_dose_instructions_undated_orders_concern_status_and_a_device_in_place(tmp_path):
    page, _ = visit(tmp_path, "discharge.xml", cda(MEDICATIONS, PROCEDURES, PROBLEMS, EQUIPMENT, HOSPITAL_COURSE, DISCHARGE_INSTRUCTIONS))
    meds = section(page, "meds-heading")
    assert "10 units subcutaneously morning and evening" in meds, "the sig is shown where no structured dose is"
    procedures = section(page, "procedures-heading")
    assert procedures.index("Colonoscopy") < procedures.index("Undated order one"), "dated procedures come before undated ones"
    problems = section(page, "problems-heading")
    assert "Hypertension" in problems and "Resolved" not in text_of(page), "a completed concern is not a resolved problem"
    devices = section(page, "devices-heading")
    assert "Cardiac pacemaker" in devices and "2007" in devices, "the implant date of its organizer"
    assert "until" not in devices, "a device's high alone is not its removal"
    narratives = section(page, "narratives-heading")
    assert "Hospital Course" in narratives and "Discharge Instructions" in narratives and "Return if the fever comes back." in narratives


def test_the_ips_written_out_keeps_narrative_sections_and_findings(tmp_path):
    pregnancy = """<section><code code="10162-6" codeSystem="2.16.840.1.113883.6.1"/><title>Pregnancy</title>
<entry><observation classCode="OBS" moodCode="EVN"><code code="82810-3" codeSystem="2.16.840.1.113883.6.1" displayName="Pregnancy status"/>
<effectiveTime value="20220301"/><value xsi:type="CD" code="77386006" codeSystem="2.16.840.1.113883.6.96" displayName="Pregnant"/></observation></entry>
</section>"""
    bundle = ips(tmp_path, "discharge.xml", cda(DISCHARGE_INSTRUCTIONS, HOSPITAL_COURSE, pregnancy))
    composition = bundle["entry"][0]["resource"]
    titles = [s.get("title") for s in composition["section"]]
    assert "Discharge Instructions" in titles and "Hospital Course" in titles
    instructions = next(s for s in composition["section"] if s.get("title") == "Discharge Instructions")
    assert "Return if the fever comes back." in instructions["text"]["div"]
    observations = [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == "Observation"]
    pregnant = [o for o in observations if any(c.get("code") == "82810-3" for c in o["code"].get("coding", []))]
    assert pregnant and pregnant[0]["effectiveDateTime"] == "2022-03-01"
    # The value's code is kept as the value, never written as the code of what was observed.
    assert [c.get("code") for c in pregnant[0]["code"]["coding"]] == ["82810-3"]
    assert any(c.get("code") == "77386006" for c in pregnant[0]["valueCodeableConcept"]["coding"]), "the value's code is kept"


def bundle(*resources, composition_sections=None):
    entries = [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in resources]
    patient = {"resourceType": "Patient", "id": "00000000-0000-0000-0000-0000000000p1",
               "name": [{"given": ["Rosa"], "family": "Díaz"}], "birthDate": "1950-01-01"}
    head = [{"fullUrl": f"urn:uuid:{patient['id']}", "resource": patient}]
    if composition_sections is not None:
        composition = {"resourceType": "Composition", "id": "00000000-0000-0000-0000-00000000c0c0", "status": "final",
                       "type": {"text": "Patient summary"}, "date": "2022-03-15", "title": "Patient summary",
                       "subject": {"reference": f"urn:uuid:{patient['id']}"}, "author": [{"display": "Clinic"}],
                       "section": composition_sections}
        head.insert(0, {"fullUrl": f"urn:uuid:{composition['id']}", "resource": composition})
    return json.dumps({"resourceType": "Bundle", "type": "document", "timestamp": "2022-03-15T10:00:00Z", "entry": head + entries})


def subject():
    return {"reference": "urn:uuid:00000000-0000-0000-0000-0000000000p1"}


def test_fhir_dates_as_stated_every_dosage_and_vital_signs_by_code(tmp_path):
    unknown = {"resourceType": "MedicationStatement", "id": "00000000-0000-0000-0000-000000000001", "status": "active",
               "subject": subject(), "medicationCodeableConcept": {"text": "Metformin 500 mg tablet"},
               "effectivePeriod": {"extension": [{"url": "http://hl7.org/fhir/StructureDefinition/data-absent-reason", "valueCode": "unknown"}]}}
    second = {"resourceType": "MedicationStatement", "id": "00000000-0000-0000-0000-000000000002", "status": "active",
              "subject": subject(), "medicationCodeableConcept": {"text": "Amlodipine 5 mg tablet"},
              "dosage": [{"text": "one a day"}, {"timing": {"repeat": {"boundsPeriod": {"start": "2012-06-01"}}}}]}
    systolic = {"resourceType": "Observation", "id": "00000000-0000-0000-0000-000000000003", "status": "final", "subject": subject(),
                "code": {"coding": [{"system": "http://loinc.org", "code": "8480-6", "display": "Systolic blood pressure"}]},
                "effectiveDateTime": "2022-03-14T09:00:00Z", "valueQuantity": {"value": 155, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}
    diastolic = dict(systolic, id="00000000-0000-0000-0000-000000000004",
                     code={"coding": [{"system": "http://loinc.org", "code": "8462-4", "display": "Diastolic blood pressure"}]},
                     valueQuantity={"value": 85, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"})
    page, _ = visit(tmp_path, "ips.json", bundle(unknown, second, systolic, diastolic))
    meds = section(page, "meds-heading")
    metformin = meds[meds.index("Metformin"):]
    assert "started (date unknown)" in metformin and "15 Mar" not in metformin, "an unknown start is never the document's date"
    assert "2012" in meds, "a start stated in the second dosage is read"
    vitals = section(page, "vitals-heading")
    assert "155" in vitals and "85" in vitals, "systolic and diastolic filed without a category are shown"


def test_a_record_naming_another_patient_is_named_by_its_section_and_kind(tmp_path):
    consent = {"resourceType": "Consent", "id": "00000000-0000-0000-0000-000000000009", "status": "active",
               "patient": {"reference": "Patient/someone-else"},
               "category": [{"coding": [{"system": "http://loinc.org", "code": "59284-0"}], "text": "Do Not Resuscitate"}],
               "dateTime": "2021-01-01", "scope": {"text": "adr"}}
    sections = [{"title": "Advance Directives", "code": {"coding": [{"system": "http://loinc.org", "code": "42348-3"}]},
                 "text": {"status": "generated", "div": "<div xmlns=\"http://www.w3.org/1999/xhtml\">DNR</div>"},
                 "entry": [{"reference": f"urn:uuid:{consent['id']}"}]}]
    page, _ = visit(tmp_path, "ips.json", bundle(consent, composition_sections=sections))
    assert "record that names another patient; it is not shown here: Advance Directives: Do Not Resuscitate." in text_of(page)
