"""WCAG 2.x contrast of every text/background pair declared in tokens.css.

Stdlib only. Parses templates/assets/tokens.css: the light ``:root`` block and
the ``@media ... (prefers-color-scheme: dark)`` block (whose ``:root`` overrides
the light one, as in the browser), resolves ``var()`` references (with
fallbacks) and asserts each pair in PAIRS reaches its minimum ratio in both
schemes. Also checks that site.css and print.css use only tokens for colour.

Run: python3 -m pytest -q Tests/site/test_contrast.py
"""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSETS = ROOT / "templates" / "assets"
TOKENS = ASSETS / "tokens.css"

NORMAL = 4.5   # WCAG 1.4.3, normal text
LARGE = 3.0    # WCAG 1.4.3, large text (>= 24px, or >= 18.66px bold)
NON_TEXT = 3.0  # WCAG 1.4.11, UI component edges and meaningful graphics
ENHANCED = 7.0  # WCAG 1.4.6 (AAA), which axe-core checks as color-contrast-enhanced: every text pair

# (foreground token, background token, minimum, what it is)
PAIRS = [
    # Body text
    ("--color-text", "--color-surface", NORMAL, "body text on the page"),
    ("--color-text", "--color-surface-raised", NORMAL, "text in cards and tables"),
    ("--color-text", "--color-surface-sunken", NORMAL, "table head, code"),
    ("--color-text", "--color-surface-stripe", NORMAL, "zebra stripe of table.data"),
    ("--color-text-muted", "--color-surface", NORMAL, "muted text on the page (.quiet, footer)"),
    ("--color-text-muted", "--color-surface-raised", NORMAL, "muted text in cards (.stat label)"),
    ("--color-text-muted", "--color-surface-sunken", NORMAL, "muted text in a table head"),
    ("--color-text-muted", "--color-surface-stripe", NORMAL, "muted text on a zebra stripe"),
    ("--color-heading", "--color-surface", NORMAL, "headings on the page"),
    ("--color-heading", "--color-surface-raised", NORMAL, "headings in cards, .stat value"),
    ("--color-link", "--color-surface", NORMAL, "links on the page"),
    ("--color-link", "--color-surface-raised", NORMAL, "links in cards"),
    ("--color-link", "--color-surface-stripe", NORMAL, "links on a zebra stripe"),
    ("--color-link-visited", "--color-surface", NORMAL, "visited links"),
    ("--color-link-visited", "--color-surface-raised", NORMAL, "visited links in cards"),
    ("--color-link-hover", "--color-surface-raised", NORMAL, "hovered links"),
    ("--color-on-primary", "--color-primary", NORMAL, "primary button text"),
    ("--color-on-accent", "--color-accent", NORMAL, "text on the accent fill (mark, current nav)"),
    ("--color-selection-text", "--color-selection-bg", NORMAL, "selected text"),
    # Header
    ("--color-header-text", "--color-header-bg", NORMAL, "circle name and nav links"),
    ("--color-header-focus", "--color-header-bg", NON_TEXT, "focus ring in the header"),
    # Status badges
    ("--badge-good-text", "--badge-good-bg", NORMAL, "good badge (taken, done, normal)"),
    ("--badge-warning-text", "--badge-warning-bg", NORMAL, "warning badge (late, high, low, abnormal)"),
    ("--badge-critical-text", "--badge-critical-bg", NORMAL, "critical badge (missed, overdue, critical)"),
    ("--badge-neutral-text", "--badge-neutral-bg", NORMAL, "neutral badge (skipped, low priority)"),
    ("--badge-info-text", "--badge-info-bg", NORMAL, "info badge (open)"),
    ("--color-good", "--color-surface-raised", NORMAL, "good text outside a badge"),
    ("--color-warning", "--color-surface-raised", NORMAL, "warning text outside a badge"),
    ("--color-critical", "--color-surface-raised", NORMAL, "critical text outside a badge"),
    ("--color-critical", "--color-surface", NORMAL, "critical text on the page"),
    # Role and priority badges
    ("--role-caregiver-text", "--role-caregiver-bg", NORMAL, "caregiver role badge"),
    ("--role-care-recipient-text", "--role-care-recipient-bg", NORMAL, "care recipient role badge"),
    ("--role-organizer-text", "--role-organizer-bg", NORMAL, "organizer role badge"),
    ("--role-supporter-text", "--role-supporter-bg", NORMAL, "supporter role badge"),
    ("--priority-high-text", "--priority-high-bg", NORMAL, "high priority badge"),
    ("--priority-medium-text", "--priority-medium-bg", NORMAL, "medium priority badge"),
    ("--priority-low-text", "--priority-low-bg", NORMAL, "low priority badge"),
    # Alert box
    ("--color-attention-text", "--color-attention-bg", NORMAL, ".needs-attention text"),
    ("--color-attention-border", "--color-attention-bg", NON_TEXT, ".needs-attention edge vs its fill"),
    ("--color-attention-border", "--color-surface", NON_TEXT, ".needs-attention edge vs the page"),
    # Non-text UI
    ("--color-focus", "--color-surface", NON_TEXT, "focus ring on the page"),
    ("--color-focus", "--color-surface-raised", NON_TEXT, "focus ring in cards"),
    ("--color-border-strong", "--color-surface", NON_TEXT, "meaningful borders on the page"),
    ("--color-border-strong", "--color-surface-raised", NON_TEXT, "meaningful borders in cards"),
    ("--color-secondary", "--color-surface-raised", NON_TEXT, "forest: large text, rules, strokes"),
    # Charts (SVG, drawn in currentColor; see CHART-CLASSES.md)
    ("--chart-text", "--chart-surface", NORMAL, "chart legend labels"),
    ("--chart-label", "--chart-surface", NORMAL, "tick labels, unit (small text)"),
    ("--chart-label", "--chart-band", NORMAL, "band label drawn inside the band"),
    ("--chart-axis", "--chart-surface", NON_TEXT, "x axis line and ticks"),
    ("--chart-series-1", "--chart-surface", NON_TEXT, "series 1 line and markers"),
    ("--chart-series-1", "--chart-band", NON_TEXT, "series 1 inside the reference band"),
    ("--chart-series-2", "--chart-surface", NON_TEXT, "series 2"),
    ("--chart-series-2", "--chart-band", NON_TEXT, "series 2 inside the band"),
    ("--chart-series-3", "--chart-surface", NON_TEXT, "series 3"),
    ("--chart-series-3", "--chart-band", NON_TEXT, "series 3 inside the band"),
    ("--chart-series-4", "--chart-surface", NON_TEXT, "series 4"),
    ("--chart-series-4", "--chart-band", NON_TEXT, "series 4 inside the band"),
    ("--chart-point-out", "--chart-surface", NON_TEXT, "out-of-range marker"),
    ("--chart-point-out", "--chart-band", NON_TEXT, "out-of-range marker over the band"),
    # Dose calendar symbols on the card
    ("--dose-taken", "--chart-surface", NON_TEXT, "dose symbol: taken on time"),
    ("--dose-late", "--chart-surface", NON_TEXT, "dose symbol: taken late"),
    ("--dose-missed", "--chart-surface", NON_TEXT, "dose symbol: missed"),
    ("--dose-skipped", "--chart-surface", NON_TEXT, "dose symbol: skipped"),
    ("--dose-prn", "--chart-surface", NON_TEXT, "dose symbol: as-needed use"),
    ("--dose-unrecorded", "--chart-surface", NON_TEXT, "dose symbol: not recorded"),
    ("--dose-cell-edge", "--chart-surface", NON_TEXT, "legend swatch edges"),
]

SCHEMES = ("light", "dark")


# ---------------------------------------------------------------- parsing

def _strip_comments(css):
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def _block_after(css, start):
    """Text between the '{' at or after `start` and its matching '}'."""
    open_at = css.index("{", start)
    depth = 0
    for i in range(open_at, len(css)):
        if css[i] == "{":
            depth += 1
        elif css[i] == "}":
            depth -= 1
            if depth == 0:
                return css[open_at + 1:i], i + 1
    raise ValueError("unbalanced braces")


def _declarations(body):
    decls = {}
    for m in re.finditer(r"(--[A-Za-z0-9_-]+)\s*:\s*([^;]+);", body):
        decls[m.group(1)] = " ".join(m.group(2).split())
    return decls


def parse_tokens(css):
    """Return {'light': {...}, 'dark': {...}} of custom property declarations."""
    css = _strip_comments(css)
    light, dark = {}, {}
    pos = 0
    while True:
        m = re.compile(r"(@media[^{]*|:root)\s*\{").search(css, pos)
        if not m:
            break
        body, end = _block_after(css, m.start())
        head = m.group(1)
        if head == ":root":
            light.update(_declarations(body))
        elif re.search(r"prefers-color-scheme\s*:\s*dark", head):
            inner = re.search(r":root[^{]*\{", body)
            assert inner, "dark block has no :root"
            dark_body, _ = _block_after(body, inner.start())
            dark.update(_declarations(dark_body))
        pos = end
    return {"light": light, "dark": {**light, **dark}}


def resolve(decls, name, seen=()):
    if name in seen:
        raise ValueError("var() cycle: " + " -> ".join(seen + (name,)))
    if name not in decls:
        raise KeyError(name)
    value = decls[name]
    m = re.fullmatch(r"var\(\s*(--[A-Za-z0-9_-]+)\s*(?:,\s*(.+))?\)", value)
    if m:
        ref, fallback = m.group(1), m.group(2)
        if ref in decls:
            return resolve(decls, ref, seen + (name,))
        if fallback is None:
            raise KeyError(ref)
        if fallback.startswith("var("):
            return resolve({**decls, "--fallback": fallback}, "--fallback", seen + (name,))
        return fallback
    return value


# ---------------------------------------------------------------- colour

NAMED = {"white": "#ffffff", "black": "#000000"}


def to_rgb(value):
    v = NAMED.get(value.strip().lower(), value.strip())
    m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", v)
    if not m:
        raise ValueError("not an opaque hex colour: %r" % value)
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def relative_luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((relative_luminance(to_rgb(a)), relative_luminance(to_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# ---------------------------------------------------------------- tests

TOKENS_BY_SCHEME = parse_tokens(TOKENS.read_text(encoding="utf-8"))


def test_formula_known_values():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#4B9B6E", "#FFFFFF") == pytest.approx(3.38, abs=0.01)  # forest: not for text
    assert contrast("#2E7D5C", "#FFFFFF") == pytest.approx(5.00, abs=0.01)  # pine
    assert contrast("#1B5E3A", "#FFFFFF") == pytest.approx(7.75, abs=0.01)  # deep forest


def test_both_schemes_parsed():
    light, dark = TOKENS_BY_SCHEME["light"], TOKENS_BY_SCHEME["dark"]
    assert light["--green-forest"].upper() == "#4B9B6E"
    assert len(dark) >= len(light)
    overridden = [k for k in light if dark[k] != light[k]]
    assert "--color-text" in overridden and "--color-surface" in overridden


@pytest.mark.parametrize("name", [
    "--color-primary", "--color-secondary", "--color-accent", "--color-surface",
    "--color-surface-raised", "--color-text", "--color-text-muted", "--color-border",
    "--color-link", "--color-good", "--color-warning", "--color-critical", "--color-neutral",
])
def test_semantic_tokens_declared(name):
    for scheme in SCHEMES:
        to_rgb(resolve(TOKENS_BY_SCHEME[scheme], name))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("fg,bg,minimum,what", PAIRS, ids=[f"{p[0]}-on-{p[1]}" for p in PAIRS])
def test_pair_contrast(scheme, fg, bg, minimum, what):
    decls = TOKENS_BY_SCHEME[scheme]
    ratio = contrast(resolve(decls, fg), resolve(decls, bg))
    assert ratio >= minimum, "%s (%s): %s on %s is %.2f:1, needs %.1f:1" % (
        what, scheme, resolve(decls, fg), resolve(decls, bg), ratio, minimum)


TEXT_PAIRS = [pair for pair in PAIRS if pair[2] == NORMAL]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("fg,bg,minimum,what", TEXT_PAIRS, ids=[f"{p[0]}-on-{p[1]}" for p in TEXT_PAIRS])
def test_text_pair_reaches_enhanced_contrast(scheme, fg, bg, minimum, what):
    """The accessibility check runs every axe rule, color-contrast-enhanced (7:1) among them."""
    decls = TOKENS_BY_SCHEME[scheme]
    ratio = contrast(resolve(decls, fg), resolve(decls, bg))
    assert ratio >= ENHANCED, "%s (%s): %s on %s is %.2f:1, needs %.1f:1" % (
        what, scheme, resolve(decls, fg), resolve(decls, bg), ratio, ENHANCED)


COLOUR_LITERAL = re.compile(r"#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(")


@pytest.mark.parametrize("sheet", ["site.css", "print.css"])
def test_sheets_use_only_tokens_for_colour(sheet):
    css = _strip_comments((ASSETS / sheet).read_text(encoding="utf-8"))
    # print.css may redefine tokens inside :root; everything else uses var().
    outside_root = re.sub(r":root\s*\{[^}]*\}", "", css)
    assert not COLOUR_LITERAL.findall(outside_root), sheet + " has a raw colour outside :root"


@pytest.mark.parametrize("sheet", ["site.css", "print.css"])
def test_sheets_reference_declared_tokens(sheet):
    css = _strip_comments((ASSETS / sheet).read_text(encoding="utf-8"))
    local = set(re.findall(r"(--[A-Za-z0-9_-]+)\s*:", css))
    used = set(re.findall(r"var\(\s*(--[A-Za-z0-9_-]+)", css))
    missing = sorted(used - set(TOKENS_BY_SCHEME["light"]) - local)
    assert not missing, "%s uses undeclared tokens: %s" % (sheet, ", ".join(missing))



def test_fixed_dark_theme_is_the_dark_scheme():
    """The reader's theme "dark" (:root.theme-dark) sets exactly the tokens of the browser's dark scheme."""
    css = _strip_comments(TOKENS.read_text(encoding="utf-8"))
    fixed = re.search(r":root\.theme-dark\s*\{", css)
    assert fixed, "tokens.css has no :root.theme-dark block"
    body, _ = _block_after(css, fixed.start())
    declared = _declarations(body)
    media = re.search(r"@media[^{]*prefers-color-scheme\s*:\s*dark[^{]*\{", css)
    inner = re.search(r":root[^{]*\{", css[media.end():])
    dark_body, _ = _block_after(css, media.end() + inner.start())
    assert declared == _declarations(dark_body)


def test_large_text_scales_the_body_at_least_a_quarter():
    css = _strip_comments(TOKENS.read_text(encoding="utf-8"))
    large = re.search(r":root\.text-large\s*\{", css)
    assert large, "tokens.css has no :root.text-large block"
    body, _ = _block_after(css, large.start())
    sizes = _declarations(body)
    light = TOKENS_BY_SCHEME["light"]
    for name, value in sizes.items():
        if name.startswith("--font-size-"):
            assert float(value.rstrip("rem")) >= 1.25 * float(light[name].rstrip("rem")) - 1e-9, name
    assert float(sizes["--font-size-body"].rstrip("rem")) >= 1.25 * float(light["--font-size-body"].rstrip("rem"))


if __name__ == "__main__":  # print the contrast table of docs/design-tokens.md
    print("| Foreground | Background | Min | Light | Dark | Where |")
    print("| --- | --- | --- | --- | --- | --- |")
    for fg, bg, minimum, what in PAIRS:
        cells = []
        for scheme in SCHEMES:
            d = TOKENS_BY_SCHEME[scheme]
            a, b = resolve(d, fg), resolve(d, bg)
            cells.append("%s on %s: **%.2f**" % (a, b, contrast(a, b)))
        kind, minimum = ("text", ENHANCED) if minimum == NORMAL else ("non-text", minimum)
        print("| `%s` | `%s` | %.1f (%s) | %s | %s | %s |" % (fg, bg, minimum, kind, cells[0], cells[1], what))
