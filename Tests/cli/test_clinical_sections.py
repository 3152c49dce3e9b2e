"""Issue 29: the sections a clinician needs, read from C-CDA and IPS and shown (visit summary in
English and Spanish, IPS output, site), what is not shown said on the page and on the terminal, and
--strict stopping on import warnings. Built from ../shared/fixtures (skipped when it is absent)."""
import html
import json
import re

import pytest

from conftest import ROOT

SHARED = ROOT.parent / "shared" / "fixtures"
SECTIONS = SHARED / "ccda-sections"
IPS = SHARED / "ips-corpus"
NOW = ["--now", "2024-03-02"]

pytestmark = pytest.mark.skipif(not SECTIONS.is_dir() or not IPS.is_dir(), reason="../shared/fixtures (ccda-sections, ips-corpus) is absent")


def section(name):
    text = (SECTIONS / name).read_text()
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    return re.search(r"<section[\s>].*</section>", text, re.S).group(0)


def entry_section(name, code):
    text = re.sub(r"<\?xml[^>]*\?>", "", (SECTIONS / name).read_text()).replace("...", "")
    return f'<section><code code="{code}" codeSystem="2.16.840.1.113883.6.1"/><title>Advance directives</title>{text}</section>'


def ccd(tmp_path):
    """A CCD with two immunisations (one refused with its reason, one patient-reported), a
    do-not-resuscitate directive, an implant with its UDI, a refused procedure, a planned test, and a
    functional-status section carereport does not read."""
    parts = [
        section("Immunizations__Immunization-not-given-Patient-refusedC-CDA2.1.xml"),
        section("Immunizations__Influenza-Vaccination-Patient-ReportedC-CDA2.1.xml"),
        entry_section("guide__Advance-Directive-Observation-V3_2.16.840.1.113883.10.20.22.4.48__Advance-Directive-Observation-V3-Example.xml", "42348-3"),
        section("Medical-Equipment__Implant-UDI-Organizer-C-CDA-R2.1.xml"),
        section("Procedures__Procedures-Section-Procedure-Procedure-RefusedC-CDA2.1.xml"),
        section("Plan-of-Treatment__Planned-EKGC-CDAR2.1.xml"),
        '<section><code code="47420-5" codeSystem="2.16.840.1.113883.6.1"/><title>Functional Status</title><text>x</text>'
        '<entry><observation classCode="OBS" moodCode="EVN"><code code="1"/></observation></entry></section>',
        # An entry nothing reads in a section with no narrative to show it by (issue 40's rule 3).
        '<section><code code="10190-7" codeSystem="2.16.840.1.113883.6.1"/><title>Mental Status</title>'
        '<entry><act classCode="ACT" moodCode="EVN"><code nullFlavor="UNK"/></act></entry></section>',
    ]
    body = "".join(f"<component>{p}</component>" for p in parts)
    path = tmp_path / "ccd.xml"
    path.write_text(f"""<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">
<title>Continuity of Care Document</title>
<effectiveTime value="20240301"/>
<recordTarget><patientRole><patient><name><given>Margaret</given><family>Example</family></name><birthTime value="19400101"/></patient></patientRole></recordTarget>
<component><structuredBody>{body}</structuredBody></component>
</ClinicalDocument>""")
    return path


def text_of(page):
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def section_text(page, heading):
    match = re.search(rf'<section aria-labelledby="{heading}".*?</section>', page, re.S)
    return text_of(match.group(0)) if match else None


def test_visit_summary_shows_each_section_in_english(carereport, tmp_path):
    out = tmp_path / "visit.html"
    result = carereport("visit", ccd(tmp_path), "--viewer", "patient", *NOW, "--out", out)
    assert result.returncode == 0, result.stderr
    # Every import warning is on standard error, not only validate's.
    assert "section Mental status (10190-7): an entry not read and no narrative to show it; not imported" in result.stderr
    assert "Functional status" not in result.stderr, "a section shown by its narrative is not warned about"
    page = out.read_text()
    # The directive comes first, before the medicines.
    assert page.index("directives-heading") < page.index("meds-heading")
    assert "Resuscitation status : Not for resuscitation, since 13 Feb 2011" in section_text(page, "directives-heading")
    shots = section_text(page, "immunizations-heading")
    assert "refused, reason: patient objection, 15 Nov 2015" in shots
    assert "given, reported by Patient One, 15 Aug 2010" in shots
    assert "None recorded" not in shots
    devices = section_text(page, "devices-heading")
    assert "Breast Implant" in devices and "UDI (01)00848486001048(11)181015(10)ABC999(21)bi12342222(17)221015" in devices
    assert "Laparoscopic appendectomy : refused, reason: Procedure declined by patient" in section_text(page, "procedures-heading")
    assert "EKG 12 channel panel : planned, 23 Jun 2015" in section_text(page, "plan-heading")
    assert "Continuity of Care Document (C-CDA R2.1, Fri 1 Mar 2024) also holds 1 section not shown here: Mental Status." in text_of(page)
    # The entry nothing structured reads is shown by its section's own narrative, under its own title.
    assert "Functional Status As written in the source document" in section_text(page, "narratives-heading")


def test_visit_summary_in_spanish(carereport, tmp_path):
    out = tmp_path / "visita.html"
    result = carereport("visit", ccd(tmp_path), "--viewer", "patient", *NOW, "--language", "es", "--out", out)
    assert result.returncode == 0, result.stderr
    page = out.read_text()
    assert "Voluntades anticipadas" in page
    assert "rechazada, motivo: patient objection" in section_text(page, "immunizations-heading")
    assert "administrada, informado por Patient One" in section_text(page, "immunizations-heading")
    assert "Dispositivos médicos e implantes" in page
    assert "contiene además 1 sección que no se muestra aquí: Mental Status." in text_of(page)


def test_strict_stops_on_import_warnings_and_writes_nothing(carereport, tmp_path):
    document = ccd(tmp_path)
    for command in (["visit", document, "--viewer", "patient", "--out", tmp_path / "v.html"],
                    ["build", document, "--viewer", "patient", "--out", tmp_path / "site"]):
        result = carereport(*command, *NOW, "--strict")
        assert result.returncode == 65, result.stderr
        assert "error: at /ClinicalDocument/component/structuredBody/component[8]/section: section Mental status" in result.stderr
    assert not (tmp_path / "v.html").exists() and not (tmp_path / "site").exists()


def test_ips_output_has_the_new_sections_with_codes(carereport, tmp_path):
    out = tmp_path / "visit.json"
    result = carereport("visit", ccd(tmp_path), "--viewer", "patient", *NOW, "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr
    bundle = json.loads(out.read_text())
    resources = [e["resource"] for e in bundle["entry"]]
    sections = {s["code"]["coding"][0]["code"]: s for s in resources[0]["section"] if "code" in s}
    assert {"42348-3", "46264-8", "47519-4", "18776-5", "11369-6"} <= set(sections)
    consent = next(r for r in resources if r["resourceType"] == "Consent")
    assert consent["category"][0]["coding"][0]["code"] == "304251008"
    assert consent["provision"]["code"][0]["text"] == "Not for resuscitation"
    device = next(r for r in resources if r["resourceType"] == "Device" and "udiCarrier" in r)
    assert device["udiCarrier"][0]["carrierHRF"].startswith("(01)00848486001048")
    refused = next(r for r in resources if r["resourceType"] == "Immunization" and r["status"] == "not-done")
    assert refused["statusReason"]["text"] == "patient objection"
    assert refused["vaccineCode"]["coding"][0] == {"system": "http://hl7.org/fhir/sid/cvx", "code": "166",
                                                   "display": "influenza, intradermal, quadrivalent, preservative free, injectable"}
    procedure = next(r for r in resources if r["resourceType"] == "Procedure")
    assert procedure["status"] == "not-done"
    # Every section entry resolves to a resource of the bundle.
    urls = {e["fullUrl"] for e in bundle["entry"]}
    for s in sections.values():
        for ref in s.get("entry", []):
            assert ref["reference"] in urls


def test_ips_consent_device_and_procedure_are_shown(carereport, tmp_path):
    out = tmp_path / "dnr.html"
    result = carereport("visit", IPS / "DE_no_info_with_Advance_Directive.json", "--viewer", "patient", "--now", "2021-09-02", "--out", out)
    assert result.returncode == 0, result.stderr
    # Its Consent names Patient/gecco-patient, not the document's patient: it is left out (one patient
    # per summary, issue 29), and the terminal and the page both say so, never "None recorded".
    assert "another patient" in result.stderr
    # … and says what it is (issue 40, 5): a resuscitation decision, by its section and name.
    assert "also holds 1 record that names another patient; it is not shown here: Advance Directives: Do Not Resuscitate." in out.read_text()
    assert section_text(out.read_text(), "directives-heading") is None
    out = tmp_path / "nl.html"
    result = carereport("visit", IPS / "NL_core_patient_01.json", "--viewer", "patient", "--now", "2023-09-30", "--out", out)
    assert result.returncode == 0, result.stderr
    page = out.read_text()
    assert "UDI (01)08023279277098(17)221231(10)1234AB(21)12345XYZ(11)010101" in section_text(page, "devices-heading")
    assert "implantatie van totale knieprothese" in section_text(page, "procedures-heading")
    assert "Niet reanimeren verklaring" in section_text(page, "directives-heading")


@pytest.mark.parametrize("name", sorted(p.name for p in IPS.glob("*.json")) if IPS.is_dir() else [])
def test_every_ips_immunisation_device_procedure_and_directive_reaches_the_summary(carereport, tmp_path, name):
    bundle = json.loads((IPS / name).read_text())
    kinds = {"Immunization": "immunizations-heading", "Procedure": "procedures-heading", "Consent": "directives-heading",
             "DeviceUseStatement": "devices-heading"}
    wanted = [e["resource"] for e in bundle.get("entry", []) if e["resource"]["resourceType"] in kinds
              and e["resource"].get("status") != "entered-in-error"]
    if not wanted:
        pytest.skip(f"{name} has no immunisation, procedure, directive or device")
    out = tmp_path / "v.html"
    result = carereport("visit", IPS / name, "--viewer", "patient", "--now", "2026-01-01", "--out", out)
    if result.returncode != 0:
        pytest.skip(f"{name} is not a one-patient summary carereport writes: {result.stderr.splitlines()[-1:]}")
    page = out.read_text()
    # Records naming another patient are left out (issue 29): the terminal and the page both say so.
    other_patient = "another patient" in result.stderr
    if other_patient:
        assert "names another patient" in page or "name another patient" in page, f"{name}: the page is silent about what it left out"
    for resource in wanted:
        heading = kinds[resource["resourceType"]]
        shown = section_text(page, heading)
        # Each section the document fills is on the page (or the terminal says why an entry is not).
        assert shown is not None or "not imported" in result.stderr, f"{name}: {resource['resourceType']} not shown"
        if shown is not None:
            # "None recorded" only when the document's one entry of the section named another patient
            # (left out, and said so at the top of the page): the patient has none in the document.
            assert "None recorded" not in shown or other_patient, f"{name}: {heading} says None recorded"
            concept = resource.get("vaccineCode") or resource.get("code") or {}
            names = [concept.get("text")] + [c.get("display") for c in concept.get("coding", [])]
            names = [n for n in names if n]
            # Named as the document names it, or counted in the section's "not shown here" line.
            if names and resource["resourceType"] in ("Immunization", "Procedure"):
                assert any(n.split(" (")[0] in shown for n in names) or "not shown here" in shown \
                    or "No information" in shown or "No known" in shown or other_patient, f"{name}: {names} not on the page"


def nonxml(tmp_path, name, title, code, media, data):
    import base64
    path = tmp_path / name
    path.write_text(f"""<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
<code code="{code}" codeSystem="2.16.840.1.113883.6.1"/>
<title>{title}</title>
<effectiveTime value="20240301"/>
<recordTarget><patientRole><patient><name><given>Margaret</given><family>Example</family></name><birthTime value="19400101"/></patient></patientRole></recordTarget>
<component><nonXMLBody><text mediaType="{media}" representation="B64">{base64.b64encode(data).decode()}</text></nonXMLBody></component>
</ClinicalDocument>""")
    return path


def test_plain_text_is_shown_escaped_and_key_pdfs_are_linked(carereport, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    nonxml(docs, "discharge.xml", "Discharge Summary", "18842-5", "application/pdf", pdf)
    nonxml(docs, "note.xml", "Clinic note", "11506-3", "text/plain; charset=utf-8",
           "Seen today.\n  BP 128/80 <b>not bold</b> & stable.\n".encode())
    site = tmp_path / "site"
    result = carereport("build", docs, "--viewer", "patient", *NOW, "--out", site)
    assert result.returncode == 0, result.stderr
    visit = (site / "visit.html").read_text()
    # The note as written: escaped, line breaks and indentation kept, in a <pre>.
    assert '<pre class="source-text">Seen today.\n  BP 128/80 &lt;b&gt;not bold&lt;/b&gt; &amp; stable.</pre>' in visit
    assert "<b>not bold</b>" not in visit
    # The discharge PDF is linked from the visit summary and the home, not only its week.
    for page in (visit, (site / "index.html").read_text()):
        documents = section_text(page, "key-documents-heading")
        assert documents and "Discharge Summary" in documents and "discharge document" in documents
        block = re.search(r'<section aria-labelledby="key-documents-heading".*?</section>', page, re.S).group(0)
        assert re.search(r'<a href="attachments/[^"]+\.pdf">Discharge Summary\.pdf</a>', block)
    assert "Discharge Summary" in (site / "index.md").read_text()
