"""The translation catalogues (translations/*.po, gettext) against the messages carereport writes
(translations/carereport.pot, made by scripts/extract-messages.py from the Swift sources and the
templates): every message translated in every shipped language, the same named placeholders, the
plural forms the language's Plural-Forms header asks for, nothing that would break a template.
The lab explanations (templates/text/lab-explanations.txt) are looked up by their English text, so
they are checked too.
"""
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
POT = TRANSLATIONS / "carereport.pot"
EXPLANATIONS = ROOT / "templates" / "text" / "lab-explanations.txt"

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def unquote(text):
    assert text.startswith('"') and text.endswith('"'), text
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text[1:-1])


def parse_po(path):
    """[(context, msgid, plural, [forms], fuzzy, line)] of a PO or POT file."""
    entries, current, field, fuzzy = [], None, None, False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            value = unquote(line)
            if field == "forms":
                current["forms"][-1] += value
            else:
                current[field] = (current[field] or "") + value
            continue
        keyword, _, rest = line.partition(" ")
        value = unquote(rest.strip())
        if keyword == "msgctxt" or (keyword == "msgid" and not (current and current["msgid"] is None)):
            if current:
                entries.append(current)
            current = {"context": None, "msgid": None, "plural": None, "forms": [], "fuzzy": fuzzy, "line": number}
            fuzzy = False
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            field = {"msgctxt": "context", "msgid": "msgid", "msgid_plural": "plural"}[keyword]
            current[field] = value
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            current["forms"].append(value)
            field = "forms"
        else:
            raise AssertionError(f"{path}:{number}: unknown keyword {keyword}")
    if current:
        entries.append(current)
    return entries


def catalogue(path):
    entries = parse_po(path)
    header = next((e for e in entries if e["msgid"] == "" and e["context"] is None), None)
    nplurals = 2
    if header:
        match = re.search(r"nplurals\s*=\s*(\d+)", header["forms"][0])
        nplurals = int(match.group(1)) if match else 2
    return {(e["context"], e["msgid"]): e for e in entries if e["msgid"]}, nplurals


def shipped_languages():
    return sorted(p.stem for p in TRANSLATIONS.glob("*.po") if re.fullmatch(r"[a-z]{2,3}", p.stem))


def explanation_texts():
    """Each lab explanation as carereport looks it up: its lines joined by one space, trimmed."""
    texts, lines = [], []
    def finish():
        body = " ".join(lines).strip()
        if body:
            texts.append(body)
        lines.clear()
    for raw in EXPLANATIONS.read_text(encoding="utf-8").split("\n"):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            continue
        key = line.split(":", 1)[0].lower() if ":" in line else ""
        if key in ("test", "loinc", "names") and not lines:
            continue
        lines.append(line)
    finish()
    return texts


def test_the_message_template_is_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "extract-messages.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_english_and_at_least_one_other_language_ship():
    assert "es" in shipped_languages()


@pytest.mark.parametrize("language", shipped_languages())
def test_every_message_is_translated_with_the_same_placeholders(language):
    messages, _ = catalogue(POT)
    translated, nplurals = catalogue(TRANSLATIONS / f"{language}.po")
    problems = []
    for key, message in messages.items():
        entry = translated.get(key)
        shown = f"{key[1]!r}" + (f" (context {key[0]!r})" if key[0] else "")
        if entry is None or entry["fuzzy"] or not any(entry["forms"]):
            problems.append(f"{language}.po: no translation of {shown}")
            continue
        if message["plural"]:
            if entry["plural"] is None or len(entry["forms"]) != nplurals or not all(entry["forms"]):
                problems.append(f"{language}.po:{entry['line']}: {shown} needs {nplurals} plural forms, has {len(entry['forms'])}")
                continue
            # A plural form may leave the count out ("one result", as English does), nothing else.
            wanted = set(PLACEHOLDER.findall(message["plural"])) | set(PLACEHOLDER.findall(message["msgid"]))
            optional = {"count"}
        else:
            wanted = set(PLACEHOLDER.findall(message["msgid"]))
            optional = set()
        for form in entry["forms"]:
            found = set(PLACEHOLDER.findall(form))
            if not (wanted - optional <= found <= wanted):
                problems.append(f"{language}.po:{entry['line']}: {shown}: placeholders {sorted(found)} instead of {sorted(wanted)}")
            if "{{" in form or "}}" in form:
                problems.append(f"{language}.po:{entry['line']}: {shown}: a translation must not hold a Mustache tag")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize("language", shipped_languages())
def test_every_lab_explanation_is_translated(language):
    translated, _ = catalogue(TRANSLATIONS / f"{language}.po")
    # A fuzzy entry is not used (gettext's rule): the reader would get the English paragraph.
    missing = [text[:60] for text in explanation_texts()
               if not any((translated.get((None, text)) or {"forms": []})["forms"]) or translated[(None, text)]["fuzzy"]]
    assert not missing, f"{language}.po lacks {len(missing)} lab explanations: " + "; ".join(missing[:5])


def test_the_checks_find_a_missing_translation_and_a_dropped_placeholder(tmp_path, monkeypatch):
    """A catalogue with a gap and a lost placeholder fails the check above: the check can fail."""
    messages, _ = catalogue(POT)
    (key, message) = next((k, m) for k, m in messages.items() if "{" in k[1] and not m["plural"] and not k[0])
    broken = tmp_path / "translations"
    broken.mkdir()
    body = ['msgid ""', 'msgstr ""', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', "",
            f"msgid {quote(key[1])}", f"msgstr {quote(PLACEHOLDER.sub('', key[1]) + ' x')}", ""]
    (broken / "xx.po").write_text("\n".join(body), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "TRANSLATIONS", broken)
    with pytest.raises(AssertionError) as failure:
        test_every_message_is_translated_with_the_same_placeholders("xx")
    assert "no translation of" in str(failure.value) and "placeholders" in str(failure.value)


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
