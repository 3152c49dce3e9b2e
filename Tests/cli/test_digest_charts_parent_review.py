"""Review of issue 34 (third pass): TemplateSet.digestShowsCharts looks only for `{{>` partial tags.

The template engine also includes another template as a parent, `{{<name}} … {{/name}}` (template
inheritance). A digest template that shows the site's week page as its parent, whose measurements show
`{{{chart}}}`, names no chart and no `{{>` partial: the charts are then not drawn, and the digest
shows none, although they are drawn as soon as the same template merely holds the word in a comment.
"""

import os
import subprocess

from conftest import ROOT

NOW = ["--now", "2025-04-18T18:00:00-07:00"]
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
SAMPLE = ROOT / "sample-data"
ARGS = ["digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W15", "--format", "html", *NOW]


def run(*args):
    return subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, cwd=ROOT)


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
