"""--all-members: the export is loaded once and every active member gets exactly the output a
single-viewer run would give them; former members' folders do not survive."""
from conftest import ELLEN, FRANK, NOW, SAMPLE, members, run_carereport, tree_differences, tree_snapshot


def test_every_member_gets_their_own_site(sites, tmp_path):
    out = tmp_path / "all"
    (out / "circle-margaret" / "u-linda").mkdir(parents=True)
    (out / "circle-margaret" / "u-linda" / ".carereport-site").write_text("written by carereport\n")
    (out / "circle-margaret" / "u-linda" / "index.html").write_text("a former member's old site")
    result = run_carereport("build", SAMPLE, "--out", out, "--all-members", "--now", NOW)
    assert result.returncode == 0, result.stderr
    expected = {(viewer.circle, viewer.user) for viewer in members()}
    written = {(path.parent.name, path.name) for path in out.glob("*/*") if path.is_dir()}
    assert written == expected
    for viewer in (ELLEN, FRANK):
        single = tree_snapshot(sites.site(viewer))
        assert tree_differences(single, tree_snapshot(out / viewer.circle / viewer.user)) == []


def test_every_member_gets_their_own_digest(tmp_path):
    out = tmp_path / "outbox"
    result = run_carereport("digest", SAMPLE, "--all-members", "--week", "2025-W15", "--out", out, "--now", NOW)
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
    for viewer in members():
        single = run_carereport("digest", SAMPLE, *viewer.selector(), "--week", "2025-W15", "--now", NOW).stdout
        assert (out / viewer.circle / f"{viewer.user}.md").read_text(encoding="utf-8") == single


def test_all_members_excludes_a_single_viewer():
    assert run_carereport("build", SAMPLE, "--out", "x", "--all-members", "--viewer", "u-ellen").returncode == 64
    assert run_carereport("audit", SAMPLE, "--all-members").returncode == 64
    assert run_carereport("digest", SAMPLE, "--all-members").returncode == 64
