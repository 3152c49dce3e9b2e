"""--all-members: the export is loaded once and every person active in a circle gets one folder
OUT/USER (and one digest OUT/USER.md) with exactly the output a single-viewer run would give them: a
person in one circle that circle's site, a person in several (Rosa) the site of all their circles;
former members' folders do not survive."""
from conftest import ELLEN, FRANK, NOW, SAMPLE, members, run_carereport, tree_differences, tree_snapshot


def test_every_member_gets_their_own_site(sites, tmp_path):
    out = tmp_path / "all"
    (out / "u-linda").mkdir(parents=True)
    (out / "u-linda" / ".carereport-site").write_text("written by carereport\n")
    (out / "u-linda" / "index.html").write_text("a former member's old site")
    result = run_carereport("build", SAMPLE, "--out", out, "--all-members", "--now", NOW)
    assert result.returncode == 0, result.stderr
    expected = {viewer.user for viewer in members()}
    written = {path.name for path in out.iterdir() if path.is_dir()}
    assert written == expected, "one folder per person, a person in two circles (u-rosa) once"
    for viewer in (ELLEN, FRANK):
        single = tree_snapshot(sites.site(viewer))
        assert tree_differences(single, tree_snapshot(out / viewer.user)) == []
    rosa = tmp_path / "rosa"
    assert run_carereport("build", SAMPLE, "--out", rosa, "--viewer", "u-rosa", "--now", NOW).returncode == 0
    assert tree_differences(tree_snapshot(rosa), tree_snapshot(out / "u-rosa")) == []
    assert (out / "u-rosa" / "c" / "circle-walter" / "index.html").exists()
    assert (out / "u-rosa" / "c" / "circle-margaret" / "index.html").exists()


def test_every_member_gets_their_own_digest(tmp_path):
    out = tmp_path / "outbox"
    result = run_carereport("digest", SAMPLE, "--all-members", "--week", "2025-W15", "--out", out, "--now", NOW)
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
    assert sorted(path.name for path in out.iterdir()) == sorted({f"{viewer.user}.md" for viewer in members()} | {".carereport-outbox"})
    for viewer in members():
        # Without --circle: the digest of the person's one circle, or of all of them (u-rosa).
        single = run_carereport("digest", SAMPLE, "--viewer", viewer.user, "--week", "2025-W15", "--now", NOW).stdout
        assert (out / f"{viewer.user}.md").read_text(encoding="utf-8") == single
    rosa = (out / "u-rosa.md").read_text(encoding="utf-8")
    # Rosa reads Spanish ("week 15").
    assert "# Margaret's care circle: semana 15" in rosa and "# Walter's circle: semana 15" in rosa


def test_all_members_excludes_a_single_viewer():
    assert run_carereport("build", SAMPLE, "--out", "x", "--all-members", "--viewer", "u-ellen").returncode == 64
    assert run_carereport("audit", SAMPLE, "--all-members").returncode == 64
    assert run_carereport("digest", SAMPLE, "--all-members").returncode == 64


def test_a_run_for_one_circle_removes_only_that_circles_former_members(tmp_path):
    """--all-members --circle circle-walter: Walter's members get their sites of his circle; a former
    member of Margaret's circle (u-linda) is not this run's to remove, a stray folder of someone who
    was never in Walter's circle neither; nothing of Margaret's circle is written."""
    out = tmp_path / "all"
    for name in ("u-linda", "u-ellen"):
        (out / name).mkdir(parents=True)
        (out / name / ".carereport-site").write_text("written by carereport\n")
    result = run_carereport("build", SAMPLE, "--out", out, "--all-members", "--circle", "circle-walter", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in out.iterdir()) == ["u-carmen", "u-ellen", "u-linda", "u-miguel", "u-rosa", "u-walter"]
    assert not (out / "u-rosa" / "c").exists(), "with --circle, Rosa's site is Walter's circle alone"
    assert "Margaret" not in (out / "u-rosa" / "index.md").read_text(encoding="utf-8")
