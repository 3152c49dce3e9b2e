"""Results and readings as the document states them (docs/clinical-imports.md, "A result's status
is its own", "A result's date is its own", "Every result value type of a Result Organizer",
"A blood pressure with one side absent", "Result values as typed"): small FHIR and C-CDA documents
written here, checked on the visit summary, in the IPS output (validated with fhir.resources) and
in the entry ledger."""
import html
import json
import re

import pytest

from conftest import run_carereport

NOW = "2030-01-01T00:00:00Z"
LAB = [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}]
VITAL = [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}]
DAR = "http://terminology.hl7.org/CodeSystem/data-absent-reason"


def text_of(fragment):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def observation(oid, status, loinc, name, day="2024-05-20", **value):
    resource = {"resourceType": "Observation", "id": oid, "status": status, "category": LAB,
                "code": {"coding": [{"system": "http://loinc.org", "code": loinc, "display": name}], "text": name},
                "subject": {"reference": "urn:uuid:p1"}, "effectiveDateTime": day}
    resource.update(value)
    return resource


def bundle(*resources):
    patient = {"resourceType": "Patient", "id": "p1", "name": [{"family": "Test", "given": ["Ann"]}],
               "birthDate": "1980-01-01", "gender": "female"}
    return {"resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00-05:00",
            "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in (patient, *resources)]}


def quantity(value, unit):
    return {"valueQuantity": {"value": value, "unit": unit, "system": "http://unitsofmeasure.org", "code": unit}}


def run(tmp_path, name, document):
    """The visit summary's text, the IPS bundle (validated) and the ledger lines of a document."""
    source = tmp_path / name
    source.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    page, ips = tmp_path / "visit.html", tmp_path / "visit.json"
    common = ("--viewer", "patient", "--now", NOW, "--since", "1900-01-01")
    for out, extra in ((page, ()), (ips, ("--format", "fhir"))):
        result = run_carereport("visit", source, *common, *extra, "--out", out)
        assert result.returncode == 0, result.stderr
    bundle_json = json.loads(ips.read_text(encoding="utf-8"))
    models = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    models.Bundle.model_validate(bundle_json)
    ledger = run_carereport("validate", "--entries", source)
    lines = [json.loads(line) for line in ledger.stdout.splitlines() if line.strip()]
    return text_of(page.read_text(encoding="utf-8")), bundle_json, lines


def resources(ips, kind):
    return [e["resource"] for e in ips["entry"] if e["resource"]["resourceType"] == kind]


def observation_named(ips, name):
    found = [r for r in resources(ips, "Observation") if r["code"].get("text") == name]
    assert len(found) == 1, [r["code"] for r in resources(ips, "Observation")]
    return found[0]


# --- 1. A result's status is its own ------------------------------------------------------------

def test_loose_results_of_one_day_keep_their_own_statuses(tmp_path):
    document = bundle(
        observation("k", "final", "2823-3", "Potassium", **quantity(6.1, "meq/L")),
        observation("alt", "preliminary", "1742-6", "ALT", **quantity(88, "U/L")),
        observation("na", "cancelled", "2951-2", "Sodium",
                    dataAbsentReason={"coding": [{"system": DAR, "code": "not-performed", "display": "Not Performed"}]}),
        observation("cl", "amended", "2075-0", "Chloride", **quantity(101, "mmol/L")),
    )
    text, ips, ledger = run(tmp_path, "statuses.json", document)
    assert "6.1 meq/L (preliminary)" not in text and "Potassium" in text
    assert "88 U/L (preliminary)" in text
    assert "(cancelled)" in text and "Sodium" in text
    assert "101 mmol/L (amended)" in text
    # The IPS: each Observation its own status; no DiagnosticReport invented for the day's group.
    assert observation_named(ips, "Potassium")["status"] == "final"
    assert observation_named(ips, "ALT")["status"] == "preliminary"
    assert observation_named(ips, "Chloride")["status"] == "amended"
    sodium = observation_named(ips, "Sodium")
    assert sodium["status"] == "cancelled"
    # 5. An absent value is written back as dataAbsentReason, never as a text value.
    assert "valueString" not in sodium
    assert sodium["dataAbsentReason"]["coding"][0]["code"] == "not-performed"
    assert resources(ips, "DiagnosticReport") == []
    assert {line["outcome"] for line in ledger} == {"shown"}


def test_a_cancelled_result_alone_is_not_final(tmp_path):
    document = bundle(observation("na", "cancelled", "2951-2", "Sodium",
                                  dataAbsentReason={"coding": [{"system": DAR, "code": "not-performed"}]}))
    text, ips, _ = run(tmp_path, "cancelled.json", document)
    assert "(cancelled)" in text
    assert observation_named(ips, "Sodium")["status"] == "cancelled"


def test_a_report_keeps_its_status_and_a_result_its_own(tmp_path):
    report = {"resourceType": "DiagnosticReport", "id": "r1", "status": "preliminary", "category": [
        {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v2-0074", "code": "LAB"}]}],
        "code": {"text": "Chemistry"}, "subject": {"reference": "urn:uuid:p1"}, "effectiveDateTime": "2024-05-20",
        "result": [{"reference": "urn:uuid:k"}, {"reference": "urn:uuid:alt"}]}
    document = bundle(report, observation("k", "final", "2823-3", "Potassium", **quantity(6.1, "meq/L")),
                      observation("alt", "preliminary", "1742-6", "ALT", **quantity(88, "U/L")))
    text, ips, _ = run(tmp_path, "report.json", document)
    assert "6.1 meq/L (preliminary)" not in text and "88 U/L (preliminary)" in text
    assert observation_named(ips, "Potassium")["status"] == "final"
    assert [r["status"] for r in resources(ips, "DiagnosticReport")] == ["preliminary"]


# --- 2. A blood pressure with one side absent ------------------------------------------------------

def test_a_blood_pressure_with_an_absent_diastolic_shows_the_systolic(tmp_path):
    panel = {"resourceType": "Observation", "id": "bp", "status": "final", "category": VITAL,
             "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9", "display": "Blood pressure panel"}]},
             "subject": {"reference": "urn:uuid:p1"}, "effectiveDateTime": "2024-05-20T09:00:00-05:00",
             "component": [
                 {"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6", "display": "Systolic blood pressure"}]},
                  **quantity(182, "mm[Hg]")},
                 {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4", "display": "Diastolic blood pressure"}]},
                  "dataAbsentReason": {"coding": [{"system": DAR, "code": "not-performed", "display": "Not Performed"}]}}]}
    text, ips, ledger = run(tmp_path, "bp.json", bundle(panel))
    assert "systolic blood pressure (diastolic not recorded (not performed)), mmhg 182 (20 may 2024)" in text.lower()
    assert [line["outcome"] for line in ledger if "Observation" in line["kind"]] == ["shown"]
    written = [r for r in resources(ips, "Observation") if any(c.get("code") == "8480-6" for c in r["code"].get("coding", []))]
    assert len(written) == 1 and written[0]["valueQuantity"]["value"] == 182
    # Not a blood-pressure pair: no 85354-9 reading is written.
    assert not any(c.get("code") == "85354-9" for r in resources(ips, "Observation") for c in r["code"].get("coding", []))


# --- 5. A coded FHIR value keeps its codes ---------------------------------------------------------

def test_a_coded_fhir_value_keeps_its_codes(tmp_path):
    colour = {"coding": [{"system": "http://snomed.info/sct", "code": "371244009", "display": "Yellow"}], "text": "Yellow"}
    _, ips, _ = run(tmp_path, "coded.json", bundle(observation("c", "final", "5778-6", "Color of Urine", valueCodeableConcept=colour)))
    written = observation_named(ips, "Color of Urine")
    assert "valueString" not in written
    assert written["valueCodeableConcept"]["coding"][0]["code"] == "371244009"


# --- 3, 4, 5. C-CDA Result Organizer -----------------------------------------------------------------

CCDA_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<realmCode code="US"/><typeId extension="POCD_HD000040" root="2.16.840.1.113883.1.3"/>
<templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/><id root="1.2.3.4" extension="doc1"/>
<code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summary of episode note"/>
<title>Test CCD</title><effectiveTime value="20240601120000-0500"/>
<confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/><languageCode code="en-US"/>
<recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="P1"/><patient><name><given>Ann</given><family>Test</family></name>
<administrativeGenderCode code="F" codeSystem="2.16.840.1.113883.5.1"/><birthTime value="19800101"/></patient></patientRole></recordTarget>
<author><time value="20240601"/><assignedAuthor><id root="1.2.3.5"/></assignedAuthor></author>
<custodian><assignedCustodian><representedCustodianOrganization><id root="1.2.3.6"/><name>Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>
<component><structuredBody><component><section><templateId root="2.16.840.1.113883.10.20.22.2.3.1" extension="2015-08-01"/>
<code code="30954-2" codeSystem="2.16.840.1.113883.6.1"/><title>Results</title><text>{narrative}</text>
<entry typeCode="DRIV"><organizer classCode="BATTERY" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.1" extension="2015-08-01"/>
<id root="org1"/><code code="24357-6" codeSystem="2.16.840.1.113883.6.1" displayName="Urinalysis"/><statusCode code="completed"/>
<effectiveTime><low value="20240515083000-0500"/></effectiveTime>"""
CCDA_TAIL = "</organizer></entry></section></component></structuredBody></component></ClinicalDocument>"


def component(code, name, value, effective='<effectiveTime value="20240515083000-0500"/>', status="completed", interpretation=""):
    flag = f'<interpretationCode code="{interpretation}" codeSystem="2.16.840.1.113883.5.83"/>' if interpretation else ""
    return (f'<component><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.2" extension="2015-08-01"/>'
            f'<id root="res" extension="{code}"/><code code="{code}" codeSystem="2.16.840.1.113883.6.1" displayName="{name}"/>'
            f'<statusCode code="{status}"/>{effective}{value}{flag}</observation></component>')


def ccda(*components, narrative="Results as written: the clinic's own table"):
    return CCDA_HEAD.replace("{narrative}", narrative) + "".join(components) + CCDA_TAIL


def test_boolean_and_ratio_results_in_an_organizer_are_read(tmp_path):
    document = ccda(
        component("5802-4", "Nitrite", '<value xsi:type="BL" value="true"/>', interpretation="A"),
        component("5048-4", "ANA titer", '<value xsi:type="RTO"><numerator value="1"/><denominator value="640"/></value>', interpretation="H"),
        component("5778-6", "Color of Urine", '<value xsi:type="CO" code="371244009" displayName="Yellow" codeSystem="2.16.840.1.113883.6.96"/>'),
        component("2756-2", "pH of Urine", '<value xsi:type="IVL_PQ"><low value="5.0" unit="[pH]"/><high value="6.0" unit="[pH]"/></value>'),
    )
    text, ips, ledger = run(tmp_path, "organizer.xml", document)
    assert re.search(r"Nitrite Yes", text), text
    assert "1 : 640" in text
    assert "5.0-6.0" in text
    nitrite = observation_named(ips, "Nitrite")
    assert nitrite["valueBoolean"] is True
    assert nitrite["interpretation"][0]["coding"][0]["code"] == "A"
    ana = observation_named(ips, "ANA titer")
    assert (ana["valueRatio"]["numerator"]["value"], ana["valueRatio"]["denominator"]["value"]) == (1, 640)
    assert ana["interpretation"][0]["coding"][0]["code"] == "H"
    colour = observation_named(ips, "Color of Urine")
    assert colour["valueCodeableConcept"]["coding"][0]["code"] == "371244009" and "valueString" not in colour
    ph = observation_named(ips, "pH of Urine")["valueRange"]
    assert (ph["low"]["value"], ph["high"]["value"], ph["low"]["unit"]) == (5.0, 6.0, "[pH]")
    assert [(line["outcome"], line["reason"]) for line in ledger] == [("shown", None)]


def test_an_unread_value_type_in_an_organizer_falls_back_to_the_narrative(tmp_path):
    document = ccda(
        component("2823-3", "Potassium", '<value xsi:type="PQ" value="4.1" unit="meq/L"/>'),
        component("99999-9", "Odd result", '<value xsi:type="IVL_TS"><low value="2024"/><high value="2025"/></value>'),
        narrative="Odd result: from 2024 to 2025",
    )
    text, _, ledger = run(tmp_path, "partial.xml", document)
    assert "Potassium" in text and "Odd result: from 2024 to 2025" in text
    [line] = ledger
    assert line["outcome"] == "shown"
    assert line["reason"].startswith("read in part") and "narrative" in line["reason"]


def test_a_component_keeps_its_own_date_and_status(tmp_path):
    document = ccda(
        component("2345-7", "Glucose", '<value xsi:type="PQ" value="250" unit="mg/dL"/>', effective='<effectiveTime value="2024"/>'),
        component("718-7", "Hemoglobin", '<value xsi:type="PQ" value="7.2" unit="g/dL"/>', effective='<effectiveTime nullFlavor="UNK"/>',
                  interpretation="LL"),
        component("2951-2", "Sodium", '<value xsi:type="PQ" value="140" unit="mmol/L"/>', effective=""),
        component("2823-3", "Potassium", '<value xsi:type="PQ" value="4.1" unit="meq/L"/>', status="aborted"),
    )
    text, ips, _ = run(tmp_path, "dates.xml", document)
    glucose = observation_named(ips, "Glucose")
    assert glucose["effectiveDateTime"] == "2024"
    hemoglobin = observation_named(ips, "Hemoglobin")
    assert "effectiveDateTime" not in hemoglobin
    assert hemoglobin["_effectiveDateTime"]["extension"][0]["url"].endswith("data-absent-reason")
    # A component stating no effectiveTime at all takes the organizer's.
    assert observation_named(ips, "Sodium")["effectiveDateTime"].startswith("2024-05-15T08:30")
    assert observation_named(ips, "Potassium")["status"] == "cancelled"
    assert "Hemoglobin 7.2 g/dL ▼▼ Critically low date unknown" in text
    assert "Glucose 250 mg/dL no range given 2024 none" in text
