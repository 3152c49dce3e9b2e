"""Issue 34: a digest draws its measurement charts only when its templates show them.

The built-in digest templates show none, so none is drawn; a templates folder whose digest shows
`{{{chart}}}` in its measurements gets the charts, drawn as the site's week page draws them.
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
