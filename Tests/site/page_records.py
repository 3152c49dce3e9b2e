"""What a page says, record by record, read the same way from its HTML and from its Markdown, so
the two can be compared: each table as rows of cells (the text a reader sees, and the pages the
cell links to), and every page the main content links to.

HTML: the `<main>` element; text hidden from sight (`visually-hidden`) is left out, symbols hidden
from screen readers (`aria-hidden`) are kept, as a sighted reader sees them. Markdown: everything
after the navigation line and before the footer rule, parsed by cmark-gfm.
"""
import html.parser
import posixpath
import re
from dataclasses import dataclass, field
from typing import List

import gfm

# A line break inside a cell: the Markdown table, one line per row, writes " — " where the HTML breaks.
LINE_BREAK = " — "
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Cell:
    text: str
    links: List[str] = field(default_factory=list)


@dataclass
class Table:
    rows: List[List[Cell]] = field(default_factory=list)


@dataclass
class PageRecords:
    tables: List[Table] = field(default_factory=list)
    links: List[str] = field(default_factory=list)


def normalise(text):
    """Text as compared: runs of blanks as one space, no blanks at the ends."""
    return re.sub(r"\s+", " ", text).strip()


def page_link(page, href):
    """`href` on `page` as a site path without extension, or None when it leaves the site's pages."""
    if not href or re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I) or href.startswith("#"):
        return None
    target = href.split("#", 1)[0]
    stem, dot, extension = target.rpartition(".")
    if extension not in ("html", "md"):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(page), stem))


class _HTMLReader(html.parser.HTMLParser):
    def __init__(self, page):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.records = PageRecords()
        self.stack = []          # open elements: (tag, hidden)
        self.in_main = 0
        self.in_svg = 0
        self.table_depth = 0
        self.cell = None

    @property
    def hidden(self):
        return any(hidden for _, hidden in self.stack)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "br" and self.cell is not None and not self.hidden:
            self.cell.text += LINE_BREAK
        if tag in VOID:
            return
        self.stack.append((tag, "visually-hidden" in classes))
        if tag == "main":
            self.in_main += 1
        if not self.in_main:
            return
        if tag == "svg":
            self.in_svg += 1
        elif tag == "table" and not self.in_svg:
            self.table_depth += 1
            self.records.tables.append(Table())
        elif tag == "tr" and self.table_depth:
            self.records.tables[-1].rows.append([])
        elif tag in ("th", "td") and self.table_depth:
            self.cell = Cell("")
            self.records.tables[-1].rows[-1].append(self.cell)
        elif tag == "a" and not self.in_svg:
            target = page_link(self.page, attributes.get("href"))
            if target:
                self.records.links.append(target)
                if self.cell is not None:
                    self.cell.links.append(target)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == "main":
                self.in_main -= 1
            elif open_tag == "svg":
                self.in_svg -= 1
            elif open_tag == "table" and self.in_main and not self.in_svg:
                self.table_depth -= 1
            elif open_tag in ("th", "td"):
                self.cell = None
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.cell is not None and not self.hidden:
            self.cell.text += data


def from_html(text, page):
    reader = _HTMLReader(page)
    reader.feed(text)
    reader.close()
    for table in reader.records.tables:
        for row in table.rows:
            for cell in row:
                cell.text = normalise(cell.text)
    return reader.records


def body_of_markdown(text):
    """The Markdown page without its navigation line (the first paragraph) and its footer (after the last rule)."""
    lines = text.split("\n")
    first_blank = lines.index("") if "" in lines else 0
    rule = max((index for index, line in enumerate(lines) if line == "---"), default=len(lines))
    return "\n".join(lines[first_blank:rule])


def _markdown_links(node, page):
    found = []
    for child in node.walk():
        if child.type == "link":
            target = page_link(page, child.url)
            if target:
                found.append(target)
    return found


def from_markdown(text, page):
    document = gfm.parse(body_of_markdown(text))
    records = PageRecords()
    for table in document.find("table"):
        converted = Table()
        for row in table.children:
            converted.rows.append([Cell(normalise(cell.text()), _markdown_links(cell, page)) for cell in row.children])
        records.tables.append(converted)
    records.links = _markdown_links(document, page)
    return records
