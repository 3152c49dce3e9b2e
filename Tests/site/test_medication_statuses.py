"""Medicines' statuses and doses as the document states them (docs/clinical-imports.md, "Planned,
not taken and unknown medicines" and "Every dosage instruction, every dose as written"): a proposed,
planned, draft or intended medicine (FHIR) and a medicine in a planned mood (C-CDA INT, RQO, PRP, in
the Medications section or the Plan of Treatment) is listed as planned, never as a current medicine
that was "started"; not-taken is "not taken"; unknown stays unknown with no date made up; every
dosage instruction and a dose range are kept; why a medicine is held or stopped is said. Checked on
the visit summary, in the IPS (validated with fhir.resources) and in the entry ledger, from small
documents written here."""
import html
import json
import re

import pytest

from conftest import run_carereport

NOW = "2030-01-01T00:00:00Z"
RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm"


def text_of(fragment):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def visit(document, tmp_path, *extra):
    out = tmp_path / "visit.html"
    result = run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--since", "1900-01-01", *extra, "--out", out)
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8")


def meds_section(page):
    found = re.search(r'<section aria-labelledby="meds-heading">.*?</section>', page, re.S)
    assert found, "the medicines section is on the page"
    return found.group(0)


def current_rows(page):
    """The medicines table's rows: {name: row text}."""
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', meds_section(page), re.S)
    return {text_of(re.sub(r"<span.*", "", head, flags=re.S)): text_of(head + " " + rest) for head, rest in rows}


def listed(page, css):
    """The lines of one list under the medicines table (`stopped`, `not-in-use`)."""
    found = re.search(rf'<ul class="small {css}">(.*?)</ul>', meds_section(page), re.S)
    return [text_of(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)] if found else []


def ips(document, tmp_path):
    from fhir.resources.R4B.bundle import Bundle

    out = tmp_path / "visit.json"
    result = run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--since", "1900-01-01", "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr
    bundle = json.loads(out.read_text(encoding="utf-8"))
    Bundle.model_validate(bundle)
    return [entry["resource"] for entry in bundle["entry"]]


def medicines(resources):
    """{medicine text: resource} of the IPS's MedicationStatements and MedicationRequests."""
    return {r["medicationCodeableConcept"]["text"]: r for r in resources
            if r["resourceType"] in ("MedicationStatement", "MedicationRequest")}


def ledger(document):
    result = run_carereport("validate", "--entries", document)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


# --- FHIR ---------------------------------------------------------------------------------------

def concept(code, name):
    return {"coding": [{"system": RXNORM, "code": code, "display": name}], "text": name}


def daily(value, unit="{tablet}", days=None, sequence=None):
    repeat = {"frequency": 1, "period": 1, "periodUnit": "d"}
    if days:
        repeat["dayOfWeek"] = days
    dosage = {"timing": {"repeat": repeat},
              "doseAndRate": [{"doseQuantity": {"value": value, "unit": unit, "system": "http://unitsofmeasure.org", "code": unit}}]}
    if sequence:
        dosage["sequence"] = sequence
    return dosage


def later(dosage, start):
    """The dosage starting on `start` (timing.repeat.boundsPeriod.start)."""
    dosage["timing"]["repeat"]["boundsPeriod"] = {"start": start}
    return dosage


def request(rid, code, name, status, intent, dosages=(), **more):
    return {"resourceType": "MedicationRequest", "id": rid, "status": status, "intent": intent,
            "subject": {"reference": "urn:uuid:p1"}, "medicationCodeableConcept": concept(code, name),
            "authoredOn": "2024-05-01", "dosageInstruction": list(dosages), **more}


def statement(sid, code, name, status, **more):
    return {"resourceType": "MedicationStatement", "id": sid, "status": status,
            "subject": {"reference": "urn:uuid:p1"}, "medicationCodeableConcept": concept(code, name), **more}


FHIR_ENTRIES = [
    {"resourceType": "Patient", "id": "p1", "name": [{"family": "Test", "given": ["Ann"]}], "birthDate": "1980-01-01", "gender": "female"},
    request("warfarin", "855332", "warfarin sodium 5 MG Oral Tablet", "active", "proposal", [daily(1)]),
    # A plan that starts after the document's date is planned; an active plan already begun is current.
    request("amlodipine", "197361", "amlodipine 5 MG Oral Tablet", "active", "plan", [later(daily(1), "2024-06-20")]),
    request("lisinopril", "314076", "lisinopril 10 MG Oral Tablet", "draft", "order", [daily(1)]),
    statement("aspirin", "243670", "aspirin 81 MG Oral Tablet", "intended", effectiveDateTime="2024-06-05"),
    statement("acetaminophen", "313782", "acetaminophen 325 MG Oral Tablet", "not-taken", effectiveDateTime="2024-04",
              statusReason=[{"text": "patient declined"}]),
    statement("metoprolol", "866924", "metoprolol 25 MG Oral Tablet", "unknown"),
    request("levothyroxine", "10582", "levothyroxine 0.05 MG Oral Tablet", "active", "order",
            [daily(50, "ug", ["mon", "tue", "wed", "thu", "fri"], 1), daily(100, "ug", ["sat", "sun"], 2)]),
    request("ibuprofen", "310965", "ibuprofen 200 MG Oral Tablet", "on-hold", "order", [daily(1)],
            statusReason={"text": "acute kidney injury (eGFR 38)"}),
    request("metformin", "861007", "metformin 500 MG Oral Tablet", "stopped", "order", [daily(1)], statusReason={"text": "eGFR 28"}),
]


@pytest.fixture
def fhir_bundle(tmp_path):
    path = tmp_path / "meds.json"
    path.write_text(json.dumps({
        "resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00-05:00",
        "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in FHIR_ENTRIES]}), encoding="utf-8")
    return path


def test_fhir_planned_not_taken_and_unknown_medicines_are_never_current(fhir_bundle, tmp_path):
    page = visit(fhir_bundle, tmp_path)
    assert sorted(current_rows(page)) == ["ibuprofen 200 MG Oral Tablet", "levothyroxine 0.05 MG Oral Tablet"]
    assert listed(page, "not-in-use") == [
        "Not taken: acetaminophen 325 MG Oral Tablet, patient declined (Apr 2024)",
        "Planned, not started: amlodipine 5 MG Oral Tablet, 1 tablet, once a day (Thu 20 Jun 2024)",
        "Planned, not started: aspirin 81 MG Oral Tablet (Wed 5 Jun 2024)",
        "Draft order, not started: lisinopril 10 MG Oral Tablet, 1 tablet, once a day (Wed 1 May 2024)",
        # Unknown stays unknown: no date is made up from the document's.
        "Status unknown: metoprolol 25 MG Oral Tablet (date unknown)",
        "Proposed, not started: warfarin sodium 5 MG Oral Tablet, 1 tablet, once a day (Wed 1 May 2024)",
    ]
    stopped = listed(page, "stopped")
    assert [line.split(":")[1].strip() for line in stopped] == ["metformin 500 MG Oral Tablet"], "not-taken is never stopped"
    for line in listed(page, "not-in-use"):
        said = line.split(":", 1)[1]
        assert "started" not in said and "stopped" not in said, f"no dose history is told of it: {line}"


def test_fhir_every_dosage_instruction_and_why_held_or_stopped_are_on_the_page(fhir_bundle, tmp_path):
    page = visit(fhir_bundle, tmp_path)
    rows = current_rows(page)
    assert "50 µg, once a day on Mon, Tue, Wed, Thu, Fri; 100 µg, once a day on Sat, Sun" in rows["levothyroxine 0.05 MG Oral Tablet"]
    # Held with a structured timing: the reason is said all the same.
    assert "on hold Reason given: acute kidney injury (eGFR 38)" in rows["ibuprofen 200 MG Oral Tablet"]
    assert listed(page, "stopped")[0].endswith("stopped, date not stated. Reason given: eGFR 28")
    spanish = visit(fhir_bundle, tmp_path, "--language", "es")
    assert "Motivo indicado: acute kidney injury (eGFR 38)" in meds_section(spanish)
    assert "Propuesto, sin empezar: warfarin" in text_of(meds_section(spanish))
    assert "50 µg, una vez al día los lun, mar, mié, jue, vie; 100 µg, una vez al día los sáb, dom" in text_of(meds_section(spanish))


def test_fhir_statuses_intents_and_dosages_in_the_ips(fhir_bundle, tmp_path):
    meds = medicines(ips(fhir_bundle, tmp_path))
    said = {name: (r["resourceType"], r["status"], r.get("intent")) for name, r in meds.items()}
    assert said == {
        "warfarin sodium 5 MG Oral Tablet": ("MedicationRequest", "active", "proposal"),
        "amlodipine 5 MG Oral Tablet": ("MedicationRequest", "active", "plan"),
        "lisinopril 10 MG Oral Tablet": ("MedicationRequest", "draft", "order"),
        "aspirin 81 MG Oral Tablet": ("MedicationStatement", "intended", None),
        "acetaminophen 325 MG Oral Tablet": ("MedicationStatement", "not-taken", None),
        "metoprolol 25 MG Oral Tablet": ("MedicationStatement", "unknown", None),
        "levothyroxine 0.05 MG Oral Tablet": ("MedicationStatement", "active", None),
        "ibuprofen 200 MG Oral Tablet": ("MedicationStatement", "on-hold", None),
        "metformin 500 MG Oral Tablet": ("MedicationStatement", "stopped", None),
    }
    assert meds["warfarin sodium 5 MG Oral Tablet"]["authoredOn"] == "2024-05-01"
    unknown = meds["metoprolol 25 MG Oral Tablet"]["effectivePeriod"]
    assert "start" not in unknown and unknown["_start"]["extension"][0]["valueCode"] == "unknown"
    assert meds["acetaminophen 325 MG Oral Tablet"]["statusReason"] == [{"text": "patient declined"}]
    assert meds["ibuprofen 200 MG Oral Tablet"]["statusReason"] == [{"text": "acute kidney injury (eGFR 38)"}]
    dosages = meds["levothyroxine 0.05 MG Oral Tablet"]["dosage"]
    assert [(d["sequence"], d["doseAndRate"][0]["doseQuantity"]["value"], d["timing"]["repeat"]["dayOfWeek"]) for d in dosages] == [
        (1, 50, ["mon", "tue", "wed", "thu", "fri"]), (2, 100, ["sat", "sun"])]


def test_fhir_ledger_accounts_for_every_medicine_with_its_place(fhir_bundle):
    places = {line["record"]: (line["outcome"], line["place"]) for line in ledger(fhir_bundle) if line["kind"].startswith("Medication")}
    assert places == {
        "warfarin": ("shown", "planned medicines"), "amlodipine": ("shown", "planned medicines"),
        "lisinopril": ("shown", "planned medicines"), "aspirin": ("shown", "planned medicines"),
        "acetaminophen": ("shown", "medicines"), "metoprolol": ("shown", "medicines"),
        "levothyroxine": ("shown", "medicines"), "ibuprofen": ("shown", "medicines"), "metformin": ("shown", "medicines"),
    }


def test_the_ips_reads_back_as_the_same_statuses(fhir_bundle, tmp_path):
    """What the IPS writes, read back, lists the same medicines the same way."""
    ips(fhir_bundle, tmp_path)
    again = visit(tmp_path / "visit.json", tmp_path / "..")
    assert sorted(current_rows(again)) == ["ibuprofen 200 MG Oral Tablet", "levothyroxine 0.05 MG Oral Tablet"]
    assert [line.split(":")[0] for line in listed(again, "not-in-use")] == [
        "Not taken", "Planned, not started", "Planned, not started", "Draft order, not started", "Status unknown", "Proposed, not started"]


# --- C-CDA --------------------------------------------------------------------------------------

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<realmCode code="US"/><typeId extension="POCD_HD000040" root="2.16.840.1.113883.1.3"/>
<templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/><id root="1.2.3.4" extension="doc1"/>
<code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summary of episode note"/>
<title>Test CCD</title><effectiveTime value="20240601120000-0500"/>
<confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/><languageCode code="en-US"/>
<recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="P1"/>
<patient><name><given>Ann</given><family>Test</family></name><administrativeGenderCode code="F" codeSystem="2.16.840.1.113883.5.1"/>
<birthTime value="19800101"/></patient></patientRole></recordTarget>
<author><time value="20240601"/><assignedAuthor><id root="1.2.3.5"/><assignedPerson><name><given>Doc</given><family>Who</family></name></assignedPerson></assignedAuthor></author>
<custodian><assignedCustodian><representedCustodianOrganization><id root="1.2.3.6"/><name>Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>
<component><structuredBody>
"""


def administration(mood, ext, code, name, dose, low="20240515", timing="", route=""):
    return f"""<entry><substanceAdministration classCode="SBADM" moodCode="{mood}">
<templateId root="2.16.840.1.113883.10.20.22.4.16" extension="2014-06-09"/><id root="1.2.3" extension="{ext}"/>
<statusCode code="active"/><effectiveTime xsi:type="IVL_TS"><low value="{low}"/></effectiveTime>{timing}{route}{dose}
<consumable><manufacturedProduct classCode="MANU"><manufacturedMaterial>
<code code="{code}" codeSystem="2.16.840.1.113883.6.88" displayName="{name}"/></manufacturedMaterial></manufacturedProduct></consumable>
</substanceAdministration></entry>"""


def section(code, title, entries):
    return f"""<component><section><code code="{code}" codeSystem="2.16.840.1.113883.6.1"/><title>{title}</title>
<text>{title}</text>{entries}</section></component>"""


SUBCUTANEOUS = '<routeCode code="C38299" codeSystem="2.16.840.1.113883.3.26.1.1" displayName="Subcutaneous"/>'
EVERY_12_HOURS = '<effectiveTime xsi:type="PIVL_TS" operator="A"><period value="12" unit="h"/></effectiveTime>'


@pytest.fixture
def ccda(tmp_path):
    medications = "".join([
        administration("EVN", "1", "313782", "acetaminophen 325 MG Oral Tablet",
                       '<doseQuantity><low value="1"/><high value="2"/></doseQuantity>', low="20240401"),
        administration("INT", "2", "314076", "lisinopril 10 MG Oral Tablet", '<doseQuantity value="1"/>', low="20240615"),
        administration("RQO", "3", "855332", "warfarin sodium 5 MG Oral Tablet", '<doseQuantity value="1"/>', low="20240610"),
        administration("PRP", "4", "197361", "amlodipine 5 MG Oral Tablet", '<doseQuantity value="1"/>', low="20240620"),
    ])
    plan = administration("INT", "55", "1361615", "heparin sodium, porcine 5000 UNT/ML Injectable Solution",
                          '<doseQuantity value="5000" unit="[iU]"/>', low="20240610", timing=EVERY_12_HOURS, route=SUBCUTANEOUS)
    path = tmp_path / "meds.xml"
    path.write_text(HEADER + section("10160-0", "Medications", medications) + section("18776-5", "Plan of Treatment", plan)
                    + "</structuredBody></component></ClinicalDocument>", encoding="utf-8")
    return path


def test_ccda_planned_moods_are_planned_and_a_dose_range_is_kept(ccda, tmp_path):
    page = visit(ccda, tmp_path)
    rows = current_rows(page)
    assert list(rows) == ["acetaminophen 325 MG Oral Tablet"]
    assert "started 1–2 tablets on 1 Apr 2024" in rows["acetaminophen 325 MG Oral Tablet"]
    spanish = current_rows(visit(ccda, tmp_path, "--language", "es"))
    assert "1–2 comprimidos" in spanish["acetaminophen 325 MG Oral Tablet"], "the range is worded in the reader's language"
    assert listed(page, "not-in-use") == [
        "Proposed, not started: amlodipine 5 MG Oral Tablet, 1 tablet (Thu 20 Jun 2024)",
        # The Plan of Treatment's heparin keeps its dose, route and schedule.
        "Planned, not started: heparin sodium, porcine 5000 UNT/ML Injectable Solution, 5000 IU, subcutaneous, every 12 hours (Mon 10 Jun 2024)",
        "Planned, not started: lisinopril 10 MG Oral Tablet, 1 tablet (Sat 15 Jun 2024)",
        "Ordered, not started: warfarin sodium 5 MG Oral Tablet, 1 tablet (Mon 10 Jun 2024)",
    ]
    assert "plan-heading" not in page, "the planned heparin is a planned medicine, not a bare plan line"


def test_ccda_planned_medicines_are_medication_requests_in_the_ips(ccda, tmp_path):
    resources = ips(ccda, tmp_path)
    assert not [r for r in resources if r["resourceType"] == "CarePlan"], "no CarePlan carries a drug code"
    meds = medicines(resources)
    said = {name: (r["resourceType"], r["status"], r.get("intent")) for name, r in meds.items()}
    assert said == {
        "acetaminophen 325 MG Oral Tablet": ("MedicationStatement", "active", None),
        "lisinopril 10 MG Oral Tablet": ("MedicationRequest", "active", "plan"),
        "warfarin sodium 5 MG Oral Tablet": ("MedicationRequest", "active", "order"),
        "amlodipine 5 MG Oral Tablet": ("MedicationRequest", "active", "proposal"),
        "heparin sodium, porcine 5000 UNT/ML Injectable Solution": ("MedicationRequest", "active", "plan"),
    }
    assert meds["acetaminophen 325 MG Oral Tablet"]["dosage"][0]["doseAndRate"] == [
        {"doseRange": {"low": {"value": 1, "unit": "{tablet}"}, "high": {"value": 2, "unit": "{tablet}"}}}]
    heparin = meds["heparin sodium, porcine 5000 UNT/ML Injectable Solution"]
    assert "authoredOn" not in heparin, "a planned start is not the day the order was written"
    dosage = heparin["dosageInstruction"][0]
    assert dosage["doseAndRate"] == [{"doseQuantity": {"value": 5000, "unit": "[iU]"}}]
    assert dosage["route"]["text"] == "Subcutaneous"
    assert dosage["timing"]["repeat"] == {"boundsPeriod": {"start": "2024-06-10"}, "frequency": 1, "period": 12, "periodUnit": "h"}


def test_ccda_ledger_and_no_dose_warning(ccda):
    lines = ledger(ccda)
    assert [(line["kind"], line["outcome"], line["place"]) for line in lines] == [
        ("substanceAdministration EVN", "shown", "medicines"),
        ("substanceAdministration INT", "shown", "planned medicines"),
        ("substanceAdministration RQO", "shown", "planned medicines"),
        ("substanceAdministration PRP", "shown", "planned medicines"),
        ("substanceAdministration INT", "shown", "planned medicines"),
    ]
    result = run_carereport("validate", ccda)
    assert "not a number" not in result.stderr, "a dose range is read, never dropped"


# --- Medicines compared across sources ------------------------------------------------------------

def test_a_medicine_a_document_only_plans_is_not_on_its_list(tmp_path):
    """docs/reconciliation.md: a planned medicine is on no source's list; the family's lisinopril,
    which the document only plans, is given and not on the document's list, and the planned one is
    listed apart as planned."""
    from test_reconciliation import document, margaret_folder, rows, statement

    planned = statement("l1", "314077", "lisinopril 20 MG Oral Tablet", "2025-04-20", 20, 1, status="intended")
    active = statement("a1", "617310", "atorvastatin 20 MG Oral Tablet", "2025-01-06", 20, 1)
    folder = margaret_folder(tmp_path, {"clinic.json": document("Clinic list", "2025-04-10", [planned, active])})
    out = tmp_path / "visit.html"
    result = run_carereport("visit", folder, "--viewer", "u-ellen", "--now", "2025-04-18T18:00:00-07:00", "--out", out)
    assert result.returncode == 0, result.stderr
    page = out.read_text(encoding="utf-8")
    found = rows(page)
    lisinopril = [row for name, row in found.items() if name.startswith("Lisinopril")]
    assert lisinopril and all("Given, not on the document's list" in row for row in lisinopril), found
    assert listed(page, "not-in-use") == ["Planned, not started: lisinopril 20 MG Oral Tablet, 20 mg, once a day (Sun 20 Apr 2025)"]


def test_a_planned_dose_beside_the_current_order_is_no_dose_change(tmp_path):
    """A proposal of a new dose is listed as proposed; the current order stays current with its own
    history (never "increased", never hidden by the newer proposal)."""
    current = request("l1", "314076", "lisinopril 10 MG Oral Tablet", "active", "order", [daily(10, "mg")])
    proposed = request("l2", "314076", "lisinopril 10 MG Oral Tablet", "active", "proposal", [daily(20, "mg")], authoredOn="2024-05-20")
    path = tmp_path / "two.json"
    path.write_text(json.dumps({
        "resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00-05:00",
        "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in [FHIR_ENTRIES[0], current, proposed]]}), encoding="utf-8")
    page = visit(path, tmp_path)
    rows = current_rows(page)
    assert list(rows) == ["lisinopril 10 MG Oral Tablet"]
    assert "started 10 mg on 1 May 2024" in rows["lisinopril 10 MG Oral Tablet"]
    assert "increased" not in rows["lisinopril 10 MG Oral Tablet"]
    assert listed(page, "not-in-use") == ["Proposed, not started: lisinopril 10 MG Oral Tablet, 20 mg, once a day (Mon 20 May 2024)"]


def test_the_site_names_each_by_its_status_and_says_every_dosage(fhir_bundle, tmp_path):
    out = tmp_path / "site"
    result = run_carereport("build", fhir_bundle, "--viewer", "patient", "--now", NOW, "--out", out)
    assert result.returncode == 0, result.stderr
    index = text_of((out / "medications" / "index.html").read_text(encoding="utf-8"))
    assert "Medications not current" in index and "Past medications" not in index
    for status in ("proposed, not started", "draft order, not started", "planned, not started", "not taken", "status unknown"):
        assert status in index, status

    def page(prefix):
        [found] = (out / "medications").glob(f"{prefix}*.html")
        return text_of(found.read_text(encoding="utf-8"))

    assert "Date Wed 1 May 2024" in page("warfarin") and "Started" not in page("warfarin"), "a proposal was never started"
    assert ("Dosage instructions 50 µg, once a day on Mon, Tue, Wed, Thu, Fri; 100 µg, once a day on Sat, Sun"
            in page("levothyroxine"))
    weeks = " ".join(text_of(p.read_text(encoding="utf-8")) for p in (out / "weeks").glob("2024-*.html"))
    assert "warfarin sodium 5 MG Oral Tablet Doses taken are not recorded in the document. 0 0 0 0 proposed, not started" in weeks
    assert "warfarin sodium 5 MG Oral Tablet Doses taken are not recorded in the document. 0 0 0 0 started" not in weeks


def test_an_active_int_prescription_already_started_is_a_current_medicine(tmp_path):
    """C-CDA writes a current prescription as an INT Medication Activity (HL7's own med-qid-prn
    example: ibuprofen, active since 2013): in the Medications section, started on or before the
    document's date, it is current; only one that starts after the document's date is planned."""
    medications = "".join([
        administration("INT", "6", "314076", "lisinopril 10 MG Oral Tablet", '<doseQuantity value="1"/>', low="20240401"),
        administration("INT", "7", "197361", "amlodipine 5 MG Oral Tablet", '<doseQuantity value="1"/>', low="20240615"),
    ])
    path = tmp_path / "int.xml"
    path.write_text(HEADER + section("10160-0", "Medications", medications) + "</structuredBody></component></ClinicalDocument>",
                    encoding="utf-8")
    page = visit(path, tmp_path)
    assert list(current_rows(page)) == ["lisinopril 10 MG Oral Tablet"]
    assert listed(page, "not-in-use") == ["Planned, not started: amlodipine 5 MG Oral Tablet, 1 tablet (Sat 15 Jun 2024)"]


def test_an_active_fhir_plan_already_begun_is_a_current_medicine(tmp_path):
    """The UK Core IPS examples write current medicines as MedicationRequest intent plan, active,
    authored years before the document: current, as a C-CDA INT prescription is."""
    entries = [FHIR_ENTRIES[0], request("sertraline", "312940", "sertraline 100 MG Oral Tablet", "active", "plan", [daily(1)])]
    path = tmp_path / "plan.json"
    path.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "timestamp": "2024-06-01T12:00:00-05:00",
                                "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in entries]}), encoding="utf-8")
    assert list(current_rows(visit(path, tmp_path))) == ["sertraline 100 MG Oral Tablet"]
