"""Attachments (issue 22): a PDF, PNG or JPEG that is in the export folder (or inline in an
imported document) is copied into the site under a name made from its id, and linked; a file that
is not there is named without a link ("eye-clinic-letter.pdf, not included in the export"); HTML,
SVG or a file that only claims to be a PDF is never copied; nothing escapes the export folder; and
a viewer who may not see the record gets neither the file nor its name."""
import base64
import json
import os
import shutil

import pytest

from conftest import ELLEN, FRANK, NOW, SAMPLE, Viewer, all_files, run_carereport

LETTER = "eye-clinic-letter.pdf"
RECORD = "hr-doc-2025-03-20-eye-letter"


def page_text(site, name):
    return (site / name).read_text(encoding="utf-8")


def test_the_sample_letter_is_copied_and_linked_for_a_caregiver(sites):
    site = sites.site(ELLEN)
    copied = [path for path in all_files(site) if path.parts[0] == "attachments"]
    assert len(copied) == 1, copied
    assert (site / copied[0]).read_bytes() == (SAMPLE / "attachments" / LETTER).read_bytes()
    assert copied[0].suffix == ".pdf" and LETTER not in copied[0].name, "the site's name comes from the id, never the file's"
    week = page_text(site, "weeks/2025-W12.html")
    assert f'<a href="../{copied[0].as_posix()}">{LETTER}</a>' in week
    assert f"[{LETTER}](../{copied[0].as_posix()})" in page_text(site, "weeks/2025-W12.md")


def test_a_viewer_who_may_not_see_the_record_gets_no_file_and_no_name(sites):
    site = sites.site(FRANK)
    assert not (site / "attachments").exists()
    for path in all_files(site):
        assert b"eye-clinic-letter" not in (site / path).read_bytes(), path


def export_copy(tmp_path, change=None):
    folder = tmp_path / "export"
    shutil.copytree(SAMPLE, folder)
    if change:
        change(folder)
    return folder


def build(folder, out, viewer=ELLEN):
    result = run_carereport("build", folder, "--out", out, *viewer.selector(), "--now", NOW)
    assert result.returncode == 0, result.stderr
    return out


def test_a_missing_file_is_named_without_a_link(tmp_path):
    folder = export_copy(tmp_path, lambda f: shutil.rmtree(f / "attachments"))
    site = build(folder, tmp_path / "site")
    assert not (site / "attachments").exists()
    week = page_text(site, "weeks/2025-W12.html")
    assert f"Attached: {LETTER}, not included in the export</p>" in week
    assert f"{LETTER}, not included in the export" in page_text(site, "weeks/2025-W12.md")
    assert "attachments/" not in week


@pytest.mark.parametrize("content,why", [
    (b"<html><script>alert(1)</script></html>", "HTML"),
    (b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "SVG"),
    (b"#!/bin/sh\necho hi\n", "a script"),
])
def test_active_content_is_never_copied_whatever_its_name(tmp_path, content, why):
    folder = export_copy(tmp_path, lambda f: (f / "attachments" / LETTER).write_bytes(content))
    site = build(folder, tmp_path / "site")
    assert not (site / "attachments").exists(), why
    assert f"{LETTER}, not copied: only PDF, PNG and JPEG files are" in page_text(site, "weeks/2025-W12.html")


def test_a_file_over_the_limit_is_not_copied(tmp_path):
    folder = export_copy(tmp_path, lambda f: (f / "attachments" / LETTER).write_bytes(b"%PDF-1.4\n" + b"0" * (10 << 20)))
    site = build(folder, tmp_path / "site")
    assert not (site / "attachments").exists()
    assert f"{LETTER}, not copied: larger than 10 MB" in page_text(site, "weeks/2025-W12.html")


def retarget(folder, url):
    records = json.loads((folder / "health.json").read_text(encoding="utf-8"))
    for record in records:
        if record["id"] == RECORD:
            record["attachments"][0]["url"] = url
    (folder / "health.json").write_text(json.dumps(records), encoding="utf-8")


@pytest.mark.parametrize("url", ["../secret.pdf", "attachments/../../secret.pdf", "/tmp/secret.pdf",
                                 "attachments/link.pdf", "attachments%2F..%2F..%2Fsecret.pdf"])
def test_nothing_outside_the_export_folder_is_read(tmp_path, url):
    secret = tmp_path / "secret.pdf"
    secret.write_bytes(b"%PDF-1.4 secret outside the export\n")

    def change(folder):
        os.symlink(secret, folder / "attachments" / "link.pdf")
        retarget(folder, url)

    site = build(export_copy(tmp_path, change), tmp_path / "site")
    assert not (site / "attachments").exists(), url
    assert f"{LETTER}, not included in the export" in page_text(site, "weeks/2025-W12.html")


PNG = base64.b64encode(bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
                                     "0000000d49444154789c6360000002000100e221bc330000000049454e44ae426082")).decode()


def test_an_imported_document_reference_with_inline_data_is_copied(tmp_path):
    bundle = {"resourceType": "Bundle", "type": "document", "timestamp": "2024-09-22T10:30:00Z", "entry": [
        {"resource": {"resourceType": "Patient", "id": "p", "name": [{"given": ["Ana"], "family": "Ruiz"}]}},
        {"resource": {"resourceType": "DocumentReference", "id": "scan", "status": "current", "date": "2024-09-20T09:00:00Z",
                      "description": "Wound photo", "content": [{"attachment": {"contentType": "image/png", "data": PNG,
                                                                                "title": "wound.png"}}]}},
        {"resource": {"resourceType": "DocumentReference", "id": "page", "status": "current", "date": "2024-09-20T09:00:00Z",
                      "description": "Discharge page", "content": [{"attachment": {
                          "contentType": "text/html", "title": "discharge.html",
                          "data": base64.b64encode(b"<html><script>alert(1)</script></html>").decode()}}]}},
    ]}
    document = tmp_path / "summary.json"
    document.write_text(json.dumps(bundle), encoding="utf-8")
    out = tmp_path / "site"
    result = run_carereport("build", document, "--out", out, "--viewer", "patient", "--now", NOW)
    assert result.returncode == 0, result.stderr
    copied = [path for path in all_files(out) if path.parts[0] == "attachments"]
    assert len(copied) == 1 and copied[0].suffix == ".png", copied
    assert (out / copied[0]).read_bytes() == base64.b64decode(PNG)
    week = page_text(out, "weeks/2024-W38.html")
    assert f'">wound.png</a>' in week
    assert "discharge.html, not copied: only PDF, PNG and JPEG files are" in week


def test_all_members_each_get_the_file_only_with_the_record(tmp_path):
    out = tmp_path / "all"
    result = run_carereport("build", SAMPLE, "--out", out, "--all-members", "--now", NOW)
    assert result.returncode == 0, result.stderr
    seen = 0
    # --all-members writes OUT/USER: one folder per person, a multi-circle reader's circles under c/SLUG/.
    members = sorted(p for p in out.iterdir() if p.is_dir())
    for member in members:
        files = [f for f in member.rglob("attachments/*") if f.is_file()]
        shows = any(LETTER in (member / path).read_text(encoding="utf-8", errors="replace")
                    for path in all_files(member) if path.suffix in (".html", ".md"))
        assert bool(files) == shows, member.name
        seen += shows
    assert 0 < seen < len(members), "some members see the letter, some do not"
