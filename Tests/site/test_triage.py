"""Needs attention in triage order, with flags that are true (issue 31): what may need a call today
first, overdue chores in one line at the end, one line per kind of reading and week, an abnormal
result kept on the home until rechecked, the usual worked out on the current regimen, dose changes
as they are, and fall and warning words in every shipped language."""
import json
import re

import pytest

from conftest import ELLEN, ELLEN_ES, NOW, run_carereport
from test_clinical import WEEK, attention, digest, digest_section, edited_sample, page, text_of

PRESSURE = re.compile(r"(\d+)/(\d+) mmHg")


def items(markup):
    """The Needs-attention lines of a page, in order."""
    match = re.search(r'<section[^>]*aria-labelledby="attention-heading".*?</section>', markup, re.S)
    if not match:
        return []
    return [text_of(re.sub(r'<span aria-hidden="true">.*?</span>', "", item)) for item in re.findall(r"<li>(.*?)</li>", match.group(0), re.S)]


def inside_usual_range(line):
    """True when a blood-pressure line's reading is inside 90/60 to 140/90."""
    match = PRESSURE.search(line)
    systolic, diastolic = int(match.group(1)), int(match.group(2))
    return 90 <= systolic < 140 and 60 <= diastolic < 90


def test_week_15_puts_the_potassium_first_and_the_chores_in_one_line_last(sites):
    lines = items(page(sites.site(ELLEN), WEEK.format("2025-W15")))
    assert lines[0].startswith("Lab result high: Potassium 5.3 mmol/L (range 3.5–5.1), on Lisinopril"), lines
    assert "recheck due Tue 6 May 2025" in lines[0], "the report's 'recheck in 4 weeks' is a dated reminder"
    assert lines[-1].startswith("Overdue tasks: 3 overdue tasks, the oldest 13 days"), lines
    assert not any("Dispute the duplicate pharmacy charge" in line for line in lines), "the chores are one line"
    missed = next(index for index, line in enumerate(lines) if line.startswith("Doses:"))
    labs = [index for index, line in enumerate(lines) if line.startswith("Lab result")]
    assert max(labs) < missed, "abnormal results come before missed doses"


def test_the_digest_has_the_same_order(sites):
    week = digest_section(digest("--week", "2025-W15"), "Needs attention")
    assert week.index("Potassium 5.3") < week.index("Lisinopril: 1 missed") < week.index("3 overdue tasks")


def test_each_week_has_at_most_one_line_per_kind_of_reading(sites):
    """One flag line per week for blood pressure; a reading a same-day symptom explains (week 9's
    104/61 with dizziness) is its own line, being about the day, not the pressure's range."""
    site = sites.site(ELLEN)
    for path in sorted((site / "weeks").glob("2025-W*.html")):
        lines = items(path.read_text(encoding="utf-8"))
        pressure = [line for line in lines if line.startswith("Blood pressure") and not line.startswith("Blood pressure on a day with ")]
        assert len(pressure) <= 1, (path.name, pressure)
    week7 = items(page(site, WEEK.format("2025-W07")))
    assert "Blood pressure high: above 140/90 in 4 of 4 readings, highest 148/86 mmHg on Sun 16 Feb" in week7, week7


def test_a_fever_and_confusion_come_before_the_rest(sites):
    lines = items(page(sites.site(ELLEN), WEEK.format("2025-W07")))
    assert lines[0].startswith("Fever: 38.3 °C on Mon 10 Feb"), lines
    assert lines[1].startswith("Confusion: Muddled about the day and the time"), lines


def test_an_abnormal_result_stays_on_the_home_until_a_newer_result(sites):
    home = attention(page(sites.site(ELLEN), "index.html"))
    assert "Potassium 5.3 mmol/L (range 3.5–5.1), on Lisinopril, since 8 Apr, not rechecked; recheck due Tue 6 May 2025" in home, home
    assert "Hemoglobin A1c 7.8" not in home, "the January A1c was rechecked in April"
    assert "Hemoglobin A1c 7.1" not in home, "7.1 % is within the goal of 7.5 her doctor stated in January"


def test_a_result_within_the_doctors_stated_goal_is_not_a_flag(sites):
    site = sites.site(ELLEN)
    assert "Hemoglobin A1c 7.8 % (range ≤ 5.7)" in attention(page(site, WEEK.format("2025-W04"))), "7.8 is above the goal of 7.5"
    assert "Hemoglobin A1c" not in attention(page(site, WEEK.format("2025-W15")))


EXPLAINED = "Blood pressure on a day with "


def test_no_reading_inside_the_usual_range_needs_attention_in_the_sample(sites):
    """Only a reading a same-day symptom explains: the 104/61 of Sat 1 Mar with dizziness."""
    site = sites.site(ELLEN)
    explained = []
    for path in sorted((site / "weeks").glob("2025-W*.html")):
        for line in items(path.read_text(encoding="utf-8")):
            if line.startswith("Blood pressure") and PRESSURE.search(line) and inside_usual_range(line):
                assert line.startswith(EXPLAINED), (path.name, line)
                explained.append((path.name, line))
    assert [name for name, _ in explained] == ["2025-W09.html"], explained
    text = " ".join(attention(path.read_text(encoding="utf-8")) for path in (site / "weeks").glob("2025-W1*.html") if "attention-heading" in path.read_text(encoding="utf-8"))
    assert "127/85" not in text and "Blood pressure low" not in text


def test_an_in_range_reading_on_a_day_with_dizziness_after_a_dose_increase_needs_attention(sites):
    """Week 9: 104/61 on the day of "Dizzy on standing", five days after lisinopril went from 10 to 20
    mg, is listed beside the near-fall, worded by the day's symptom and the change, never as "low"
    against the usual of the old dose; the near-fall day's 133/89 (not lower than before the change)
    is not."""
    lines = items((sites.site(ELLEN) / "weeks" / "2025-W09.html").read_text(encoding="utf-8"))
    assert "Blood pressure on a day with dizziness: 104/61 mmHg on Sat 1 Mar, 5 days after the Lisinopril increase" in lines, lines
    assert not any("low" in line.split(":")[0] for line in lines), lines
    assert not any("133/89" in line for line in lines), lines
    assert lines.index(next(line for line in lines if line.startswith(EXPLAINED))) < lines.index(next(line for line in lines if line.startswith("Doses")))
    spanish = items((sites.site(ELLEN_ES) / "weeks" / "2025-W09.html").read_text(encoding="utf-8"))
    assert ("Presión arterial en un día con mareo: 104/61 mmHg el sáb 1 mar, 5 días después del aumento de dosis de Lisinopril"
            in spanish), spanish


def test_an_in_range_reading_without_a_symptom_that_day_stays_out(tmp_path):
    """The same week with the dizziness moved to the next day: the 104/61 is no longer listed."""
    def edit(existing):
        for record in existing.values():
            if record.get("title", "").startswith("Dizzy on standing"):
                record["date"] = "2025-03-03T07:45:00-08:00"
    source = edited_sample(tmp_path, edit)
    out = tmp_path / "site"
    assert run_carereport("build", str(source), "--out", str(out), "--viewer", "u-ellen", "--now", NOW).returncode == 0
    lines = items((out / "weeks" / "2025-W09.html").read_text(encoding="utf-8"))
    assert not any("104/61" in line for line in lines), lines


def test_no_reading_inside_the_usual_range_needs_attention_in_a_generated_export(tmp_path):
    export, site = tmp_path / "agency", tmp_path / "caseload"
    assert run_carereport("generate", "--circles", "25", "--weeks", "4", "--organizer-in", "25", "--out", str(export)).returncode == 0
    built = run_carereport("build", str(export), "--out", str(site), "--viewer", "g3-u2", "--circle", "g3")
    assert built.returncode == 0, built.stderr
    for path in sorted((site / "weeks").glob("*.html")):
        lines = items(path.read_text(encoding="utf-8"))
        pressure = [line for line in lines if line.startswith("Blood pressure")]
        assert len([line for line in pressure if "high" in line.split(":")[0]]) <= 1, (path.name, pressure)
        for line in pressure:
            if "lower than usual" not in line and not line.startswith(EXPLAINED) and PRESSURE.search(line):
                assert not inside_usual_range(line), (path.name, line)


def add_records(tmp_path, *records):
    def edit(existing):
        for number, (day, kind, title, text) in enumerate(records):
            record_id = f"hr-triage-{number}"
            data = {"kind": "note", "text": text} if kind == "note" else {"name": title, "severity": 3, "notes": text}
            existing[record_id] = {
                "id": record_id, "type": "observation" if kind == "note" else "symptom", "title": title,
                "date": f"{day}T19:00:00-07:00", "careRecipientId": "u-margaret", "careCircleId": "circle-margaret",
                "createdBy": {"userId": "u-ellen", "role": "caregiver"}, "createdAt": f"{day}T19:05:00-07:00",
                "privacyLevel": "circle", "data": data,
            }
    return edited_sample(tmp_path, edit)


def test_fall_and_warning_words_in_every_language_and_not_a_falling_pressure(tmp_path):
    source = add_records(
        tmp_path,
        ("2025-03-25", "note", "Baño", "Se cayó en el baño al levantarse, sin golpe en la cabeza."),
        ("2025-03-26", "note", "Evening", "Found him on the floor by the bed at 6."),
        ("2025-03-27", "symptom", "Fainted in the kitchen", "Came round after a minute."),
        ("2025-03-28", "note", "Standing up", "Blood pressure falls when he stands up, so he sits first."),
        ("2025-03-29", "symptom", "Muy confundida por la tarde", "No sabía dónde estaba."),
    )
    week = digest_section(digest("--week", "2025-W13", source=source), "Needs attention")
    assert "Fall or near-fall: Baño" in week and "Fall or near-fall: Evening" in week, week
    assert "Fainting: Fainted in the kitchen" in week, week
    assert "Confusion: Muy confundida por la tarde" in week, week
    assert "Standing up" not in week, "a pressure that falls is not a fall"
    # The clinician's page reads the same words: falls and fainting, not a falling pressure.
    visit = visit_text(source, tmp_path)
    falls = visit[visit.index("Symptoms, falls and near-falls"):visit.index("Symptom First seen")]
    assert "Baño" in falls and "Evening" in falls and "Fainted in the kitchen" in falls, falls
    assert "Standing up" not in falls, falls
    # Calls first: the warnings come before missed doses.
    if "Doses:" in week:
        assert week.index("Fainting:") < week.index("Doses:")


def test_a_dose_increase_is_worded_as_such(sites):
    markup = page(sites.site(ELLEN), WEEK.format("2025-W09"))
    row = next(text_of(row) for row in re.findall(r"<tr>(.*?)</tr>", markup, re.S) if "Lisinopril 20 mg" in row)
    assert "increased 10 → 20 mg on Mon 24 Feb 2025" in row, row
    assert "started" not in row, row


def test_first_week_on_the_new_dose_after_a_sunday_change_is_the_week_after(tmp_path):
    def sunday(records):
        records["hr-med-lisinopril-10"]["data"]["endDate"] = "2025-02-22"
        new = records["hr-med-lisinopril-20"]
        new["data"]["startDate"] = "2025-02-23"
        new["date"] = "2025-02-23T08:00:00-08:00"
    source = edited_sample(tmp_path, sunday)
    out = tmp_path / "site"
    built = run_carereport("build", str(source), "--out", str(out), *ELLEN.selector(), "--now", NOW)
    assert built.returncode == 0, built.stderr
    assert "First week on the new dose: Lisinopril increased 10 → 20 mg on Sun 23 Feb 2025." not in text_of(page(out, WEEK.format("2025-W08")))
    assert "First week on the new dose: Lisinopril increased 10 → 20 mg on Sun 23 Feb 2025." in text_of(page(out, WEEK.format("2025-W09")))


def visit_text(source, tmp_path, name="visit.html"):
    out = tmp_path / name
    written = run_carereport("visit", str(source), *ELLEN.selector(), "--now", NOW, "--out", str(out))
    assert written.returncode == 0, written.stderr
    return text_of(out.read_text(encoding="utf-8"))


def test_the_visit_summary_lists_every_appointment_and_what_the_reports_say(tmp_path):
    from conftest import SAMPLE
    text = visit_text(SAMPLE, tmp_path)
    assert "10 Feb: Urgent care visit for the bladder infection (Urgent care, completed, urgent)" in text
    assert "28 Jan: Going over the January labs with Dr. Nguyen" in text, "the oldest of the period is not dropped"
    assert "Potassium a little high on the higher lisinopril dose; recheck in 4 weeks." in text
    assert "Consistent with a urinary tract infection. Culture sent." in text
    assert "Within the goal of 7.5 % stated on 21 Jan." in text, "the doctor's goal for the A1c is beside its lab flag"
    assert re.search(r"Blood pressure, mmHg .*?▲ \d+ of 52 high", text), "vital signs flagged as on the week pages"


def test_past_ten_appointments_the_urgent_one_stays_and_the_rest_are_named(tmp_path):
    def many(records):
        template = records["hr-appt-2025-02-24-bp-follow-up"] if "hr-appt-2025-02-24-bp-follow-up" in records else next(
            record for record in records.values() if record["type"] == "appointment" and record["data"]["status"] == "completed")
        for day in range(1, 13):
            copy = json.loads(json.dumps(template))
            copy["id"] = f"hr-appt-extra-{day}"
            copy["title"] = f"Physiotherapy session {day}"
            copy["data"]["specialty"] = "Physiotherapy"
            copy["data"]["purpose"] = "Knee exercises"
            copy["date"] = copy["data"]["start"] = f"2025-03-{day + 10:02d}T10:00:00-07:00"
            copy["data"]["end"] = f"2025-03-{day + 10:02d}T11:00:00-07:00"
            records[copy["id"]] = copy
    text = visit_text(edited_sample(tmp_path, many), tmp_path)
    assert "10 Feb: Urgent care visit for the bladder infection" in text, "an urgent visit is always listed"
    assert re.search(r"And \d+ more: 28 Jan, Going over the January labs with Dr. Nguyen", text), text[text.find("Appointments"):][:1500]
    assert "24 Apr: Cardiology consult with Dr. Patel" in text, "a coming appointment is always listed"
