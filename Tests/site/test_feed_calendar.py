"""feed.xml (Atom) and calendar.ics (iCalendar) read by independent parsers, with the expected
entries and events, stable ids, and nothing hidden from the viewer."""
import json
import re

import pytest

from conftest import ELLEN, FRANK, SAMPLE, load_json, markers_file, opaque_id, require, run_carereport


def parsers():
    try:
        import feedparser
        import icalendar
    except ImportError:
        require(False, "feedparser and icalendar are missing (pip install feedparser icalendar)")
    return feedparser, icalendar


def visible(viewer, kind):
    audit = json.loads(run_carereport("audit", SAMPLE, *viewer.selector(), "--format", "json").stdout)
    return {entry["id"] for entry in audit if entry["kind"] == kind and entry["visible"]}


@pytest.mark.parametrize("viewer", [ELLEN, FRANK], ids=lambda viewer: viewer.name)
def test_feed_has_one_entry_per_weekly_summary(viewer, sites):
    feedparser, _ = parsers()
    site = sites.site(viewer)
    feed = feedparser.parse(str(site / "feed.xml"))
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    weeks = sorted(path.stem for path in (site / "weeks").glob("20*.html"))
    assert sorted(entry.link.split("/")[-1][:-5] for entry in feed.entries) == weeks
    ids = [entry.id for entry in feed.entries]
    assert len(set(ids)) == len(ids)
    # Opaque (privacy policy rule 6): naming neither the circle nor the reader.
    feed_id = "urn:carereport:feed:" + opaque_id("feed", viewer.user, viewer.circle)
    assert all(re.fullmatch(re.escape(feed_id) + r":\d{4}-W\d\d", i) for i in ids), ids[:2]


def test_feed_ids_are_stable_between_builds(sites, tmp_path):
    feedparser, _ = parsers()
    first = [entry.id for entry in feedparser.parse(str(sites.site(ELLEN) / "feed.xml")).entries]
    run_carereport(*ELLEN.build_args(tmp_path / "again"))
    assert [entry.id for entry in feedparser.parse(str(tmp_path / "again" / "feed.xml")).entries] == first


@pytest.mark.parametrize("viewer", [ELLEN, FRANK], ids=lambda viewer: viewer.name)
def test_calendar_has_the_visible_appointments_and_tasks(viewer, sites):
    _, icalendar = parsers()
    site = sites.site(viewer)
    calendar = icalendar.Calendar.from_ical((site / "calendar.ics").read_bytes())
    events = list(calendar.walk("VEVENT"))
    uids = {str(event["UID"]).split("@")[0] for event in events}
    appointments = {record["id"] for record in load_json(SAMPLE / "health.json") if record["type"] == "appointment"}
    # UIDs are opaque (privacy policy rule 6): the keyed hash of each id, never the id itself.
    expected = {opaque_id("record", record_id) for record_id in visible(viewer, "healthRecord") & appointments}
    expected |= {opaque_id("task", task_id) for task_id in visible(viewer, "task")}
    assert uids == expected
    recurring = {opaque_id("task", task["id"]) for task in load_json(SAMPLE / "tasks.json") if task.get("recurrence")}
    for event in events:
        uid = str(event["UID"]).split("@")[0]
        assert ("RRULE" in event) == (uid in recurring), f"{uid}: recurrence must be kept as RRULE"


@pytest.mark.parametrize("viewer", [FRANK], ids=lambda viewer: viewer.name)
def test_unfolded_calendar_and_feed_hold_no_hidden_marker(viewer, sites):
    site = sites.site(viewer)
    markers = load_json(markers_file())
    audit = json.loads(run_carereport("audit", SAMPLE, *viewer.selector(), "--format", "json").stdout)
    hidden = [markers[entry["id"]] for entry in audit if not entry["visible"] and entry["id"] in markers]
    calendar = (site / "calendar.ics").read_text(encoding="utf-8").replace("\r\n ", "").replace("\\,", ",").replace("\\;", ";")
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    for phrase in hidden:
        assert phrase not in calendar and phrase not in feed
