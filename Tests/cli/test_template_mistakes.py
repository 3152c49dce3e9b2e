"""Issue 17 item 4: template mistakes are errors (65) with the real file, line and plain words,
and tokens.css is the one palette: the visit summary and the e-mail follow it too."""
import os
import re
import shutil
import subprocess

from conftest import ROOT

SAMPLE = ROOT / "sample-data"
NOW = ["--now", "2025-04-18T18:00:00-07:00"]


def run(*args):
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, cwd=ROOT)


def templates(tmp_path):
    folder = tmp_path / "mine"
    assert run("templates", folder).returncode == 0
    return folder


def build(tmp_path, folder):
    out = tmp_path / "site"
    result = run("build", SAMPLE, "--out", out, "--viewer", "u-ellen", *NOW, "--templates", folder)
    return result, out


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path, needle):
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def place_of(path, needle):
    """LINE:COLUMN of the tag (its opening {{) that holds `needle`, as carereport reports it."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return f"{number}:{line.rindex('{{', 0, line.index(needle) + 2) + 1}"
    raise AssertionError(f"{needle} not in {path}")


def test_a_misspelled_partial_is_an_error_at_its_line(tmp_path):
    folder = templates(tmp_path)
    index = folder / "html" / "index.mustache"
    edit(index, "{{>html.attention}}", "{{>html.atention}}")
    result, out = build(tmp_path, folder)
    assert result.returncode == 65 and not out.exists()
    assert f"{index}:{place_of(index, 'html.atention')}: error: no template named html.atention; did you mean {{{{>html.attention}}}}?" in result.stderr


def test_an_unknown_variable_is_an_error_with_a_suggestion(tmp_path):
    folder = templates(tmp_path)
    index = folder / "html" / "index.mustache"
    # In the marker of the sentence "Caring for {recipientName}, …" (templates are written with their words as markers).
    edit(index, "|recipientName={{page.recipientName}}", "|recipientName={{page.recipientNmae}}")
    result, out = build(tmp_path, folder)
    assert result.returncode == 65 and not out.exists()
    assert f"{index}:{place_of(index, 'recipientNmae')}: error: unknown variable page.recipientNmae; did you mean page.recipientName?" in result.stderr
    digest = templates(tmp_path / "d") / "digest" / "text.mustache"
    edit(digest, "{{recipientName}}", "{{recipientNme}}")
    result = run("digest", SAMPLE, "--viewer", "u-ellen", *NOW, "--templates", digest.parents[1])
    assert result.returncode == 65 and "unknown variable recipientNme; did you mean recipientName?" in result.stderr


def test_a_misnamed_file_or_the_wrong_folder_is_an_error(tmp_path):
    folder = tmp_path / "mine"
    (folder / "html").mkdir(parents=True)
    shutil.copy(ROOT / "templates" / "html" / "index.mustache", folder / "html" / "indx.mustache")
    result, _ = build(tmp_path, folder)
    assert result.returncode == 65
    assert f"{folder}/html/indx.mustache: error: not a template carereport uses" in result.stderr
    assert "did you mean html/index.mustache?" in result.stderr
    full = templates(tmp_path / "f")
    result, _ = build(tmp_path, full / "html")
    assert result.returncode == 65
    assert "pass the folder that holds html/, md/, digest/ and assets/" in result.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result, _ = build(tmp_path, empty)
    assert result.returncode == 65 and "holds none of the template files" in result.stderr


def test_a_syntax_error_names_the_real_file_in_plain_words(tmp_path):
    folder = templates(tmp_path)
    week = folder / "html" / "week.mustache"
    text = week.read_text(encoding="utf-8")
    close = re.search(r"\{\{/(\w+)\}\}", text)
    week.write_text(text[:close.start()] + "{{/nothing}}" + text[close.end():], encoding="utf-8")
    result, _ = build(tmp_path, folder)
    assert result.returncode == 65
    assert result.stderr.startswith(f"{week}:")
    assert "closes a section other than the one open here" in result.stderr
    assert "sectionCloseNameIncorrect" not in result.stderr and "html.week.mustache" not in result.stderr


def test_tokens_css_recolours_the_visit_summary_and_the_mail(tmp_path):
    folder = templates(tmp_path)
    tokens = folder / "assets" / "tokens.css"
    text = tokens.read_text(encoding="utf-8")
    text = text.replace("--green-deep-forest: #1B5E3A", "--green-deep-forest: #5A1B5E").replace("--green-pine: #2E7D5C", "--green-pine: #7D2E6A")
    tokens.write_text(text, encoding="utf-8")
    visit = tmp_path / "visit.html"
    assert run("visit", SAMPLE, "--viewer", "u-ellen", *NOW, "--templates", folder, "--out", visit).returncode == 0
    page = visit.read_text(encoding="utf-8")
    assert "#5A1B5E" in page and "#1B5E3A" not in page and "#2E7D5C" not in page
    mail = run("digest", SAMPLE, "--viewer", "u-ellen", *NOW, "--week", "2025-W15", "--format", "html", "--templates", folder)
    assert mail.returncode == 0
    assert "#5A1B5E" in mail.stdout, "the mail takes its greens from tokens.css (pine is no longer used by the darker palette)"
    assert "#1B5E3A" not in mail.stdout and "#2E7D5C" not in mail.stdout


def test_a_mistake_found_at_a_later_member_says_the_earlier_ones_were_written(tmp_path):
    # The workload page is written for caregivers and organizers only: the care recipient, whose
    # site comes first, is written before the mistake is met. The message must not say "nothing".
    folder = templates(tmp_path)
    workload = folder / "html" / "workload.mustache"
    edit(workload, "{{page.title}}", "{{page.titel}}")
    out = tmp_path / "all"
    result = run("build", SAMPLE, "--out", out, "--all-members", *NOW, "--templates", folder)
    assert result.returncode == 65
    assert f"{workload}:{place_of(workload, 'page.titel')}: error: unknown variable page.titel; did you mean page.title?" in result.stderr
    written = sorted(p.relative_to(out).as_posix() for p in out.glob("*") if (p / "index.html").exists())
    assert written, "the members before the mistake were written"
    assert "error: nothing more was written (the members before this one were)" in result.stderr
    assert "error: nothing was written" not in result.stderr
    leftovers = [p.name for p in out.rglob(".*") if p.name != ".carereport-site"]
    assert leftovers == [], "no staging folder is left"
