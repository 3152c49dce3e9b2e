"""At a phone's width (390 px) in Chromium, over every page of Ellen's site and of Rosa's (Spanish,
large text): the page never scrolls sideways, nothing is wider than the screen except inside a
scroll box (a table's or a chart's, which says so with its edge shadows or is a labelled region), and
every flag of every table is inside the screen without scrolling; and no two words of a chart
overlap, at 390 px or at 1280 px (issue 33)."""

import pytest

from conftest import ELLEN, ROOT, ROSA, emulate, html_files, run_carereport

DOCUMENT = ROOT.parent / "shared" / "fixtures" / "ips" / "bundle-minimal.json"

WIDTH = 390

MEASURE = """
const width = document.documentElement.clientWidth;
const problems = [];
const scrollBox = (element) => {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (["auto", "scroll"].includes(style.overflowX) && node.scrollWidth > node.clientWidth) return node;
  }
  return null;
};
if (document.documentElement.scrollWidth > width + 1) {
  problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
}
const hidden = (element) => {
  for (let node = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.clip !== "auto" || style.clipPath !== "none" || style.display === "none") return true;
  }
  return false;
};
for (const element of document.body.querySelectorAll("*")) {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 || rect.right <= width + 1 || hidden(element)) continue;
  const box = scrollBox(element);
  if (!box) {
    problems.push(`${element.tagName.toLowerCase()}.${element.className.baseVal ?? element.className} ends at ${Math.round(rect.right)} px`);
  } else if (!box.matches(".table-scroll, .chart-scroll")) {
    problems.push(`${element.tagName.toLowerCase()} scrolls in a box with no cue: ${box.tagName.toLowerCase()}.${box.className}`);
  }
}
for (const flag of document.querySelectorAll("td .flag, th .flag")) {
  const rect = flag.getBoundingClientRect();
  if (rect.width === 0) continue;
  if (rect.left < -1 || rect.right > width + 1) {
    problems.push(`a flag (${flag.textContent.trim()}) is outside the screen at ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
  }
}
for (const svg of document.querySelectorAll("svg.chart")) {
  const boxes = [...svg.querySelectorAll("text")].map((text) => [text, text.getBoundingClientRect()])
    .filter(([, rect]) => rect.width > 0 && rect.height > 0);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      // Boxes overlap by more than a pixel each way (glyph boxes include some leading).
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 1 && y > 3) problems.push(`chart ${svg.id || svg.className.baseVal}: "${a.textContent}" overlaps "${b.textContent}"`);
    }
  }
}
return [...new Set(problems)].slice(0, 12);
"""


@pytest.mark.parametrize("width", [WIDTH, 1280])
@pytest.mark.parametrize("viewer", [ELLEN, ROSA], ids=lambda viewer: viewer.name)
def test_every_page_reads_on_a_phone(viewer, width, sites, chrome):
    sites.prefetch([ELLEN, ROSA])
    check_site(sites.site(viewer), viewer.name, width, chrome)


@pytest.mark.parametrize("width", [WIDTH, 1280])
def test_every_page_of_a_documents_site_reads_on_a_phone(width, chrome, tmp_path):
    if not DOCUMENT.exists():
        pytest.skip(f"{DOCUMENT} is absent: the shared fixtures are not beside the project")
    run = run_carereport("build", DOCUMENT, "--out", tmp_path / "site", "--viewer", "patient", "--now", "2021-01-04T09:00:00Z")
    assert run.returncode == 0, run.stderr
    check_site(tmp_path / "site", "the IPS document's patient", width, chrome)


def check_site(site, name, width, chrome):
    pages = html_files(site)
    assert pages, f"no HTML pages for {name}"
    emulate(chrome, "light", width, 844)
    failures = []
    for page in pages:
        chrome.get((site / page).as_uri())
        problems = chrome.execute_script(MEASURE)
        if width != WIDTH:  # on a wide screen only the charts' words are measured
            problems = [problem for problem in problems if problem.startswith("chart ")]
        if problems:
            failures.append(f"{page}: " + "; ".join(problems))
    assert not failures, f"{len(failures)} of {len(pages)} pages of {name} at {width} px:\n" + "\n".join(failures[:40])


def test_the_measure_sees_what_it_looks_for(chrome, tmp_path):
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><html><body style="margin:0">'
        '<svg class="chart" id="c" width="300" height="60"><text x="10" y="30">Feb 2025</text><text x="60" y="30">24 Feb</text></svg>'
        '<table><tr><td style="padding-left:500px"><span class="flag">▲ High</span></td></tr></table>'
        '</body></html>')
    emulate(chrome, "light", WIDTH, 844)
    chrome.get(page.as_uri())
    problems = chrome.execute_script(MEASURE)
    assert any('"Feb 2025" overlaps "24 Feb"' in problem for problem in problems), problems
    assert any("a flag (▲ High) is outside the screen" in problem for problem in problems), problems
    assert any("the page scrolls sideways" in problem for problem in problems), problems
