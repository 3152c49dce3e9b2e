"""The files families and clinics actually have, each built from the shared fixtures: a folder of
single FHIR resources (one JSON file each), FHIR Bulk Data NDJSON (one file per resource type), a
.zip of either, and an IHE XDM .zip of C-CDA documents as a patient portal downloads it. Each
imports the same records as the bundle it was made from. Archives are read with limits: a zip bomb
is refused whole, entries whose path leaves the archive and links are skipped, never followed."""
import collections
import json
import re
import stat
import zipfile

import pytest

from conftest import NOW, ROOT, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
BUNDLE = SHARED / "fhir" / "synthea-lean294.json"


def imported(result):
    found = re.search(r"\((\d+) health records imported from (\d+) clinical documents?\)", result.stdout)
    assert found, result.stdout + result.stderr
    return int(found.group(1)), int(found.group(2))


@pytest.fixture(scope="module")
def forms(tmp_path_factory):
    require(BUNDLE.exists(), f"{SHARED} is absent: the input-form checks need ../shared beside the project")
    root = tmp_path_factory.mktemp("forms")
    bundle = json.loads(BUNDLE.read_text(encoding="utf-8"))
    (root / "folder").mkdir()
    (root / "bulk").mkdir()
    by_type = collections.defaultdict(list)
    for position, entry in enumerate(bundle["entry"]):
        resource = entry["resource"]
        (root / "folder" / f"{resource['resourceType']}-{position:04d}.json").write_text(json.dumps(resource))
        by_type[resource["resourceType"]].append(resource)
    for kind, resources in by_type.items():
        (root / "bulk" / f"{kind}.ndjson").write_text("".join(json.dumps(r) + "\n" for r in resources))
    with zipfile.ZipFile(root / "bulk.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((root / "bulk").iterdir()):
            archive.write(path, f"export/{path.name}")
    with zipfile.ZipFile(root / "portal.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.TXT", "Health records download")
        archive.writestr("INDEX.HTM", "<html><body>index</body></html>")
        archive.writestr("IHE_XDM/SUBSET01/METADATA.XML", '<?xml version="1.0"?><SubmitObjectsRequest/>')
        archive.write(SHARED / "ccda" / "med-qid-prn.xml", "IHE_XDM/SUBSET01/DOC0001.XML")
        archive.write(SHARED / "ccda" / "bmp-troponin.xml", "IHE_XDM/SUBSET01/DOC0002.XML")
    return root


@pytest.mark.parametrize("form", ["folder", "bulk", "bulk.zip", "bulk/Patient.ndjson", "folder/Patient-0000.json"])
def test_each_form_imports_what_the_bundle_holds(forms, form, tmp_path):
    expected = imported(run_carereport("validate", BUNDLE))
    result = run_carereport("validate", forms / form)
    assert result.returncode == 0, result.stderr
    if form in ("bulk/Patient.ndjson", "folder/Patient-0000.json"):
        assert imported(result) == (0, 1), "the patient alone: one document, no records"
        return
    assert imported(result) == expected
    assert "error" not in result.stderr
    site = run_carereport("build", forms / form, "--out", tmp_path / "site", "--viewer", "patient", "--now", NOW)
    assert site.returncode == 0, site.stderr
    visit = (tmp_path / "site" / "visit.html").read_text(encoding="utf-8")
    assert "Lean294 Davis923" in visit


def test_portal_download_of_ccda_documents(forms, tmp_path):
    result = run_carereport("validate", forms / "portal.zip")
    assert result.returncode == 0, result.stderr
    assert imported(result)[1] == 2, "both C-CDA documents of the XDM package"
    assert "README" not in result.stderr and "METADATA" not in result.stderr, "an XDM package's own files are not warned about"
    out = tmp_path / "visit.html"
    visit = run_carereport("visit", forms / "portal.zip", "--viewer", "patient", "--now", NOW, "--out", out)
    assert visit.returncode == 0, visit.stderr
    assert "ibuprofen 600 MG Oral Tablet" in out.read_text(encoding="utf-8")


def test_a_bad_ndjson_line_is_an_error_with_its_line(tmp_path):
    path = tmp_path / "Observation.ndjson"
    path.write_text('{"resourceType": "Patient", "id": "p"}\n{"resourceType": "Patient", "id": "q"}\n\n'
                    '{"resourceType": "Observation", \n')
    result = run_carereport("validate", path)
    assert result.returncode == 65
    assert f"{path}:4:" in result.stderr, result.stderr
    assert result.stderr.count("error") == 1, "the good lines are read; only the bad one is an error"


def zip_with(path, entries):
    """Writes a zip whose entries are (ZipInfo or name, bytes)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            archive.writestr(info, data)
    return path


def patient(id_="p"):
    return json.dumps({"resourceType": "Patient", "id": id_, "name": [{"given": ["Ada"], "family": "Lovelace"}]})


def test_zip_bomb_is_refused_whole(tmp_path):
    # 65 MiB of zeros in one entry (about 64 KiB compressed): past the 64 MiB limit for one file.
    bomb = zip_with(tmp_path / "bomb.zip", [("Patient.json", patient()), ("big.json", b"\0" * (65 << 20))])
    result = run_carereport("validate", bomb)
    assert result.returncode == 65
    assert "expands beyond the 64 MiB limit" in result.stderr and "nothing was read" in result.stderr
    # Many entries under the per-file limit, together past the 512 MiB limit.
    many = zip_with(tmp_path / "many.zip", [(f"part{i}.json", b" " * (60 << 20)) for i in range(9)])
    result = run_carereport("validate", many)
    assert result.returncode == 65
    assert "expands beyond the 512 MiB limit" in result.stderr


def test_entry_count_limit(tmp_path):
    archive = zip_with(tmp_path / "count.zip", [(f"e{i}.txt", b"") for i in range(10_001)])
    result = run_carereport("validate", archive)
    assert result.returncode == 65
    assert "more than 10000 entries" in result.stderr


def test_traversal_and_links_are_skipped_never_followed(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"resourceType": "Condition", "id": "secret", "code": {"text": "Outside-secret"},
                                   "subject": {"reference": "Patient/p"}, "onsetDateTime": "2020-01-01"}))
    link = zipfile.ZipInfo("link.json")
    link.create_system = 3
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    archive = zip_with(tmp_path / "evil.zip", [
        ("Patient.json", patient()),
        ("../../outside.json", outside.read_bytes()),
        ("/abs/outside.json", outside.read_bytes()),
        (link, str(outside).encode()),
    ])
    result = run_carereport("validate", archive)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("leads outside the archive; entry skipped") == 2
    assert "is a link; not followed, entry skipped" in result.stderr
    assert imported(result) == (0, 1), "only the patient was read"
    site = tmp_path / "site"
    assert run_carereport("build", archive, "--out", site, "--viewer", "patient", "--now", NOW).returncode == 0
    assert not any("Outside-secret" in p.read_text(errors="replace") for p in site.rglob("*") if p.is_file())


def test_an_archive_inside_an_archive_is_not_opened(tmp_path):
    inner = zip_with(tmp_path / "inner.zip", [("Patient.json", patient("inner"))])
    outer = zip_with(tmp_path / "outer.zip", [("Patient.json", patient()), ("nested/inner.zip", inner.read_bytes())])
    result = run_carereport("validate", outer)
    assert result.returncode == 0, result.stderr
    assert "an archive inside the archive is not opened; entry skipped" in result.stderr
    assert imported(result) == (0, 1)


def test_damaged_archive_is_an_error(tmp_path):
    good = zip_with(tmp_path / "good.zip", [("Patient.json", patient() * 50)])
    data = bytearray(good.read_bytes())
    data[40:80] = b"\xff" * 40
    bad = tmp_path / "bad.zip"
    bad.write_bytes(bytes(data))
    result = run_carereport("validate", bad)
    assert result.returncode == 65, result.stderr
    assert "nothing was read" in result.stderr
