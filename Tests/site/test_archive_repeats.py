"""Issue 41 item 5: an archive holding one document twice (the same bytes under two names, one
name twice in a tar, or names that differ only by Unicode normalisation or case) imports it once,
with a warning that names the archive and the entries and quotes nothing of their content."""
import io
import re
import tarfile
import unicodedata
import zipfile

import pytest

from conftest import ROOT, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
DOCUMENT = SHARED / "ccda" / "med-qid-prn.xml"
OTHER = SHARED / "ccda" / "bmp-troponin.xml"


def imported(result):
    """(health records, clinical documents) imported, from validate's summary line."""
    found = re.search(r"\((\d+) health records? imported from (\d+) clinical documents?\)", result.stdout)
    assert found, result.stdout + result.stderr
    return int(found.group(1)), int(found.group(2))


def tar_with(path, entries):
    with tarfile.open(path, "w") as archive:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


@pytest.fixture(scope="module")
def once():
    require(DOCUMENT.exists(), f"{SHARED} is absent: the archive checks need ../shared beside the project")
    return imported(run_carereport("validate", DOCUMENT))


DECOMPOSED = unicodedata.normalize("NFD", "Befund-Müller.xml")
COMPOSED = unicodedata.normalize("NFC", "Befund-Müller.xml")


@pytest.mark.parametrize("names, same_bytes", [
    (["doc.xml", "doc.xml"], True),            # appended again to the tar
    (["a/doc.xml", "b/copy.xml"], True),       # the same bytes under two names
    (["Visit.xml", "visit.XML"], False),       # names equal but for case
    ([COMPOSED, DECOMPOSED], False),           # names equal but for Unicode normalisation
], ids=["repeated-name", "same-bytes", "case", "normalisation"])
def test_a_document_in_an_archive_twice_is_read_once(tmp_path, once, names, same_bytes):
    first = DOCUMENT.read_bytes()
    second = first if same_bytes else first.replace(b"</ClinicalDocument>", b"<!-- another copy --></ClinicalDocument>")
    archive = tar_with(tmp_path / "docs.tar", [(names[0], first), (names[1], second)])
    result = run_carereport("validate", archive)
    assert result.returncode == 0, result.stderr
    assert imported(result) == once, "every record once, not doubled"
    warnings = [line for line in result.stderr.splitlines() if "entry skipped" in line]
    assert len(warnings) == 1, result.stderr
    assert str(archive) in warnings[0] and ("same bytes" in warnings[0] or "normalisation or case" in warnings[0])
    assert "another copy" not in result.stderr and "ClinicalDocument" not in result.stderr


def test_two_different_documents_are_both_read(tmp_path, once):
    alone = imported(run_carereport("validate", OTHER))
    archive = tar_with(tmp_path / "two.tar", [("one.xml", DOCUMENT.read_bytes()), ("two.xml", OTHER.read_bytes())])
    result = run_carereport("validate", archive)
    assert result.returncode == 0, result.stderr
    assert imported(result) == (once[0] + alone[0], 2)
    assert "entry skipped" not in result.stderr


def test_a_zip_with_one_document_under_two_names_reads_it_once(tmp_path, once):
    with zipfile.ZipFile(tmp_path / "two.zip", "w") as archive:
        archive.writestr("IHE_XDM/SUBSET01/DOC0001.XML", DOCUMENT.read_bytes())
        archive.writestr("IHE_XDM/SUBSET02/DOC0001.XML", DOCUMENT.read_bytes())
    result = run_carereport("validate", tmp_path / "two.zip")
    assert result.returncode == 0, result.stderr
    assert imported(result) == once
