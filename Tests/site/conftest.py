"""Shared fixtures for the checks over built sites.

Every site is built once per test session (`sites.get(...)`) into a temporary folder and shared by
all the checks that look at it. The sample data's people, circles and markers are read from the
sample files themselves, so the checks follow the sample data when it changes.
"""
import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess
import threading
from dataclasses import dataclass
from typing import Optional

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The installation's id key of every run the tests start (docs/privacy.md): fixed, so calendar UIDs,
# feed ids and attachment names are the same bytes in every run, and no key file is made in the home
# folder of whoever runs the tests. Tests of the key itself set their own environment.
os.environ.setdefault("CAREREPORT_ID_KEY", "carereport's test key, never an installation's")
SAMPLE = ROOT / "sample-data"
NOW = "2025-04-18T18:00:00-07:00"
ROLES = ("careRecipient", "caregiver", "organizer", "supporter")


def in_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require(condition, message):
    """Skip when a tool the check needs is missing, except in CI, where that is a failure."""
    if condition:
        return
    if in_ci():
        pytest.fail(f"{message} (CI is set, so a missing tool is a failure, not a skip)")
    pytest.skip(message)


def binary():
    return ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")


def run_carereport(*args, cwd=ROOT, timeout=600):
    path = binary()
    if not path.exists():
        pytest.fail(f"{path} is missing: run swift build first")
    return subprocess.run([str(path), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=timeout)


def opaque_code(*parts):
    """The keyed code carereport derives names from under the tests' key (OpaqueId.swift):
    HMAC-SHA-256 of the parts, each ended by a NUL."""
    import hashlib
    import hmac
    message = "".join(f"{part}\0" for part in parts).encode()
    return hmac.new(os.environ["CAREREPORT_ID_KEY"].encode(), message, hashlib.sha256).digest()


def opaque_id(kind, record_id, circle="circle-margaret"):
    """A calendar UID's name for `record_id` (its first 10 bytes in hex)."""
    return opaque_code("opaque-id", circle, kind, record_id)[:10].hex()


def opaque_uuid(*parts):
    """A resource id of the visit summary or an attachment's name: a version 8 UUID."""
    import uuid
    data = bytearray(opaque_code("opaque-uuid", *parts)[:16])
    data[6] = (data[6] & 0x0F) | 0x80
    data[8] = (data[8] & 0x3F) | 0x80
    return str(uuid.UUID(bytes=bytes(data)))


def load_json(path):
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"))


def markers_file():
    for candidate in (SAMPLE / "markers.json", ROOT / "Tests" / "sample-markers.json"):
        if candidate.exists():
            return candidate
    pytest.fail("no markers file: neither sample-data/markers.json nor Tests/sample-markers.json exists")


def sample_users():
    users = load_json(SAMPLE / "users.json")
    return users["data"] if isinstance(users, dict) else users


def sample_circles():
    return load_json(SAMPLE / "circles.json")


@dataclass(frozen=True)
class Viewer:
    """Who a site is written for: one member (`--viewer`, maybe `--as`) or a role (`--role`)."""
    circle: str
    user: Optional[str] = None
    role: Optional[str] = None
    as_role: Optional[str] = None
    # --language TAG, overriding the reader's preferred language.
    language: Optional[str] = None

    @property
    def name(self):
        who = self.user if self.user else f"role-{self.role}"
        if self.as_role:
            who += f"-as-{self.as_role}"
        if self.language:
            who += f"-in-{self.language}"
        return f"{who}@{self.circle}"

    def selector(self):
        args = ["--viewer", self.user] if self.user else ["--role", self.role]
        if self.as_role:
            args += ["--as", self.as_role]
        return args + ["--circle", self.circle]

    def build_args(self, out, source=SAMPLE):
        language = ["--language", self.language] if self.language else []
        return ["build", source, "--out", out, *self.selector(), "--now", NOW, *language]

    def audit_args(self, source=SAMPLE):
        return ["audit", source, *self.selector(), "--format", "json"]


def members(statuses=("active",)):
    """(circle id, user id) of every member whose status is in `statuses`, in file order."""
    return [Viewer(circle["id"], user=member["userId"])
            for circle in sample_circles() for member in circle["members"]
            if member.get("status") in statuses]


def inactive_members():
    return [(Viewer(circle["id"], user=member["userId"]), member.get("status"))
            for circle in sample_circles() for member in circle["members"]
            if member.get("status") != "active"]


def role_viewers(circle="circle-margaret"):
    return [Viewer(circle, role=role) for role in ROLES]


ELLEN = Viewer("circle-margaret", user="u-ellen")
FRANK = Viewer("circle-margaret", user="u-frank")
# Rosa Delgado reads Spanish, with large text on a dark screen (users[].preferences); circle-walter
# is the circle she cares in.
ROSA = Viewer("circle-walter", user="u-rosa")
# Ellen's site in Spanish: every section (labs included) in the second language.
ELLEN_ES = Viewer("circle-margaret", user="u-ellen", language="es")


@dataclass
class Build:
    viewer: Viewer
    out: pathlib.Path
    result: subprocess.CompletedProcess

    def require_ok(self):
        if self.result.returncode != 0:
            pytest.fail(f"carereport {' '.join(map(str, self.viewer.build_args(self.out)))} "
                        f"exited {self.result.returncode}:\n{self.result.stderr[-3000:]}")
        if not self.out.is_dir():
            pytest.fail(f"build for {self.viewer.name} exited 0 but wrote no folder {self.out}")
        return self.out


class Sites:
    """Builds each viewer's site once per session; builds may run in parallel."""

    def __init__(self, base):
        self.base = base
        self.lock = threading.Lock()
        self.futures = {}
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2))

    def _build(self, viewer):
        folder = self.base / viewer.name
        folder.mkdir(parents=True, exist_ok=True)
        out = folder / "site"
        return Build(viewer, out, run_carereport(*viewer.build_args(out)))

    def prefetch(self, viewers):
        with self.lock:
            for viewer in viewers:
                if viewer not in self.futures:
                    self.futures[viewer] = self.pool.submit(self._build, viewer)

    def get(self, viewer) -> Build:
        self.prefetch([viewer])
        return self.futures[viewer].result()

    def site(self, viewer) -> pathlib.Path:
        """The built folder, or the test fails with the build's diagnostics."""
        return self.get(viewer).require_ok()


@pytest.fixture(scope="session")
def sites(tmp_path_factory):
    built = Sites(tmp_path_factory.mktemp("sites"))
    yield built
    built.pool.shutdown(wait=True)


def all_files(site):
    """Every file under `site`, as sorted paths relative to it."""
    return sorted(path.relative_to(site) for path in site.rglob("*") if path.is_file())


def html_files(site):
    return [path for path in all_files(site) if path.suffix == ".html"]


def tree_snapshot(folder, with_times=False):
    """{relative path: bytes (or (bytes, mtime))} for files, {relative path/: None} for folders."""
    snapshot = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_dir():
            snapshot[relative + "/"] = None
        else:
            data = path.read_bytes()
            snapshot[relative] = (data, path.stat().st_mtime_ns) if with_times else data
    return snapshot


def tree_differences(before, after, limit=20):
    lines = []
    for path in sorted(set(before) | set(after)):
        if path not in after:
            lines.append(f"only in the first: {path}")
        elif path not in before:
            lines.append(f"only in the second: {path}")
        elif before[path] != after[path]:
            lines.append(f"differs: {path}")
    if len(lines) > limit:
        lines = lines[:limit] + [f"... and {len(lines) - limit} more"]
    return lines


# One headless Chromium for the whole session (accessibility and contrast checks).

CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")


@pytest.fixture(scope="session")
def chrome():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        require(False, "selenium is not installed (pip install selenium; pip install --no-deps axe-playwright-python)")
    require(os.path.exists(CHROMIUM) or shutil.which("chromium"),
            f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)")
    require(os.path.exists(CHROMEDRIVER) or shutil.which("chromedriver"),
            f"no chromedriver at {CHROMEDRIVER} (apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--allow-file-access-from-files", "--window-size=1200,900"):
        options.add_argument(argument)
    driver_path = CHROMEDRIVER if os.path.exists(CHROMEDRIVER) else shutil.which("chromedriver")
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(120)
    yield driver
    driver.quit()


def emulate(driver, scheme, width, height=900):
    """Colour scheme and viewport width through the DevTools protocol; both persist across loads."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
