"""Issue 41 item 8: the README's crontab line, run as cron runs it (`sh -c` with cron's PATH), with a
fake sendmail that records whether it was called: a missing export sends nothing and the job's
status is not 0; the sample's digest is handed to sendmail whole."""
import os
import re
import subprocess

from conftest import ROOT

BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
# The sample's export time plus a day: --strict accepts the export (at most 3 days old).
SAMPLE_NOW = "1745082000"  # Sat 19 Apr 2025 17:00 UTC
FAKE_SENDMAIL = """#!/bin/sh
printf '%s\\n' "$*" > "$(dirname "$0")/called"
cat > "$(dirname "$0")/message"
"""


def cron_line():
    """The one line of the README's ```cron block, as (schedule, command)."""
    blocks = re.findall(r"^```cron\n(.*?)^```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) == 1, "the README has one ```cron block"
    lines = [line for line in blocks[0].splitlines() if line.strip() and not line.startswith("#")]
    assert len(lines) == 1, f"the crontab recipe is one line, as cron takes it: {lines}"
    fields = lines[0].split(None, 5)
    return fields[:5], fields[5]


def run_cron(tmp_path, export, now=SAMPLE_NOW):
    """Runs the README's command with carereport, the export and sendmail replaced by the test's."""
    _, command = cron_line()
    fake = tmp_path / "sbin"
    fake.mkdir()
    (fake / "sendmail").write_text(FAKE_SENDMAIL)
    (fake / "sendmail").chmod(0o755)
    for part in ("/usr/local/bin/carereport", "/srv/care/export", "/usr/sbin/sendmail"):
        assert part in command, f"the cron line names {part}"
    command = (command.replace("/usr/local/bin/carereport", str(BINARY)).replace("/srv/care/export", str(export))
               .replace("/usr/sbin/sendmail", str(fake / "sendmail")))
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {"PATH": f"{fake}:/usr/bin:/bin", "HOME": str(home), "SHELL": "/bin/sh", "LC_ALL": "C.UTF-8",
           "SOURCE_DATE_EPOCH": now}
    result = subprocess.run(["/bin/sh", "-c", command], env=env, capture_output=True, text=True, cwd=home, timeout=120)
    return result, fake


def test_the_cron_line_is_one_crontab_line():
    schedule, command = cron_line()
    assert schedule == ["0", "7", "*", "*", "1"], "every Monday at 07:00"
    assert "%" not in command, "cron turns an unescaped % into a new line"
    assert "| /usr/sbin/sendmail" not in command, "a pipe hands sendmail a message even when carereport fails"


def test_a_missing_export_sends_nothing_and_fails(tmp_path):
    result, fake = run_cron(tmp_path, tmp_path / "no-such-export")
    assert result.returncode == 66, (result.returncode, result.stderr)
    assert not (fake / "called").exists(), "sendmail was run although carereport failed"
    assert "error:" in result.stderr and "no-such-export" in result.stderr


def test_the_samples_digest_is_handed_to_sendmail(tmp_path):
    # The installation's key exists by the time cron runs (`make demo` or any first run made it, and
    # said where); the weekly job itself then prints nothing, so cron mails nothing beside the digest.
    home = tmp_path / "home"
    home.mkdir()
    first = subprocess.run([str(BINARY), "digest", str(ROOT / "sample-data"), "--viewer", "u-ellen"],
                           env={"PATH": "/usr/bin:/bin", "HOME": str(home), "LC_ALL": "C.UTF-8", "SOURCE_DATE_EPOCH": SAMPLE_NOW},
                           capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    assert "id key" in first.stderr, "the first run says where it made the installation's key"
    result, fake = run_cron(tmp_path, ROOT / "sample-data")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == "", "cron mails whatever the job prints"
    assert (fake / "called").read_text().split() == ["-t"]
    message = (fake / "message").read_text()
    assert "\nTo: ellen@example.org, david@example.org\n" in message
    assert re.search(r"^Subject: =\?UTF-8\?Q\?Margaret=27s_care_circle=3A_week_15", message, re.M), message[:500]
    assert "multipart/alternative" in message


def test_an_old_export_under_strict_sends_nothing(tmp_path):
    result, fake = run_cron(tmp_path, ROOT / "sample-data", now="1746000000")  # Wed 30 Apr 2025: 12 days old
    assert result.returncode == 65, (result.returncode, result.stderr)
    assert not (fake / "called").exists()
