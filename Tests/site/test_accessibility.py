"""axe-core (axe-selenium-python) in headless Chromium over every HTML page of two builds
(caregiver u-ellen, supporter u-frank), light and dark colour scheme, 1200 px and 375 px wide.

Each page is loaded once and checked in all four settings: the colour scheme and the viewport are
switched live through the DevTools protocol, which restyles the page without reloading it. A
hand-made page with known violations goes first, so a check that silently finds nothing fails.
"""
import json

import pytest

from conftest import ELLEN, FRANK, emulate, html_files, require

# axe-core 3.1.1 (what axe-selenium-python ships) predates HTML's <div> groups inside <dl>
# (<dl><div><dt>..</dt><dd>..</dd></div></dl>, valid and checked by the Nu checker) and reports
# every such <dt>/<dd> under "dlitem". That rule is off; DLITEM below checks the same thing the way
# the HTML standard puts it.
AXE_OPTIONS = {"rules": {"dlitem": {"enabled": False}}}
DLITEM = """return Array.from(document.querySelectorAll('dt, dd')).filter(function (item) {
  var parent = item.parentElement;
  if (parent && parent.localName === 'div' && !parent.hasAttribute('role')) parent = parent.parentElement;
  return !(parent && parent.localName === 'dl' && !parent.hasAttribute('role'));
}).map(function (item) { return item.outerHTML.slice(0, 80); });"""

SETTINGS = [(scheme, width) for width in (1200, 375) for scheme in ("light", "dark")]
MAX_REPORTED = 60

CANARY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title>
<style>p { color: #767676; background: #fff } @media (prefers-color-scheme: dark) { p { color: #555; background: #333 } }</style>
</head><body><main><h1>Canary</h1><p>Grey on white passes; grey on grey in the dark does not.</p><img src="data:,"><dl><div><dt>ok</dt><dd>grouped</dd></div></dl><dt>stray</dt></main></body></html>
"""


@pytest.fixture(scope="module")
def axe(chrome):
    try:
        from axe_selenium_python import Axe
    except ImportError:
        require(False, "axe-selenium-python is not installed (pip install axe-selenium-python)")
    return Axe(chrome)


def settle(driver, scheme, width):
    """Switches the settings and waits until the page sees them."""
    emulate(driver, scheme, width)
    state = driver.execute_script(
        "return [window.innerWidth, matchMedia('(prefers-color-scheme: dark)').matches]")
    assert state == [width, scheme == "dark"], f"emulation did not take: asked {scheme} {width}px, page sees {state}"


def violations_on_page(driver, axe, url):
    """{(scheme, width): [violations]} for one page, in every setting."""
    driver.get(url)
    axe.inject()
    found = {}
    for scheme, width in SETTINGS:
        settle(driver, scheme, width)
        found[(scheme, width)] = axe.run(options=json.dumps(AXE_OPTIONS))["violations"]
    stray = driver.execute_script(DLITEM)
    if stray:
        found[SETTINGS[0]].append({"id": "dlitem (HTML standard)", "impact": "serious",
                                   "help": "<dt> and <dd> must be in a <dl>, or in a <div> directly in a <dl>",
                                   "nodes": [{"target": [item]} for item in stray]})
    return found


def describe(page, setting, violations):
    lines = []
    for violation in violations:
        for node in violation["nodes"][:5]:
            lines.append(f"{page} [{setting[0]} {setting[1]}px] {violation['id']} ({violation.get('impact')}): "
                         f"{' '.join(map(str, node.get('target', [])))} - {violation.get('help', '')}")
        if len(violation["nodes"]) > 5:
            lines.append(f"{page} [{setting[0]} {setting[1]}px] {violation['id']}: ... {len(violation['nodes']) - 5} more nodes")
    return lines


def test_the_checker_sees_violations_and_the_colour_scheme(chrome, axe, tmp_path):
    canary = tmp_path / "canary.html"
    canary.write_text(CANARY)
    found = violations_on_page(chrome, axe, canary.as_uri())
    for setting, violations in found.items():
        ids = {violation["id"] for violation in violations}
        assert "image-alt" in ids, f"axe missed the image without alt text in {setting}: {ids}"
        assert ("color-contrast" in ids) == (setting[0] == "dark"), f"axe and the colour scheme disagree in {setting}: {ids}"
    stray = [node["target"] for violation in found[SETTINGS[0]] if violation["id"].startswith("dlitem") for node in violation["nodes"]]
    assert stray == [["<dt>stray</dt>"]], f"the dlitem check should find exactly the stray <dt>: {stray}"


@pytest.mark.parametrize("viewer", [ELLEN, FRANK], ids=lambda viewer: viewer.name)
def test_no_axe_violations(viewer, sites, chrome, axe):
    sites.prefetch([ELLEN, FRANK])
    site = sites.site(viewer)
    pages = html_files(site)
    assert pages, f"no HTML pages in the site for {viewer.name}"
    problems = []
    for page in pages:
        for setting, violations in violations_on_page(chrome, axe, (site / page).as_uri()).items():
            problems += describe(page.as_posix(), setting, violations)
    shown = problems[:MAX_REPORTED] + ([f"... and {len(problems) - MAX_REPORTED} more"] if len(problems) > MAX_REPORTED else [])
    assert not problems, f"axe-core finds {len(problems)} problems in {len(pages)} pages for {viewer.name}:\n" + "\n".join(shown)
