"""Hostile text and hostile ids in an export (issue 11): what a person who can write into the export
can try, and that each attempt is stopped. Each test is built from a reviewer's repro."""
import ctypes
import email
import email.policy
import ctypes.util
import json
import os
import shutil
import subprocess

import pytest

from conftest import NOW, SAMPLE, binary, chrome, require, run_carereport  # noqa: F401

XSS = "Frank\u0600<img src=x onerror=document.body.append('XSS-RAN')//\u0600>"
HOSTILE_TITLE = "<img src=x onerror=alert(1)> [click](javascript:alert(2))"


def copy_sample(tmp_path, name="export"):
    target = tmp_path / name
    shutil.copytree(SAMPLE, target)
    return target


def edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def records(data):
    """The records of a collection file: a bare array, or the API envelope's `data`."""
    return data["data"] if isinstance(data, dict) else data


def set_field(export, collection, record_id, key, value):
    def change(data):
        for record in records(data):
            if record["id"] == record_id:
                record[key] = value
    edit(export / f"{collection}.json", change)


def set_first_name(export, user_id, name):
    set_field(export, "users", user_id, "firstName", name)


def retitle_task(export, task_id, title):
    set_field(export, "tasks", task_id, "title", title)


# cmark-gfm itself (the system library the site's Markdown is checked with), through ctypes.
def cmark_unsafe_html(markdown):
    name = ctypes.util.find_library("cmark-gfm") or "libcmark-gfm.so"
    try:
        library = ctypes.CDLL(name)
    except OSError:
        require(False, "libcmark-gfm is not installed (apt-get install libcmark-gfm-dev)")
    library.cmark_markdown_to_html.restype = ctypes.c_void_p
    library.cmark_markdown_to_html.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int]
    data = markdown.encode()
    pointer = library.cmark_markdown_to_html(data, len(data), 1 << 17)  # CMARK_OPT_UNSAFE: raw HTML kept
    html = ctypes.string_at(pointer).decode()
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.free.argtypes = [ctypes.c_void_p]
    libc.free(pointer)
    return html


def test_prepend_character_opens_no_tag_in_any_output(tmp_path, chrome):  # noqa: F811
    export = copy_sample(tmp_path)
    set_first_name(export, "u-frank", XSS)
    site = tmp_path / "site"
    result = run_carereport("build", export, "--out", site, "--viewer", "u-ellen", "--now", NOW)
    assert result.returncode == 0, result.stderr
    pages = sorted(site.rglob("*.html"))
    shown = [page for page in pages if "onerror" in page.read_text()]
    assert shown, "the hostile name should be shown (as text) somewhere"
    for page in pages:
        assert "<img" not in page.read_text(), page
    chrome.get((site / "index.html").as_uri())
    assert chrome.execute_script("return document.querySelectorAll('img').length") == 0
    assert "XSS-RAN" not in chrome.execute_script("return document.body.lastChild.textContent || ''")
    for page in sorted(site.rglob("*.md")):
        html = cmark_unsafe_html(page.read_text())
        assert "<img" not in html, page
    visit = run_carereport("visit", export, "--viewer", "u-ellen", "--now", NOW)
    digest_html = run_carereport("digest", export, "--viewer", "u-ellen", "--week", "2025-W15", "--format", "html", "--now", NOW)
    for result in (visit, digest_html):
        assert result.returncode == 0, result.stderr
        assert "<img" not in result.stdout


def test_markdown_digest_escapes_user_text(tmp_path):
    export = copy_sample(tmp_path)
    retitle_task(export, "task-meals-on-wheels", HOSTILE_TITLE)
    result = run_carereport("digest", export, "--viewer", "u-ellen", "--week", "2025-W15", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert "onerror" in result.stdout, "the hostile title should be shown (as text)"
    html = cmark_unsafe_html(result.stdout)
    assert "<img" not in html
    assert 'href="javascript' not in html
    mail = run_carereport("digest", export, "--viewer", "u-ellen", "--week", "2025-W15", "--format", "email",
                          "--to", "ellen@example.org", "--now", NOW)
    assert mail.returncode == 0, mail.stderr
    message = email.message_from_string(mail.stdout, policy=email.policy.default)
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "onerror" in text and "onerror" in html
    assert "<img" not in cmark_unsafe_html(text) and 'href="javascript' not in cmark_unsafe_html(text)
    assert "<img" not in html


def test_control_characters_and_bidi_overrides_never_reach_output(tmp_path):
    export = copy_sample(tmp_path)
    retitle_task(export, "task-meals-on-wheels", "Call\x1b]0;pwned\x07\x1b[2J bank\x00 \u202eevil\u202c \x85done")
    digest = subprocess.run([str(binary()), "digest", str(export), "--viewer", "u-ellen", "--week", "2025-W15",
                             "--now", NOW], capture_output=True)
    assert digest.returncode == 0, digest.stderr
    for forbidden in (b"\x1b", b"\x00", b"\x07", "\u202e".encode(), "\u202c".encode(), "\x85".encode()):
        assert forbidden not in digest.stdout
    assert b"Call\\]0;pwned\\[2J bank" in digest.stdout
    site = tmp_path / "site"
    assert run_carereport("build", export, "--out", site, "--viewer", "u-ellen", "--now", NOW).returncode == 0
    for page in site.rglob("*"):
        if page.is_file():
            data = page.read_bytes()
            for forbidden in (b"\x1b", b"\x00", b"\x07", "\u202e".encode()):
                assert forbidden not in data, page


def test_right_to_left_text_is_isolated(tmp_path):
    export = copy_sample(tmp_path)
    retitle_task(export, "task-meals-on-wheels", "\u05e9\u05dc\u05d5\u05dd call the bank")
    site = tmp_path / "site"
    assert run_carereport("build", export, "--out", site, "--viewer", "u-ellen", "--now", NOW).returncode == 0
    text = (site / "index.html").read_text() + "".join(p.read_text() for p in (site / "weeks").glob("*.html"))
    assert "\u2068\u05e9\u05dc\u05d5\u05dd call the bank\u2069" in text


@pytest.mark.parametrize("user_id", ["../../victim/README", "../../../escaped-user", ".", "..", "a/b", "u-\x00x", "U-ELLEN", ""])
def test_unsafe_user_ids_are_refused_and_nothing_is_written(tmp_path, user_id):
    export = copy_sample(tmp_path)
    def change(data):
        for user in records(data):
            if user["id"] == "u-frank":
                user["id"] = user_id
    edit(export / "users.json", change)
    def members(circles):
        for circle in circles:
            for member in circle["members"]:
                if member["userId"] == "u-frank":
                    member["userId"] = user_id
    edit(export / "circles.json", members)
    validate = run_carereport("validate", export)
    assert validate.returncode == 65, validate.stdout + validate.stderr
    assert "id" in validate.stderr and "users[" in validate.stderr + validate.stdout
    out = tmp_path / "nest" / "out"
    for command in (["build", export, "--out", out, "--all-members", "--now", NOW],
                    ["digest", export, "--out", out, "--all-members", "--now", NOW]):
        result = run_carereport(*command)
        assert result.returncode == 65, result.stderr
        assert "nothing was written" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export"], "nothing may be written anywhere"


def test_circle_id_dot_dot_is_refused_and_deletes_nothing(tmp_path):
    export = copy_sample(tmp_path)
    sibling = tmp_path / "earlier-build"
    sibling.mkdir()
    (sibling / ".carereport-site").write_text("written by carereport\n")
    def change(circles):
        circles[0]["id"] = ".."
    edit(export / "circles.json", change)
    result = run_carereport("build", export, "--out", tmp_path / "out", "--all-members", "--now", NOW)
    assert result.returncode == 65
    assert "circles[0].id: not a usable circle id" in result.stderr
    assert sibling.exists() and not (tmp_path / "out").exists()


def test_member_listed_twice_is_a_validation_error(tmp_path):
    export = copy_sample(tmp_path)
    def change(circles):
        member = dict(next(m for m in circles[0]["members"] if m["userId"] == "u-frank"))
        member["status"] = "removed"
        circles[0]["members"].insert(0, member)
    edit(export / "circles.json", change)
    validate = run_carereport("validate", export)
    assert validate.returncode == 65
    assert "listed twice in this circle" in validate.stderr
    build = run_carereport("build", export, "--out", tmp_path / "out", "--all-members", "--now", NOW)
    assert build.returncode == 65, build.stderr


def dead_pid():
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def make_staging(parent, name, pid, marker=True):
    folder = parent / f".{name}.carereport-new-{pid}"
    (folder / "weeks").mkdir(parents=True)
    (folder / "weeks" / "2025-W15.html").write_text("Margaret's potassium 5.3")
    if marker:
        (folder / ".carereport-site").write_text("written by carereport\n")
    return folder


def test_a_killed_builds_staging_folder_is_removed_by_the_next_build(tmp_path):
    abandoned = make_staging(tmp_path, "site", dead_pid())
    live = make_staging(tmp_path, "site", os.getpid())
    foreign = make_staging(tmp_path, "site", dead_pid(), marker=False)
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-frank", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert not abandoned.exists(), "a dead build's staging folder with the viewer's pages must go"
    assert live.exists(), "a running build's folder is left alone"
    assert foreign.exists(), "a folder without carereport's marker is never removed"
    assert (tmp_path / "site" / "index.html").exists()


def test_a_real_kill_leaves_nothing_after_the_next_build(tmp_path):
    """kill -9 while the staging folder exists (stopped with SIGSTOP at the first sign of it)."""
    big = tmp_path / "big"
    assert run_carereport("generate", "--circles", "1", "--weeks", "30", "--seed", "3", "--out", big).returncode == 0
    viewer = json.loads((big / "circles.json").read_text())
    circles = records(viewer)
    recipient = circles[0]["careRecipient"]["userId"]
    site = tmp_path / "site"
    process = subprocess.Popen([str(binary()), "build", str(big), "--out", str(site), "--viewer", recipient, "--now", NOW],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    staging = tmp_path / f".site.carereport-new-{process.pid}"
    import time
    deadline = time.time() + 60
    while process.poll() is None and time.time() < deadline and not staging.exists():
        time.sleep(0.002)
    process.kill()
    process.wait()
    if not staging.exists():
        pytest.skip("the build finished before it could be killed while staging")
    assert run_carereport("build", SAMPLE, "--out", site, "--viewer", "u-frank", "--now", NOW).returncode == 0
    assert not staging.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_supporters_see_the_care_recipient_as_first_name_and_initial(tmp_path):
    site = tmp_path / "site"
    assert run_carereport("build", SAMPLE, "--out", site, "--viewer", "u-frank", "--now", NOW).returncode == 0
    index = (site / "index.html").read_text()
    assert "Margaret A." in index
    for page in list(site.rglob("*.html")) + list(site.rglob("*.md")) + [site / "feed.xml"]:
        assert "Margaret Ashworth" not in page.read_text(), page


def test_a_symlinked_out_is_refused(tmp_path):
    real = tmp_path / "real-site"
    assert run_carereport("build", SAMPLE, "--out", real, "--viewer", "u-ellen", "--now", NOW).returncode == 0
    link = tmp_path / "site"
    link.symlink_to(real)
    before = sorted(p.relative_to(real) for p in real.rglob("*"))
    result = run_carereport("build", SAMPLE, "--out", link, "--viewer", "u-frank", "--now", NOW)
    assert result.returncode == 73
    assert "symbolic link" in result.stderr
    assert link.is_symlink() and sorted(p.relative_to(real) for p in real.rglob("*")) == before


def test_symlinks_in_the_templates_folder_are_refused(tmp_path):
    templates = tmp_path / "mine"
    (templates / "assets").mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0")
    (templates / "assets" / "site.css").symlink_to(secret)
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-ellen", "--templates", templates,
                            "--now", NOW)
    assert result.returncode == 65
    assert "symbolic link" in result.stderr
    assert not (tmp_path / "site").exists()


def test_generate_refuses_a_folder_that_is_not_empty(tmp_path):
    out = tmp_path / "export"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = run_carereport("generate", "--circles", "1", "--weeks", "1", "--out", out)
    assert result.returncode == 73
    assert "not an empty folder" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_sigterm_while_writing_removes_the_staging_folder(tmp_path):
    """Ctrl-C or a service stop while the site is being written: the viewer's pages do not stay."""
    import signal
    import time
    big = tmp_path / "big"
    assert run_carereport("generate", "--circles", "1", "--weeks", "30", "--seed", "3", "--out", big).returncode == 0
    circles = json.loads((big / "circles.json").read_text())
    circles = records(circles)
    recipient = circles[0]["careRecipient"]["userId"]
    process = subprocess.Popen([str(binary()), "build", str(big), "--out", str(tmp_path / "site"), "--viewer", recipient,
                                "--now", NOW], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    staging = tmp_path / f".site.carereport-new-{process.pid}"
    deadline = time.time() + 60
    while process.poll() is None and time.time() < deadline and not (staging / ".carereport-site").exists():
        time.sleep(0.001)
    if process.poll() is not None:
        pytest.skip("the build finished before the signal could be sent while staging")
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == -signal.SIGTERM
    assert not staging.exists(), "the staging folder with the viewer's pages must be removed on SIGTERM"


def test_a_digest_file_is_written_through_a_staging_folder(tmp_path):
    out = tmp_path / "digest.md"
    abandoned = make_staging(tmp_path, "digest.md", dead_pid())
    result = run_carereport("digest", SAMPLE, "--viewer", "u-ellen", "--week", "2025-W15", "--out", out, "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert out.read_text().startswith("# ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["digest.md"], "no staging or temporary file is left"
    assert not abandoned.exists()
