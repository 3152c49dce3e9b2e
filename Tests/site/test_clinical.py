"""Right numbers and right warnings, checked on the sample records issue 13 cites: dose slots of an
order written at a time of day, taken and on-time adherence, overdue tasks carried week to week,
lab reports filed by when they became known, early-warning thresholds, and the lab pages' units,
text flags, report status and attachments."""
import html
import json
import re
import shutil

import pytest

from conftest import ELLEN, NOW, SAMPLE, run_carereport

WEEK = "weeks/{}.html"


def text_of(markup):
    """The page's text, tags removed and whitespace collapsed."""
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def page(site, path):
    return (site / path).read_text(encoding="utf-8")


def attention(markup):
    """The text of a page's "Needs attention" section."""
    match = re.search(r'<section[^>]*aria-labelledby="attention-heading".*?</section>', markup, re.S)
    assert match, "the page has no Needs attention section"
    return text_of(match.group(0))


def digest(*args, source=SAMPLE):
    result = run_carereport("digest", source, *ELLEN.selector(), "--now", NOW, "--format", "markdown", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def digest_section(text, heading):
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    return re.sub(r"\s+", " ", match.group(1)) if match else ""


def matrix_row(site, analyte):
    """The cells' text of an analyte's row in the lab index matrix."""
    markup = page(site, "labs/index.html")
    for row in re.findall(r"<tr>(.*?)</tr>", markup, re.S):
        if re.search(rf">{re.escape(analyte)}</a></th>", row):
            return [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    pytest.fail(f"no matrix row for {analyte}")


def edited_sample(tmp_path, edit, file="health.json"):
    """A copy of the sample data with `edit({id: record})` applied to one file (it may add records)."""
    folder = tmp_path / "export"
    if not folder.exists():
        shutil.copytree(SAMPLE, folder)
    records = {record["id"]: record for record in json.loads((folder / file).read_text(encoding="utf-8"))}
    edit(records)
    (folder / file).write_text(json.dumps(list(records.values()), indent=2), encoding="utf-8")
    return folder


def build(source, out):
    result = run_carereport(*ELLEN.build_args(out, source=source))
    assert result.returncode == 0, result.stderr
    return out


# 1. No dose expected before the order's start instant, nor after a course that ran its full length.

def test_a_full_course_written_in_the_evening_reads_ten_of_ten(sites):
    site = sites.site(ELLEN)
    markup = page(site, "medications/nitrofurantoin-macrocrystals-2025-02-10.html")
    assert "10 of 10 taken (100%)" in text_of(markup)
    log = re.search(r'aria-labelledby="log-heading".*?</section>', markup, re.S).group(0)
    assert "Not recorded" not in log and "Missed" not in log, "no dose is expected before 20:00 on 10 Feb or after 08:00 on 15 Feb"
    assert len(re.findall(r"Taken (on time|late)", text_of(log))) == 10


def test_week_7_and_its_digest_invent_no_nitrofurantoin_dose(sites):
    week = page(sites.site(ELLEN), WEEK.format("2025-W07"))
    assert "Nitrofurantoin" not in attention(week)
    row = re.search(r"<tr><th scope=\"row\"><a [^>]*>Nitrofurantoin[^<]*</a></th>(.*?)</tr>", week, re.S)
    assert row, "week 7 lists nitrofurantoin"
    cells = [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]
    assert cells[0].startswith("10 of 10 taken") and cells[2] == "0", f"missed must be 0: {cells}"
    text = digest("--week", "2025-W07")
    assert "Nitrofurantoin" not in digest_section(text, "Needs attention")
    assert "not recorded" not in text


# 2. Adherence shows both taken and on time.

def test_adherence_says_taken_and_on_time(sites):
    site = sites.site(ELLEN)
    medication = text_of(page(site, "medications/atorvastatin-2025-01-06.html"))
    assert "90 of 102 taken (88%), 79 on time (77%)" in medication
    assert "90 of 102 taken (88%), 79 on time (77%)" in text_of(page(site, "medications/index.html"))
    assert "(6 on time)" in digest("--week", "2025-W15")


# 4. An overdue task stays in every week's attention list until it is done or cancelled.

def overdue_table(markup):
    """The text of a week page's table of overdue tasks."""
    match = re.search(r'<h2 id="overdue-heading">.*?</ul>', markup, re.S)
    return text_of(match.group(0)) if match else ""


def test_an_overdue_task_is_carried_into_every_later_week(sites):
    # Overdue chores are one line at the end of Needs attention (issue 31); each is in the week's table.
    site = sites.site(ELLEN)
    for week in ("2025-W14", "2025-W15", "2025-W16"):
        markup = page(site, WEEK.format(week))
        assert "Dispute the duplicate pharmacy charge" in overdue_table(markup) or "Dispute the duplicate pharmacy charge" in attention(markup), week
        assert "Overdue task" in attention(markup), week
    assert "Overdue tasks: 3 overdue tasks, the oldest" in digest_section(digest("--week", "2025-W15"), "Needs attention")
    assert "Dispute the duplicate pharmacy charge" not in overdue_table(page(site, WEEK.format("2025-W13"))), "not overdue before its due date"


# 5. The digest's new results go by when they became known, and say when they were drawn.

def test_a_result_reported_a_week_after_its_draw_reaches_that_weeks_digest(tmp_path):
    def report_late(records):
        records["hr-lab-2025-04-08-cmp"]["data"]["reportedAt"] = "2025-04-15T10:00:00-07:00"
    source = edited_sample(tmp_path, report_late)
    later = digest_section(digest("--week", "2025-W16", source=source), "Lab reports received")
    assert "Metabolic panel from the April fasting draw" in later
    assert "drawn Tue 8 Apr 2025" in later and "reported Tue 15 Apr 2025" in later
    assert "Glucose 7.4 mmol/L" in digest_section(digest("--week", "2025-W16", source=source), "Needs attention")
    drawn_week = digest_section(digest("--week", "2025-W15", source=source), "Lab reports received")
    assert "Metabolic panel from the April fasting draw" not in drawn_week


# 6. Published thresholds: fever in older adults, new symptoms, falls and near-falls, low pressure.

def test_early_signs_before_the_delirium_are_flagged():
    week6 = digest_section(digest("--week", "2025-W06"), "Needs attention")
    assert "Fever: 37.9 °C" in week6, "37.8 °C is a fever in older adults"
    assert "New symptom: Burning when she passes water" in week6 and "severity 6 of 10" in week6


def test_a_near_fall_needs_attention_and_the_old_dose_is_not_the_usual(sites):
    # 104/61 is inside 90/60; the usual starts again at the 24 Feb dose increase, so it is not
    # compared with the old dose's 149 (issue 31); the near-fall and the dizziness are flagged, and
    # the 104/61 is listed for the dizziness of its day, never as low against the old usual.
    week = attention(page(sites.site(ELLEN), WEEK.format("2025-W09")))
    # Symptomatic low pressure five days after the increase is a call today (issue 40, 16), with the
    # near-fall, both above the single high reading, in the order of their days.
    assert week.startswith("Needs attention ! Blood pressure on a day with dizziness: 104/61 mmHg on Sat 1 Mar"), week
    assert week.index("Fall or near-fall: Near-fall in the bathroom") < week.index("Blood pressure high: 149/87"), week
    assert "Dizzy on standing" in week
    assert "below the usual 149" not in week and "Blood pressure low" not in week, week
    assert "Blood pressure on a day with dizziness: 104/61 mmHg" in week, week


def test_a_rise_over_the_usual_temperature_is_a_fever(tmp_path):
    def mild_rise(records):
        # Three usual readings around 36.4 °C, then 37.6 °C: below 37.8 °C but 1.2 °C over the usual
        # (the February fever is more than four weeks earlier, so it is not part of the usual).
        template = records["hr-temp-2025-02-12"]
        for day, value in ((17, 36.3), (18, 36.4), (19, 36.5), (20, 37.6)):
            copy = json.loads(json.dumps(template))
            copy["id"] = f"hr-temp-2025-03-{day}"
            copy["date"] = copy["createdAt"] = f"2025-03-{day}T09:15:00-07:00"
            copy["data"]["value"] = value
            records[copy["id"]] = copy
    week = digest_section(digest("--week", "2025-W12", source=edited_sample(tmp_path, mild_rise)), "Needs attention")
    assert "Fever: 37.6 °C on Thu 20 Mar (1.2 °C above the usual 36.4 °C)" in week


def test_the_thresholds_and_their_sources_are_written_down():
    from conftest import ROOT
    doc = (ROOT / "docs" / "thresholds.md").read_text(encoding="utf-8")
    for needle in ("37.8 °C", "1.1 °C", "20 mmHg", "90/60", "near-fall", "Infectious Diseases Society of America"):
        assert needle in doc, needle


# 7. Units on the lab pages; conversions for charts and trends; no trend across unconvertible units.

def test_the_matrix_shows_units(sites):
    cells = [cell for cell in matrix_row(sites.site(ELLEN), "Glucose") if cell]
    assert cells[0].startswith("148 mg/dL") and cells[1].startswith("7.4 mmol/L"), cells


def test_glucose_in_mmol_is_charted_and_compared_in_mg_per_dl(sites):
    site = sites.site(ELLEN)
    analyte = page(site, "labs/analytes/glucose.html")
    chart = re.search(r"<figure class=\"chart\">(.*?)</figure>", analyte, re.S)
    assert chart, "the glucose page has a chart"
    assert "Glucose from 148 to 133 mg/dL" in text_of(chart.group(1)), "7.4 mmol/L is 133 mg/dL on the mg/dL chart"
    assert "7.4 mmol/L (= 133 mg/dL)" in text_of(analyte)
    report = text_of(page(site, "labs/2025-04-08-metabolic-panel-from-the-april-fasting-draw.html"))
    assert "148 mg/dL = 8.21 mmol/L (Tue 21 Jan 2025)" in report and "different unit" not in report


def test_units_that_cannot_be_converted_are_never_trended(tmp_path):
    def mmol_per_mol(records):
        a1c = next(r for r in records["hr-lab-2025-04-08-a1c-lipids"]["data"]["results"] if r["name"].startswith("Hemoglobin A1c"))
        a1c.update(value=54, unit="mmol/mol", referenceRange={"high": 39})
    site = build(edited_sample(tmp_path, mmol_per_mol), tmp_path / "site")
    analyte = text_of(page(site, "labs/analytes/hemoglobin-a1c.html"))
    assert "the chart shows % only: values in mmol/mol cannot be converted" in analyte
    assert "54" not in re.search(r"Hemoglobin A1c from [^.]*\.", analyte).group(0)
    report = text_of(page(site, "labs/2025-04-08-hba1c-and-cholesterol-results-8-april-draw.html"))
    assert "different unit" in report


# 8. Text results are flagged against a text reference.

def test_trace_protein_against_negative_is_abnormal(sites):
    site = sites.site(ELLEN)
    assert any(cell.startswith("Trace") and "Abnormal" in cell for cell in matrix_row(site, "Protein, urine"))
    urine = text_of(page(site, "labs/2025-02-10-urine-dipstick-at-urgent-care-in-february.html"))
    assert re.search(r"Protein, urine Trace\s+Negative ! Abnormal", urine), urine
    assert re.search(r"Glucose, urine Negative\s+Negative ✓ Normal", urine)


# 9. Preliminary and corrected results are marked in the matrix.

def test_the_matrix_marks_preliminary_and_corrected_results(sites):
    site = sites.site(ELLEN)
    assert any(cell.endswith("corrected") for cell in matrix_row(site, "WBC"))
    nitrite = [cell for cell in matrix_row(site, "Nitrite") if cell]
    assert "preliminary" not in nitrite[0] and nitrite[-1].endswith("preliminary"), nitrite
    assert not any("preliminary" in cell or "corrected" in cell for cell in matrix_row(site, "Glucose"))


# 10. Attachments: names, and links where the address is https: or http:, or to the file the build
# copied into the site (issue 22; more in test_attachments.py).

def test_attachments_are_named_and_linked(sites):
    site = sites.site(ELLEN)
    report = page(site, "labs/2025-01-21-metabolic-panel-from-the-january-fasting-draw.html")
    assert '<a href="https://portal.example-clinic.org/results/88213">cmp-2025-01-21.pdf</a>' in report
    week = page(site, WEEK.format("2025-W12"))
    copied = re.search(r'<a href="\.\./(attachments/[0-9a-f-]{36}\.pdf)">eye-clinic-letter\.pdf</a>', week)
    assert copied and (site / copied.group(1)).is_file(), week
    markdown = page(site, "labs/2025-01-21-metabolic-panel-from-the-january-fasting-draw.md")
    assert "cmp-2025-01-21.pdf" in markdown and "portal.example-clinic.org/results/88213" in markdown


def test_an_attachment_of_another_scheme_is_named_but_not_linked(tmp_path):
    def unsafe(records):
        attachment = records["hr-doc-2025-03-20-eye-letter"]["attachments"][0]
        attachment["url"] = "javascript:alert(1)"
    site = build(edited_sample(tmp_path, unsafe), tmp_path / "site")
    week = page(site, WEEK.format("2025-W12"))
    assert "eye-clinic-letter.pdf" in week and "javascript:" not in week


def test_tasks_and_updates_show_their_attachments_too(tmp_path):
    def statement(tasks):
        tasks["task-duplicate-charge"]["attachments"] = [
            {"id": "att-statement", "fileName": "statement-page.pdf", "mimeType": "application/pdf",
             "url": "https://bank.example.org/statements/2025-01"}]

    def photo(updates):
        updates["upd-2025-03-02-near-fall"]["attachments"] = [
            {"id": "att-grab-bars", "fileName": "grab bars (new).jpg", "mimeType": "image/jpeg", "url": "photos/grab bars (new).jpg"}]
    edited_sample(tmp_path, statement, file="tasks.json")
    site = build(edited_sample(tmp_path, photo, file="updates.json"), tmp_path / "site")
    assert '<a href="https://bank.example.org/statements/2025-01">statement-page.pdf</a>' in page(site, WEEK.format("2025-W14"))
    # A relative address whose file is not in the export is named without a link (issue 22).
    assert "grab bars (new).jpg, not included in the export" in page(site, WEEK.format("2025-W09"))
    assert "photos/" not in page(site, WEEK.format("2025-W09"))
    assert "grab bars \\(new\\).jpg, not included in the export" in page(site, "weeks/2025-W09.md") \
        or "grab bars (new).jpg, not included in the export" in page(site, "weeks/2025-W09.md")
