"""At a phone's width (390 px) in Chromium, over every page of Ellen's site and of Rosa's (Spanish,
large text): the page never scrolls sideways, nothing is wider than the screen except inside a
scroll box (a table's or a chart's, which says so with its edge shadows or is a labelled region), and
every flag of every table is inside the screen without scrolling; and no two words of a chart
overlap, at 390 px or at 1280 px (issue 33); and no dose calendar, chart or table is wider than a
phone's screen, not even inside a box that scrolls (issue 41)."""

import pytest

from conftest import ELLEN, NOW, ROOT, ROSA, emulate, html_files, run_carereport

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
  const name = svg.id || svg.className.baseVal;
  const frame = svg.getBoundingClientRect();
  const boxes = [...svg.querySelectorAll("text")].map((text) => [text, text.getBoundingClientRect()])
    .filter(([, rect]) => rect.width > 0 && rect.height > 0);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      // Boxes overlap by more than a pixel each way (glyph boxes include some leading); on one line,
      // words closer than 2 px read as one ("Feb 202524 Feb").
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 1 && y > 3) problems.push(`chart ${name}: "${a.textContent}" overlaps "${b.textContent}"`);
      else if (x > -2 && y > Math.min(ra.height, rb.height) / 2) problems.push(`chart ${name}: "${a.textContent}" touches "${b.textContent}"`);
    }
  }
  // Every word, point and flag inside the chart's frame: no "Tue 21 Jan 2025 … Tue" cut at its edge,
  // no latest point beyond it.
  for (const element of svg.querySelectorAll("text, .chart-marker")) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0) continue;
    if (rect.left < frame.left - 1 || rect.right > frame.right + 1 || rect.top < frame.top - 1 || rect.bottom > frame.bottom + 1) {
      const what = element.tagName === "text" ? `"${element.textContent}"` : `a point (${element.getAttribute("class")})`;
      problems.push(`chart ${name}: ${what} is cut at its edge`);
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


FIT = """
const width = document.documentElement.clientWidth;
const problems = [];
if (document.documentElement.scrollWidth > width) {
  problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
}
for (const element of document.querySelectorAll("table, svg.chart, .chart-scroll, .table-scroll")) {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0) continue;
  const name = `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}${element.id ? "#" + element.id : ""}`;
  if (rect.left < -1 || rect.right > width + 1) {
    problems.push(`${name} is ${Math.round(rect.width)} px wide, at ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
  } else if (element.scrollWidth > element.clientWidth + 1) {
    problems.push(`${name} holds ${element.scrollWidth} px in ${element.clientWidth} px`);
  }
}
return [...new Set(problems)].slice(0, 12);
"""


@pytest.mark.parametrize("viewer", [ELLEN, ROSA], ids=lambda viewer: viewer.name)
def test_no_dose_calendar_chart_or_table_is_wider_than_a_phone(viewer, sites, chrome):
    """Issue 41 item 11: at 390 px every dose calendar, chart and table fits the screen whole (no sideways
    scrolling, not even inside its box), on every page, the workload page included."""
    sites.prefetch([ELLEN, ROSA])
    site = sites.site(viewer)
    pages = html_files(site)
    names = [page.as_posix() for page in pages]
    assert any(name.startswith("medications/") for name in names) and "workload.html" in names
    emulate(chrome, "light", WIDTH, 844)
    failures = []
    for page in pages:
        chrome.get((site / page).as_uri())
        problems = chrome.execute_script(FIT)
        if problems:
            failures.append(f"{page}: " + "; ".join(problems))
    assert not failures, f"{len(failures)} of {len(pages)} pages of {viewer.name} at {WIDTH} px:\n" + "\n".join(failures[:40])


def test_the_workload_chart_lies_down_on_a_phone_and_stands_on_a_wide_screen(sites, chrome):
    page = (sites.site(ELLEN) / "workload.html").as_uri()
    shown = "return [...document.querySelectorAll('svg.chart-stacked-bar')].filter((svg) => svg.getBoundingClientRect().width > 0).map((svg) => svg.id);"
    emulate(chrome, "light", WIDTH, 844)
    chrome.get(page)
    assert chrome.execute_script(shown) == ["workload-chart-rows"]
    emulate(chrome, "light", 1280, 844)
    chrome.get(page)
    assert chrome.execute_script(shown) == ["workload-chart"]


def test_the_fit_measure_sees_what_it_looks_for(chrome, tmp_path):
    page = tmp_path / "wide.html"
    page.write_text(
        '<!DOCTYPE html><html><body style="margin:0">'
        '<div class="chart-scroll" style="overflow-x:auto"><svg class="chart chart-dose-calendar" width="416" height="20"></svg></div>'
        '<table class="data"><tr><td style="white-space:nowrap">' + "100% taken, 100% on time " * 3 + '</td></tr></table>'
        '</body></html>')
    emulate(chrome, "light", WIDTH, 844)
    chrome.get(page.as_uri())
    problems = chrome.execute_script(FIT)
    assert any(problem.startswith("div.chart-scroll holds 416 px") for problem in problems), problems
    assert any(problem.startswith("table.data is ") for problem in problems), problems
    assert any(problem.startswith("the page is ") for problem in problems), problems


def test_the_measure_sees_what_it_looks_for(chrome, tmp_path):
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><html><body style="margin:0">'
        '<svg class="chart" id="c" width="300" height="60"><text x="10" y="30">Feb 2025</text><text x="60" y="30">24 Feb</text>'
        '<text x="250" y="50">Tue 21 Jan 2025</text><circle class="chart-marker" cx="299" cy="20" r="5"/></svg>'
        '<svg class="chart" id="d" width="300" height="40" style="font:14px sans-serif"><text id="m" x="2" y="20">Mar 2025</text><text id="n" y="20">3 Mar</text></svg>'
        '<script>const m = document.getElementById("m").getBBox(); document.getElementById("n").setAttribute("x", m.x + m.width + 1);</script>'
        '<table><tr><td style="padding-left:500px"><span class="flag">▲ High</span></td></tr></table>'
        '</body></html>')
    emulate(chrome, "light", WIDTH, 844)
    chrome.get(page.as_uri())
    problems = chrome.execute_script(MEASURE)
    assert any('"Feb 2025" overlaps "24 Feb"' in problem for problem in problems), problems
    assert any('"Tue 21 Jan 2025" is cut at its edge' in problem for problem in problems), problems
    assert any('a point (chart-marker) is cut at its edge' in problem for problem in problems), problems
    assert any('"Mar 2025" touches "3 Mar"' in problem for problem in problems), problems
    assert any("a flag (▲ High) is outside the screen" in problem for problem in problems), problems
    assert any("the page scrolls sideways" in problem for problem in problems), problems


EMAIL_MEASURE = """
const width = document.documentElement.clientWidth;
const problems = [];
if (document.documentElement.scrollWidth > width + 1) {
  problems.push(`the e-mail scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
}
// Each word's box, from the text itself (a cell may be wider than what it says).
const textBox = (element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect();
};
for (const element of document.body.querySelectorAll("h1, h2, h3, p, li, th, td, a, strong, span")) {
  const rect = textBox(element);
  if (rect.width === 0) continue;
  if (rect.right > width + 1 || rect.left < -1) {
    problems.push(`"${element.textContent.trim().slice(0, 40)}" is cut at ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
  }
}
for (const row of document.querySelectorAll("tr")) {
  const cells = [...row.children].map((cell) => [cell, textBox(cell)]).filter(([, rect]) => rect.width > 0);
  for (let i = 0; i + 1 < cells.length; i++) {
    const [a, ra] = cells[i], [b, rb] = cells[i + 1];
    const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    // Side by side on one line closer than 6 px read as one word ("MedicamentoDosis").
    if (y > 2 && rb.left - ra.right < 6) {
      problems.push(`"${a.textContent.trim().slice(0, 30)}" runs into "${b.textContent.trim().slice(0, 30)}" (${Math.round(rb.left - ra.right)} px apart)`);
    }
  }
}
return [...new Set(problems)].slice(0, 12);
"""


@pytest.mark.parametrize("viewer", [
    ["--viewer", "u-rosa"], ["--viewer", "u-ellen", "--circle", "circle-margaret"],
    ["--viewer", "u-ellen", "--circle", "circle-margaret", "--language", "es"],
], ids=["rosa", "ellen", "ellen-es"])
def test_the_html_email_reads_on_a_phone(viewer, chrome, tmp_path):
    """The digest's HTML part of every week at 390 px: headings apart, nothing cut, no sideways scroll."""
    emulate(chrome, "light", WIDTH, 844)
    failures, tables = [], 0
    for week in range(2, 17):
        out = tmp_path / f"digest-{week}.html"
        run = run_carereport("digest", ROOT / "sample-data", *viewer, "--week", f"2025-W{week:02d}", "--format", "html", "--now", NOW, "--out", out)
        assert run.returncode == 0, run.stderr
        tables += out.read_text(encoding="utf-8").count("<table")
        chrome.get(out.as_uri())
        problems = chrome.execute_script(EMAIL_MEASURE)
        if problems:
            failures.append(f"week {week}: " + "; ".join(problems))
    assert tables, "the digests hold tables to measure"
    assert not failures, "\n".join(failures)


def test_the_email_measure_sees_what_it_looks_for(chrome, tmp_path):
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><html><body style="margin:0">'
        '<table style="border-collapse:collapse"><tr><th style="padding:0">Medicamento</th><th style="padding:0">Dosis</th></tr></table>'
        '<p style="white-space:nowrap">' + "Paracetamol 500 mg " * 8 + '</p></body></html>')
    emulate(chrome, "light", WIDTH, 844)
    chrome.get(page.as_uri())
    problems = chrome.execute_script(EMAIL_MEASURE)
    assert any('"Medicamento" runs into "Dosis"' in problem for problem in problems), problems
    assert any("scrolls sideways" in problem for problem in problems), problems
    assert any('"Paracetamol 500 mg' in problem and "is cut" in problem for problem in problems), problems
