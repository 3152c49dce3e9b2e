"""Issue 32, items 9-16: nothing a reader should not see, and no silent loss.

- no task, health record, update or comment id of the export in anything written for Frank (a
  supporter): site, calendar, feed, digest;
- control and bidi characters in Markdown-rendered fields, the e-mail Subject and the visit summary's
  printed header never reach any output;
- links in user Markdown only for http, https, mailto or a page of the site itself;
- archive entries named in UTF-8 or CP437 are read; tar archives are read;
- `--to` with a list warns; custom templates cannot write export text unescaped into HTML, nor be
  hard links;
- `digest --all-members` writes all or nothing and removes the digests it wrote for former members;
- a staging folder locked by a live build (in any PID namespace) is left alone.
"""
import email
import email.policy
import fcntl
import json
import os
import pathlib
import re
import shutil
import tarfile
import zipfile
from urllib.parse import urljoin, urlsplit

import pytest

import gfm
from conftest import NOW, SAMPLE, run_carereport

FHIR = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "fhir" / "synthea-lean294.json"
FORBIDDEN = ("\u202e", "\u2066", "\x07", "\x1b", "\u202d", "\u2069", "\ufffe")


def copy_sample(tmp_path, name="export"):
    target = tmp_path / name
    shutil.copytree(SAMPLE, target)
    return target


def edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def sample_ids():
    ids = set()
    for name in ("tasks.json", "health.json", "updates.json"):
        for record in json.loads((SAMPLE / name).read_text()):
            ids.add(record["id"])
            for comment in record.get("comments") or []:
                if "id" in comment:
                    ids.add(comment["id"])
    return ids


def files_under(folder):
    return [path for path in sorted(pathlib.Path(folder).rglob("*")) if path.is_file()]


def mail_texts(raw):
    """The decoded headers and every decoded text part of an RFC 5322 message."""
    message = email.message_from_string(raw, policy=email.policy.default)
    texts = [f"{key}: {value}" for key, value in message.items()]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            texts.append(part.get_content())
    return texts


# --- opaque ids ---------------------------------------------------------------------------------

def test_frank_outputs_hold_no_task_record_or_update_id(tmp_path):
    site = tmp_path / "frank"
    result = run_carereport("build", SAMPLE, "--out", site, "--viewer", "u-frank", "--now", NOW)
    assert result.returncode == 0, result.stderr
    outputs = {str(path.relative_to(tmp_path)): path.read_text(errors="replace") for path in files_under(site)}
    for form in ("markdown", "html"):
        digest = run_carereport("digest", SAMPLE, "--viewer", "u-frank", "--circle", "circle-margaret", "--format", form, "--now", NOW)
        assert digest.returncode == 0, digest.stderr
        outputs[f"digest.{form}"] = digest.stdout
    mail = run_carereport("digest", SAMPLE, "--viewer", "u-frank", "--circle", "circle-margaret", "--format", "email",
                          "--to", "frank@example.org", "--now", NOW)
    assert mail.returncode == 0, mail.stderr
    outputs["digest.eml"] = "\n".join([mail.stdout, *mail_texts(mail.stdout)])
    calendar = outputs["frank/calendar.ics"]
    assert calendar.count("UID:") >= 5, "the calendar has its events (the check below would be empty otherwise)"
    ids = sample_ids()
    found = [(record_id, name) for name, text in outputs.items() for record_id in ids
             if re.search(r"(?<![\w-])" + re.escape(record_id) + r"(?![\w-])", text)]
    assert not found, f"ids of the export in Frank's outputs: {found[:10]}"


def test_calendar_uids_are_stable_and_distinct(tmp_path):
    uids = []
    for name in ("one", "two"):
        result = run_carereport("build", SAMPLE, "--out", tmp_path / name, "--viewer", "u-frank", "--now", NOW)
        assert result.returncode == 0, result.stderr
        uids.append(re.findall(r"^UID:(.*)$", (tmp_path / name / "calendar.ics").read_text(), flags=re.M))
    assert uids[0] == uids[1], "the same event keeps its UID from one build to the next"
    assert len(set(uids[0])) == len(uids[0]), "every event has its own UID"
    assert all(re.fullmatch(r"[0-9a-f]{20}@carereport\r?", uid) for uid in uids[0]), "no circle id in a UID: " + str(uids[0][:3])


# --- control and bidi characters, links -----------------------------------------------------------

HOSTILE_MARKDOWN = (
    "Note \u202egnp.exe\u202c and \u2066isolated\u2069, bell\x07, escape\x1b[31mred\x1b[0m, \ufffe"
    " &#x202E;ref &#7;bell &#x1B;esc &#x2066;iso\n\n"
    "[net](//evil.org/x) [abs](/etc/passwd) [up](../../x) [query](?x=1) [back](\\\\evil.org\\x)"
    " [ok](https://example.org/ok) [mail](mailto:ann@example.org)\n\n"
    # Issue 41: what is a harmless scheme only until decoded, or a mail with a header of its own.
    "[enc](%6A%61vascript:alert(1)) [mixed](https:javascript:alert(1)) [bs](http:%5Cevil.example)"
    " [crlf](mailto:ann@example.org?subject=x%0D%0ABcc:eve@evil.example) [bcc](mailto:ann@example.org?bcc=eve@evil.example)"
)
DECODED_HOSTILE_LINKS = ("%6A%61vascript:alert(1)", "https:javascript:alert(1)", "http:%5Cevil.example",
                         "mailto:ann@example.org?subject=x%0D%0ABcc:eve@evil.example", "mailto:ann@example.org?bcc=eve@evil.example")


def hostile_export(tmp_path):
    export = copy_sample(tmp_path)

    def change_updates(updates):
        update = next(u for u in updates if u["id"] == "upd-2025-01-06-welcome")
        update["content"] = HOSTILE_MARKDOWN
        update["timestamp"] = "2025-04-14T08:30:00-07:00"
        for comment in update.get("comments") or []:
            comment["content"] = HOSTILE_MARKDOWN

    def change_circles(circles):
        circles[0]["name"] = "Margaret\u202e's circle\u2066\x07\x1b"
        circles[0]["careRecipient"]["lastName"] = "Ash\u202eworth\u2066\x07"  # in the printed @page header

    def change_users(users):
        for user in users["data"]:
            if user["id"] == "u-margaret":
                user["lastName"] = "Ash\u202eworth\u2066\x07"

    def change_health(records):
        for record in records:
            record["title"] = record.get("title", "") + " \u202e\u2066x\u2069\x07"

    edit(export / "updates.json", change_updates)
    edit(export / "circles.json", change_circles)
    edit(export / "users.json", change_users)
    edit(export / "health.json", change_health)
    return export


def test_control_and_bidi_characters_never_reach_any_output(tmp_path):
    export = hostile_export(tmp_path)
    outputs = {}
    for viewer in ("u-ellen", "u-frank"):
        site = tmp_path / viewer
        result = run_carereport("build", export, "--out", site, "--viewer", viewer, "--now", NOW)
        assert result.returncode == 0, result.stderr
        outputs.update({str(path): path.read_text(errors="replace") for path in files_under(site)})
    assert any("gnp.exe" in text for text in outputs.values()), "the update is shown (as text)"
    for form in ("markdown", "html"):
        result = run_carereport("digest", export, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W16",
                                "--format", form, "--now", NOW)
        assert result.returncode == 0, result.stderr
        outputs[f"digest.{form}"] = result.stdout
    mail = run_carereport("digest", export, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W16",
                          "--format", "email", "--to", "ellen@example.org", "--now", NOW)
    assert mail.returncode == 0, mail.stderr
    for index, text in enumerate([mail.stdout, *mail_texts(mail.stdout)]):
        outputs[f"digest.eml part {index}"] = text
    visit = run_carereport("visit", export, "--viewer", "u-ellen", "--circle", "circle-margaret", "--now", NOW)
    assert visit.returncode == 0, visit.stderr
    assert "@page" in visit.stdout and "Ashworth" in visit.stdout
    outputs["visit.html"] = visit.stdout
    fhir = run_carereport("visit", export, "--viewer", "u-ellen", "--circle", "circle-margaret", "--format", "fhir", "--now", NOW)
    assert fhir.returncode == 0, fhir.stderr
    outputs["visit.fhir.json"] = json.dumps(json.loads(fhir.stdout), ensure_ascii=False)
    bad = [(name, f"U+{ord(c):04X}") for name, text in outputs.items() for c in FORBIDDEN if c in text]
    assert not bad, bad[:10]


def test_links_only_for_http_https_mailto_or_the_sites_own_pages(tmp_path):
    export = hostile_export(tmp_path)
    site = tmp_path / "site"
    result = run_carereport("build", export, "--out", site, "--viewer", "u-ellen", "--now", NOW)
    assert result.returncode == 0, result.stderr
    root = site.resolve().as_uri() + "/"
    seen = set()
    for page in files_under(site):
        if page.suffix == ".html":
            links = re.findall(r'href="([^"]*)"', page.read_text())
        elif page.suffix == ".md":
            links = re.findall(r'href="([^"]*)"', gfm.to_html(page.read_text()))
        else:
            continue
        for link in links:
            link = link.replace("&amp;", "&")
            seen.add(link)
            scheme = urlsplit(link).scheme.lower()
            if scheme:
                assert scheme in ("http", "https", "mailto"), (page, link)
                continue
            assert not link.startswith(("/", "?", "\\")) and "\\" not in link, (page, link)
            resolved = urljoin(page.resolve().as_uri(), link)
            assert resolved.startswith(root), f"{page}: {link} leaves the site"
    assert "https://example.org/ok" in seen and "mailto:ann@example.org" in seen, "the allowed links stay links"
    for refused in ("//evil.org/x", "/etc/passwd", "../../x", "?x=1", *DECODED_HOSTILE_LINKS):
        assert refused not in seen, refused
    assert not any("evil" in link or "javascript" in link.lower() for link in seen), [l for l in seen if "evil" in l]


# --- archives ---------------------------------------------------------------------------------

def fhir_fixture():
    if not FHIR.exists():
        pytest.skip(f"{FHIR} is missing (the shared fixtures are not checked out beside the project)")
    return FHIR


def validate_archive(path):
    """Validates an archive holding the FHIR fixture: every record of it is read, as from the file itself."""
    result = run_carereport("validate", path)
    assert result.returncode == 0, result.stderr
    assert "outside the archive" not in result.stderr and "no name" not in result.stderr, result.stderr
    direct = run_carereport("validate", fhir_fixture())
    assert direct.returncode == 0, direct.stderr
    count = re.search(r"\((\d+) health records imported from 1 clinical document\)", direct.stdout)
    assert count and int(count.group(1)) > 100, direct.stdout
    assert f"{count.group(1)} health records imported from 1 clinical document" in result.stdout, result.stdout
    return result


@pytest.mark.parametrize("name", ["Befund-Müller.json", "病历/病历.json"])
def test_zip_entries_with_utf8_names_are_read(tmp_path, name):
    archive = tmp_path / "portal.zip"
    with zipfile.ZipFile(archive, "w") as zip_file:
        zip_file.write(fhir_fixture(), name)
    assert validate_archive(archive).stderr.startswith(f"{archive}/{name}:")


def test_zip_entries_in_the_legacy_code_page_are_read(tmp_path):
    archive = tmp_path / "old.zip"
    with zipfile.ZipFile(archive, "w") as zip_file:
        zip_file.writestr("Befund-MXller.json", fhir_fixture().read_bytes())
    data = archive.read_bytes()
    assert data.count(b"Befund-MXller.json") == 2
    archive.write_bytes(data.replace(b"Befund-MXller.json", b"Befund-M\x81ller.json"))  # CP437 0x81 is ü, no UTF-8 flag
    assert validate_archive(archive).stderr.startswith(f"{archive}/Befund-Müller.json:")


@pytest.mark.parametrize("suffix,mode", [(".tar", "w"), (".tar.gz", "w:gz"), (".tgz", "w:gz")])
def test_tar_archives_are_read(tmp_path, suffix, mode):
    archive = tmp_path / f"records{suffix}"
    with tarfile.open(archive, mode) as tar:
        tar.add(fhir_fixture(), "病历.json")
    validate_archive(archive)


def test_a_tar_beside_the_native_export_is_read(tmp_path):
    export = copy_sample(tmp_path)
    with tarfile.open(export / "clinic.tar", "w") as tar:
        tar.add(fhir_fixture(), "clinic/summary.json")
    result = run_carereport("validate", export)
    # Read (its patient is nobody of the sample's circles, which is the error it gives), not passed over.
    assert f"{export}/clinic.tar/clinic/summary.json: error: cannot tell which circle" in result.stderr, result.stderr


# --- --to, templates --------------------------------------------------------------------------

def test_a_to_that_names_several_addresses_is_warned_about(tmp_path):
    result = run_carereport("digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--format", "email",
                            "--to", "a@b.example, evil@x.example", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert "warning: one --to names 2 recipients (a@b.example, evil@x.example)" in result.stderr
    message = email.message_from_string(result.stdout, policy=email.policy.default)
    assert [address.addr_spec for address in message["To"].addresses] == ["a@b.example", "evil@x.example"]
    disguised = run_carereport("digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--format", "email",
                               "--to", "ellen@example.org <evil@x.example>", "--now", NOW)
    assert disguised.returncode == 0, disguised.stderr
    assert "the name shown looks like an address, but the message goes to evil@x.example" in disguised.stderr
    single = run_carereport("digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--format", "email",
                            "--to", "a@b.example", "--to", "Ann <ann@x.example>", "--now", NOW)
    assert single.returncode == 0 and "warning" not in single.stderr, single.stderr


def default_templates(tmp_path):
    folder = tmp_path / "mine"
    result = run_carereport("templates", folder)
    assert result.returncode == 0, result.stderr
    return folder


@pytest.mark.parametrize("tag,expected", [
    ("{{{page.circleName}}}", "{{{page.circleName}}} writes page.circleName unescaped into HTML"),
    ("{{&page.circleName}}", "{{{page.circleName}}} writes page.circleName unescaped into HTML"),
    ("{{% CONTENT_TYPE: TEXT }}{{page.circleName}}", "an HTML template cannot change its escaping (CONTENT_TYPE TEXT"),
    ("{{% CONTENT_TYPE: MARKDOWN }}", "an HTML template cannot change its escaping (CONTENT_TYPE MARKDOWN"),
])
def test_a_template_that_writes_export_text_unescaped_is_refused_at_its_place(tmp_path, tag, expected):
    templates = default_templates(tmp_path)
    index = templates / "html" / "index.mustache"
    lines = index.read_text().split("\n")
    assert lines[2] == "<h1>{{page.circleName}}</h1>"
    lines[2] = "<h1>" + tag + "</h1>"
    index.write_text("\n".join(lines))
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-ellen", "--templates", templates, "--now", NOW)
    assert result.returncode == 65, result.stderr
    assert f"{index}:3:5: error: {expected}" in result.stderr, result.stderr
    assert not (tmp_path / "site").exists()


def test_the_default_templates_pass_the_escaping_check(tmp_path):
    templates = default_templates(tmp_path)
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-ellen", "--templates", templates, "--now", NOW)
    assert result.returncode == 0, result.stderr


def test_hard_links_in_the_templates_folder_are_refused(tmp_path):
    templates = default_templates(tmp_path)
    secret = tmp_path / "secret.css"
    secret.write_text("/* root:x:0:0 */")
    (templates / "assets" / "site.css").unlink()
    os.link(secret, templates / "assets" / "site.css")
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-ellen", "--templates", templates, "--now", NOW)
    assert result.returncode == 65, result.stderr
    assert "several hard links" in result.stderr
    assert not (tmp_path / "site").exists()


# --- the digest outbox, staging folders ----------------------------------------------------------

def digest_all(export, out):
    return run_carereport("digest", export, "--all-members", "--out", out, "--format", "email", "--now", NOW)


def test_a_former_members_digest_is_removed_and_nothing_else(tmp_path):
    """Only the digests carereport wrote (its list, .carereport-outbox) are ever removed: the same
    names put there by hand stay (Tests/site/test_outbox.py removes one carereport wrote)."""
    out = tmp_path / "outbox"
    out.mkdir()
    for name in ("u-linda.eml", "u-linda.md", "u-linda.html", "notes.md", "u-nobody.eml"):
        (out / name).write_text("earlier")
    result = digest_all(SAMPLE, out)
    assert result.returncode == 0, result.stderr
    names = sorted(path.name for path in out.iterdir())
    assert all(name in names for name in ("u-linda.eml", "u-linda.md", "u-linda.html", "notes.md", "u-nobody.eml"))
    assert "u-frank.eml" in names and [name for name in names if name.startswith(".")] == [".carereport-outbox"], names


def test_a_digest_run_that_fails_puts_nothing_new_in_the_outbox(tmp_path):
    out = tmp_path / "outbox"
    out.mkdir()
    first = digest_all(SAMPLE, out)
    assert first.returncode == 0, first.stderr
    earlier = {path.name: path.read_bytes() for path in out.iterdir()}
    assert len(earlier) >= 5
    (out / "u-ellen.eml").unlink()
    (out / "u-ellen.eml").mkdir()  # one digest cannot be written (as on a full disk)
    later = digest_all(SAMPLE, out)
    assert later.returncode == 73, later.stderr
    assert "no digest of this run was put in the outbox" in later.stderr
    now = {path.name: path.read_bytes() for path in out.iterdir() if path.is_file()}
    assert now == {name: data for name, data in earlier.items() if name != "u-ellen.eml"}, "no digest was replaced"
    assert [name for name in os.listdir(out) if name.startswith(".")] == [".carereport-outbox"], "no staging folder is left"


def test_a_staging_folder_locked_by_a_live_build_elsewhere_is_left_alone(tmp_path):
    staging = tmp_path / ".site.carereport-new-999999"  # a PID of another namespace: not running here
    staging.mkdir()
    marker = staging / ".carereport-site"
    marker.write_text("written by carereport\n")
    (staging / "index.html").write_text("their pages")
    with open(marker) as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-frank", "--now", NOW)
        assert result.returncode == 0, result.stderr
        assert (staging / "index.html").read_text() == "their pages", "a live build's staging folder is never removed"
    again = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-frank", "--now", NOW)
    assert again.returncode == 0, again.stderr
    assert not staging.exists(), "once nobody holds it, it is an abandoned folder and is removed"


def test_an_old_site_set_aside_by_a_live_build_elsewhere_is_left_alone(tmp_path):
    """Where the file system has no atomic exchange, a build moves the old site aside as
    .NAME.carereport-old-PID, its marker locked (StagingAsideTests checks the build holds it)."""
    aside = tmp_path / ".site.carereport-old-999999"  # a PID of another namespace: not running here
    aside.mkdir()
    marker = aside / ".carereport-site"
    marker.write_text("written by carereport\n")
    (aside / "index.html").write_text("their old site")
    with open(marker) as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-frank", "--now", NOW)
        assert result.returncode == 0, result.stderr
        assert (aside / "index.html").read_text() == "their old site", "a live build's old site is never removed"
    again = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-frank", "--now", NOW)
    assert again.returncode == 0, again.stderr
    assert not aside.exists(), "once nobody holds it, it is an abandoned folder and is removed"
