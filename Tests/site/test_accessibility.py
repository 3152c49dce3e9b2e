"""axe-core 4.x in headless Chromium over every HTML page of two builds (caregiver u-ellen,
supporter u-frank), light and dark colour scheme, 1200 px and 375 px wide, with every rule axe has
switched on (experimental ones included).

axe-core is the `axe.min.js` shipped in the axe-playwright-python wheel (installed with
`pip install --no-deps axe-playwright-python`, so Playwright is not needed), injected through
Selenium. Each page is loaded once and checked in all four settings: the colour scheme and the
viewport are switched live through the DevTools protocol, which restyles the page without
reloading it. A hand-made page with known violations goes first, so a check that silently finds
nothing fails.
"""
import importlib.util
import json
import pathlib

import pytest

from conftest import ELLEN, ELLEN_ES, FRANK, ROSA, Viewer, emulate, html_files, require

AXE_PACKAGE = "axe_playwright_python"
# Every rule axe knows, on, whatever its default; only violations are sent back.
RUN_AXE = """var done = arguments[arguments.length - 1];
var rules = {};
axe.getRules().forEach(function (rule) { rules[rule.ruleId] = {enabled: true}; });
axe.run(document, {rules: rules, resultTypes: ['violations']}).then(
  function (results) { done(JSON.stringify({version: axe.version, rules: Object.keys(rules).length, violations: results.violations})); },
  function (error) { done(JSON.stringify({error: String(error)})); });"""

SETTINGS = [(scheme, width) for width in (1200, 375) for scheme in ("light", "dark")]
MAX_REPORTED = 60

CANARY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title>
<style>p { color: #767676; background: #fff } @media (prefers-color-scheme: dark) { p { color: #555; background: #333 } }</style>
</head><body><main><h1>Canary</h1><p>Grey on white passes; grey on grey in the dark does not.</p><img src="data:,"><dl><div><dt>ok</dt><dd>grouped</dd></div></dl><dt>stray</dt></main></body></html>
"""


def axe_source():
    """The text of axe.min.js from the axe-playwright-python package, or a skip saying how to get it."""
    spec = importlib.util.find_spec(AXE_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for folder in locations:
        script = pathlib.Path(folder) / "axe.min.js"
        if script.is_file():
            return script.read_text(encoding="utf-8")
    require(False, "axe-core is missing: pip install --no-deps axe-playwright-python (it ships axe.min.js)")


class Axe:
    """axe-core injected into the page the driver shows, run with every rule on."""

    def __init__(self, driver, source):
        self.driver = driver
        self.source = source

    def inject(self):
        self.driver.execute_script(self.source + "\n;return true;")

    def run(self):
        answer = json.loads(self.driver.execute_async_script(RUN_AXE))
        assert "error" not in answer, f"axe-core failed: {answer['error']}"
        assert answer["version"].startswith("4."), f"expected axe-core 4.x, found {answer['version']}"
        return answer


@pytest.fixture(scope="module")
def axe(chrome):
    return Axe(chrome, axe_source())


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
        found[(scheme, width)] = axe.run()["violations"]
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


def test_the_checker_is_axe_4_with_every_rule_on(chrome, axe, tmp_path):
    canary = tmp_path / "canary.html"
    canary.write_text(CANARY)
    chrome.get(canary.as_uri())
    axe.inject()
    answer = axe.run()
    # dlitem is among the rules and judges <div> groups in <dl> as HTML does.
    assert answer["rules"] >= 90, f"only {answer['rules']} axe rules were switched on"
    dlitem = [node["target"] for violation in answer["violations"] if violation["id"] == "dlitem" for node in violation["nodes"]]
    assert dlitem == [["main > dt"]], f"dlitem should find exactly the stray <dt>, not the grouped one: {dlitem}"


def test_the_checker_sees_violations_and_the_colour_scheme(chrome, axe, tmp_path):
    canary = tmp_path / "canary.html"
    canary.write_text(CANARY)
    found = violations_on_page(chrome, axe, canary.as_uri())
    for setting, violations in found.items():
        ids = {violation["id"] for violation in violations}
        assert "image-alt" in ids, f"axe missed the image without alt text in {setting}: {ids}"
        assert "dlitem" in ids, f"axe missed the <dt> outside a <dl> in {setting}: {ids}"
        assert ("color-contrast" in ids) == (setting[0] == "dark"), f"axe and the colour scheme disagree in {setting}: {ids}"


@pytest.mark.parametrize("viewer", [ELLEN, FRANK, ROSA, ELLEN_ES], ids=lambda viewer: viewer.name)
def test_no_axe_violations(viewer, sites, chrome, axe):
    """Rosa's pages are Spanish, large text and a fixed dark theme (her preferences); Ellen's in Spanish too."""
    sites.prefetch([ELLEN, FRANK, ROSA, ELLEN_ES])
    site = sites.site(viewer)
    pages = html_files(site)
    assert pages, f"no HTML pages in the site for {viewer.name}"
    problems = []
    for page in pages:
        for setting, violations in violations_on_page(chrome, axe, (site / page).as_uri()).items():
            problems += describe(page.as_posix(), setting, violations)
    shown = problems[:MAX_REPORTED] + ([f"... and {len(problems) - MAX_REPORTED} more"] if len(problems) > MAX_REPORTED else [])
    assert not problems, f"axe-core finds {len(problems)} problems in {len(pages)} pages for {viewer.name}:\n" + "\n".join(shown)


SOPHIE = Viewer("circle-margaret", user="u-sophie")


@pytest.mark.parametrize("viewer", [ELLEN, SOPHIE], ids=lambda viewer: viewer.name)
def test_workload_page_has_no_axe_violations(viewer, sites, chrome, axe):
    """The workload page (issue 16) for a caregiver and for an organizer, whose page has no dose columns."""
    site = sites.site(viewer)
    assert "workload.html" in [page.as_posix() for page in html_files(site)], "the workload page is missing, so no check covers it"
    problems = []
    for setting, violations in violations_on_page(chrome, axe, (site / "workload.html").as_uri()).items():
        problems += describe("workload.html", setting, violations)
    assert not problems, "axe-core finds problems in the workload page:\n" + "\n".join(problems[:MAX_REPORTED])
