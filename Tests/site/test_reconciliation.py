"""Issue 42: medicines compared across sources, the family's dose log as evidence (docs/reconciliation.md).

`examples/hospital-stay/` is the sample export with Margaret's discharge summary of 1 Apr 2025, as a
FHIR document (`fhir/`) and as a C-CDA one (`ccda/`). The expected counts and dates are worked out
here from the sample's own dose log, not by the code under test. Smaller documents written by the
tests cover an uncertain match, two documents of different dates, an older list, and readers who
may not see the records.
"""
import datetime
import html
import json
import re
import shutil

import pytest

from conftest import NOW, ROOT, SAMPLE, load_json, run_carereport

EXAMPLE = ROOT / "examples" / "hospital-stay"
ZONE = datetime.timezone(datetime.timedelta(hours=-7))
DISCHARGE_DAY = datetime.date(2025, 4, 1)
SOURCE = "Discharge summary, Riverside General Hospital (1 Apr)"
# The visit summary's table, under an introduction naming its only document, says the list by its day.
LIST = "List of 1 Apr"
RX = "http://www.nlm.nih.gov/research/umls/rxnorm"
FORMATS = ("fhir", "ccda")


def text(fragment):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def visit(folder, out, *extra, viewer="u-ellen"):
    result = run_carereport("visit", folder, "--viewer", viewer, "--now", NOW, "--out", out, *extra)
    assert result.returncode == 0, result.stderr[-2000:]
    return out.read_text(encoding="utf-8")


def medication_section(page):
    match = re.search(r'<section aria-labelledby="meds-heading">(.*?)</section>', page, re.S)
    assert match, "no medications section"
    return match.group(1)


def rows(page):
    """Each medicine row of the visit summary's medications table: {first cell text: row text}."""
    body = re.search(r"<tbody>(.*?)</tbody>", medication_section(page), re.S).group(1)
    found = {}
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        name = text(re.search(r"<th[^>]*>(.*?)</th>", row, re.S).group(1))
        found[name] = text(row)
    return found


def taken_after(medicine, day):
    """The sample's doses of a medicine (its records by name) logged as taken after `day`, local time."""
    moments = []
    for record in load_json(SAMPLE / "health.json"):
        if record["type"] != "medication" or record["careCircleId"] != "circle-margaret":
            continue
        if record["data"]["name"].lower() != medicine:
            continue
        for dose in record["data"].get("administrations", []):
            when = dose.get("takenAt")
            if dose["status"] == "taken" and when:
                moment = datetime.datetime.fromisoformat(when).astimezone(ZONE)
                if moment.date() > day:
                    moments.append(moment)
    return sorted(moments)


def short(moment):
    return f"{moment.strftime('%a')} {moment.day} {moment.strftime('%b')}"


@pytest.fixture(scope="module", params=FORMATS)
def summary(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("visit") / "visit.html"
    return request.param, visit(EXAMPLE / request.param, out)


def test_each_medicine_is_one_row_with_its_verdict(summary):
    source_format, page = summary
    assert re.search(r'<h2 id="meds-heading">Medicines compared', page), source_format
    found = rows(page)
    assert sorted(found, key=str.lower) == ["Acetaminophen 500 mg", "Atorvastatin 20 mg", "furosemide 20 MG Oral Tablet", "Lisinopril 20 mg",
                                            "Metformin 500 mg"], f"{source_format}: one row per medicine, not one per source: {sorted(found)}"
    medicines = text(medication_section(page)).lower()
    assert "metformin hydrochloride" not in medicines and "[lipitor]" not in medicines, "the salt and the brand name match by ingredient"

    metformin = taken_after("metformin", DISCHARGE_DAY)
    assert len(metformin) > 20
    assert (f"Held in the document, still given {LIST}: held; still logged as given: {len(metformin)} doses since, "
            f"the first {short(metformin[0])}, the last {short(metformin[-1])}.") in found["Metformin 500 mg"]
    lisinopril = taken_after("lisinopril", DISCHARGE_DAY)
    assert (f"Dose or schedule differs {LIST}: 10 mg, once a day; the family gives 20 mg, 08:00, last dose {short(lisinopril[-1])}."
            in found["Lisinopril 20 mg"])
    assert f"The same in both {LIST}: 20 mg, once a day; the family gives 20 mg, 20:00." in found["Atorvastatin 20 mg"]
    assert f"New in the document, not given since {LIST}: 20 mg, once a day; no dose logged since." in found["furosemide 20 MG Oral Tablet"]
    acetaminophen = taken_after("acetaminophen", datetime.date(2000, 1, 1))
    assert (f"Given, not on the document's list The family gives 500 mg, as needed (at most 4 a day), last dose {short(acetaminophen[-1])}; "
            f"not on {LIST}: ask the doctor whether to continue.") in found["Acetaminophen 500 mg"]
    assert "Stopped: Nitrofurantoin (macrocrystals) 100 mg" in text(medication_section(page)), "stopped everywhere: the stopped line"
    assert "Current medications: the discharge medication list" not in page, "compared rows are no one document's list"


def test_the_summary_in_spanish(tmp_path):
    page = visit(EXAMPLE / "fhir", tmp_path / "visit.html", "--language", "es")
    found = rows(page)
    assert re.search(r'<h2 id="meds-heading">Medicamentos comparados', page)
    metformin = taken_after("metformin", DISCHARGE_DAY)
    assert (f"Suspendido temporalmente en el documento, se sigue dando Lista del 1 abr: "
            f"suspendido temporalmente; sigue registrado como dado: {len(metformin)} dosis desde entonces") in found["Metformin 500 mg"]
    assert "La dosis o el horario no coinciden" in found["Lisinopril 20 mg"]
    assert "Nuevo en el documento, no dado desde entonces" in found["furosemide 20 MG Oral Tablet"]
    assert "pregunte al médico si debe continuar" in found["Acetaminophen 500 mg"]
    assert "Igual en ambos" in found["Atorvastatin 20 mg"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "ellen"
    result = run_carereport("build", EXAMPLE / "fhir", "--viewer", "u-ellen", "--now", NOW, "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    return out


def attention(page_text):
    return re.findall(r"Medicines compared: ([^:]+): ([^.]+)\.", page_text)


def test_needs_attention_on_the_home_in_triage_order(site):
    home = text((site / "index.html").read_text(encoding="utf-8"))
    items = attention(home)
    assert items == [("Lisinopril 20 mg", "Dose or schedule differs"), ("Metformin 500 mg", "Held in the document, still given"),
                     ("Acetaminophen 500 mg", "Given, not on the document's list"),
                     ("furosemide 20 MG Oral Tablet", "New in the document, not given since")], items
    # Call-today items come before the abnormal results of the same list.
    assert home.index("Medicines compared: Metformin") < home.index("Lab result high: Potassium") < home.index("Medicines compared: Acetaminophen")
    assert "Atorvastatin" not in " ".join(name for name, _ in items), "the same in both needs no attention"


def test_the_site_medication_list_and_pages_name_the_sources(site):
    index = text((site / "medications" / "index.html").read_text(encoding="utf-8"))
    assert "Medicines compared Each medicine compared across the family's records with their dose log and 1 document: " + SOURCE in index
    page = (site / "medications" / "metformin-2025-01-06.md").read_text(encoding="utf-8")
    assert f"**Sources:** the family's records and dose log; {SOURCE}" in page
    assert "**Compared across sources:** \\! Held in the document, still given." in page


def test_the_digest_says_each_verdict(tmp_path):
    result = run_carereport("digest", EXAMPLE / "ccda", "--viewer", "u-ellen", "--now", NOW, "--format", "markdown")
    assert result.returncode == 0, result.stderr[-2000:]
    digest = re.sub(r"\s+", " ", result.stdout)
    metformin = taken_after("metformin", DISCHARGE_DAY)
    assert f"Medicines compared: Metformin 500 mg: Held in the document, still given. {SOURCE}: held; still logged as given: {len(metformin)} doses since" in digest
    for verdict in ("Dose or schedule differs", "Given, not on the document's list", "New in the document, not given since"):
        assert verdict in digest


def medication_statements(bundle):
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == "MedicationStatement"]


@pytest.mark.parametrize("source_format", FORMATS)
def test_the_ips_names_no_drug_twice(source_format, tmp_path):
    out = tmp_path / "visit.json"
    result = run_carereport("visit", EXAMPLE / source_format, "--viewer", "u-ellen", "--now", NOW, "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    bundle = json.loads(out.read_text())
    ingredients = []
    for statement in medication_statements(bundle):
        name = statement["medicationCodeableConcept"]["text"].lower().split()[0]
        ingredients.append(name)
    assert len(ingredients) == len(set(ingredients)), f"a drug written twice: {sorted(ingredients)}"
    by_name = {s["medicationCodeableConcept"]["text"]: s for s in medication_statements(bundle)}
    metformin = by_name["Metformin"]
    assert {c["code"] for c in metformin["medicationCodeableConcept"]["coding"]} == {"861007"}
    assert [d["display"] for d in metformin["derivedFrom"]] == ["Discharge summary, Riverside General Hospital (Tue 1 Apr 2025)"]
    assert any("Held in the document, still given" in n["text"] for n in metformin["note"])
    atorvastatin = by_name["Atorvastatin"]
    assert {c["code"] for c in atorvastatin["medicationCodeableConcept"]["coding"]} == {"617310", "617318"}, "both sources' codes"
    from fhir.resources.R4B.bundle import Bundle
    Bundle.model_validate_json(out.read_text())


# Small documents written here: Margaret's, with the sample's export of her circle beside them.

def margaret_folder(tmp_path, documents):
    folder = tmp_path / "input"
    folder.mkdir()
    for name in ("export.json", "users.json", "circles.json", "tasks.json", "health.json", "updates.json"):
        shutil.copy(SAMPLE / name, folder)
    for name, bundle in documents.items():
        (folder / name).write_text(json.dumps(bundle))
    return folder


def statement(ident, code, name, start, dose, per_day, status="active"):
    return {"resourceType": "MedicationStatement", "id": ident, "status": status,
            "medicationCodeableConcept": {"coding": [{"system": RX, "code": code, "display": name}], "text": name},
            "subject": {"reference": "urn:uuid:pt"}, "effectivePeriod": {"start": start},
            "dosage": [{"timing": {"repeat": {"frequency": per_day, "period": 1, "periodUnit": "d"}},
                        "doseAndRate": [{"doseQuantity": {"value": dose, "unit": "mg"}}]}]}


def document(title, date, statements):
    composition = {"resourceType": "Composition", "id": "c", "status": "final", "title": title, "date": date,
                   "type": {"coding": [{"system": "http://loinc.org", "code": "60591-5", "display": "Patient summary Document"}]},
                   "subject": {"reference": "urn:uuid:pt"}, "author": [{"display": "Clinic"}],
                   "section": [{"title": "Medications", "code": {"coding": [{"system": "http://loinc.org", "code": "10160-0"}]},
                                "text": {"status": "generated", "div": '<div xmlns="http://www.w3.org/1999/xhtml">Medicines.</div>'},
                                "entry": [{"reference": f"urn:uuid:{s['id']}"} for s in statements]}]}
    patient = {"resourceType": "Patient", "id": "pt", "name": [{"family": "Ashworth", "given": ["Margaret"]}], "birthDate": "1941-03-09"}
    return {"resourceType": "Bundle", "type": "document", "timestamp": date,
            "entry": [{"fullUrl": f"urn:uuid:{r['id']}", "resource": r} for r in [composition, patient, *statements]]}


def test_an_uncertain_match_is_said_not_merged_silently(tmp_path):
    folder = margaret_folder(tmp_path, {"clinic.json": document("Clinic list", "2025-04-10", [
        statement("m1", "860975", "24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet", "2025-04-10", 500, 2)])})
    found = rows(visit(folder, tmp_path / "visit.html"))
    assert ("Metformin and 24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet may not be the same product "
            "(same ingredient, a different salt or form): ask the pharmacist.") in found["Metformin 500 mg"]
    assert not any("Extended Release" in name for name in found), "one row, the doubt said in it"


def test_two_documents_of_different_dates(tmp_path):
    folder = margaret_folder(tmp_path, {
        "older.json": document("Clinic list", "2025-02-01", [statement("l1", "314076", "lisinopril 10 MG Oral Tablet", "2025-01-06", 10, 1),
                                                            statement("a1", "617310", "atorvastatin 20 MG Oral Tablet", "2025-01-06", 20, 1)]),
        "newer.json": document("Pharmacy list", "2025-04-10", [statement("l2", "314077", "lisinopril 20 MG Oral Tablet", "2025-02-24", 20, 1)]),
    })
    page = visit(folder, tmp_path / "visit.html")
    assert "and 2 documents, the newest first: Pharmacy list (10 Apr); Clinic list (1 Feb)." in text(medication_section(page))
    found = rows(page)
    assert "The same in both Pharmacy list (10 Apr): 20 mg, once a day; the family gives 20 mg, 08:00." in found["Lisinopril 20 mg"]
    assert "Earlier, Clinic list (1 Feb): 10 mg, once a day." in found["Lisinopril 20 mg"]
    assert "Given, not on the document's list" in found["Atorvastatin 20 mg"], "compared against the newest list"
    assert "Earlier, Clinic list (1 Feb): 20 mg, once a day." in found["Atorvastatin 20 mg"]


def test_a_list_older_than_the_familys_change_says_so(tmp_path):
    folder = margaret_folder(tmp_path, {"older.json": document("Clinic list", "2025-02-01", [
        statement("l1", "314076", "lisinopril 10 MG Oral Tablet", "2025-01-06", 10, 1)])})
    found = rows(visit(folder, tmp_path / "visit.html"))
    assert "Dose or schedule differs List of 1 Feb: 10 mg, once a day; the family gives 20 mg" in found["Lisinopril 20 mg"]
    assert "List of 1 Feb is older than the change logged on 24 Feb (increased 10 → 20 mg)." in found["Lisinopril 20 mg"]
    result = run_carereport("digest", folder, "--viewer", "u-ellen", "--now", NOW, "--format", "markdown")
    digest = re.sub(r"\s+", " ", result.stdout)
    first = re.search(r"## Needs attention - (\S+)", digest).group(1)
    assert first != "≠", "a list older than the family's change is not a call-today item"


def site_text(out):
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in out.rglob("*") if p.is_file())


@pytest.mark.parametrize("viewer", ["u-sophie", "u-rosa", "u-frank"])
def test_a_reader_who_may_not_see_the_records_sees_no_comparison(viewer, tmp_path):
    out = tmp_path / viewer
    result = run_carereport("build", EXAMPLE / "fhir", "--viewer", viewer, "--now", NOW, "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    written = site_text(out)
    for word in ("Medicines compared", "Riverside", "still given", "not on the document"):
        assert word not in written, f"{viewer} sees {word!r}"


def test_the_comparison_pages_pass_axe_with_every_rule(site, chrome):
    """The new table and verdicts (the visit summary, the medication list, the home), every axe rule on."""
    from test_accessibility import Axe, axe_source, describe, violations_on_page
    axe = Axe(chrome, axe_source())
    problems = []
    for page in ("visit.html", "medications/index.html", "index.html", "medications/metformin-2025-01-06.html"):
        for setting, violations in violations_on_page(chrome, axe, (site / page).as_uri()).items():
            problems += describe(page, setting, violations)
    assert not problems, "\n".join(problems[:40])
