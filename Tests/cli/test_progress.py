"""Issue 17 item 7: `build --all-members` (and `digest --all-members`) keep one line on a terminal
up to date with the members and circles done of their totals; with standard error not a terminal
(cron, pipes, tests) they print nothing of it."""
import os
import pty
import re
import subprocess

from conftest import ROOT

SAMPLE = ROOT / "sample-data"
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
NOW = ["--now", "2025-04-18T18:00:00-07:00"]


def on_a_terminal(*args):
    """Runs carereport with standard error on a pseudo-terminal; gives its exit status and what the terminal got."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([str(BINARY), *map(str, args)], stdout=subprocess.DEVNULL, stderr=follower, cwd=ROOT)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return process.wait(), b"".join(chunks).decode()


def test_all_members_build_shows_one_updating_line_on_a_terminal(tmp_path):
    status, seen = on_a_terminal("build", SAMPLE, "--out", tmp_path / "site", "--all-members", *NOW)
    assert status == 0, seen
    counts = re.findall(r"carereport: (\d+) of (\d+) members?, (\d+) of (\d+) circles? written", seen)
    assert counts, seen
    total = int(counts[-1][1])
    # One folder per person; a person in several circles counts once per circle (u-rosa: c/ holds both).
    folders = [path for path in (tmp_path / "site").iterdir() if path.is_dir()]
    written = sum(len(list((path / "c").iterdir())) if (path / "c").is_dir() else 1 for path in folders)
    assert total == written and total > 1
    assert [int(c[0]) for c in counts] == list(range(0, total + 1))  # every member counted, in order
    assert counts[-1][2] == counts[-1][3]  # every circle done at the end
    # One line rewritten in place: the counts are separated by carriage returns, not line feeds.
    progress = seen[seen.index("carereport: 0 of"):]
    assert progress.count("\n") <= 1 and progress.count("\r") >= total
    assert "u-ellen" not in progress  # counts only, no member named


def test_all_members_runs_end_with_one_summary_line_on_a_terminal(tmp_path):
    """Issue 41 item 10: the last thing a terminal shows is what was written, where, and how long it took."""
    for command, out, noun in (("build", tmp_path / "site", "sites"), ("digest", tmp_path / "outbox", "digests")):
        status, seen = on_a_terminal(command, SAMPLE, "--out", out, "--all-members", *NOW)
        assert status == 0, seen
        last = seen.rstrip("\r\n").split("\r")[-1].split("\n")[-1]
        assert re.fullmatch(rf"carereport: wrote 9 {noun} \(one per person: 10 members of 2 circles\) into {re.escape(str(out))} in \d+\.\d s *", last), repr(last)
        assert seen.count("carereport: wrote") == 1


def test_all_members_digest_shows_progress_on_a_terminal(tmp_path):
    status, seen = on_a_terminal("digest", SAMPLE, "--out", tmp_path / "outbox", "--all-members", *NOW)
    assert status == 0, seen
    assert re.search(r"carereport: (\d+) of \1 members?, (\d+) of \2 circles? written", seen), seen


def test_no_progress_when_standard_error_is_not_a_terminal(tmp_path):
    result = subprocess.run(
        [str(BINARY), "build", SAMPLE, "--out", tmp_path / "site", "--all-members", *NOW], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    result = subprocess.run(
        [str(BINARY), "digest", SAMPLE, "--out", tmp_path / "outbox", "--all-members", *NOW], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and "members" not in result.stderr and "\r" not in result.stderr
