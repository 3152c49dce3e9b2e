"""Issue 34: a digest draws its measurement charts only when its templates show them.

The built-in digest templates show none, so none is drawn; a templates folder whose digest shows
`{{{chart}}}` in its measurements gets the charts, drawn as the site's week page draws them, and so
does one whose digest takes a template from outside digest/ as its parent (`{{<html.week}}`), whose
measurements show them.
"""

import os
import subprocess

from conftest import ROOT

NOW = ["--now", "2025-04-18T18:00:00-07:00"]
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
SAMPLE = ROOT / "sample-data"


def run(*args):
    return subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, cwd=ROOT)


def test_a_digest_template_that_shows_charts_gets_them(tmp_path):
    plain = run("digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W15", "--format", "html", *NOW)
    assert plain.returncode == 0, plain.stderr
    assert "<svg" not in plain.stdout and "Measurement" in plain.stdout
    folder = tmp_path / "mine"
    assert run("templates", folder).returncode == 0
    body = folder / "digest" / "html-body.mustache"
    text = body.read_text(encoding="utf-8")
    body.write_text(text.replace("{{/measurements}}</tbody>", "{{/measurements}}</tbody>{{#measurements}}{{{chart}}}{{/measurements}}", 1), encoding="utf-8")
    assert "{{{chart}}}" in body.read_text(encoding="utf-8")
    charted = run("digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W15", "--format", "html", *NOW,
                  "--templates", folder)
    assert charted.returncode == 0, charted.stderr
    assert charted.stdout.count("<svg") >= 1


ARGS = ["digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W15", "--format", "html", *NOW]


def test_a_parent_template_outside_the_digest_gets_its_charts(tmp_path):
    folder = tmp_path / "mine"
    assert run("templates", folder).returncode == 0
    body = folder / "digest" / "html-body.mustache"
    text = body.read_text(encoding="utf-8")
    with_parent = text.replace("{{/measurements}}</tbody>", "{{/measurements}}</tbody>{{#summary}}{{<html.week}}{{/html.week}}{{/summary}}", 1)
    assert with_parent != text
    body.write_text(with_parent, encoding="utf-8")
    parent = run(*ARGS, "--templates", folder)
    assert parent.returncode == 0, parent.stderr
    # The same templates with "chart" in a comment: the week page's charts are drawn.
    body.write_text(with_parent + "{{! chart }}\n", encoding="utf-8")
    commented = run(*ARGS, "--templates", folder)
    assert commented.returncode == 0, commented.stderr
    assert commented.stdout.count("<svg") >= 1
    assert parent.stdout.count("<svg") == commented.stdout.count("<svg")
