"""Every real clinical document in the shared fixture folders imports: a site and a visit summary
are built for each (exit 0), and on a chosen few the visit summary names the patient and lists the
allergies and medications exactly as the document states them. A document added to a folder is
tested too. Panels, contained medications and bare codes are checked where they occur."""
import html
import re

import pytest

from conftest import NOW, ROOT, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
FOLDERS = ("ips-corpus", "ips", "fhir", "ccda")


def documents():
    if not SHARED.exists():
        return []
    return [path for folder in FOLDERS for path in sorted((SHARED / folder).glob("*"))
            if path.suffix in (".json", ".xml")]


def section(page, heading):
    found = re.search(r'<section aria-labelledby="%s".*?</section>' % heading, page, re.S)
    return found.group(0) if found else ""


def items(page, heading):
    """The list items or table row headers of one visit-summary section, as text."""
    rows = re.findall(r'<li>(.*?)</li>|<tr><th scope="row">(.*?)</th>', section(page, heading), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", a or b)).strip() for a, b in rows]


def patient(page):
    return html.unescape(re.search(r"<h1[^>]*>Visit summary for (.*?)</h1>", page, re.S).group(1)).strip()


def visit(document, tmp_path):
    out = tmp_path / "visit.html"
    result = run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--out", out)
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("document", documents() or [None], ids=lambda p: f"{p.parent.name}/{p.name}" if p else "absent")
def test_every_document_builds_a_site_and_a_visit_summary(document, tmp_path):
    require(document is not None, f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    result = run_carereport("build", document, "--out", tmp_path / "site", "--viewer", "patient", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr, result.stderr
    page = visit(document, tmp_path)
    assert patient(page), "the visit summary names someone"
    assert "<script" not in section(page, "narratives-heading").lower(), "narrative is text, never markup"
    for line in result.stderr.splitlines():
        assert len(line) < 400, "warnings stay short"


EXPECTED = {
    "ips-corpus/US_Epic_connectathon_May2024.json": (
        "May Connectathon",
        ["MILK-RELATED COMPOUNDS: reaction: GI intolerance, low criticality",
         "SHELLFISH-DERIVED PRODUCTS: reaction: Halitosis, low criticality",
         "PENICILLINS: reactions: Hives; Shortness of Breath, high criticality"],  # both reactions: Shortness of Breath was dropped
        ["metformin (GLUCOPHAGE) tablet", "predniSONE (DELTASONE) tablet"]),
    "ips-corpus/EU_Giorgio_Cangioli_01.json": (
        "Maria Gravitate", ["Pollen: reaction: Hay fever"],
        ["Boots Decongestant 0.05% w/v Nasal spray", "Karvea", "Skilarence"]),
    "ips-corpus/NL_core_patient_01.json": (
        "Johanna van Putten-van der Giessen", ["Penicilline: reaction: Exantheem, moderate, high criticality"],
        # The three MedicationRequests state status `unknown`: listed as of unknown status, never as
        # current (docs/clinical-imports.md, "Planned, not taken and unknown medicines").
        ["PANTOPRAZOL 40MG INJPDR",
         "Status unknown: LISINOPRIL 10MG TABLET, 1 stuk, once a day (Thu 8 Sep 2016) (Gebrek aan geneesmiddeleffect)",
         "Status unknown: METHOTREXAAT INJVLST 15MG/0,6ML(25MG/ML) WWSP PA, 15 mg, once a week, in the afternoon on Mon"
         " (Sun 6 Mar 2016) (Medicatie gestart)",
         "Status unknown: METOCLOPRAMIDE 20MG ZETPIL (Mon 13 Jul 2015)"]),
    "ips-corpus/AR_Repository_Example_02.json": (
        # The statement of absence stands beside the real allergy (issue 22).
        "Martha DeLarosa", ["Penicillin -class of antibiotic- (substance): high criticality",
                            "No known food allergies. Stated on 20 Jul 2017."],
        ["Anastrozole (product)", "Black Cohosh Extract herbal supplement"]),
    "ips-corpus/CH_HL7CH_Examples_01.json": (
        "Elisabeth Brönnimann-Bertholet",
        ["Penicillin (substance): reaction: Nausea, vomiting and diarrhea, Itching of skin (finding), moderate, low criticality, unconfirmed"],
        # TRIATEC starts on its dosage's own boundsPeriod.start (29 Nov 2011, issue 29), and BELOC
        # ZOK on its second dosage's (4 Feb 2012, issue 40: every dosage is read), never the
        # document's date. The document says both are stopped without saying when: both are listed
        # as stopped, with no stop date made up, never left off the page.
        # No dose stated: "started", never the medicine's own name again.
        ["Stopped: BELOC ZOK Ret Tabl 50 mg: started on 4 Feb 2012; stopped, date not stated (Bluthochdruck)",
         "Stopped: TRIATEC Tabl 2.5 mg: started 0.5 tablets on 29 Nov 2011; stopped, date not stated (Bluthochdruck)"]),
    # Its one Medication Activity is in the planned mood INT ("a medication to be administered"):
    # planned, never a current medicine.
    # HL7's example of a current prescription: mood INT, active since 2013 ("Active" in its table).
    "ccda/med-qid-prn.xml": ("Patient", [], ["ibuprofen 600 MG Oral Tablet"]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_chosen_documents_state_patient_allergies_and_medications(name, tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    page = visit(SHARED / name, tmp_path)
    who, allergies, medications = EXPECTED[name]
    assert patient(page) == who
    assert items(page, "allergies-heading") == allergies
    assert [row.split("\n")[0] for row in items(page, "meds-heading")] == medications


def test_contained_medications_panels_and_bare_codes(tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    # Contained Medication resources (#med, #med2) name the medication pages.
    site = tmp_path / "ch"
    assert run_carereport("build", SHARED / "ips-corpus/CH_HL7CH_Examples_01.json", "--out", site,
                          "--viewer", "patient", "--now", NOW).returncode == 0
    medications = (site / "medications" / "index.html").read_text(encoding="utf-8")
    assert "TRIATEC Tabl 2.5 mg" in medications and "BELOC ZOK Ret Tabl 50 mg" in medications
    # A blood-typing panel (hasMember, no value of its own) is one lab report with its members.
    site = tmp_path / "ar"
    assert run_carereport("build", SHARED / "ips-corpus/AR_Repository_Example_02.json", "--out", site,
                          "--viewer", "patient", "--now", NOW).returncode == 0
    typing = (site / "labs" / "2015-10-10-blood-typing-10-oct-2015.html").read_text(encoding="utf-8")
    for member in ("ABO and Rh group [Type] in Blood", "C Ab [Presence] in Serum or Plasma",
                   "E Ab [Presence] in Serum or Plasma", "little c Ab [Presence] in Serum or Plasma"):
        assert typing.count(member) == 1, member
    # Codes with no display are shown with their system in words, never dropped.
    page = visit(SHARED / "ips-corpus/BR_may2024_connectathon.json", tmp_path)
    assert patient(page) == "Patient (name not recorded)"
    assert any(item.startswith("BRCID10 J03") for item in items(page, "problems-heading"))


def test_a_native_export_with_a_bad_record_is_still_refused(tmp_path):
    require(SHARED.exists(), f"{SHARED} is absent: the clinical corpus checks need ../shared beside the project")
    import json
    import shutil
    from conftest import SAMPLE
    folder = tmp_path / "export"
    shutil.copytree(SAMPLE, folder)
    records = json.loads((folder / "health.json").read_text(encoding="utf-8"))
    records[0]["privacyLevel"] = "everyone"
    (folder / "health.json").write_text(json.dumps(records), encoding="utf-8")
    shutil.copy(SHARED / "ips-corpus" / "AR_Repository_Example_02.json", folder)
    result = run_carereport("build", folder, "--out", tmp_path / "site", "--viewer", "u-ellen", "--now", NOW)
    assert result.returncode == 65, result.stderr
    assert "privacyLevel" in result.stderr
    assert not (tmp_path / "site").exists()
