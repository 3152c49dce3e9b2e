"""At a phone's width (390 px) in Chromium, over every page of Ellen's site and of Rosa's (Spanish,
large text): the page never scrolls sideways, nothing is wider than the screen except inside a
scroll box (a table's or a chart's, which says so with its edge shadows or is a labelled region), and
every flag of every table is inside the screen without scrolling (issue 33)."""

import pytest

from conftest import ELLEN, ROSA, emulate, html_files

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
return [...new Set(problems)].slice(0, 12);
"""


@pytest.mark.parametrize("viewer", [ELLEN, ROSA], ids=lambda viewer: viewer.name)
def test_every_page_reads_on_a_phone(viewer, sites, chrome):
    sites.prefetch([ELLEN, ROSA])
    site = sites.site(viewer)
    pages = [page for page in html_files(site) if not page.name.endswith(".pdf")]
    assert pages, f"no HTML pages for {viewer.name}"
    emulate(chrome, "light", WIDTH, 844)
    failures = []
    for page in pages:
        chrome.get((site / page).as_uri())
        problems = chrome.execute_script(MEASURE)
        if problems:
            failures.append(f"{page}: " + "; ".join(problems))
    assert not failures, f"{len(failures)} of {len(pages)} pages of {viewer.name} at {WIDTH} px:\n" + "\n".join(failures[:40])
