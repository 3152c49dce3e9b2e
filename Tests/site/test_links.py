"""Every page opens from file:// and every link leads somewhere, for every viewer's build.

HTML: every relative href/src/srcset (and CSS url()/@import in style sheets, <style> and style
attributes) names a written file, never a bare folder, never an absolute path; a #fragment exists
as an id in its target; no src, <link>, <script>, SVG <use>/<image> or @import reaches another
host (plain <a href="https://..."> links to the web are allowed). Markdown: relative links and
images name written files, attachments included: no page links to a file the build did not write
(issue 22). Also: the contract's pages exist, each page has its twin in the other format, and every
page is reachable from the index.
"""
import html.parser
import pathlib
import re
import urllib.parse

import pytest

from conftest import ELLEN, FRANK, SAMPLE, all_files, load_json, members, role_viewers

VIEWERS = members() + role_viewers("circle-margaret")
RESOURCE_ATTRIBUTES = {"src", "href", "xlink:href", "srcset", "poster", "data", "action", "formaction", "background"}
NAVIGATION_TAGS = {"a", "area"}
MAX_REPORTED = 40


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.references = []  # (tag, attribute, value)
        self.ids = set()
        self.styles = []  # inline CSS text
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (name == "name" and tag == "a"):
                self.ids.add(value)
            elif name == "style":
                self.styles.append(value)
            elif name == "srcset":
                for candidate in value.split(","):
                    if candidate.strip():
                        self.references.append((tag, name, candidate.split()[0]))
            elif name in RESOURCE_ATTRIBUTES:
                self.references.append((tag, name, value.strip()))
        self.in_style = tag == "style"

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.styles.append(data)


def css_references(css):
    """(kind, url) for @import and url() in a style sheet."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for match in re.finditer(r"@import\s+(?:url\(\s*)?['\"]?([^'\")\s;]+)", css):
        found.append(("@import", match.group(1)))
    for match in re.finditer(r"url\(\s*['\"]?([^'\")]+?)['\"]?\s*\)", css):
        found.append(("url()", match.group(1)))
    return found


# CommonMark backslash escapes (any ASCII punctuation) stand for the character itself in a link destination.
MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def markdown_references(text):
    """(kind, target) for links, images and reference definitions outside code."""
    text = re.sub(r"^(```|~~~).*?^\1", "", text, flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)
    found = []
    for match in re.finditer(r"(!?)\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)", text):
        found.append(("image" if match.group(1) else "link", MARKDOWN_ESCAPE.sub(r"\1", match.group(2))))
    for match in re.finditer(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", text, flags=re.M):
        found.append(("link", match.group(1)))
    for match in re.finditer(r"<(?:a|img)\b[^>]*?\b(href|src)=[\"']([^\"']*)[\"']", text):
        found.append(("image" if match.group(1) == "src" else "link", match.group(2)))
    return found


class Site:
    def __init__(self, root):
        self.root = root.resolve()
        self.files = all_files(root)
        self.pages = {}

    def page(self, relative):
        if relative not in self.pages:
            parser = Page()
            parser.feed((self.root / relative).read_text(encoding="utf-8", errors="replace"))
            parser.close()
            self.pages[relative] = parser
        return self.pages[relative]

    def resolve(self, source, url, navigation, loads, problems, where):
        """Checks one URL found in `source`; returns the target's relative path or None."""
        if url == "":
            problems.append(f"{where}: empty link")
            return None
        parts = urllib.parse.urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme in ("http", "https") or url.startswith("//"):
            if loads or not navigation:
                problems.append(f"{where}: loads from another host: {url}")
            return None
        if scheme in ("mailto", "tel"):
            if not navigation:
                problems.append(f"{where}: {scheme}: link where a file is expected")
            return None
        if scheme == "data":
            return None
        if scheme:
            problems.append(f"{where}: {scheme}: URL is not allowed: {url[:80]}")
            return None
        path = urllib.parse.unquote(parts.path)
        if path.startswith("/"):
            problems.append(f"{where}: absolute path does not work from file://: {url}")
            return None
        if path == "":
            target = source
        else:
            if path.endswith("/"):
                problems.append(f"{where}: bare folder link: {url}")
                return None
            full = ((self.root / source).parent / path).resolve()
            try:
                target = full.relative_to(self.root)
            except ValueError:
                problems.append(f"{where}: points outside the site: {url}")
                return None
            if full.is_dir():
                problems.append(f"{where}: bare folder link: {url}")
                return None
            if not full.is_file():
                problems.append(f"{where}: broken link: {url}")
                return None
        fragment = urllib.parse.unquote(parts.fragment)
        if parts.fragment != "" or url.endswith("#"):
            if fragment == "":
                problems.append(f"{where}: empty fragment: {url}")
            elif target.suffix in (".html", ".svg") and fragment not in self.page(target).ids:
                problems.append(f"{where}: no id {fragment!r} in {target.as_posix()}")
        return target

    def check(self):
        problems, edges = [], {}
        for relative in self.files:
            edges[relative] = set()
            if relative.suffix == ".html":
                page = self.page(relative)
                for tag, attribute, value in page.references:
                    where = f"{relative.as_posix()}: <{tag} {attribute}>"
                    navigation = tag in NAVIGATION_TAGS and attribute == "href"
                    loads = tag in ("script", "link", "use", "image", "img", "iframe", "embed", "object",
                                    "source", "audio", "video", "track", "input") or attribute in ("src", "srcset")
                    target = self.resolve(relative, value, navigation, loads, problems, where)
                    if target is not None and navigation:
                        edges[relative].add(target)
                for css in page.styles:
                    for kind, url in css_references(css):
                        self.resolve(relative, url, False, True, problems, f"{relative.as_posix()}: inline CSS {kind}")
            elif relative.suffix == ".css":
                css = (self.root / relative).read_text(encoding="utf-8", errors="replace")
                for kind, url in css_references(css):
                    self.resolve(relative, url, False, True, problems, f"{relative.as_posix()}: {kind}")
            elif relative.suffix == ".md":
                text = (self.root / relative).read_text(encoding="utf-8", errors="replace")
                for kind, url in markdown_references(text):
                    target = self.resolve(relative, url, kind == "link", kind == "image", problems,
                                          f"{relative.as_posix()}: Markdown {kind}")
                    if target is not None and kind == "link":
                        edges[relative].add(target)
        return problems, edges


def scripts_from_other_hosts(site):
    """<script src> pointing off-site (a script with a relative src is checked as a link)."""
    problems = []
    for relative in site.files:
        if relative.suffix == ".html":
            for tag, attribute, value in site.page(relative).references:
                if tag == "script" and attribute == "src" and (urllib.parse.urlsplit(value).scheme or value.startswith("//")):
                    problems.append(f"{relative.as_posix()}: <script src> from another host: {value}")
    return problems


def unreachable(site, edges, start):
    """Pages of the same format as `start` that no chain of links from `start` reaches."""
    seen, todo = {start}, [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return sorted(path.as_posix() for path in site.files if path.suffix == start.suffix and path not in seen)


def report(problems):
    shown = problems[:MAX_REPORTED]
    if len(problems) > MAX_REPORTED:
        shown.append(f"... and {len(problems) - MAX_REPORTED} more")
    return "\n".join(shown)


def link_problems(root):
    site = Site(root)
    problems, edges = site.check()
    return problems + scripts_from_other_hosts(site), site, edges


@pytest.fixture(scope="module", autouse=True)
def build_everything_in_parallel(sites):
    sites.prefetch(VIEWERS)


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda viewer: viewer.name)
def test_every_link_resolves_and_nothing_loads_from_elsewhere(viewer, sites):
    problems, _, _ = link_problems(sites.site(viewer))
    assert not problems, f"{len(problems)} link problems in the site for {viewer.name}:\n{report(problems)}"


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda viewer: viewer.name)
def test_every_page_is_reachable_from_the_index(viewer, sites):
    _, site, edges = link_problems(sites.site(viewer))
    for index in (pathlib.Path("index.html"), pathlib.Path("index.md")):
        assert (site.root / index).is_file(), f"{index} is missing for {viewer.name}"
        orphans = unreachable(site, edges, index)
        assert not orphans, f"pages no link from {index} leads to, for {viewer.name}: {orphans[:20]}"


@pytest.mark.parametrize("viewer", [ELLEN, FRANK], ids=lambda viewer: viewer.name)
def test_the_contract_pages_are_there(viewer, sites):
    root = sites.site(viewer)
    files = {path.as_posix() for path in all_files(root)}
    health = ("medications/index.html", "medications/index.md", "labs/index.html", "labs/index.md")
    for required in ("index.html", "index.md", "assets/tokens.css", "assets/site.css", "assets/print.css") + health:
        if viewer == FRANK and required in health:
            # Sections that can hold nothing for a supporter are left out (issue 17 item 2).
            assert required not in files, f"{required} is in the site for {viewer.name}, who sees no health records"
            continue
        assert required in files, f"{required} is missing from the site for {viewer.name}"
    weeks = sorted(name for name in files if name.startswith("weeks/") and not name.startswith("weeks/index."))
    assert weeks, f"no weekly pages for {viewer.name}"
    bad = [name for name in weeks if not re.fullmatch(r"weeks/\d{4}-W(0[1-9]|[1-4]\d|5[0-3])\.(html|md)", name)]
    assert not bad, f"weekly pages not named weeks/YYYY-Www.html|md: {bad}"
    twins = ("weeks/", "medications/", "labs/", "index.")
    lonely = sorted(name for name in files if name.startswith(twins) and name.endswith((".html", ".md"))
                    and re.sub(r"\.(html|md)$", lambda m: ".md" if m.group(1) == "html" else ".html", name) not in files)
    assert not lonely, f"pages without their HTML/Markdown twin: {lonely[:20]}"


# The checker itself, on hand-made folders.

def write(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


GOOD = {
    "index.html": '<!doctype html><link rel="stylesheet" href="assets/site.css"><a href="weeks/2025-W16.html#top">w</a>'
                  '<a href="https://www.example.org/">web</a><a href="#x" id="x">self</a><img src="data:image/png;base64,AA">',
    "index.md": "[week](weeks/2025-W16.md) [web](https://example.org) `[not](a-link.md)`\n",
    "weeks/2025-W16.html": '<h1 id="top">W16</h1><a href="../index.html">home</a><svg><use href="#s"/></svg><i id="s"></i>',
    "weeks/2025-W16.md": "[home](../index.md)\n",
    "assets/site.css": '@import "tokens.css"; body { background: url("bg.svg") }',
    "assets/tokens.css": ":root{}",
    "assets/bg.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
}


def test_checker_passes_a_good_site(tmp_path):
    write(tmp_path, GOOD)
    problems, site, edges = link_problems(tmp_path)
    assert problems == []
    assert unreachable(site, edges, pathlib.Path("index.html")) == []


@pytest.mark.parametrize("name,text,expected", [
    ("index.html", '<a href="weeks/2025-W17.html">x</a>', "broken link"),
    ("index.html", '<a href="weeks/">x</a>', "bare folder link"),
    ("index.html", '<a href="weeks">x</a>', "bare folder link"),
    ("index.html", '<a href="weeks/2025-W16.html#nowhere">x</a>', "no id 'nowhere'"),
    ("index.html", '<a href="#gone">x</a>', "no id 'gone'"),
    ("index.html", '<script src="https://cdn.example.com/x.js"></script>', "loads from another host"),
    ("index.html", '<script src="https://cdn.example.com/x.js"></script>', "<script src> from another host"),
    ("index.html", '<link rel="stylesheet" href="https://fonts.example.com/css">', "loads from another host"),
    ("index.html", '<img src="//images.example.com/a.png" alt="">', "loads from another host"),
    ("index.html", '<style>@import url(https://fonts.example.com/a.css);</style>', "inline CSS @import: loads from another host"),
    ("index.html", '<a href="/weeks/2025-W16.html">x</a>', "absolute path"),
    ("index.html", '<a href="javascript:void(0)">x</a>', "javascript: URL is not allowed"),
    ("assets/site.css", "@import 'https://fonts.example.com/a.css';", "@import: loads from another host"),
    ("assets/site.css", "body { background: url(missing.png) }", "url(): broken link"),
    ("index.md", "[gone](weeks/2025-W01.md)", "Markdown link: broken link"),
    ("index.md", "![chart](https://charts.example.com/a.png)", "Markdown image: loads from another host"),
    ("index.md", "[labs](labs/)", "bare folder link"),
])
def test_checker_catches(tmp_path, name, text, expected):
    write(tmp_path, GOOD)
    write(tmp_path, {name: text})
    problems, _, _ = link_problems(tmp_path)
    assert any(expected in problem for problem in problems), problems


def test_checker_finds_orphan_pages(tmp_path):
    write(tmp_path, GOOD)
    write(tmp_path, {"labs/index.html": "<p>nobody links here</p>"})
    _, site, edges = link_problems(tmp_path)
    assert unreachable(site, edges, pathlib.Path("index.html")) == ["labs/index.html"]
