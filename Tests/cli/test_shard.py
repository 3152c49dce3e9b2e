"""--shard K/N and auto/N: N = 3 shards run as separate processes (JOB_COMPLETION_INDEX set, as a
Kubernetes Indexed Job sets it) write disjoint sets of readers (OUT/USER, by the FNV-1a hash of the
user id) whose union is, byte for byte, the output of one unsharded run, for build and digest; a
reader in several circles (the care manager g0-manager of `generate --organizer-in`) is written
once, by one shard; a shard never touches another shard's readers."""
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT

NOW = "2025-04-20T22:00:00-07:00"
SHARDS = 3
BIN = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")


def tree(root: pathlib.Path) -> dict:
    """Every file and folder under root: relative path -> bytes (None for a folder). The outbox's
    list of the digests carereport wrote (.carereport-outbox, one per shard layout) is bookkeeping,
    not output: left out."""
    found = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(".carereport-outbox"):
            continue
        found[relative] = None if path.is_dir() else path.read_bytes()
    return found


def run_shards(args, outs, extra_env=None):
    """Starts the N shards at once as separate processes, each with its JOB_COMPLETION_INDEX."""
    processes = []
    for index, out in enumerate(outs):
        env = dict(os.environ, JOB_COMPLETION_INDEX=str(index), **(extra_env or {}))
        env.pop("SLURM_ARRAY_TASK_ID", None)
        processes.append(subprocess.Popen(
            [str(BIN), *args, "--out", str(out), "--all-members", "--shard", f"auto/{SHARDS}", "--now", NOW],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    for process in processes:
        _, err = process.communicate(timeout=600)
        assert process.returncode == 0, err


@pytest.fixture(scope="module")
def export(tmp_path_factory, carereport):
    folder = tmp_path_factory.mktemp("shard") / "export"
    result = carereport("generate", "--circles", "7", "--weeks", "3", "--seed", "4", "--organizer-in", "5", "--out", folder)
    assert result.returncode == 0, result.stderr
    return folder


COMMANDS = {
    "build": ["build"],
    "digest": ["digest", "--week", "2025-W15"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_union_of_shards_is_the_unsharded_output(command, export, tmp_path, carereport):
    args = [*COMMANDS[command], export]
    full = tmp_path / "full"
    result = carereport(*args, "--out", full, "--all-members", "--now", NOW)
    assert result.returncode == 0, result.stderr
    expected = tree(full)
    readers = {name.split("/")[0].removesuffix(".md") for name in expected}
    assert len(readers) == 7 * 6 + 1, "every active member of the 7 circles once, and the care manager once"
    manager = "g0-manager" if command == "build" else "g0-manager.md"
    assert manager in expected
    if command == "build":
        assert sum(1 for name in expected if name.startswith("g0-manager/c/") and name.count("/") == 2) == 5

    # Each shard in its own folder: non-empty, disjoint, and together the whole output.
    outs = [tmp_path / f"shard-{index}" for index in range(SHARDS)]
    run_shards(args, outs)
    union = {}
    seen = set()
    for out in outs:
        part = tree(out) if out.exists() else {}
        mine = {name.split("/")[0] for name in part}
        assert mine, f"{out.name} wrote nothing: 43 readers should spread over {SHARDS} shards"
        assert not (mine & seen), f"{out.name} wrote readers of another shard: {mine & seen}"
        seen |= mine
        union.update(part)
    assert union.keys() == expected.keys()
    for name, data in expected.items():
        assert union[name] == data, f"{name} differs from the unsharded run"


def test_shards_sharing_one_folder_clean_only_their_own_circles(export, tmp_path, carereport):
    """Last week's site is there; a member has left circle g1. The shards, run at once into the same
    folder (a shared volume), leave exactly what one unsharded run leaves."""
    full = tmp_path / "full"
    assert carereport("build", export, "--out", full, "--all-members", "--now", NOW).returncode == 0
    shared = tmp_path / "shared"
    shutil.copytree(full, shared, symlinks=True)
    for former in ("g1-u99", "g2-u98", "g3-u97", "g0-manager2"):  # former members' sites, in several shards
        shutil.copytree(shared / "g1-u2", shared / former, symlinks=True)
    run_shards(["build", export], [shared] * SHARDS)
    assert tree(shared) == tree(full)


def test_a_shard_leaves_other_shards_readers_alone(export, tmp_path, carereport):
    """A shard run alone removes the stale sites of its own readers only: another shard's former
    member (or a staging folder another machine is still writing) is not its to remove."""
    out = tmp_path / "out"
    assert carereport("build", export, "--out", out, "--all-members", "--shard", "0/3", "--now", NOW).returncode == 0
    mine = sorted(path.name for path in out.iterdir())
    ours, theirs = None, None
    for candidate in (f"g9-u{n}" for n in range(10, 99)):
        shard = fnv1a64(candidate) % SHARDS
        if shard == 0 and ours is None:
            ours = candidate
        if shard != 0 and theirs is None:
            theirs = candidate
    for name in (ours, theirs):
        shutil.copytree(out / mine[0], out / name, symlinks=True)
    staging = out / f".{theirs}.carereport-new-999999"
    shutil.copytree(out / mine[0], staging, symlinks=True)
    assert carereport("build", export, "--out", out, "--all-members", "--shard", "0/3", "--now", NOW).returncode == 0
    assert not (out / ours).exists(), "the shard's own former member's site is removed"
    assert (out / theirs).exists(), "another shard's reader is not this shard's to remove"
    assert staging.exists(), "another shard's staging folder (maybe on another machine) is left alone"


def fnv1a64(text):
    value = 0xcbf29ce484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001b3) % (1 << 64)
    return value


@pytest.mark.parametrize("value, env, message", [
    ("3/3", {}, "from 0 to 2"),
    ("x/3", {}, "from 0 to 2"),
    ("1/0", {}, "K/N or auto/N"),
    ("auto/3", {"JOB_COMPLETION_INDEX": "3"}, "not a shard from 0 to 2"),
    ("auto/3", {"SLURM_ARRAY_TASK_ID": "3"}, "--array=0-2"),
    ("auto/3", {"SLURM_ARRAY_TASK_ID": "one"}, "SLURM_ARRAY_TASK_ID"),
    ("auto/3", {}, "neither is set"),
])
def test_bad_shard_is_a_usage_error(value, env, message, export, tmp_path):
    clean = {k: v for k, v in os.environ.items() if k not in ("JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID")}
    for command in (["build"], ["digest", "--week", "2025-W15"]):
        result = subprocess.run(
            [str(BIN), *command, export, "--out", tmp_path / "o", "--all-members", "--shard", value],
            env={**clean, **env}, capture_output=True, text=True)
        assert result.returncode == 64, result.stderr
        assert message in result.stderr
        assert not (tmp_path / "o").exists()


def test_shard_needs_all_members(export, tmp_path, carereport):
    result = carereport("build", export, "--out", tmp_path / "o", "--viewer", "g1-u2", "--circle", "g1", "--shard", "0/3")
    assert result.returncode == 64
    assert "--all-members" in result.stderr
