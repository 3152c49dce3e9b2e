"""Clinical documents folded into the reports: a FHIR bundle and a C-CDA section beside the native
export of one circle reach the lab pages (same LOINC = same analyte), the visit summary and the
medication pages, at the privacy level chosen with --import-privacy, and never for a viewer who may
not see them. Also validate and audit on the shared FHIR, IPS and C-CDA documents."""
import json
import pathlib
import shutil

import pytest

from conftest import NOW, ROOT, SAMPLE, load_json, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
HERE = pathlib.Path(__file__).parent / "imports"


@pytest.fixture(scope="module")
def margaret_with_imports(tmp_path_factory):
    """The sample data of Margaret's circle alone, with a hospital FHIR bundle beside it."""
    folder = tmp_path_factory.mktemp("imports")
    shutil.copy(SAMPLE / "export.json", folder)
    shutil.copy(SAMPLE / "users.json", folder)
    circles = [c for c in load_json(SAMPLE / "circles.json") if c["id"] == "circle-margaret"]
    (folder / "circles.json").write_text(json.dumps(circles))
    for name in ("tasks.json", "health.json", "updates.json"):
        records = [r for r in load_json(SAMPLE / name) if r["careCircleId"] == "circle-margaret"]
        (folder / name).write_text(json.dumps(records))
    shutil.copy(HERE / "margaret-hospital.json", folder)
    return folder


def build(folder, out, *viewer, privacy="caregivers"):
    result = run_carereport("build", folder, "--out", out, *viewer, "--now", NOW, "--import-privacy", privacy)
    assert result.returncode == 0, result.stderr
    return out


def text_of(site):
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in site.rglob("*") if p.is_file())


def test_imported_records_join_the_reports(margaret_with_imports, tmp_path):
    site = build(margaret_with_imports, tmp_path / "ellen", "--viewer", "u-ellen")
    glucose = (site / "labs" / "analytes" / "glucose.html").read_text(encoding="utf-8")
    assert "211" in glucose and "Emergency department glucose from the hospital portal" in glucose
    assert "Metabolic panel from the January fasting draw" in glucose, "native and imported results share one analyte page"
    visit = (site / "visit.html").read_text(encoding="utf-8")
    assert "Latex from the hospital portal" in visit and "Chronic kidney disease stage 3a from the hospital portal" in visit
    medications = (site / "medications" / "index.html").read_text(encoding="utf-8")
    assert "Pantoprazole from the hospital portal" in medications


def test_import_privacy_decides_who_sees_imported_records(margaret_with_imports, tmp_path):
    imported = ("from the hospital portal",)
    sophie = text_of(build(margaret_with_imports, tmp_path / "sophie", "--viewer", "u-sophie"))
    assert not any(marker in sophie for marker in imported), "caregivers-level imports are hidden from the organizer"
    sophie_circle = text_of(build(margaret_with_imports, tmp_path / "sophie2", "--viewer", "u-sophie", privacy="circle"))
    assert all(marker in sophie_circle for marker in imported)
    frank = text_of(build(margaret_with_imports, tmp_path / "frank", "--viewer", "u-frank", privacy="circle"))
    assert not any(marker in frank for marker in imported), "supporters never see health records"


def test_validate_and_audit_say_what_was_imported(margaret_with_imports):
    validate = run_carereport("validate", margaret_with_imports)
    assert validate.returncode == 0, validate.stderr
    assert "(4 health records imported from 1 clinical document)" in validate.stdout
    assert "resource type Claim is not imported; 1 skipped" in validate.stderr
    audit = json.loads(run_carereport("audit", margaret_with_imports, "--viewer", "u-ellen", "--format", "json").stdout)
    imported = [entry for entry in audit if entry.get("importedFrom")]
    assert len(imported) == 4 and all(entry["importedFrom"] == "FHIR R4" and entry["rule"] == "H6" for entry in imported)
    text = run_carereport("audit", margaret_with_imports, "--viewer", "u-ellen").stdout
    assert "imported from FHIR R4 at privacy level caregivers (--import-privacy)" in text


def shared_documents():
    if not SHARED.exists():
        return []
    return sorted(SHARED.glob("fhir/*.json")) + sorted(SHARED.glob("ips/*.json")) + sorted(SHARED.glob("ccda/*.xml"))


@pytest.mark.parametrize("document", shared_documents() or [None], ids=lambda p: p.name if p else "absent")
def test_shared_documents_validate_audit_and_build(document, tmp_path):
    require(document is not None, f"{SHARED} is absent: the interoperability checks need ../shared beside the project")
    validate = run_carereport("validate", document)
    assert validate.returncode == 0, validate.stderr
    assert "imported from 1 clinical document" in validate.stdout
    audit = json.loads(run_carereport("audit", document, "--viewer", "patient", "--format", "json").stdout)
    assert audit and all(entry["visible"] and entry["importedFrom"] for entry in audit)
    result = run_carereport("build", document, "--out", tmp_path / "site", "--viewer", "patient", "--now", NOW)
    assert result.returncode == 0, result.stderr
