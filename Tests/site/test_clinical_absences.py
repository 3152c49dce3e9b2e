"""Issue 22 on the real documents of ../shared/fixtures: every "no known ..." or "no information
about ..." statement an IPS document makes (IPS absent-unknown codes, SNOMED CT situations) appears
in its visit summary, its IPS output and its site, beside the real entries of the same section; an
old document's visit summary says "data as of" its own date and shows its latest vital signs with
their dates, never "unknown time"."""
import html
import json
import re

import pytest

from conftest import NOW, ROOT, all_files, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
IPS_SYSTEM = "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips"
SNOMED = "http://snomed.info/sct"
# What each code states, as a sentence (the IPS code system and the SNOMED CT situations).
STATEMENTS = {
    (IPS_SYSTEM, "no-allergy-info"): "No information about allergies.",
    (IPS_SYSTEM, "no-known-allergies"): "No known allergies.",
    (IPS_SYSTEM, "no-known-medication-allergies"): "No known medication allergies.",
    (IPS_SYSTEM, "no-known-food-allergies"): "No known food allergies.",
    (IPS_SYSTEM, "no-known-environmental-allergies"): "No known environmental allergies.",
    (IPS_SYSTEM, "no-medication-info"): "No information about medications.",
    (IPS_SYSTEM, "no-known-medications"): "No known medications.",
    (IPS_SYSTEM, "no-problem-info"): "No information about problems.",
    (IPS_SYSTEM, "no-known-problems"): "No known problems.",
    (IPS_SYSTEM, "no-immunization-info"): "No information about immunizations.",
    (SNOMED, "716186003"): "No known allergies.",
    (SNOMED, "409137002"): "No known drug allergies.",
    (SNOMED, "429625007"): "No known food allergies.",
    (SNOMED, "160244002"): "No known allergies.",
}
CONCEPTS = {"AllergyIntolerance": "code", "Condition": "code", "MedicationStatement": "medicationCodeableConcept",
            "MedicationRequest": "medicationCodeableConcept", "Immunization": "vaccineCode"}


SECTIONS = {"48765-2": "allergies", "11450-4": "problems", "10160-0": "medications", "11369-6": "immunizations"}


def statements(path):
    """The sentences the document's resources state, from their codes, and those of its
    Composition's empty sections (`emptyReason`)."""
    found = []
    for entry in json.loads(path.read_text(encoding="utf-8")).get("entry", []):
        resource = entry.get("resource") or {}
        if resource.get("resourceType") == "Composition":
            for section in resource.get("section", []):
                topic = next((SECTIONS[c.get("code")] for c in section.get("code", {}).get("coding", [])
                              if c.get("code") in SECTIONS), None)
                if topic and section.get("emptyReason") and not section.get("entry") and not section.get("section"):
                    nil = any(c.get("code") == "nilknown" for c in section["emptyReason"].get("coding", []))
                    found.append(f"No known {topic}." if nil else f"No information about {topic}.")
        concept = resource.get(CONCEPTS.get(resource.get("resourceType"), ""), None)
        if not isinstance(concept, dict) or resource.get("status") == "entered-in-error":
            continue
        for coding in concept.get("coding", []):
            sentence = STATEMENTS.get((coding.get("system"), coding.get("code")))
            if sentence:
                found.append(sentence)
                break
    return found


def documents_with_statements():
    if not SHARED.exists():
        return []
    return [path for folder in ("ips-corpus", "ips") for path in sorted((SHARED / folder).glob("*.json")) if statements(path)]


def text(markup):
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("document", documents_with_statements() or [None],
                         ids=lambda p: f"{p.parent.name}/{p.name}" if p else "absent")
def test_every_statement_of_absence_is_shown(document, tmp_path):
    require(document is not None, f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    expected = set(statements(document))
    visit = tmp_path / "visit.html"
    result = run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--out", visit)
    assert result.returncode == 0, result.stderr
    page = visit.read_text(encoding="utf-8")
    for sentence in expected:
        assert f"<strong>{html.escape(sentence, quote=False)}</strong>" in page or sentence in text(page), sentence
    assert "unknown time" not in page
    # The IPS output keeps each statement with its code.
    bundle = tmp_path / "visit.json"
    assert run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--format", "fhir",
                          "--out", bundle).returncode == 0
    written = bundle.read_text(encoding="utf-8")
    for sentence in expected:
        assert f'"text": "{sentence[:-1]}"' in written, sentence
    try:
        from fhir.resources.R4B.bundle import Bundle
    except ImportError:
        Bundle = None
    if Bundle is not None:
        Bundle.model_validate(json.loads(written))
    # ... and reads back through carereport's own importer with the same statements.
    again = tmp_path / "again.html"
    assert run_carereport("visit", bundle, "--viewer", "patient", "--now", NOW, "--out", again).returncode == 0
    for sentence in expected:
        assert sentence in text(again.read_text(encoding="utf-8")), sentence
    # The site's week pages list each statement as a record.
    site = tmp_path / "site"
    assert run_carereport("build", document, "--out", site, "--viewer", "patient", "--now", NOW).returncode == 0
    weeks = " ".join(text((site / path).read_text(encoding="utf-8")) for path in all_files(site)
                     if path.parts[0] == "weeks" and path.suffix == ".html")
    for sentence in expected:
        assert sentence[:-1] in weeks, sentence


def test_a_statement_stands_beside_a_real_allergy(tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    visit = tmp_path / "visit.html"
    document = SHARED / "ips-corpus" / "AR_Repository_Example_02.json"
    assert run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--out", visit).returncode == 0
    allergies = re.search(r'<section aria-labelledby="allergies-heading">.*?</section>', visit.read_text(encoding="utf-8"), re.S).group(0)
    assert "<strong>Penicillin -class of antibiotic- (substance)</strong>: high criticality" in allergies
    assert "<strong>No known food allergies.</strong>" in allergies
    assert "not recorded" not in allergies


def visit_page(document, tmp_path, now="2030-01-01T00:00:00Z"):
    visit = tmp_path / "visit.html"
    result = run_carereport("visit", document, "--viewer", "patient", "--now", now, "--out", visit)
    assert result.returncode == 0, result.stderr
    return visit.read_text(encoding="utf-8")


def vitals(page):
    return text(re.search(r'<section aria-labelledby="vitals-heading">.*?</section>', page, re.S).group(0))


def test_an_old_ips_document_speaks_for_its_own_date_and_shows_its_latest_vitals(tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    page = visit_page(SHARED / "ips-corpus" / "CY_194315.json", tmp_path)
    assert "unknown time" not in page
    assert re.search(r"<dt>Data as of</dt><dd>Sun 15 Jan 2023, 17:26 \(Written \d+ days after the date of the documents", page)
    assert "Period</dt><dd>Mon 17 Oct 2022 to Sun 15 Jan 2023" in page
    section = vitals(page)
    assert "latest of each, any date" in section and "No readings in the period;" in section
    assert "Blood pressure, mmHg 121/79 (22 Feb 2020)" in re.sub(r"\s+", " ", section)


CCDA = """<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<effectiveTime value="20130815"/><title>Summary of care</title>
<recordTarget><patientRole><patient><name><given>Ana</given><family>Ruiz</family></name></patient></patientRole></recordTarget>
<component><structuredBody>
<component><section><code code="48765-2"/>
 <entry><act><entryRelationship><observation negationInd="true"><value xsi:type="CD" code="419199007"/>
  <participant typeCode="CSM"><participantRole><playingEntity><code nullFlavor="NA"/></playingEntity></participantRole></participant>
 </observation></entryRelationship></act></entry>
</section></component>
<component><section><code code="8716-3"/>
 <entry><organizer classCode="CLUSTER" moodCode="EVN"><effectiveTime value="20120301"/>
  <component><observation classCode="OBS" moodCode="EVN"><code code="8867-4" codeSystem="2.16.840.1.113883.6.1" displayName="Heart rate"/>
   <effectiveTime value="20120301"/><value xsi:type="PQ" value="72" unit="/min"/></observation></component>
 </organizer></entry>
</section></component>
</structuredBody></component>
</ClinicalDocument>
"""


def test_an_old_ccda_speaks_for_its_effective_time_and_shows_its_latest_vitals(tmp_path):
    document = tmp_path / "summary.xml"
    document.write_text(CCDA, encoding="utf-8")
    page = visit_page(document, tmp_path)
    assert "<dt>Data as of</dt><dd>Thu 15 Aug 2013 (Written" in page
    assert "unknown time" not in page
    section = re.sub(r"\s+", " ", vitals(page))
    assert "latest of each, any date" in section and "72 (1 Mar 2012)" in section, section
    assert "<strong>No known allergies.</strong>" in page


def test_a_document_without_a_dose_log_never_counts_doses_as_missed(tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    document = SHARED / "ips-corpus" / "US_Epic_connectathon_May2024.json"
    page = visit_page(document, tmp_path)
    assert "taken 0 of" not in page and "Doses taken are not recorded in the document." in page
    site = tmp_path / "site"
    assert run_carereport("build", document, "--out", site, "--viewer", "patient", "--now", "2030-01-01T00:00:00Z").returncode == 0
    for path in all_files(site):
        if path.suffix in (".html", ".md"):
            words = text((site / path).read_text(encoding="utf-8"))
            assert not re.search(r"\b0 of \d+ taken|taken 0 of", words), f"{path}: doses counted from a document"
            assert "Doses: metformin" not in words, f"{path}: a document's medicine needs no attention for doses"
    # Each order starts on its dosage's own boundsPeriod.start (3 May 2024, week 18), not its authoredOn.
    week = text((site / "weeks/2024-W18.html").read_text(encoding="utf-8"))
    assert "Doses taken are not recorded in the document." in week


def test_the_digest_of_a_document_says_its_date(tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    result = run_carereport("digest", SHARED / "ips-corpus" / "CY_194315.json", "--viewer", "patient", "--now", "2026-11-25T08:00:00Z")
    assert result.returncode == 0, result.stderr
    assert "(data as of Sun 15 Jan 2023, 17:26)" in result.stdout
    assert "the newest document is dated Sun 15 Jan 2023, 17:26" in result.stderr
    assert "unknown time" not in result.stdout
