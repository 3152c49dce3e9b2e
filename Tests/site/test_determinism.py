"""Same input, same viewer, same "now": the same bytes; a build replaces its folder whole, and a
failed build leaves the previous folder as it was."""
import json
import shutil

from conftest import ELLEN, FRANK, SAMPLE, run_carereport, tree_differences, tree_snapshot


def test_two_builds_are_byte_identical(sites, tmp_path):
    first = sites.site(ELLEN)
    second = tmp_path / "again"
    result = run_carereport(*ELLEN.build_args(second))
    assert result.returncode == 0, result.stderr[-2000:]
    differences = tree_differences(tree_snapshot(first), tree_snapshot(second))
    assert not differences, "two builds for u-ellen differ:\n" + "\n".join(differences)


def test_a_build_replaces_an_older_build_whole(sites, tmp_path):
    reference = sites.site(FRANK)
    out = tmp_path / "site"
    shutil.copytree(sites.site(ELLEN), out)  # a more privileged viewer's build was here before
    (out / "old-secret.html").write_text("<p>old secret from an earlier build</p>")
    (out / "weeks" / "2019-W01.md").write_text("old week")
    (out / "stray-folder").mkdir()
    result = run_carereport(*FRANK.build_args(out))
    assert result.returncode == 0, result.stderr[-2000:]
    differences = tree_differences(tree_snapshot(reference), tree_snapshot(out))
    assert not differences, "the rebuilt folder is not exactly u-frank's build:\n" + "\n".join(differences)
    beside = sorted(path.name for path in tmp_path.iterdir())
    assert beside == ["site"], f"the build left files beside its output folder: {beside}"


def broken_export(tmp_path):
    source = tmp_path / "broken-export"
    shutil.copytree(SAMPLE, source)
    records = json.loads((source / "health.json").read_text())
    records[0]["privacyLevel"] = "everyone-please"
    (source / "health.json").write_text(json.dumps(records))
    return source


def assert_failed_build_leaves_folder_alone(sites, tmp_path, args, expected_status):
    out = tmp_path / "site"
    shutil.copytree(sites.site(ELLEN), out)
    before = tree_snapshot(out, with_times=True)
    result = run_carereport(*args(out))
    assert result.returncode == expected_status, f"exit {result.returncode}, expected {expected_status}: {result.stderr[-1000:]}"
    differences = tree_differences(before, tree_snapshot(out, with_times=True))
    assert not differences, "a failed build changed the previous folder:\n" + "\n".join(differences)
    beside = sorted(path.name for path in tmp_path.iterdir() if path.name != "broken-export")
    assert beside == ["site"], f"the failed build left files beside its output folder: {beside}"


def test_a_build_of_an_invalid_export_leaves_the_previous_folder_untouched(sites, tmp_path):
    source = broken_export(tmp_path)
    assert_failed_build_leaves_folder_alone(sites, tmp_path, lambda out: FRANK.build_args(out, source=source), 65)


def test_a_build_for_an_unknown_viewer_leaves_the_previous_folder_untouched(sites, tmp_path):
    args = lambda out: ["build", SAMPLE, "--out", out, "--viewer", "u-nobody", "--circle", "circle-margaret",
                        "--now", "2025-04-18T18:00:00-07:00"]
    assert_failed_build_leaves_folder_alone(sites, tmp_path, args, 67)
