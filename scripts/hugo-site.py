#!/usr/bin/env python3
"""Makes the Hugo side of `make bench`: a Hugo site whose pages are the weekly summaries of an
`--all-members` carereport build of the same generated export, so both tools render weekly pages
of the same shape and size from the same data.

Usage: scripts/hugo-site.py SITE HUGO_DIR
SITE is the output of `carereport build EXPORT --all-members`; every SITE/CIRCLE/USER/weeks/WEEK.md
becomes HUGO_DIR/content/CIRCLE/USER/WEEK.md (its first heading as the title in the front matter,
the rest as the body, which Hugo renders from Markdown with Goldmark), and one layout wraps it in
the same page chrome carereport writes (head, skip link, site header and navigation, footer), so
Hugo's pages are about as large as carereport's weekly HTML pages."""
import json
import pathlib
import sys

CONFIG = """baseURL = "http://localhost/"
title = "care circles"
uglyURLs = true
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = false
"""

LAYOUT = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="hugo">
<title>{{ .Title }} · {{ .Params.circle }}</title>
<link rel="stylesheet" href="../assets/tokens.css">
<link rel="stylesheet" href="../assets/site.css">
<link rel="stylesheet" href="../assets/print.css" media="print">
<link rel="alternate" type="application/atom+xml" title="Weekly summaries" href="../feed.xml">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<p class="site-name"><a href="../index.html">{{ .Params.circle }}</a></p>
<nav class="site-nav" aria-label="Site">
<ul>
<li><a href="../index.html">Home</a></li>
<li><a href="../weeks/index.html" aria-current="page">Weeks</a></li>
<li><a href="../medications/index.html">Medications</a></li>
<li><a href="../labs/index.html">Labs</a></li>
<li><a href="../visit.html">Visit summary</a></li>
</ul>
</nav>
</header>
<main id="main">
<h1>{{ .Title }}</h1>
{{ .Content }}
</main>
<footer class="site-footer">
<p>{{ .Params.footer }}</p>
</footer>
</body>
</html>
"""


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    site, hugo = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    (hugo / "layouts" / "_default").mkdir(parents=True, exist_ok=True)
    (hugo / "config.toml").write_text(CONFIG)
    (hugo / "layouts" / "_default" / "single.html").write_text(LAYOUT)
    pages = 0
    # --all-members writes OUT/USER/weeks/ (a reader of one circle) and OUT/USER/c/CIRCLE/weeks/ (of several).
    for page in sorted([*site.glob("*/weeks/*.md"), *site.glob("*/c/*/weeks/*.md")]):
        if page.name == "index.md":
            continue
        lines = page.read_text(encoding="utf-8").split("\n")
        links = [link.split("](")[0].lstrip("[") for link in lines[0].split(" · ")]
        circle = next(link for link in links if link != "All your circles")  # the navigation line names the circle first
        title = next(line[2:] for line in lines if line.startswith("# "))
        body = [line for line in lines[1:] if not line.startswith("# ")]
        footer = next((line for line in reversed(lines) if line.startswith("Written for")), "")
        front = {"title": title, "circle": circle, "footer": footer}
        target = hugo / "content" / page.parent.parent.relative_to(site) / page.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(front, ensure_ascii=False) + "\n" + "\n".join(body), encoding="utf-8")
        pages += 1
    print(pages)
    return 0


if __name__ == "__main__":
    sys.exit(main())
