"""Issue 25 (one template engine): a user's copy of the default templates goes through the same
parser and renderer as the built-in ones, so it writes the same bytes; and every mistake in a
user's template is reported as FILE:LINE:COLUMN: error: <words>, exit 65, nothing written."""
import filecmp
import re

import pytest

from test_template_mistakes import NOW, SAMPLE, run, templates


def tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_copy_of_the_default_templates_renders_the_same_bytes(tmp_path):
    folder = templates(tmp_path)
    for args in (["--viewer", "u-ellen"], ["--viewer", "u-frank"], ["--all-members"]):
        built_in, copied = tmp_path / "built-in", tmp_path / "copied"
        assert run("build", SAMPLE, "--out", built_in, *NOW, *args).returncode == 0
        result = run("build", SAMPLE, "--out", copied, *NOW, *args, "--templates", folder)
        assert result.returncode == 0, result.stderr
        a, b = tree(built_in), tree(copied)
        assert len(a) > 20 and a.keys() == b.keys(), args
        assert [path for path in a if a[path] != b[path]] == [], args
        for site in (built_in, copied):
            for path in sorted(site.rglob("*"), reverse=True):
                path.unlink() if path.is_file() or path.is_symlink() else path.rmdir()
            site.rmdir() if site.exists() else None
    for fmt in ("markdown", "html", "email"):
        args = ["digest", SAMPLE, "--viewer", "u-ellen", *NOW, "--week", "2025-W15", "--format", fmt]
        args += ["--to", "ellen@example.org"] if fmt == "email" else []
        default, mine = run(*args), run(*args, "--templates", folder)
        assert default.returncode == 0 and mine.returncode == 0, mine.stderr
        assert default.stdout == mine.stdout and len(default.stdout) > 200, fmt
    visit_default, visit_mine = tmp_path / "v1.html", tmp_path / "v2.html"
    assert run("visit", SAMPLE, "--viewer", "u-ellen", *NOW, "--out", visit_default).returncode == 0
    assert run("visit", SAMPLE, "--viewer", "u-ellen", *NOW, "--out", visit_mine, "--templates", folder).returncode == 0
    assert filecmp.cmp(visit_default, visit_mine, shallow=False)


def place(path, needle, last=False):
    """LINE:COLUMN (1-based) of the first (or last) `needle` in the file."""
    text = path.read_text(encoding="utf-8")
    before = text[: text.rindex(needle) if last else text.index(needle)]
    return f"{before.count(chr(10)) + 1}:{len(before) - (before.rfind(chr(10)) + 1) + 1}"


# (template, text to replace, replacement, the text whose place is reported, words of the message)
MISTAKES = {
    "unclosed section": ("md/footer.mustache", "{{/page.staleNote}}", "", "{{#page.staleNote}}",
                         "{{#page.staleNote}} is never closed: add {{/page.staleNote}} where it ends"),
    "close of a section inside another": ("html/week.mustache", "{{/empty(updates)}}", "", "{{/content}}",
                                          "{{/content}} closes a section other than the one open here: {{^empty(updates)}} (line "),
    "mismatched close": ("html/medication.mustache", "{{/link}}", "{{/lnik}}", "{{/lnik}}",
                         "{{/lnik}} closes a section other than the one open here: {{#link}} (line "),
    "unknown partial": ("html/index.mustache", "{{>html.attention}}", "{{>html.atention}}", "{{>html.atention}}",
                        "no template named html.atention; did you mean {{>html.attention}}?"),
    "bad delimiter": ("html/index.mustache", "{{>html.attention}}", "{{=<% %>}}", "{{=<% %>}}",
                      "the delimiter tag is malformed: write {{=<% %>=}}"),
    "unclosed tag": ("md/week.mustache", "{{page.title}}", "{{page.title", "{{page.title",
                     "{{page.title is never closed: }} is missing"),
    "unknown transform": ("html/week.mustache", "{{^empty(updates)}}", "{{^emtpy(updates)}}", "{{^emtpy(updates)}}",
                          "unknown transform emtpy(…) in {{^emtpy(updates)}}; did you mean empty?"),
    "unknown block": ("html/week.mustache", "content}}", "contnet}}", "{{$contnet}}",
                      "html.layout has no block named contnet; did you mean {{$content}}?"),
    "template including itself": ("md/footer.mustache", "---", "--- {{>md.footer}}", "{{>md.footer}}",
                                  "{{>md.footer}} includes md.footer in itself (md.footer → md.footer), which would never end"),
    # Lambdas are not supported (docs/templates.md): a section written for one names no value.
    "section written for a lambda": ("html/index.mustache", "{{>html.attention}}", "{{#bold}}Hi {{page.title}}{{/bold}}",
                                     "{{#bold}}", "unknown variable bold"),
    "unknown variable": ("html/week.mustache", "{{page.title}}", "{{page.tilte}}", "{{page.tilte}}",
                         "unknown variable page.tilte; did you mean page.title?"),
}


@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_broken_user_template_is_reported_at_file_line_column(tmp_path, mistake):
    name, old, new, at, words = MISTAKES[mistake]
    folder = templates(tmp_path)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old} is not in {name}"
    if mistake == "unknown block":
        text = text.replace(old, new)
    elif new == "":
        # The last close of the section goes.
        cut = text.rindex(old)
        text = text[:cut] + text[cut + len(old):]
    else:
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    where = place(path, at, last=mistake == "close of a section inside another")
    out = tmp_path / "site"
    result = run("build", SAMPLE, "--out", out, "--viewer", "u-ellen", *NOW, "--templates", folder)
    assert result.returncode == 65, result.stderr
    assert not out.exists(), "nothing is written"
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{path}:{where}: error: "), first
    assert words in first, first
    assert re.search(r"\b(ParserError|unfinishedName|sectionCloseNameIncorrect|Overflow|Problem)\b", result.stderr) is None
