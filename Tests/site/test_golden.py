"""One page of each kind of the u-ellen build, HTML and Markdown, against golden copies.

The copies live in Tests/site/golden/ under the page's own path in the site. Re-record them with
RECORD_SNAPSHOTS=1 (the recording also removes copies of pages no longer chosen), then review the
change with git diff before committing it.
"""
import difflib
import os
import pathlib

import pytest

from conftest import ELLEN, all_files

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
RECORD = os.environ.get("RECORD_SNAPSHOTS", "") not in ("", "0")
KINDS = ("index", "week", "medications index", "medication", "labs index", "lab report", "analyte", "workload")


def choose(pages, prefer):
    """The first page whose name contains one of `prefer` (in that order), else the first page."""
    for word in prefer:
        for page in pages:
            if word in page:
                return page
    return pages[0] if pages else None


def chosen_pages(site):
    """{kind: page path without extension} for the build in `site`."""
    names = sorted(path.with_suffix("").as_posix() for path in all_files(site) if path.suffix == ".html")
    weeks = [name for name in names if name.startswith("weeks/")]
    medications = [name for name in names if name.startswith("medications/") and name != "medications/index"]
    reports = [name for name in names if name.startswith("labs/") and name.count("/") == 1 and name != "labs/index"]
    analytes = [name for name in names if name.startswith("labs/analytes/") and name != "labs/analytes/index"]
    return {
        "index": "index" if "index" in names else None,
        "week": choose(weeks, ["weeks/2025-W16"]) if weeks else None,
        "medications index": "medications/index" if "medications/index" in names else None,
        "medication": choose(medications, ["metformin"]),
        "labs index": "labs/index" if "labs/index" in names else None,
        "lab report": choose(reports, ["metabolic", "panel"]),
        "analyte": choose(analytes, ["hba1c", "a1c", "glucose"]),
        "workload": "workload" if "workload" in names else None,
    }


@pytest.fixture(scope="module")
def ellen(sites):
    build = sites.get(ELLEN)
    if build.result.returncode != 0 or not build.out.is_dir():
        return build, None
    site = build.out
    pages = chosen_pages(site)
    if RECORD:
        wanted = {GOLDEN / f"{page}{ext}" for page in pages.values() if page for ext in (".html", ".md")}
        for stale in GOLDEN.rglob("*") if GOLDEN.exists() else []:
            if stale.is_file() and stale not in wanted:
                stale.unlink()
    return site, pages


@pytest.mark.parametrize("ext", [".html", ".md"])
@pytest.mark.parametrize("kind", KINDS)
def test_page_matches_its_golden_copy(ellen, kind, ext):
    site, pages = ellen
    if pages is None:
        site.require_ok()
    page = pages[kind]
    assert page is not None, f"the u-ellen build has no {kind} page"
    written = site / f"{page}{ext}"
    assert written.is_file(), f"{page}{ext} is missing from the u-ellen build"
    golden = GOLDEN / f"{page}{ext}"
    if RECORD:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(written.read_bytes())
        return
    assert golden.is_file(), (f"no golden copy of the {kind} page: {golden.relative_to(GOLDEN.parents[2])} "
                              "(record it with RECORD_SNAPSHOTS=1, then review and commit it)")
    expected, actual = golden.read_bytes(), written.read_bytes()
    if expected != actual:
        diff = list(difflib.unified_diff(expected.decode("utf-8", "replace").splitlines(),
                                         actual.decode("utf-8", "replace").splitlines(),
                                         f"golden/{page}{ext}", f"built/{page}{ext}", lineterm=""))
        shown = "\n".join(line if len(line) <= 300 else line[:300] + " [...]" for line in diff[:60]) + (f"\n... {len(diff) - 60} more diff lines" if len(diff) > 60 else "")
        pytest.fail(f"the {kind} page {page}{ext} differs from its golden copy "
                    f"(if the change is intended, re-record with RECORD_SNAPSHOTS=1):\n{shown}")
