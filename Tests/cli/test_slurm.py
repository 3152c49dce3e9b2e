"""deploy/slurm/carereport-weekly.sbatch on a real Slurm: a one-node cluster (munged, slurmctld and
slurmd started by hand from a slurm.conf written to a temporary folder, no systemd) runs the script
as the job array it documents (--array=0-3); every task must complete, and the union of what the
four shards wrote (OUT/www and OUT/outbox) must be, file for file and byte for byte, what one
unsharded run of the same two commands writes. Skipped, saying why, where Slurm or MUNGE is not
installed (Debian: apt-get install slurm-wlm munge; `make test` installs them)."""
import os
import pathlib
import shutil
import socket
import subprocess
import time

import pytest

from conftest import ROOT

BIN = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
SCRIPT = ROOT / "deploy" / "slurm" / "carereport-weekly.sbatch"
DAEMONS = ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo")
# 2025-04-21T05:00:00Z: "now" for every run (SOURCE_DATE_EPOCH), inside the generated weeks.
EPOCH = "1745211600"
START_TIMEOUT = 60
JOB_TIMEOUT = 600


def executable(name):
    return shutil.which(name) or next(
        (str(folder / name) for folder in (pathlib.Path("/usr/sbin"), pathlib.Path("/sbin")) if (folder / name).exists()), None)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tree(root: pathlib.Path) -> dict:
    """Every file under root: relative path -> bytes; the outbox's list of the digests carereport
    wrote (.carereport-outbox, one per shard layout) is bookkeeping, not output: left out."""
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*"))
            if path.is_file() and not path.name.startswith(".carereport-outbox")}


class OneNodeSlurm:
    """munged, slurmctld and slurmd for one node, all state and sockets in `folder`."""

    def __init__(self, folder: pathlib.Path):
        self.folder = folder
        self.processes = []
        self.host = socket.gethostname().split(".")[0]
        for name in ("state", "spool", "log", "munge"):
            (folder / name).mkdir(parents=True, exist_ok=True)
        os.chmod(folder / "munge", 0o700)
        key = folder / "munge" / "munge.key"
        key.write_bytes(os.urandom(1024))
        os.chmod(key, 0o400)
        self.socket = folder / "munge" / "munge.socket"
        memory_mb = int(next(line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal:"))) // 1024
        self.conf = folder / "slurm.conf"
        self.conf.write_text("\n".join([
            "ClusterName=carereport-test",
            f"SlurmctldHost={self.host}",
            f"SlurmUser={os.environ.get('USER', 'root') if os.geteuid() != 0 else 'root'}",
            f"SlurmctldPort={free_port()}",
            f"SlurmdPort={free_port()}",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            f"AuthInfo=socket={self.socket}",
            f"StateSaveLocation={folder / 'state'}",
            f"SlurmdSpoolDir={folder / 'spool'}",
            f"SlurmctldPidFile={folder / 'slurmctld.pid'}",
            f"SlurmdPidFile={folder / 'slurmd.pid'}",
            f"SlurmctldLogFile={folder / 'log' / 'slurmctld.log'}",
            f"SlurmdLogFile={folder / 'log' / 'slurmd.log'}",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "MpiDefault=none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_Core",
            "ReturnToService=2",
            "MinJobAge=600",
            f"NodeName={self.host} CPUs={os.cpu_count() or 1} RealMemory={max(memory_mb - 256, 700)} State=UNKNOWN",
            "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
            "",
        ]))
        self.env = dict(os.environ, SLURM_CONF=str(self.conf))
        for key_name in list(self.env):
            if key_name.startswith("SLURM_") and key_name != "SLURM_CONF":
                del self.env[key_name]

    def start(self):
        munge = self.folder / "munge"
        self.spawn([executable("munged"), "--foreground", "--force", f"--socket={self.socket}", f"--key-file={munge / 'munge.key'}",
                    f"--pid-file={munge / 'munged.pid'}", f"--log-file={munge / 'munged.log'}", f"--seed-file={munge / 'munged.seed'}"])
        self.wait_for(lambda: self.socket.exists(), "munged's socket")
        self.spawn([executable("slurmctld"), "-D", "-c", "-f", str(self.conf)])
        self.spawn([executable("slurmd"), "-D", "-f", str(self.conf), "-N", self.host])
        self.wait_for(self.node_ready, "the node to be idle in sinfo")

    def spawn(self, command):
        log = open(self.folder / "log" / f"{pathlib.Path(command[0]).name}.out", "w")
        self.processes.append(subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT))

    def node_ready(self):
        result = subprocess.run([executable("sinfo"), "-h", "-o", "%t"], env=self.env, capture_output=True, text=True)
        return result.returncode == 0 and result.stdout.strip() in ("idle", "mix", "alloc")

    def wait_for(self, condition, what, timeout=START_TIMEOUT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for process in self.processes:
                if process.poll() is not None:
                    pytest.fail(f"{process.args[0]} exited ({process.returncode}) while waiting for {what}:\n{self.logs()}")
            if condition():
                return
            time.sleep(0.25)
        pytest.fail(f"timed out after {timeout} s waiting for {what}:\n{self.logs()}")

    def logs(self):
        return "\n".join(f"--- {path.name}\n{path.read_text(errors='replace')[-3000:]}"
                         for path in sorted((self.folder / "log").glob("*")) if path.is_file())

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def slurm(tmp_path):
    missing = [name for name in DAEMONS if executable(name) is None]
    if missing:
        pytest.skip(f"Slurm is not installed here ({', '.join(missing)} not found): apt-get install slurm-wlm munge")
    if os.geteuid() != 0:
        pytest.skip("slurmd starts jobs as their user, so it runs as root: run this test as root (as CI does)")
    cluster = OneNodeSlurm(tmp_path / "slurm")
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


def test_job_array_writes_what_one_run_writes(slurm, tmp_path, carereport):
    export = tmp_path / "export"
    result = carereport("generate", "--circles", "9", "--weeks", "3", "--seed", "6", "--out", export)
    assert result.returncode == 0, result.stderr
    # The script calls `carereport` from PATH, as on a cluster where it is installed.
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "carereport").symlink_to(BIN)
    work = tmp_path / "work"
    work.mkdir()
    sharded = tmp_path / "sharded"
    submit = subprocess.run(
        [executable("sbatch"), "--parsable", "--array=0-3", f"--export=ALL,PATH={tools}:{os.environ['PATH']},SOURCE_DATE_EPOCH={EPOCH}",
         str(SCRIPT), str(export), str(sharded)],
        cwd=work, env=slurm.env, capture_output=True, text=True)
    assert submit.returncode == 0, submit.stderr + slurm.logs()
    job = submit.stdout.strip().split(";")[0]

    def finished():
        queue = subprocess.run([executable("squeue"), "-h", "-j", job], env=slurm.env, capture_output=True, text=True)
        return queue.returncode == 0 and queue.stdout.strip() == ""
    slurm.wait_for(finished, f"job array {job} to finish", timeout=JOB_TIMEOUT)

    # Every task completed with exit status 0 (Slurm keeps finished jobs for MinJobAge seconds).
    shown = subprocess.run([executable("scontrol"), "-o", "show", "job", job], env=slurm.env, capture_output=True, text=True)
    tasks = [line for line in shown.stdout.splitlines() if "ArrayTaskId=" in line]
    logs = "\n".join(f"--- {path.name}\n{path.read_text(errors='replace')}" for path in sorted(work.glob("carereport-*.log")))
    assert len(tasks) == 4, shown.stdout + shown.stderr + logs
    for line in tasks:
        assert "JobState=COMPLETED" in line and "ExitCode=0:0" in line, line + "\n" + logs

    # One unsharded run of the same two commands, at the same "now".
    whole = tmp_path / "whole"
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    for command in (["build", export, "--out", whole / "www", "--all-members"],
                    ["digest", export, "--all-members", "--week", "last", "--format", "email", "--out", whole / "outbox"]):
        one = subprocess.run([str(BIN), *map(str, command)], env=env, capture_output=True, text=True)
        assert one.returncode == 0, one.stderr
    expected = tree(whole)
    written = tree(sharded)
    assert sorted(written) == sorted(expected)
    assert written == expected
    for index in range(4):
        log = (work / f"carereport-{job}_{index}.log").read_text()
        assert "error" not in log.lower(), log
