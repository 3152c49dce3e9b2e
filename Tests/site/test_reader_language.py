"""Each reader in their own language and type size (issue 24): Rosa Delgado's preferences in the
sample (es-US, largeText, theme dark) make her pages Spanish, large and dark; `--language en` gives
the English site; her digest and her FHIR visit summary say Spanish; preferences are never shown.
"""
import email
import email.policy
import html.parser
import json
import re

import pytest

from conftest import ELLEN, ELLEN_ES, NOW, ROSA, SAMPLE, Viewer, emulate, html_files, run_carereport

ROSA_EN = Viewer("circle-walter", user="u-rosa", language="en")

# Words of carereport's English interface that a Spanish page must not carry outside record text.
ENGLISH = set("""
the and of week weeks due taken done overdue missed skipped late reading readings results since written caring
medication medications doses recorded latest lowest highest high low chart table from to on time needed tasks task
appointment appointments symptoms severity mon tue wed thu fri sat sun jan apr aug dec with by for this that is are
reported report value unit flag previous every each about test uses day days more than over under what who when
summary visit doctor born period allergies trend first seen worst times questions open now rides share usual outside
measurement notes documents updates home labs workload started stopped increased decreased changed schedule renewed
hold scheduled rising falling steady average nothing attention skip content site everyone
""".split())

SPANISH_DAY = re.compile(r"\b(lun|mar|mié|jue|vie|sáb|dom) \d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) \d{4}\b")
ENGLISH_DAY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b")


def record_strings():
    """Every text in the sample export, and each line and emphasis-free piece of its Markdown."""
    found = set()

    def walk(value):
        if isinstance(value, str):
            found.add(value)
            for line in value.split("\n"):
                line = re.sub(r"^[#>*\- ]+", "", line).strip()
                found.add(line)
                found.update(part.strip() for part in re.split(r"\*\*|\*|_|`|\[|\]\([^)]*\)", line))
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in SAMPLE.glob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return sorted((text for text in found if len(text) > 2), key=len, reverse=True)


class VisibleText(html.parser.HTMLParser):
    """Text a reader sees or hears: text nodes, aria-label, title and alt; not style, not script, not
    user content (rendered Markdown from the records)."""

    def __init__(self):
        super().__init__()
        self.texts, self.skip, self.user = [], 0, []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("style", "script"):
            self.skip += 1
        if self.user:
            self.user[-1] += 1 if tag not in ("br", "img", "hr", "input", "meta", "link") else 0
        elif "user-content" in (attributes.get("class") or "").split():
            self.user.append(1)
        for name in ("aria-label", "title", "alt"):
            if attributes.get(name):
                self.texts.append(attributes[name])

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1
        if self.user:
            self.user[-1] -= 1
            if self.user[-1] == 0:
                self.user.pop()

    def handle_data(self, data):
        if not self.skip and not self.user and data.strip():
            self.texts.append(data)


def english_words(page, records):
    parser = VisibleText()
    parser.feed(page.read_text(encoding="utf-8"))
    found = []
    for text in parser.texts:
        rest = text
        if rest.endswith("…"):  # a chart label cut short: drop it when it starts a record's text
            if any(record.startswith(rest[:-1].strip()) for record in records):
                continue
        for record in records:
            if record in rest:
                rest = rest.replace(record, " ")
        words = {word.lower() for word in re.findall(r"\w+", rest)} & ENGLISH
        if words:
            found.append((sorted(words), " ".join(text.split())[:120]))
    return found


@pytest.fixture(scope="module")
def rosa(sites):
    sites.prefetch([ROSA, ROSA_EN, ELLEN, ELLEN_ES])
    return sites.site(ROSA)


def test_rosas_pages_say_spanish_large_text_and_dark(rosa):
    pages = html_files(rosa)
    assert len(pages) > 5
    for page in pages:
        head = (rosa / page).read_text(encoding="utf-8")[:300]
        if page.as_posix() == "visit.html":
            assert '<html lang="es">' in head, page  # printed at its normal size, in light colours
        else:
            assert '<html lang="es" class="theme-dark text-large">' in head, page


def test_rosas_pages_carry_no_english_interface_words(rosa):
    records = record_strings()
    problems = []
    for page in html_files(rosa):
        problems += [f"{page}: {words} in {text!r}" for words, text in english_words(rosa / page, records)]
    assert not problems, f"{len(problems)} texts in English:\n" + "\n".join(problems[:40])


def test_the_scan_finds_english_in_the_english_site(sites):
    site = sites.site(ROSA_EN)
    found = english_words(site / "index.html", record_strings())
    assert len(found) > 5, found


def test_rosas_dates_are_written_the_spanish_way(rosa):
    index = (rosa / "index.html").read_text(encoding="utf-8")
    assert "vie 18 abr 2025, 18:00" in index
    records = [record for record in record_strings() if ENGLISH_DAY.search(record)]
    for page in html_files(rosa) + list(rosa.rglob("*.md")):
        text = (rosa / page).read_text(encoding="utf-8")
        for record in records:  # a title such as "Evening reading, Mon 7 Apr" is written as recorded
            text = text.replace(record, "")
        assert not ENGLISH_DAY.search(text), f"{page}: {ENGLISH_DAY.search(text).group(0)}"
    assert SPANISH_DAY.search((rosa / "weeks" / "2025-W16.html").read_text(encoding="utf-8"))


def test_numbers_take_the_decimal_comma(sites):
    spanish = (sites.site(ELLEN_ES) / "labs" / "analytes" / "potassium.html").read_text(encoding="utf-8")
    english = (sites.site(ELLEN) / "labs" / "analytes" / "potassium.html").read_text(encoding="utf-8")
    assert "5,3" in spanish and "5.3" not in re.sub(r"<[^>]*>", "", spanish.split("<main", 1)[1])
    assert "5.3" in english


def test_language_en_gives_the_english_site(sites):
    site = sites.site(ROSA_EN)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en" class="theme-dark text-large">' in index
    assert "Weekly summaries" in index and "Fri 18 Apr 2025, 18:00" in index
    assert "Resúmenes" not in index and "vie 18 abr" not in index


def test_preferences_are_never_shown(rosa):
    for path in rosa.rglob("*"):
        # The style sheets are the same for every reader (their comments name the preferences).
        if path.is_file() and path.parent.name != "assets":
            text = path.read_text(encoding="utf-8", errors="replace")
            for word in ("es-US", "largeText", "preferences"):
                assert word not in text, f"{path.relative_to(rosa)} shows {word}"


def test_a_language_not_shipped_is_english_with_one_warning(tmp_path):
    out = tmp_path / "site"
    result = run_carereport("build", SAMPLE, "--out", out, "--viewer", "u-rosa", "--circle", "circle-walter", "--now", NOW, "--language", "tlh-KL")
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "tlh" in line]
    assert len(warnings) == 1 and warnings[0].startswith("warning:"), result.stderr
    assert '<html lang="en"' in (out / "index.html").read_text(encoding="utf-8")


def test_rosas_digest_is_in_spanish_and_large(tmp_path):
    result = run_carereport(
        "digest", SAMPLE, "--viewer", "u-rosa", "--circle", "circle-walter", "--now", NOW, "--week", "2025-W15",
        "--format", "email", "--to", "rosa@example.com", "--from", "care@example.com")
    assert result.returncode == 0, result.stderr
    message = email.message_from_string(result.stdout, policy=email.policy.default)
    assert message["Content-Language"] == "es"
    assert "semana 15" in str(message["Subject"])
    text = message.get_body(preferencelist=("plain",)).get_content()
    page = message.get_body(preferencelist=("html",)).get_content()
    assert "Resumen semanal sobre Walter Delgado" in text and "Requiere atención" in text
    assert "Needs attention" not in text and "Weekly digest" not in text
    assert '<html lang="es">' in page and "font-size:20px" in page
    english = run_carereport(
        "digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--now", NOW, "--week", "2025-W15", "--format", "html")
    assert '<html lang="en">' in english.stdout and "font-size:16px" in english.stdout and "font-size:20px" not in english.stdout


def test_the_fhir_visit_summary_says_its_language(tmp_path):
    for user, circle, language in (("u-rosa", "circle-walter", "es"), ("u-ellen", "circle-margaret", "en")):
        result = run_carereport("visit", SAMPLE, "--viewer", user, "--circle", circle, "--now", NOW, "--format", "fhir")
        assert result.returncode == 0, result.stderr
        composition = json.loads(result.stdout)["entry"][0]["resource"]
        assert composition["resourceType"] == "Composition" and composition["language"] == language


LUMINANCE = """var c = getComputedStyle(document.body).backgroundColor.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
return c.map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
  .reduce(function (s, v, i) { return s + v * [0.2126, 0.7152, 0.0722][i]; }, 0);"""


def test_in_a_browser_rosas_text_is_larger_and_stays_dark(sites, chrome):
    rosa, ellen = sites.site(ROSA), sites.site(ELLEN)
    measured = {}
    for name, site in (("rosa", rosa), ("ellen", ellen)):
        for scheme in ("light", "dark"):
            emulate(chrome, scheme, 1280)
            chrome.get((site / "index.html").as_uri())
            body = chrome.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)")
            h1 = chrome.execute_script("return parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
            cell = chrome.execute_script("return parseFloat(getComputedStyle(document.querySelector('table td, table th')).fontSize)")
            measured[(name, scheme)] = (body, h1, cell, chrome.execute_script(LUMINANCE))
    for scheme in ("light", "dark"):
        (rb, rh, rc, rl), (eb, eh, ec, _) = measured[("rosa", scheme)], measured[("ellen", scheme)]
        assert rb >= 1.25 * eb and rh > eh and rc > ec, measured
        assert rl < 0.05, f"Rosa's page is not dark when the browser prefers {scheme}: {measured}"
    assert measured[("ellen", "light")][3] > 0.5 and measured[("ellen", "dark")][3] < 0.05, measured


@pytest.mark.parametrize("page", ["index.html", "weeks/2025-W16.html", "visit.html", "workload.html", "medications/index.html"])
def test_no_horizontal_scrolling_at_390_px_in_large_text(sites, chrome, page):
    site = sites.site(ROSA)
    emulate(chrome, "light", 390)
    chrome.get((site / page).as_uri())
    width = chrome.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"{page} is {width}px wide at 390px"


def test_all_members_gives_each_reader_their_own_language(tmp_path):
    out = tmp_path / "sites"
    result = run_carereport("build", SAMPLE, "--out", out, "--all-members", "--circle", "circle-walter", "--now", NOW)
    assert result.returncode == 0, result.stderr
    rosa = (out / "u-rosa" / "index.html").read_text(encoding="utf-8")
    carmen = (out / "u-carmen" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="es" class="theme-dark text-large">' in rosa and "Resúmenes semanales" in rosa
    assert '<html lang="en">' in carmen and "Weekly summaries" in carmen
    forced = run_carereport("build", SAMPLE, "--out", tmp_path / "es", "--all-members", "--circle", "circle-walter", "--now", NOW, "--language", "es")
    assert forced.returncode == 0, forced.stderr
    assert '<html lang="es">' in (tmp_path / "es" / "u-carmen" / "index.html").read_text(encoding="utf-8")


def test_all_members_digests_each_in_the_readers_language(tmp_path):
    out = tmp_path / "outbox"
    result = run_carereport("digest", SAMPLE, "--all-members", "--circle", "circle-walter", "--week", "2025-W15", "--out", out, "--now", NOW, "--format", "html")
    assert result.returncode == 0, result.stderr
    assert '<html lang="es">' in (out / "u-rosa.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in (out / "u-miguel.html").read_text(encoding="utf-8")
