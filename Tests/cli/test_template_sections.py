"""Issue 17 item 7 (template variables inside sections): a misspelled name inside a {{#section}}
over a list is an error (65) at the real file and line, as one at the top level is; a name that
only an outer context has (page.root inside a list's row) stays valid, as Mustache resolves it."""
from test_template_mistakes import SAMPLE, NOW, build, edit, place_of, run, templates


def test_a_misspelled_name_inside_a_section_over_a_list_is_an_error(tmp_path):
    folder = templates(tmp_path)
    medication = folder / "html" / "medication.mustache"
    edit(medication, '<td class="num">{{scheduled}}</td>', '<td class="num">{{schedueld}}</td>')
    result, out = build(tmp_path, folder)
    assert result.returncode == 65 and not out.exists(), result.stderr
    assert f"{medication}:{place_of(medication, 'schedueld')}: error: unknown variable schedueld; did you mean scheduled?" in result.stderr


def test_a_misspelled_name_in_a_partial_used_inside_a_section_is_an_error_in_the_partial(tmp_path):
    folder = templates(tmp_path)
    row = folder / "html" / "task-row.mustache"
    edit(row, "{{title}}", "{{titel}}")
    result, out = build(tmp_path, folder)
    assert result.returncode == 65 and not out.exists(), result.stderr
    assert f"{row}:{place_of(row, 'titel')}: error: unknown variable titel; did you mean title?" in result.stderr


def test_a_misspelled_dotted_name_inside_a_section_is_an_error(tmp_path):
    folder = templates(tmp_path)
    medication = folder / "html" / "medication.mustache"
    edit(medication, '{{#link}}<a href="{{page.root}}{{link}}.html">{{week}}</a>', '{{#link}}<a href="{{page.rot}}{{link}}.html">{{week}}</a>')
    result, out = build(tmp_path, folder)
    assert result.returncode == 65 and not out.exists(), result.stderr
    assert f"{medication}:{place_of(medication, 'page.rot')}: error: unknown variable page.rot; did you mean page.root?" in result.stderr


def test_names_of_outer_contexts_inside_sections_are_valid(tmp_path):
    # The shipped templates read page.root and other outer names inside list sections: a copy of
    # them, unchanged, builds; the digest, whose text template reads names inside sections, too.
    folder = templates(tmp_path)
    result, out = build(tmp_path, folder)
    assert result.returncode == 0 and (out / "index.html").exists(), result.stderr
    result = run("digest", SAMPLE, "--viewer", "u-ellen", *NOW, "--templates", folder, "--format", "email", "--to", "ellen@example.org")
    assert result.returncode == 0, result.stderr
