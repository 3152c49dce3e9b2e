"""Every entry of every section accounted for (issue 40): `carereport validate --entries` gives each
entry of every section of every document in ../shared/fixtures exactly one outcome, and no entry of a
kind a clinician needs is `unread`. The entries are counted here from the source itself (C-CDA
`section/entry`, nested sections too; FHIR `Composition.section[].entry[]`, nested too, then every
bundle entry no section names), never from what carereport says."""
import json
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
FOLDERS = ("ccda", "ccda-sections", "ccda-documents", "ips", "ips-corpus", "fhir")
H = "{urn:hl7-org:v3}"
OUTCOMES = {"shown", "merged", "omitted", "unread"}
# Sections whose entries hold no health facts for a clinician's summary.
ADMINISTRATIVE = {"121181", "48768-6"}


def documents():
    if not SHARED.exists():
        return []
    return [path for folder in FOLDERS for path in sorted((SHARED / folder).glob("*")) if path.suffix in (".json", ".xml")]


def as_document(path, folder):
    """A section example (`<component><section>…` or a bare `<section>`) placed in a minimal dated
    ClinicalDocument, as a portal's document would hold it; anything else as it is."""
    text = path.read_text()
    body = re.sub(r"^\s*(<\?xml[^>]*\?>)?\s*(<!--.*?-->\s*)*", "", text, flags=re.S)
    if body.startswith("<section"):
        body = "<component>" + body + "</component>"
    elif not body.startswith("<component"):
        return path
    wrapped = folder / path.name
    wrapped.write_text(
        '<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">'
        '<effectiveTime value="20250101"/><component><structuredBody>' + body + "</structuredBody></component></ClinicalDocument>")
    return wrapped


def source_entries(path):
    """The (section code, count of entries) the source holds, or None when it is not well-formed."""
    if path.suffix == ".xml":
        try:
            root = ET.fromstring(re.sub(r'\s(xsi|sdtc|voc):', r' \1_', path.read_text()))
        except ET.ParseError:
            return None
        if not root.tag.startswith(H):
            for element in root.iter():
                element.tag = H + element.tag
        return sum(len(section.findall(H + "entry")) for section in root.iter(H + "section"))
    bundle = json.loads(path.read_text())
    if bundle.get("resourceType") != "Bundle":
        return None
    entries = bundle.get("entry") or []
    compositions = [e["resource"] for e in entries if (e.get("resource") or {}).get("resourceType") == "Composition"]
    referenced = 0
    named = set()

    def walk(sections):
        nonlocal referenced
        for section in sections or []:
            for reference in section.get("entry") or []:
                referenced += 1
                named.add(reference.get("reference"))
            walk(section.get("section"))

    if compositions:
        walk(compositions[0].get("section"))
    return referenced, len([e for e in entries if e.get("resource")])


def ledger(path):
    result = run_carereport("validate", "--entries", path)
    assert result.returncode in (0, 65), result.stderr
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("document", documents() or [None], ids=lambda p: f"{p.parent.name}/{p.name}" if p else "absent")
def test_every_entry_has_exactly_one_outcome(document, tmp_path):
    require(document is not None, f"{SHARED} is absent: the entry ledger is checked over ../shared/fixtures")
    path = as_document(document, tmp_path)
    expected = source_entries(path)
    if expected is None:
        pytest.skip("not well-formed XML or not a bundle: no entries to account for")
    lines = ledger(path)
    for line in lines:
        assert set(line) >= {"document", "section", "entry", "outcome", "reason"}, line
        assert line["outcome"] in OUTCOMES, line
        if line["outcome"] in ("omitted", "unread"):
            assert line["reason"], f"{line['outcome']} without a reason: {line}"
    if path.suffix == ".xml":
        assert len(lines) == expected, f"{document.name}: {expected} section entries, {len(lines)} ledger lines"
        assert len({line["entry"] for line in lines}) == len(lines), "an entry has two lines"
    else:
        referenced, resources = expected
        in_sections = [line for line in lines if line["section"] is not None]
        assert len(in_sections) == referenced, f"{document.name}: {referenced} section entries, {len(in_sections)} lines"
        outside = [line for line in lines if line["section"] is None]
        assert len(in_sections) + len(outside) >= resources, "a bundle entry no section names has no line"
    unread = [line for line in lines if line["outcome"] == "unread" and line["section"] is not None
              and (line["section"] or {}).get("code") not in ADMINISTRATIVE]
    assert not unread, f"{document.name}: entries a clinician needs left unread: " + "; ".join(
        f"{(line['section'] or {}).get('title')}: {line['entry']} ({line['reason']})" for line in unread[:5])


def test_a_section_carereport_has_no_reader_for_is_shown_by_its_entries_and_narrative(tmp_path):
    """A section of a code no reader is written for (Pregnancy, Social History, a procedure note's
    diagnosis) is read by what its entries state, and its narrative shown by its own title for the
    rest: nothing is left with only a warning."""
    document = tmp_path / "note.xml"
    document.write_text("""<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<effectiveTime value="20250301"/>
<recordTarget><patientRole><id root="1.2.3" extension="p1"/><patient><name><given>Ana</given><family>Ruiz</family></name>
<birthTime value="19900101"/></patient></patientRole></recordTarget>
<component><structuredBody>
<component><section><code code="90767-5" codeSystem="2.16.840.1.113883.6.1"/><title>Pregnancy Summary</title>
<text><paragraph>Pregnant, expected delivery 1 Jul 2025.</paragraph></text>
<entry><observation classCode="OBS" moodCode="EVN"><code code="ASSERTION" codeSystem="2.16.840.1.113883.5.4"/>
<statusCode code="completed"/><effectiveTime value="20250301"/>
<value xsi:type="CD" code="77386006" codeSystem="2.16.840.1.113883.6.96" displayName="Pregnant"/>
<entryRelationship typeCode="REFR"><observation classCode="OBS" moodCode="EVN">
<code code="11778-8" codeSystem="2.16.840.1.113883.6.1" displayName="Delivery date Estimated"/>
<value xsi:type="TS" value="20250701"/></observation></entryRelationship></observation></entry>
<entry><observation classCode="OBS" moodCode="EVN"><code code="8480-6" codeSystem="2.16.840.1.113883.6.1" displayName="Systolic blood pressure"/>
<effectiveTime value="20250301"/><value xsi:type="PQ" value="155" unit="mm[Hg]"/></observation></entry>
<entry><observation classCode="OBS" moodCode="EVN"><code code="8462-4" codeSystem="2.16.840.1.113883.6.1" displayName="Diastolic blood pressure"/>
<effectiveTime value="20250301"/><value xsi:type="PQ" value="85" unit="mm[Hg]"/></observation></entry>
</section></component>
<component><section><code code="18776-5" codeSystem="2.16.840.1.113883.6.1"/><title>Plan of Treatment</title>
<text><paragraph>Heparin 5000 units subcutaneously.</paragraph></text>
<entry><substanceAdministration classCode="SBADM" moodCode="INT"><effectiveTime xsi:type="IVL_TS"><low value="20250305"/></effectiveTime>
<consumable><manufacturedProduct><manufacturedMaterial>
<code code="1361615" codeSystem="2.16.840.1.113883.6.88" displayName="heparin sodium 5000 UNT/ML Injectable Solution"/>
</manufacturedMaterial></manufacturedProduct></consumable></substanceAdministration></entry>
</section></component>
<component><section><code code="10190-7" codeSystem="2.16.840.1.113883.6.1"/><title>Mental Status</title>
<text><paragraph>Alert and oriented; mood low.</paragraph></text>
<entry><act classCode="ACT" moodCode="EVN"><code nullFlavor="UNK"/></act></entry>
</section></component>
</structuredBody></component></ClinicalDocument>""")
    lines = ledger(document)
    assert [line["outcome"] for line in lines] == ["shown"] * 5, lines
    places = [line["place"] for line in lines]
    # The planned heparin is a planned medicine (its dose, route and schedule read as a medicine's).
    assert places == ["findings", "vital signs", "vital signs", "planned medicines", "sections as written"], places
    assert lines[1]["record"] == lines[2]["record"], "systolic and diastolic are one blood pressure"
    out = tmp_path / "visit.html"
    result = run_carereport("visit", document, "--viewer", "patient", "--now", "2025-03-02T12:00:00Z", "--out", out)
    assert result.returncode == 0, result.stderr
    page = out.read_text()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    findings = re.search(r'<section aria-labelledby="findings-heading".*?</section>', page, re.S)
    assert findings, "the findings section is on the page"
    assert "<strong>Pregnant</strong>: Delivery date Estimated: 1 Jul" in findings.group(0), "pregnancy and its expected delivery date"
    assert "155/85" in text, "the blood pressure filed outside Vital Signs is shown"
    assert "heparin" in text.lower(), "the planned heparin is on the page"
    assert "Mental Status" in text and "Alert and oriented" in text, "the section is shown by its own title and narrative"
    assert "not shown here" not in text
