"""cmark-gfm through ctypes, for the checks on the written Markdown: the same C library the binary
links (libcmark-gfm and its extensions), with the table, strikethrough, autolink and tagfilter
extensions attached, as GitHub renders them.

`parse(text)` gives a tree of `Node`s (type, literal, url, source lines, children); `to_html(text)`
renders the text, to look at it.
"""
import ctypes
import ctypes.util
from dataclasses import dataclass, field
from typing import List, Optional

EXTENSIONS = ("table", "strikethrough", "autolink", "tagfilter")
OPT_DEFAULT = 0
OPT_SOURCEPOS = 1 << 1


class CmarkMissing(RuntimeError):
    pass


def _load(name):
    for candidate in (ctypes.util.find_library(name), f"lib{name}.so", f"lib{name}.so.0.29.0.gfm.6"):
        if not candidate:
            continue
        try:
            return ctypes.CDLL(candidate)
        except OSError:
            continue
    raise CmarkMissing(f"lib{name} is not installed (apt-get install libcmark-gfm-dev libcmark-gfm-extensions-dev)")


class _Library:
    def __init__(self):
        self.core = _load("cmark-gfm")
        self.ext = _load("cmark-gfm-extensions")
        core, ext = self.core, self.ext
        p = ctypes.c_void_p
        ext.cmark_gfm_core_extensions_ensure_registered.restype = None
        ext.cmark_gfm_extensions_get_table_row_is_header.argtypes = [p]
        ext.cmark_gfm_extensions_get_table_row_is_header.restype = ctypes.c_int
        for name, restype, argtypes in (
            ("cmark_parser_new", p, [ctypes.c_int]),
            ("cmark_find_syntax_extension", p, [ctypes.c_char_p]),
            ("cmark_parser_attach_syntax_extension", ctypes.c_int, [p, p]),
            ("cmark_parser_feed", None, [p, ctypes.c_char_p, ctypes.c_size_t]),
            ("cmark_parser_finish", p, [p]),
            ("cmark_parser_get_syntax_extensions", p, [p]),
            ("cmark_parser_free", None, [p]),
            ("cmark_node_free", None, [p]),
            ("cmark_node_first_child", p, [p]),
            ("cmark_node_next", p, [p]),
            ("cmark_node_get_type_string", ctypes.c_char_p, [p]),
            ("cmark_node_get_literal", ctypes.c_char_p, [p]),
            ("cmark_node_get_url", ctypes.c_char_p, [p]),
            ("cmark_node_get_start_line", ctypes.c_int, [p]),
            ("cmark_node_get_end_line", ctypes.c_int, [p]),
            ("cmark_render_html", p, [p, ctypes.c_int, p]),
        ):
            function = getattr(core, name)
            function.restype = restype
            function.argtypes = argtypes
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"))
        self.libc.free.argtypes = [p]
        ext.cmark_gfm_core_extensions_ensure_registered()


_library: Optional[_Library] = None


def library():
    global _library
    if _library is None:
        _library = _Library()
    return _library


@dataclass
class Node:
    type: str
    literal: Optional[str]
    url: Optional[str]
    start_line: int
    end_line: int
    is_header: bool = False
    children: List["Node"] = field(default_factory=list)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, kind):
        return [node for node in self.walk() if node.type == kind]

    def text(self):
        """The text a reader sees: literals, line breaks as spaces, links as their text."""
        if self.type in ("text", "code"):
            return self.literal or ""
        if self.type in ("softbreak", "linebreak"):
            return " "
        if self.type == "html_inline":
            return self.literal or ""
        return "".join(child.text() for child in self.children)


def _with_document(text, use):
    lib = library()
    core = lib.core
    parser = core.cmark_parser_new(OPT_SOURCEPOS)
    try:
        for name in EXTENSIONS:
            extension = core.cmark_find_syntax_extension(name.encode())
            assert extension, f"cmark-gfm has no {name} extension"
            core.cmark_parser_attach_syntax_extension(parser, extension)
        data = text.encode("utf-8")
        core.cmark_parser_feed(parser, data, len(data))
        document = core.cmark_parser_finish(parser)
        try:
            return use(lib, parser, document)
        finally:
            core.cmark_node_free(document)
    finally:
        core.cmark_parser_free(parser)


def _convert(lib, node):
    core = lib.core
    kind = core.cmark_node_get_type_string(node).decode()
    literal = core.cmark_node_get_literal(node)
    url = core.cmark_node_get_url(node) if kind in ("link", "image") else None
    converted = Node(kind, literal.decode("utf-8") if literal is not None else None,
                     url.decode("utf-8") if url is not None else None,
                     core.cmark_node_get_start_line(node), core.cmark_node_get_end_line(node))
    if kind in ("table_row", "table_header"):
        converted.is_header = kind == "table_header" or bool(lib.ext.cmark_gfm_extensions_get_table_row_is_header(node))
    child = core.cmark_node_first_child(node)
    while child:
        converted.children.append(_convert(lib, child))
        child = core.cmark_node_next(child)
    return converted


def parse(text) -> Node:
    """The document tree of `text` as cmark-gfm parses it with GitHub's extensions."""
    return _with_document(text, lambda lib, parser, document: _convert(lib, document))


def to_html(text) -> str:
    """`text` rendered to HTML by cmark-gfm (raw HTML left out, as GitHub does)."""
    def render(lib, parser, document):
        pointer = lib.core.cmark_render_html(document, OPT_DEFAULT, lib.core.cmark_parser_get_syntax_extensions(parser))
        try:
            return ctypes.string_at(pointer).decode("utf-8")
        finally:
            lib.libc.free(pointer)
    return _with_document(text, render)
