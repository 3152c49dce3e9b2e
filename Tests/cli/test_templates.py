"""carereport templates writes the defaults out; --templates overrides any of them by name; "now"
comes from --now or SOURCE_DATE_EPOCH with the same bytes."""
import os
import subprocess

from conftest import ROOT

NOW = "2025-04-18T18:00:00-07:00"
EPOCH = "1745024400"  # the same instant as NOW


def test_templates_are_written_out_and_override_the_defaults(carereport, sample, tmp_path):
    folder = tmp_path / "mine"
    result = carereport("templates", folder)
    assert result.returncode == 0, result.stderr
    for name in ("html/layout.mustache", "html/week.mustache", "md/week.mustache", "digest/text.mustache", "assets/tokens.css"):
        assert (folder / name).is_file(), name
    again = carereport("templates", folder)
    assert "exists; left as it is" in again.stderr, "existing files are never overwritten"
    only = tmp_path / "only"
    (only / "html").mkdir(parents=True)
    week = (folder / "html" / "week.mustache").read_text(encoding="utf-8")
    (only / "html" / "week.mustache").write_text(week.replace("<h1>{{page.title}}</h1>", "<h1>Our week: {{page.title}}</h1>"))
    site = tmp_path / "site"
    built = carereport("build", sample, "--out", site, "--viewer", "u-ellen", "--now", NOW, "--templates", only)
    assert built.returncode == 0, built.stderr
    assert "<h1>Our week: Week 15" in (site / "weeks" / "2025-W15.html").read_text(encoding="utf-8")
    assert "care circle</h1>" in (site / "index.html").read_text(encoding="utf-8"), "other templates keep the defaults"


def test_a_broken_template_is_reported_with_its_place(carereport, sample, tmp_path):
    broken = tmp_path / "broken" / "html"
    broken.mkdir(parents=True)
    (broken / "week.mustache").write_text("<p>\n{{#unclosed}}\n")
    site = tmp_path / "site"
    result = carereport("build", sample, "--out", site, "--viewer", "u-ellen", "--now", NOW, "--templates", broken.parent)
    assert result.returncode == 65
    assert "html/week.mustache" in result.stderr.replace(".mustache:", ".mustache") or "html.week" in result.stderr
    assert not site.exists(), "nothing is written when a template is broken"


def test_source_date_epoch_gives_the_same_bytes_as_now(sample, tmp_path):
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    args = [str(binary), "digest", str(sample), "--viewer", "u-ellen", "--week", "2025-W15", "--format", "html"]
    with_now = subprocess.run(args + ["--now", NOW], capture_output=True, text=True)
    with_epoch = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH})
    assert with_now.returncode == 0 and with_now.stdout == with_epoch.stdout


def test_names_are_first_and_initial_for_supporters_except_their_own(carereport, sample, tmp_path):
    site = tmp_path / "frank"
    assert carereport("build", sample, "--out", site, "--viewer", "u-frank", "--now", NOW).returncode == 0
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Ellen P." in home and "Ellen Park" not in home
    assert "Frank Okafor" in home
    ellen = tmp_path / "ellen"
    assert carereport("build", sample, "--out", ellen, "--viewer", "u-ellen", "--now", NOW).returncode == 0
    assert "Frank Okafor" in (ellen / "index.html").read_text(encoding="utf-8"), "caregivers see full names"


def test_formats_choose_html_or_markdown_and_a_build_is_quiet_off_a_terminal(carereport, sample, tmp_path):
    html_only = tmp_path / "html"
    result = carereport("build", sample, "--out", html_only, "--viewer", "u-ellen", "--now", NOW, "--formats", "html")
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
    assert list(html_only.rglob("*.md")) == [] and (html_only / "weeks" / "2025-W15.html").is_file()
    md_only = tmp_path / "md"
    assert carereport("build", sample, "--out", md_only, "--viewer", "u-ellen", "--now", NOW, "--formats", "md").returncode == 0
    assert (md_only / "weeks" / "2025-W15.md").is_file() and not (md_only / "weeks" / "2025-W15.html").exists()
    assert carereport("build", sample, "--out", tmp_path / "x", "--viewer", "u-ellen", "--formats", "pdf").returncode == 64
