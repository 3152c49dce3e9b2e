"""Issue 17 item 1: every output is tied to the export's time.

The README's commands are run as they are written, on a "machine" whose clock is far past the
sample's exportedAt (SOURCE_DATE_EPOCH = 2026-11-23, which is what "now" falls back to without
--now); the pages and mail they give say "data as of" the export and report nothing after it as
missed, not recorded or overdue."""
import datetime
import email
import email.policy
import os
import pathlib
import re
import shlex
import subprocess

from conftest import ROOT, SAMPLE, binary

FAR_PAST_CLOCK = str(int(datetime.datetime(2026, 11, 23, 15, 0, tzinfo=datetime.timezone.utc).timestamp()))
AS_OF = "data as of Fri 18 Apr 2025, 18:00"


def run(args, cwd, env_clock=FAR_PAST_CLOCK):
    env = dict(os.environ, SOURCE_DATE_EPOCH=env_clock)
    return subprocess.run([str(binary()), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)


def readme_commands():
    """Every `carereport build|visit|digest` command line in the README's code blocks, as argv."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```(?:console|sh|cron)\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.removeprefix("$ ")
            match = re.search(r"(?:/usr/local/bin/)?carereport ((?:build|visit|digest) .*)", line)
            if not match:
                continue
            command = match.group(1).split(" | ")[0].split(" ; ")[0].split(" && ")[0]
            argv = shlex.split(command)
            if any(arg.startswith("~/") for arg in argv):
                continue  # a reader's own fresh download (the portal example): "now" is the clock, as it should be
            commands.append(argv)
    return commands


def test_readme_commands_pass_now_or_the_readme_explains():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = readme_commands()
    assert len(commands) >= 3, commands
    for argv in commands:
        assert "--now" in argv or "--strict" in argv, f"README command without --now or --strict: {argv}"
    assert "data as of" in text and "/usr/local/bin/carereport digest" in text


def test_readme_commands_far_past_the_export_say_data_as_of_and_miss_nothing(tmp_path):
    (tmp_path / "sample-data").symlink_to(SAMPLE)
    (tmp_path / "examples").symlink_to(SAMPLE.parent / "examples")
    outputs = []
    for argv in readme_commands():
        argv = ["sample-data" if a == "/srv/care/export" else a for a in argv]
        # The cron line writes the message to a file in the job's home ("$HOME/…"), mailed only on success.
        argv = [str(tmp_path / a.removeprefix("$HOME/")) if a.startswith("$HOME/") else a for a in argv]
        if "--strict" in argv:
            # The cron line: an export 584 days old is an error there, mailed instead of an old digest.
            result = run(argv, tmp_path)
            assert result.returncode == 65 and result.stdout == "", result.stderr
            assert "days before" in result.stderr and "--now" in result.stderr
            argv = [a for a in argv if a != "--strict"]
        result = run(argv, tmp_path)
        if "u-tom" in argv:
            assert result.returncode == 67
            continue
        assert result.returncode == 0, (argv, result.stderr)
        out = argv[argv.index("--out") + 1] if argv[0] == "digest" and "--out" in argv else None
        outputs.append(pathlib.Path(out).read_text(encoding="utf-8") if out else result.stdout)
    site = tmp_path / "out" / "site"  # the README's examples write under out/ (git-ignored)
    pages = [site / "index.html", site / "index.md", site / "visit.html"] + sorted((site / "weeks").glob("*.html"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert AS_OF in text.replace("Data as of", "data as of"), page
    mail = email.message_from_string(outputs[-1], policy=email.policy.default)
    for part in mail.iter_parts():
        assert AS_OF in part.get_content().replace("Data as of", "data as of").replace("\n", " ")


def test_clock_far_past_the_export_warns_counts_nothing_missed_and_strict_fails(tmp_path):
    result = run(["build", str(SAMPLE), "--out", str(tmp_path / "site"), "--viewer", "u-ellen"], tmp_path)
    assert result.returncode == 0
    assert result.stderr.startswith("warning: the export was taken Fri 18 Apr 2025, 18:00, 583 days before")
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    # The home page is the export's week, not an empty week of 2026 full of "not recorded".
    assert "Week 16: Mon 14 Apr – Sun 20 Apr 2025" in home
    assert "2026" not in home.split('<footer')[0].split("stale-note")[0]
    assert "not recorded" not in home
    assert "Old data." in home
    strict = run(["build", str(SAMPLE), "--out", str(tmp_path / "strict"), "--viewer", "u-ellen", "--strict"], tmp_path)
    assert strict.returncode == 65 and not (tmp_path / "strict").exists()
    assert strict.stderr.startswith("error: the export was taken")
    for command in (["visit", str(SAMPLE), "--viewer", "u-ellen"], ["digest", str(SAMPLE), "--viewer", "u-ellen"]):
        assert run(command + ["--strict"], tmp_path).returncode == 65


def test_monday_morning_after_a_friday_export_counts_later_doses_and_tasks_as_after_the_export(tmp_path):
    monday = ["--now", "2025-04-21T07:00:00-07:00"]
    result = run(["digest", str(SAMPLE), "--viewer", "u-ellen", "--week", "last", *monday], tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    text = result.stdout
    assert "not recorded" not in text
    # Metformin twice a day: Friday evening, Saturday and Sunday after the 18:00 export are unknown.
    assert re.search(r"Metformin 500 mg +7 of 9 \(7 on time\) +0 +1 +1", text), text
    assert "due after the export of Fri 18 Apr 2025, 18:00: 5 doses of Metformin 500 mg" in " ".join(text.split())
    site = tmp_path / "site"
    assert run(["build", str(SAMPLE), "--out", str(site), "--viewer", "u-ellen", *monday], tmp_path).returncode == 0
    week = (site / "weeks" / "2025-W16.html").read_text(encoding="utf-8")
    assert "5 due after the export, not counted" in week
    assert "not recorded" not in week.lower()
    week17 = (site / "weeks" / "2025-W17.html").read_text(encoding="utf-8") if (site / "weeks" / "2025-W17.html").exists() else ""
    assert "Overdue" not in week17


def test_the_week_the_data_ends_in_says_its_dose_counts_are_so_far(tmp_path):
    """Week 16 runs to Sunday 20 Apr but the export ends Friday 18:00: "7 of 9 taken" is a count
    up to then, and the page says so in HTML and Markdown; a finished week says nothing of it."""
    site = tmp_path / "site"
    now = ["--now", "2025-04-18T18:00:00-07:00"]
    assert run(["build", str(SAMPLE), "--out", str(site), "--viewer", "u-ellen", *now], tmp_path).returncode == 0
    so_far = "Doses this week up to Fri 18 Apr 2025, 18:00, when the data ends"
    for suffix in (".html", ".md"):
        assert so_far in (site / "weeks" / f"2025-W16{suffix}").read_text(encoding="utf-8")
        finished = (site / "weeks" / f"2025-W15{suffix}").read_text(encoding="utf-8")
        assert "Doses this week" in finished and "when the data ends" not in finished


def test_a_medication_pages_row_for_the_week_the_data_ends_in_says_so(tmp_path):
    """Metformin's weekly table: week 16 holds 9 doses, not 14, because the data ends on Friday at
    18:00; the row says "up to" then (HTML and Markdown), and finished weeks say nothing of it."""
    site = tmp_path / "site"
    assert run(["build", str(SAMPLE), "--out", str(site), "--viewer", "u-ellen", "--now", "2025-04-18T18:00:00-07:00"], tmp_path).returncode == 0
    md = (site / "medications" / "metformin-2025-01-06.md").read_text(encoding="utf-8")
    assert "[2025-W16](../weeks/2025-W16.md) (up to Fri 18 Apr 2025, 18:00) |" in md
    assert "[2025-W15](../weeks/2025-W15.md) |" in md
    html = (site / "medications" / "metformin-2025-01-06.html").read_text(encoding="utf-8")
    assert html.count('<span class="muted">(up to Fri 18 Apr 2025, 18:00)</span>') == 1


def test_the_home_pages_week_counts_say_so_far(tmp_path):
    """The home page's cards for the week the data ends in are counts so far."""
    site = tmp_path / "site"
    assert run(["build", str(SAMPLE), "--out", str(site), "--viewer", "u-ellen", "--now", "2025-04-18T18:00:00-07:00"], tmp_path).returncode == 0
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "doses on time this week so far" in home and "tasks done this week so far" in home
