#!/usr/bin/env python3
"""Generate the carereport sample export in sample-data/ (directory form).

Deterministic: the hand-written people and texts live below, and the dose logs
and measurement series come from random.Random(20250420). Standard library only.

    python3 scripts/make-sample-data.py            # writes sample-data/
    python3 scripts/make-sample-data.py --check    # exits 1 if sample-data/ is stale

Every health record, task and update carries a phrase unique to it across the
whole export; Tests/sample-markers.json maps record ids to those phrases, and this
script asserts they are unique before writing anything.
"""

import datetime as dt
import json
import pathlib
import random
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "sample-data"

rng = random.Random(20250420)

MARGARET_CIRCLE = "circle-margaret"
WALTER_CIRCLE = "circle-walter"

FIRST_DAY = dt.date(2025, 1, 6)   # Monday of ISO week 2025-W02
LAST_DAY = dt.date(2025, 4, 20)   # Sunday of ISO week 2025-W16
NOW = dt.datetime(2025, 4, 18, 18, 0)  # export taken, local time

# --------------------------------------------------------------------------- time


def _nth_sunday(year, month, n):
    d = dt.date(year, month, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(weeks=n - 1)


def is_dst(local):
    """US rules for America/Los_Angeles (second Sunday of March to first Sunday of November)."""
    start = dt.datetime.combine(_nth_sunday(local.year, 3, 2), dt.time(2, 0))
    end = dt.datetime.combine(_nth_sunday(local.year, 11, 1), dt.time(2, 0))
    return start <= local < end


def iso(local):
    """Local wall-clock datetime -> ISO 8601 string with the Los Angeles offset."""
    return local.strftime("%Y-%m-%dT%H:%M:%S") + ("-07:00" if is_dst(local) else "-08:00")


def at(y, m, d, h=0, mi=0):
    return iso(dt.datetime(y, m, d, h, mi))


def day_label(d):
    """'Tue 14 Jan' (English, no leading zero)."""
    return f"{d:%a} {d.day} {d:%b}"


def days(first, last):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


# --------------------------------------------------------------------------- people

ROLES = {
    MARGARET_CIRCLE: {
        "u-margaret": "careRecipient",
        "u-ellen": "caregiver",
        "u-david": "caregiver",
        "u-sophie": "organizer",
        "u-rosa": "supporter",
        "u-frank": "supporter",
        "u-tom": "supporter",
        "u-linda": "supporter",
    },
    WALTER_CIRCLE: {
        "u-walter": "careRecipient",
        "u-rosa": "caregiver",
        "u-carmen": "organizer",
        "u-miguel": "supporter",
    },
}


def actor(user_id, circle=MARGARET_CIRCLE):
    return {"userId": user_id, "role": ROLES[circle][user_id]}


def user_role(kind, primary, circles):
    return {"type": kind, "primary": primary, "careCircleIds": circles}


USERS = [
    {
        "id": "u-margaret",
        "firstName": "Margaret",
        "lastName": "Ashworth",
        "phone": "+1 626 555 0118",
        "roles": [user_role("careRecipient", True, [MARGARET_CIRCLE])],
    },
    {
        "id": "u-ellen",
        "authId": "auth0|5f2c9e1d7a3b",
        "firstName": "Ellen",
        "lastName": "Park",
        "email": "ellen.park@example.com",
        "phone": "+1 626 555 0142",
        "roles": [user_role("caregiver", True, [MARGARET_CIRCLE])],
        "preferences": {
            "notificationSettings": {"dailyDigest": True, "quietHours": "21:30-07:00"},
            "theme": "system",
            "accessibility": {"largeText": False},
            "language": "en-US",
        },
    },
    {
        "id": "u-david",
        "firstName": "David",
        "lastName": "Ashworth",
        "email": "d.ashworth@example.net",
        "roles": [user_role("caregiver", True, [MARGARET_CIRCLE])],
    },
    {
        "id": "u-sophie",
        "firstName": "Sophie",
        "lastName": "Park",
        "email": "sophie.park@example.org",
        "phone": "+1 213 555 0177",
        "roles": [user_role("organizer", True, [MARGARET_CIRCLE])],
    },
    {
        "id": "u-rosa",
        "firstName": "Rosa",
        "lastName": "Delgado",
        "email": "rosa.delgado@example.com",
        "phone": "+1 626 555 0190",
        "roles": [
            user_role("supporter", False, [MARGARET_CIRCLE]),
            user_role("caregiver", True, [WALTER_CIRCLE]),
        ],
        # Rosa reads Spanish first, with large text and a dark screen: her pages are in Spanish.
        "preferences": {
            "theme": "dark",
            "accessibility": {"largeText": True},
            "language": "es-US",
        },
    },
    {
        "id": "u-frank",
        "firstName": "Frank",
        "lastName": "Okafor",
        "phone": "+1 626 555 0124",
        "roles": [user_role("supporter", True, [MARGARET_CIRCLE])],
    },
    {
        "id": "u-tom",
        "firstName": "Tom",
        "lastName": "Ashworth",
        "email": "tom.ashworth@example.com",
    },
    {
        "id": "u-linda",
        "firstName": "Linda",
        "lastName": "Reyes",
        "email": "linda.reyes@example.org",
        "roles": [user_role("supporter", True, [MARGARET_CIRCLE])],
    },
    {
        "id": "u-walter",
        "firstName": "Walter",
        "lastName": "Delgado",
        "roles": [user_role("careRecipient", True, [WALTER_CIRCLE])],
    },
    {
        "id": "u-carmen",
        "firstName": "Carmen",
        "lastName": "Ruiz",
        "email": "carmen.ruiz@example.net",
        "roles": [user_role("organizer", True, [WALTER_CIRCLE])],
    },
    {
        "id": "u-miguel",
        "firstName": "Miguel",
        "lastName": "Delgado",
        "phone": "+1 626 555 0163",
        "roles": [user_role("supporter", True, [WALTER_CIRCLE])],
    },
]


def member(user_id, circle, relationship, status, joined, primary=False, permissions=None):
    m = {
        "userId": user_id,
        "roles": [ROLES[circle][user_id]],
        "primaryCaregiver": primary,
        "relationshipToRecipient": relationship,
    }
    if permissions is not None:
        m["permissions"] = permissions
    m["status"] = status
    m["joinedAt"] = joined
    return m


CIRCLES = [
    {
        "id": MARGARET_CIRCLE,
        "name": "Margaret's care circle",
        "careRecipient": {
            "userId": "u-margaret",
            "firstName": "Margaret",
            "lastName": "Ashworth",
            "dateOfBirth": "1941-03-09",
        },
        "members": [
            member("u-margaret", MARGARET_CIRCLE, "self", "active", at(2024, 12, 28, 10, 5)),
            member("u-ellen", MARGARET_CIRCLE, "daughter", "active", at(2024, 12, 28, 9, 40), primary=True),
            member("u-david", MARGARET_CIRCLE, "son", "active", at(2024, 12, 29, 17, 12)),
            member("u-sophie", MARGARET_CIRCLE, "granddaughter", "active", at(2024, 12, 30, 20, 3)),
            member("u-rosa", MARGARET_CIRCLE, "neighbour", "active", at(2025, 1, 4, 11, 26)),
            member("u-frank", MARGARET_CIRCLE, "friend from church", "active", at(2025, 1, 5, 14, 48),
                   permissions={"viewUpdates": False}),
            member("u-tom", MARGARET_CIRCLE, "grandson", "pending", at(2025, 4, 12, 16, 30)),
            member("u-linda", MARGARET_CIRCLE, "home care aide (agency)", "removed", at(2025, 1, 6, 8, 0)),
        ],
        "pendingInvites": [
            {
                "email": "tom.ashworth@example.com",
                "invitedRole": "supporter",
                "invitedBy": "u-david",
                "invitedAt": at(2025, 4, 12, 16, 30),
                "inviteCode": "MRG-7Q4K-2291",
                "status": "pending",
                "expiration": at(2025, 4, 26, 16, 30),
            }
        ],
        "careSituation": (
            "Margaret lives on her own in the house on Elm Avenue in Pasadena. She manages type 2 "
            "diabetes and high blood pressure, walks with a cane outside, and wants to stay at home "
            "as long as she can. Ellen comes most evenings, David on weekends."
        ),
        "createdAt": at(2024, 12, 28, 9, 30),
        "createdBy": "u-ellen",
    },
    {
        "id": WALTER_CIRCLE,
        "name": "Walter's circle",
        "careRecipient": {
            "userId": "u-walter",
            "firstName": "Walter",
            "lastName": "Delgado",
            "dateOfBirth": "1938-11-02",
        },
        "members": [
            member("u-walter", WALTER_CIRCLE, "self", "active", at(2025, 4, 6, 18, 15)),
            member("u-rosa", WALTER_CIRCLE, "daughter", "active", at(2025, 4, 6, 18, 0), primary=True),
            member("u-carmen", WALTER_CIRCLE, "family friend", "active", at(2025, 4, 6, 19, 2)),
            member("u-miguel", WALTER_CIRCLE, "grandson", "active", at(2025, 4, 7, 8, 41)),
        ],
        "careSituation": (
            "Walter moved in with Rosa after a hospital stay in March. He is steady on his feet "
            "but forgets his evening tablets unless someone reminds him."
        ),
        "createdAt": at(2025, 4, 6, 18, 0),
        "createdBy": "u-rosa",
    },
]

# --------------------------------------------------------------------------- collections

HEALTH = []
TASKS = []
UPDATES = []
MARKERS = {}

FORBIDDEN = set("&<>\"'*_`[]#|\\")


def _marker(record_id, text, marker):
    marker = marker or text
    MARKERS[record_id] = marker
    return marker


def health(rid, kind, title, date, privacy, data, by="u-ellen", created_at=None,
           visible_to=None, description=None, marker=None, attachments=None,
           circle=MARGARET_CIRCLE, related=None):
    rec = {"id": rid, "type": kind, "title": title}
    if description is not None:
        rec["description"] = description
    rec["date"] = date
    rec["careRecipientId"] = "u-margaret" if circle == MARGARET_CIRCLE else "u-walter"
    rec["careCircleId"] = circle
    rec["createdBy"] = actor(by, circle)
    rec["createdAt"] = created_at or date
    rec["privacyLevel"] = privacy
    if visible_to is not None:
        rec["visibleTo"] = visible_to
    rec["data"] = data
    rec["attachments"] = attachments or []
    if related:
        rec["relatedEvents"] = related
    HEALTH.append(rec)
    _marker(rid, title, marker)
    return rec


def task(tid, title, category, priority, due, status, created_at, by, *, description=None,
         recurrence=None, assigned=None, notes=None, reminders=None, completion=None, tags=None,
         marker=None, attachments=None, circle=MARGARET_CIRCLE):
    t = {"id": tid, "title": title}
    if description is not None:
        t["description"] = description
    t["category"] = category
    t["priority"] = priority
    t["dueDate"] = due
    if recurrence is not None:
        t["recurrence"] = recurrence
    t["status"] = status
    t["createdAt"] = created_at
    t["createdBy"] = actor(by, circle)
    if assigned is not None:
        uid, accepted_at = assigned
        t["assignedTo"] = {"userId": uid, "role": ROLES[circle][uid], "accepted": accepted_at is not None}
        if accepted_at is not None:
            t["assignedTo"]["acceptedAt"] = accepted_at
    t["careCircleId"] = circle
    t["notes"] = [{"content": c, "authorId": a, "createdAt": w} for (a, w, c) in (notes or [])]
    t["attachments"] = attachments or []
    t["reminders"] = [{"time": w, "sentTo": to, "sent": s} for (w, to, s) in (reminders or [])]
    if completion is not None:
        who, when, text = completion
        t["completionDetails"] = {"completedAt": when, "completedBy": who}
        if text is not None:
            t["completionDetails"]["notes"] = text
        t["completionDetails"]["attachments"] = []
    t["tags"] = tags or []
    TASKS.append(t)
    _marker(tid, title, marker)
    return t


def update(uid, kind, content, author, when, level, marker, user_ids=None, comments=None,
           reactions=None, attachments=None, circle=MARGARET_CIRCLE):
    visible = {"level": level}
    if user_ids is not None:
        visible["userIds"] = user_ids
    u = {
        "id": uid,
        "type": kind,
        "content": content,
        "authorId": author,
        "authorRole": ROLES[circle][author],
        "careCircleId": circle,
        "timestamp": when,
        "visibleTo": visible,
        "reactions": [{"userId": who, "type": r, "timestamp": w} for (who, r, w) in (reactions or [])],
        "comments": [{"authorId": a, "content": c, "timestamp": w} for (a, w, c) in (comments or [])],
        "attachments": attachments or [],
    }
    UPDATES.append(u)
    _marker(uid, content, marker)
    return u


def weekly(days_of_week, interval=1, until=None):
    r = {"frequency": "weekly", "interval": interval, "daysOfWeek": days_of_week}
    if until:
        r["until"] = until
    return r


def daily(interval=1):
    return {"frequency": "daily", "interval": interval}


def monthly(interval=1):
    return {"frequency": "monthly", "interval": interval}


# --------------------------------------------------------------------------- medications

SKIP_REASONS = [
    "Felt queasy and could not face breakfast",
    "Out at the church lunch, dose left at home",
    "Asleep early, did not want to wake her",
]
LATE_NOTES = [
    "Slept in",
    "Remembered after the phone call with Ellen",
    "Taken when she got back from the shops",
    None,
]


def recorder(local, slot):
    """Who usually ticks the dose off in the app."""
    weekend = local.weekday() >= 5
    if slot == "morning":
        if weekend:
            return "u-david"
        if local.date() <= dt.date(2025, 2, 28):
            return "u-linda"  # agency aide, weekday mornings until she left
        return "u-margaret"
    return "u-david" if weekend else "u-ellen"


def scheduled_log(times, first, last, overrides=None, p_late=0.06, p_missed=0.03, p_skipped=0.025,
                  first_time=None, last_time=None):
    """A full dose log for every scheduled time from first to last (inclusive, and not after NOW)."""
    overrides = overrides or {}
    log = []
    for d in days(first, last):
        for t in times:
            hh, mm = map(int, t.split(":"))
            sched = dt.datetime(d.year, d.month, d.day, hh, mm)
            if sched > NOW:
                return log
            if first_time and sched < first_time:
                continue
            if last_time and sched > last_time:
                continue
            slot = "morning" if hh < 14 else "evening"
            entry = {"scheduledAt": iso(sched)}
            r = rng.random()
            key = (d.isoformat(), t)
            if key in overrides:
                status, extra = overrides[key]
            elif r < p_missed:
                status, extra = "missed", {}
            elif r < p_missed + p_skipped:
                status, extra = "skipped", {"reason": rng.choice(SKIP_REASONS)}
            elif r < p_missed + p_skipped + p_late:
                status, extra = "late", {}
            else:
                status, extra = "taken", {}
            if status == "late":
                taken = sched + dt.timedelta(minutes=rng.randint(60, 180))
                entry["takenAt"] = iso(taken)
                entry["status"] = "taken"
                note = extra.get("note", rng.choice(LATE_NOTES))
                entry["recordedBy"] = recorder(sched, slot)
                if note:
                    entry["note"] = note
            elif status == "taken":
                taken = sched + dt.timedelta(minutes=rng.randint(-10, 35))
                entry["takenAt"] = iso(taken)
                entry["status"] = "taken"
                entry["recordedBy"] = recorder(sched, slot)
                if "note" in extra:
                    entry["note"] = extra["note"]
            elif status == "missed":
                entry["status"] = "missed"
                entry["recordedBy"] = recorder(sched, slot)
                if "note" in extra:
                    entry["note"] = extra["note"]
            else:
                entry["status"] = "skipped"
                entry["recordedBy"] = recorder(sched, slot)
                entry["reason"] = extra["reason"]
            log.append(entry)
    return log


def med_data(name, strength, dose, times, start, status, reason, instructions, rxnorm, log,
             end=None, form="tablet", route="oral", prescriber="Dr. Anh Nguyen", as_needed=False,
             max_daily=None):
    d = {"name": name, "strength": strength, "dose": dose, "form": form, "route": route}
    if times:
        d["schedule"] = {"times": times}
    d["asNeeded"] = as_needed
    if max_daily is not None:
        d["maxDailyDoses"] = max_daily
    d["startDate"] = start
    if end is not None:
        d["endDate"] = end
    d["status"] = status
    d["prescriber"] = prescriber
    d["reason"] = reason
    d["instructions"] = instructions
    if rxnorm:
        d["rxnorm"] = rxnorm
    d["administrations"] = log
    return d


def make_medications():
    # Metformin: the mail-order pharmacy started new 90-day orders on 6 Jan (blister packs).
    metformin_over = {
        ("2025-01-21", "08:00"): ("late", {"note": "Held until after the fasting blood draw"}),
        ("2025-02-10", "08:00"): ("skipped", {"reason": "Sick-day rule: not eating, nurse line said hold it"}),
        ("2025-02-10", "20:00"): ("skipped", {"reason": "Sick-day rule: still not eating much"}),
        ("2025-03-09", "20:00"): ("taken", {"note": "Taken with the birthday supper"}),
        ("2025-04-08", "08:00"): ("late", {"note": "Held until after the fasting blood draw"}),
    }
    health(
        "hr-med-metformin", "medication", "Metformin 500 mg with breakfast and supper",
        at(2025, 1, 6, 8, 0), "caregivers",
        med_data(
            "Metformin", "500 mg", {"value": 500, "unit": "mg"}, ["08:00", "20:00"], "2025-01-06",
            "active", "Type 2 diabetes",
            "Take **with food**. Hold on days she is not eating and call the nurse line.",
            "861007",
            scheduled_log(["08:00", "20:00"], FIRST_DAY, LAST_DAY, metformin_over),
        ),
        created_at=at(2025, 1, 6, 7, 45),
        description="New 90-day order from the mail-order pharmacy; comes in the weekly blister packs.",
    )

    lis10_over = {("2025-02-10", "08:00"): ("late", {"note": "Given at urgent care check-in time"})}
    health(
        "hr-med-lisinopril-10", "medication", "Lisinopril 10 mg each morning, first order",
        at(2025, 1, 6, 8, 0), "caregivers",
        med_data(
            "Lisinopril", "10 mg", {"value": 10, "unit": "mg"}, ["08:00"], "2025-01-06", "stopped",
            "High blood pressure",
            "One tablet in the morning. Stand up slowly.",
            "314076",
            scheduled_log(["08:00"], FIRST_DAY, dt.date(2025, 2, 23), lis10_over),
            end="2025-02-23",
        ),
        created_at=at(2025, 1, 6, 7, 46),
        description="Replaced by the 20 mg order after the February blood pressure follow-up.",
        related=["hr-med-lisinopril-20", "hr-appt-2025-02-24-primary-care"],
    )

    lis20_over = {
        ("2025-03-01", "08:00"): ("skipped", {"reason": "Held after the dizzy spell, per the nurse line"}),
    }
    health(
        "hr-med-lisinopril-20", "medication", "Lisinopril 20 mg each morning, increased dose",
        at(2025, 2, 24, 8, 0), "caregivers",
        med_data(
            "Lisinopril", "20 mg", {"value": 20, "unit": "mg"}, ["08:00"], "2025-02-24", "active",
            "High blood pressure (morning readings still above 140)",
            "One tablet in the morning.\n\n- Sit on the edge of the bed for a minute before standing\n"
            "- Call the clinic if she feels faint",
            "314077",
            scheduled_log(["08:00"], dt.date(2025, 2, 24), LAST_DAY, lis20_over),
        ),
        created_at=at(2025, 2, 24, 13, 10),
        related=["hr-med-lisinopril-10", "hr-appt-2025-02-24-primary-care"],
    )

    ator_over = {("2025-03-09", "20:00"): ("missed", {"note": "Birthday tea ran late and everyone forgot"})}
    health(
        "hr-med-atorvastatin", "medication", "Atorvastatin 20 mg at bedtime",
        at(2025, 1, 6, 20, 0), "caregivers",
        med_data(
            "Atorvastatin", "20 mg", {"value": 20, "unit": "mg"}, ["20:00"], "2025-01-06", "active",
            "High cholesterol",
            "One tablet in the evening, with or without food.",
            "617310",
            scheduled_log(["20:00"], FIRST_DAY, LAST_DAY, ator_over, p_late=0.08),
        ),
        created_at=at(2025, 1, 6, 7, 47),
    )

    # Acetaminophen as needed: no schedule, uses logged as they happen.
    busy_days = {
        dt.date(2025, 1, 15): 3,
        dt.date(2025, 2, 9): 4,
        dt.date(2025, 3, 2): 3,
        dt.date(2025, 4, 5): 5,
        dt.date(2025, 4, 6): 4,
    }
    prn_notes = {
        dt.date(2025, 1, 15): "Right knee sore after the stairs at the library",
        dt.date(2025, 3, 2): "Bruised hip after the near-fall",
        dt.date(2025, 4, 5): "Fifth dose, over the daily limit; Ellen called the nurse line",
    }
    prn_log = []
    for d in days(FIRST_DAY, LAST_DAY):
        n = busy_days.get(d)
        if n is None:
            r = rng.random()
            n = 0 if r < 0.45 else 1 if r < 0.75 else 2 if r < 0.95 else 3
        # First use between 07:00 and 08:00 on busy days, later on quiet ones; the uses of a
        # day always stay within that calendar day.
        t = dt.datetime(d.year, d.month, d.day, 7, 0) + dt.timedelta(
            minutes=rng.randint(0, 60) if n >= 3 else rng.randint(30, 180))
        for i in range(n):
            if t > NOW:
                break
            entry = {"takenAt": iso(t), "status": "taken", "dose": {"value": 500, "unit": "mg"},
                     "recordedBy": recorder(t, "morning" if t.hour < 14 else "evening")}
            if i == n - 1 and d in prn_notes:
                entry["note"] = prn_notes[d]
            prn_log.append(entry)
            gap = 195 + rng.randint(0, 25) if n >= 5 else 240 + rng.randint(0, 50)
            t += dt.timedelta(minutes=gap)
    health(
        "hr-med-acetaminophen-prn", "medication", "Acetaminophen 500 mg for knee pain when needed",
        at(2025, 1, 6, 9, 0), "circle",
        med_data(
            "Acetaminophen", "500 mg", {"value": 500, "unit": "mg"}, None, "2025-01-06", "active",
            "Osteoarthritis of both knees",
            "One tablet when needed, at least 4 hours apart. **No more than 4 in a day.**",
            "198440", prn_log, as_needed=True, max_daily=4,
        ),
        created_at=at(2025, 1, 6, 7, 48),
    )

    nitro_over = {("2025-02-12", "20:00"): ("late", {"note": "Taken after the long nap"})}
    health(
        "hr-med-nitrofurantoin", "medication", "Nitrofurantoin 100 mg course for the bladder infection",
        at(2025, 2, 10, 20, 0), "caregivers",
        med_data(
            "Nitrofurantoin (macrocrystals)", "100 mg", {"value": 100, "unit": "mg"}, ["08:00", "20:00"],
            "2025-02-10", "stopped", "Urinary tract infection",
            "Twice a day **with food** for 5 days. Urine may turn dark yellow or brown.",
            None,
            scheduled_log(["08:00", "20:00"], dt.date(2025, 2, 10), dt.date(2025, 2, 15), nitro_over,
                          p_late=0.0, p_missed=0.0, p_skipped=0.0,
                          first_time=dt.datetime(2025, 2, 10, 20, 0),
                          last_time=dt.datetime(2025, 2, 15, 8, 0)),
            end="2025-02-15", form="capsule", prescriber="Arroyo Urgent Care (PA Jenna Morris)",
        ),
        created_at=at(2025, 2, 10, 16, 20),
        related=["hr-appt-2025-02-10-urgent-care", "hr-lab-2025-02-10-urinalysis"],
    )

    # Walter: amlodipine since he moved in with Rosa.
    amlo_log = []
    for d in days(dt.date(2025, 4, 7), LAST_DAY):
        sched = dt.datetime(d.year, d.month, d.day, 9, 0)
        if sched > NOW:
            break
        e = {"scheduledAt": iso(sched)}
        if d == dt.date(2025, 4, 12):
            e.update(status="missed", recordedBy="u-rosa", note="He was at the ballgame with Miguel")
        elif d == dt.date(2025, 4, 16):
            e.update(takenAt=iso(sched + dt.timedelta(minutes=95)), status="taken", recordedBy="u-rosa")
        else:
            e.update(takenAt=iso(sched + dt.timedelta(minutes=rng.randint(0, 25))), status="taken",
                     recordedBy="u-rosa" if d.weekday() < 5 else "u-miguel")
        amlo_log.append(e)
    health(
        "hr-w-med-amlodipine", "medication", "Amlodipine 5 mg for Walter after breakfast",
        at(2025, 4, 7, 9, 0), "caregivers",
        med_data("Amlodipine", "5 mg", {"value": 5, "unit": "mg"}, ["09:00"], "2025-04-07", "active",
                 "High blood pressure", "One tablet after breakfast.", "197361", amlo_log,
                 prescriber="Dr. Luis Ferrer"),
        by="u-rosa", circle=WALTER_CIRCLE, created_at=at(2025, 4, 7, 8, 50),
    )


# --------------------------------------------------------------------------- measurements


def make_measurements():
    bp_days = {1: "am", 3: "am", 5: "am", 6: "pm"}  # Tue, Thu, Sat mornings; Sun evenings
    for d in days(FIRST_DAY, dt.date(2025, 4, 18)):
        slot = bp_days.get(d.weekday())
        if slot is None:
            continue
        if slot == "am":
            local = dt.datetime(d.year, d.month, d.day, 7, 25 + rng.randint(0, 20))
            title = f"Blood pressure before breakfast, {day_label(d)}"
            context = "seated, left arm, before breakfast"
        else:
            local = dt.datetime(d.year, d.month, d.day, 19, 5 + rng.randint(0, 30))
            title = f"Blood pressure after supper, {day_label(d)}"
            context = "seated, left arm, after supper"
        if d < dt.date(2025, 2, 24):
            sys_, dia = rng.gauss(152, 8), rng.gauss(88, 5)
        elif d < dt.date(2025, 3, 3):
            sys_, dia = rng.gauss(140, 6), rng.gauss(83, 4)
        else:
            sys_, dia = rng.gauss(133, 7), rng.gauss(79, 4)
        description = None
        if d == dt.date(2025, 3, 1):
            sys_, dia = 104, 61
            description = "Taken after she felt lightheaded getting out of bed. Nurse line said hold today's lisinopril."
        rid = f"hr-bp-{d.isoformat()}-{slot}"
        privacy = "circle" if slot == "am" else "caregivers"
        who = "u-margaret" if d.weekday() < 5 else "u-david"
        if slot == "pm":
            who = "u-ellen"
        health(rid, "measurement", title, iso(local), privacy,
               {"kind": "bloodPressure", "systolic": int(round(sys_)), "diastolic": int(round(dia)),
                "unit": "mmHg", "loinc": "85354-9", "context": context},
               by=who, created_at=iso(local + dt.timedelta(minutes=2)), description=description)

    # Weekly weigh-in, Monday mornings.
    w = 71.6
    for d in days(FIRST_DAY, dt.date(2025, 4, 18)):
        if d.weekday() != 0:
            continue
        w += rng.uniform(-0.45, 0.2)
        local = dt.datetime(d.year, d.month, d.day, 7, 10)
        value = round(w, 1)
        if d == dt.date(2025, 2, 17):
            value = round(w - 1.1, 1)  # after the infection
        health(f"hr-weight-{d.isoformat()}", "measurement", f"Weekly weigh-in, {day_label(d)}",
               iso(local), "caregivers",
               {"kind": "weight", "value": value, "unit": "kg", "loinc": "29463-7",
                "context": "bathroom scale, before breakfast"},
               by="u-margaret", created_at=iso(local + dt.timedelta(minutes=1)))

    # Fasting blood glucose, most mornings.
    for d in days(FIRST_DAY, dt.date(2025, 4, 18)):
        if rng.random() < 0.18:
            continue
        local = dt.datetime(d.year, d.month, d.day, 7, rng.randint(0, 20))
        mean = 142 if d < dt.date(2025, 3, 1) else 126
        value = int(round(rng.gauss(mean, 16)))
        description = None
        if d == dt.date(2025, 3, 10):
            value, description = 214, "Morning after the birthday tea with the lemon cake."
        elif d == dt.date(2025, 2, 11):
            value, description = 231, "Still fighting the infection; drinking water but eating little."
        elif d == dt.date(2025, 3, 27):
            value, description = 64, "Shaky and sweaty. Had juice and crackers; 112 twenty minutes later."
        elif d == dt.date(2025, 4, 14):
            value = 68
        health(f"hr-glucose-{d.isoformat()}", "measurement", f"Fasting sugar check, {day_label(d)}",
               iso(local), "caregivers",
               {"kind": "bloodGlucose", "value": value, "unit": "mg/dL", "loinc": "41653-7",
                "context": "fasting, fingerstick"},
               by="u-margaret" if d.weekday() < 5 else "u-david",
               created_at=iso(local + dt.timedelta(minutes=1)), description=description)

    # Temperature while she had the bladder infection.
    for (d, h, v) in [(dt.date(2025, 2, 9), 20, 37.9), (dt.date(2025, 2, 10), 9, 38.3),
                      (dt.date(2025, 2, 11), 9, 37.6), (dt.date(2025, 2, 12), 9, 36.9)]:
        local = dt.datetime(d.year, d.month, d.day, h, 15)
        health(f"hr-temp-{d.isoformat()}", "measurement", f"Temperature under the tongue, {day_label(d)}",
               iso(local), "caregivers",
               {"kind": "temperature", "value": v, "unit": "°C", "loinc": "8310-5", "context": "oral"},
               by="u-ellen" if d.weekday() < 5 else "u-david", created_at=iso(local + dt.timedelta(minutes=3)))

    # A few resting pulse readings at the clinic-style check David does on Saturdays.
    for d in [dt.date(2025, 3, 1), dt.date(2025, 3, 8), dt.date(2025, 3, 15)]:
        local = dt.datetime(d.year, d.month, d.day, 7, 50)
        value = {dt.date(2025, 3, 1): 104, dt.date(2025, 3, 8): 78, dt.date(2025, 3, 15): 72}[d]
        health(f"hr-pulse-{d.isoformat()}", "measurement", f"Resting pulse on the wrist cuff, {day_label(d)}",
               iso(local), "caregivers",
               {"kind": "heartRate", "value": value, "unit": "/min", "loinc": "8867-4", "context": "seated"},
               by="u-david", created_at=iso(local + dt.timedelta(minutes=1)))

    # Walter's evening readings at Rosa's.
    for d, s, di in [(dt.date(2025, 4, 7), 158, 86), (dt.date(2025, 4, 9), 151, 84), (dt.date(2025, 4, 11), 146, 82),
                     (dt.date(2025, 4, 14), 139, 80), (dt.date(2025, 4, 16), 134, 78)]:
        local = dt.datetime(d.year, d.month, d.day, 19, 30)
        health(f"hr-w-bp-{d.isoformat()}", "measurement", f"Evening reading for Walter, {day_label(d)}",
               iso(local), "circle",
               {"kind": "bloodPressure", "systolic": s, "diastolic": di, "unit": "mmHg", "loinc": "85354-9",
                "context": "seated, right arm"},
               by="u-rosa", circle=WALTER_CIRCLE, created_at=iso(local + dt.timedelta(minutes=2)))


# --------------------------------------------------------------------------- labs


def rr(low=None, high=None, text=None):
    r = {}
    if low is not None:
        r["low"] = low
    if high is not None:
        r["high"] = high
    if text is not None:
        r["text"] = text
    return r


def res(name, loinc, value, unit=None, rng_=None, flag=None, comparator=None, note=None):
    r = {"name": name, "loinc": loinc, "value": value}
    if comparator:
        r["comparator"] = comparator
    if unit:
        r["unit"] = unit
    if rng_:
        r["referenceRange"] = rng_
    if flag:
        r["flag"] = flag
    if note:
        r["note"] = note
    return r


def lab(rid, title, collected, reported, status, panel, results, conclusion=None, privacy="caregivers",
        by="u-ellen", attachments=None, description=None, marker=None, related=None):
    data = {"kind": "labReport", "laboratory": "Quest Diagnostics, Pasadena", "orderedBy": "Dr. Anh Nguyen",
            "collectedAt": collected, "reportedAt": reported, "status": status}
    if panel:
        data["panel"] = panel
    data["results"] = results
    if conclusion:
        data["conclusion"] = conclusion
    return health(rid, "document", title, collected, privacy, data, by=by, created_at=reported,
                  attachments=attachments, description=description, marker=marker, related=related)


def make_labs():
    jan = at(2025, 1, 21, 8, 5)
    jan_rep = at(2025, 1, 22, 14, 40)
    lab("hr-lab-2025-01-21-cmp", "Metabolic panel from the January fasting draw", jan, jan_rep, "final",
        {"name": "Comprehensive metabolic panel", "loinc": "24323-8"},
        [
            res("Glucose", "2345-7", 148, "mg/dL", rr(70, 99), flag="high"),
            res("Urea nitrogen (BUN)", "3094-0", 24, "mg/dL", rr(8, 23)),
            res("Creatinine", "2160-0", 1.2, "mg/dL", rr(0.5, 1.0)),
            res("eGFR (CKD-EPI 2021)", "98979-8", 44, "mL/min/1.73m2", rr(low=60)),
            res("Sodium", "2951-2", 138, "mmol/L", rr(135, 145)),
            res("Potassium", "2823-3", 4.6, "mmol/L", rr(3.5, 5.1)),
            res("ALT", "1742-6", 18, "U/L", rr(7, 35)),
        ],
        conclusion="Kidney function **mildly reduced**, similar to last year. Keep metformin at this dose.",
        attachments=[{"id": "att-lab-2025-01-21-cmp", "fileName": "cmp-2025-01-21.pdf",
                      "mimeType": "application/pdf", "url": "https://portal.example-clinic.org/results/88213",
                      "sizeBytes": 184233}])
    lab("hr-lab-2025-01-21-a1c-lipids", "HbA1c and cholesterol results, 21 January draw", jan, jan_rep, "final",
        {"name": "Diabetes and lipid follow-up"},
        [
            res("Hemoglobin A1c", "4548-4", 7.8, "%", rr(high=5.7), flag="high"),
            res("Cholesterol, total", "2093-3", 196, "mg/dL", rr(high=200)),
            res("HDL cholesterol", "2085-9", 52, "mg/dL", rr(low=40)),
            res("LDL cholesterol (calculated)", "13457-7", 118, "mg/dL", rr(high=100)),
            res("Triglycerides", "2571-8", 162, "mg/dL", rr(high=150)),
        ],
        conclusion="A1c above her goal of 7.5. Talk about diet and activity before adding a second medicine.")

    feb = at(2025, 2, 10, 11, 30)
    lab("hr-lab-2025-02-10-urinalysis", "Urine dipstick at urgent care in February", feb, at(2025, 2, 10, 12, 10),
        "final", {"name": "Urinalysis, dipstick", "loinc": "24356-8"},
        [
            res("Nitrite", "5802-4", "Positive", None, rr(text="Negative"), flag="abnormal"),
            res("Leukocyte esterase", "5799-2", "Moderate", None, rr(text="Negative"), flag="abnormal"),
            res("Glucose, urine", "5792-7", "Negative", None, rr(text="Negative")),
            res("Protein, urine", "2888-6", "Trace", None, rr(text="Negative")),
        ],
        conclusion="Consistent with a urinary tract infection. Culture sent.",
        related=["hr-appt-2025-02-10-urgent-care"])
    lab("hr-lab-2025-02-10-cbc", "Blood count drawn at urgent care, corrected report", feb, at(2025, 2, 12, 9, 0),
        "corrected", {"name": "CBC", "loinc": "58410-2"},
        [
            res("WBC", "6690-2", 11.8, "10*3/uL", rr(4.0, 10.5), flag="high"),
            res("Hemoglobin", "718-7", 11.4, "g/dL", rr(12.0, 15.5)),
            res("Hematocrit", "4544-3", 34.9, "%", rr(36, 46)),
            res("Platelets", "777-3", 251, "10*3/uL", rr(150, 400),
                note="Corrected 12 Feb: first report read 152 because of a clumped sample"),
        ],
        description="The lab corrected the platelet count two days later; the first version is superseded.")

    apr = at(2025, 4, 8, 7, 55)
    apr_rep = at(2025, 4, 9, 15, 5)
    lab("hr-lab-2025-04-08-cmp", "Metabolic panel from the April fasting draw", apr, apr_rep, "final",
        {"name": "Comprehensive metabolic panel", "loinc": "24323-8"},
        [
            res("Glucose", "2345-7", 7.4, "mmol/L", rr(3.9, 5.5), flag="high",
                note="This laboratory reported glucose in mmol/L"),
            res("Urea nitrogen (BUN)", "3094-0", 21, "mg/dL", rr(8, 23)),
            res("Creatinine", "2160-0", 1.1, "mg/dL", rr(0.5, 1.0)),
            res("eGFR (CKD-EPI 2021)", "98979-8", 48, "mL/min/1.73m2", rr(low=60)),
            res("Sodium", "2951-2", 136, "mmol/L", rr(135, 145)),
            res("Potassium", "2823-3", 5.3, "mmol/L", rr(3.5, 5.1)),
            res("ALT", "1742-6", 21, "U/L", rr(7, 35)),
        ],
        conclusion="Potassium a little high on the higher lisinopril dose; recheck in 4 weeks.")
    lab("hr-lab-2025-04-08-a1c-lipids", "HbA1c and cholesterol results, 8 April draw", apr, apr_rep, "final",
        {"name": "Diabetes and lipid follow-up"},
        [
            res("Hemoglobin A1c", "4548-4", 7.1, "%", rr(high=5.7)),
            res("Cholesterol, total", "2093-3", 171, "mg/dL", rr(high=200)),
            res("HDL cholesterol", "2085-9", 55, "mg/dL", rr(low=40)),
            res("LDL cholesterol (calculated)", "13457-7", 92, "mg/dL", rr(high=100), flag="normal"),
            res("Triglycerides", "2571-8", 121, "mg/dL", rr(high=150)),
        ],
        conclusion="A1c down from 7.8 to **7.1**. LDL now under 100.")
    lab("hr-lab-2025-04-08-urine", "Follow-up urine tests in April, preliminary", apr, at(2025, 4, 9, 10, 0),
        "preliminary", {"name": "Urinalysis and microalbumin"},
        [
            res("Nitrite", "5802-4", "Negative", None, rr(text="Negative")),
            res("Leukocyte esterase", "5799-2", "Negative", None, rr(text="Negative")),
            res("Glucose, urine", "5792-7", "Negative", None, rr(text="Negative")),
            res("Microalbumin, urine", "14957-5", 5, "mg/L", rr(high=30), comparator="<"),
        ],
        conclusion="Infection cleared. Final report to follow once the culture is read.")

    health("hr-doc-2025-03-20-eye-letter", "document", "Letter from the eye clinic about the retina photos",
           at(2025, 3, 20, 10, 0), "caregivers",
           {"kind": "letter", "from": "Dr. Helen Kim, Rose City Eye Care",
            "summary": "Mild background diabetic retinopathy in the left eye. No treatment needed; repeat photos in six months."},
           by="u-ellen", created_at=at(2025, 3, 21, 19, 30),
           attachments=[{"id": "att-eye-letter", "fileName": "eye-clinic-letter.pdf", "mimeType": "application/pdf",
                         "url": "attachments/eye-clinic-letter.pdf", "sizeBytes": len(eye_letter_pdf())}])


# --------------------------------------------------------------------------- observations, symptoms


def make_observations():
    obs = [
        ("hr-allergy-penicillin", "Penicillin allergy with hives", at(2025, 1, 6, 10, 0), "circle",
         {"kind": "allergy", "substance": "Penicillin", "reaction": "Hives", "severity": "moderate",
          "clinicalStatus": "active",
          "text": "Came out in hives all over after amoxicillin for a chest infection in the 1970s."}, None),
        ("hr-allergy-sulfa", "Sulfa antibiotics cause a rash", at(2025, 1, 6, 10, 2), "caregivers",
         {"kind": "allergy", "substance": "Sulfamethoxazole", "reaction": "Itchy rash", "severity": "mild",
          "clinicalStatus": "active"}, None),
        ("hr-cond-diabetes", "Type 2 diabetes on the problem list", at(2025, 1, 6, 10, 5), "caregivers",
         {"kind": "condition", "name": "Type 2 diabetes mellitus", "clinicalStatus": "active", "onset": "2009-05-12"},
         None),
        ("hr-cond-hypertension", "High blood pressure since 2004", at(2025, 1, 6, 10, 6), "caregivers",
         {"kind": "condition", "name": "Essential hypertension", "clinicalStatus": "active", "onset": "2004-03-01"},
         None),
        ("hr-cond-cholesterol", "High cholesterol treated with a statin", at(2025, 1, 6, 10, 7), "caregivers",
         {"kind": "condition", "name": "Hyperlipidemia", "clinicalStatus": "active", "onset": "2011-08-01"}, None),
        ("hr-cond-osteoarthritis", "Osteoarthritis in both knees", at(2025, 1, 6, 10, 8), "circle",
         {"kind": "condition", "name": "Osteoarthritis of both knees", "clinicalStatus": "active",
          "onset": "2016-01-01"}, None),
        ("hr-cond-uti-feb", "Bladder infection in February, now resolved", at(2025, 2, 10, 17, 0), "caregivers",
         {"kind": "condition", "name": "Urinary tract infection", "clinicalStatus": "resolved", "onset": "2025-02-09",
          "text": "Treated with nitrofurantoin; follow-up urine test in April was clear."}, None),
        ("hr-imm-flu-2024", "High-dose flu shot at the pharmacy in October", at(2024, 10, 15, 11, 0), "circle",
         {"kind": "immunization", "name": "Influenza vaccine, high-dose (2024-2025)",
          "text": "Given at the Lake Avenue pharmacy, left arm."}, None),
        ("hr-imm-covid-2024", "COVID-19 booster for the 2024 season", at(2024, 10, 15, 11, 5), "circle",
         {"kind": "immunization", "name": "COVID-19 vaccine, 2024-2025 formula"}, None),
        ("hr-imm-shingles-2", "Second Shingrix dose at the clinic", at(2025, 2, 18, 14, 0), "circle",
         {"kind": "immunization", "name": "Zoster vaccine recombinant (Shingrix), dose 2",
          "text": "Sore arm for two days afterwards, nothing else."}, None),
    ]
    for rid, title, date, privacy, data, vis in obs:
        health(rid, "observation", title, date, privacy, data, created_at=date if date > "2025" else at(2025, 1, 6, 10, 10),
               visible_to=vis)

    health("hr-note-feeling-low", "observation", "Feeling low since the winter started",
           at(2025, 2, 3, 21, 10), "private",
           {"kind": "note",
            "text": "I have not told the children, but the dark evenings get to me. I miss Harold most at supper. "
                    "Dr. Nguyen mentioned a counsellor at the senior centre; **I might ring them after my birthday**."},
           by="u-margaret")
    health("hr-note-counsellor", "observation", "First talk with the counsellor at the senior centre",
           at(2025, 3, 25, 15, 30), "private",
           {"kind": "note",
            "text": "Met Joan on Tuesday. We talked about Harold and about being afraid of losing the house. "
                    "Going back every other week."},
           by="u-margaret")
    health("hr-note-near-fall", "observation", "Near-fall in the bathroom on Sunday morning",
           at(2025, 3, 2, 9, 40), "caregivers",
           {"kind": "note",
            "text": "Mom caught herself on the towel rail getting out of the shower. Bruise on the left hip, "
                    "no head knock. We ordered grab bars the same day."},
           by="u-david", related=["task-grab-bars"])
    health("hr-note-appetite", "observation", "Appetite back after the antibiotic course",
           at(2025, 2, 17, 19, 0), "circle",
           {"kind": "note", "text": "Ate a full plate of Frank's chicken stew and asked for seconds."},
           by="u-ellen")
    health("hr-note-knee-exercises", "observation", "Knee exercises Frank walks through with her",
           at(2025, 3, 6, 12, 0), "restricted",
           {"kind": "note",
            "text": "From the physical therapist:\n\n1. Ten sit-to-stands from the kitchen chair\n"
                    "2. Heel raises holding the counter\n3. A ten-minute walk to the corner and back\n\n"
                    "Frank does these with her on Tuesday and Thursday mornings."},
           by="u-ellen", visible_to=["u-frank", "u-ellen"])

    symptoms = [
        ("hr-sym-2025-01-15-knee", "Right knee aching on the library stairs", at(2025, 1, 15, 14, 0), "circle",
         5, {"bodySite": "right knee", "durationMinutes": 180}, "u-margaret"),
        ("hr-sym-2025-01-20-cough", "Dry tickly cough for a few days", at(2025, 1, 20, 9, 0), "circle", 2,
         {"notes": "No fever. Honey and lemon at night."}, "u-margaret"),
        ("hr-sym-2025-01-30-feet", "Pins and needles in both feet at night", at(2025, 1, 30, 22, 0), "caregivers",
         3, {"bodySite": "both feet"}, "u-ellen"),
        ("hr-sym-2025-02-09-burning", "Burning when she passes water, Sunday evening", at(2025, 2, 9, 19, 30),
         "caregivers", 6, {"onset": at(2025, 2, 9, 12, 0)}, "u-david"),
        ("hr-sym-2025-02-10-confusion", "Muddled about the day and the time, UTI morning", at(2025, 2, 10, 8, 30),
         "caregivers", 8,
         {"onset": at(2025, 2, 10, 7, 30), "notes": "Thought it was Saturday and that Harold was at work. "
                                                   "Cleared by the Wednesday."}, "u-ellen"),
        ("hr-sym-2025-03-01-dizzy", "Dizzy on standing after the dose increase", at(2025, 3, 1, 7, 45),
         "caregivers", 7, {"durationMinutes": 10, "notes": "Sat back down, felt better after water and toast."},
         "u-david"),
        ("hr-sym-2025-03-20-tired", "Tired all afternoon and napped twice", at(2025, 3, 20, 17, 0), "circle", 4,
         {}, "u-ellen"),
        ("hr-sym-2025-04-05-knee", "Left knee swollen after the garden centre walk", at(2025, 4, 5, 18, 0),
         "caregivers", 7, {"bodySite": "left knee", "notes": "Ice pack and feet up. Better by Monday."}, "u-david"),
        ("hr-sym-2025-04-11-headache", "Dull headache behind the eyes", at(2025, 4, 11, 16, 0), "circle", 4,
         {"durationMinutes": 240}, "u-margaret"),
    ]
    for rid, title, date, privacy, sev, extra, by in symptoms:
        data = {"name": title.split(",")[0], "severity": sev}
        data.update(extra)
        health(rid, "symptom", title, date, privacy, data, by=by)
    health("hr-sym-2025-03-12-bladder", "symptom", "Leaking a little at night, only Ellen knows",
           at(2025, 3, 12, 20, 0), "restricted",
           {"name": "Urinary leakage at night", "severity": 3,
            "notes": "Margaret asked that only Ellen see this. Pads from the pharmacy are helping."},
           by="u-ellen", visible_to=["u-ellen"])

    # Walter
    health("hr-w-allergy-none", "observation", "No known allergies for Walter", at(2025, 4, 7, 10, 0), "caregivers",
           {"kind": "allergy", "substance": "none known"}, by="u-rosa", circle=WALTER_CIRCLE)
    health("hr-w-cond-hypertension", "observation", "Walter has high blood pressure", at(2025, 4, 7, 10, 5),
           "caregivers", {"kind": "condition", "name": "Essential hypertension", "clinicalStatus": "active"},
           by="u-rosa", circle=WALTER_CIRCLE)
    health("hr-w-sym-2025-04-13-ankles", "symptom", "Puffy ankles at the end of the day", at(2025, 4, 13, 20, 0),
           "circle", {"name": "Ankle swelling", "severity": 3, "bodySite": "both ankles"},
           by="u-rosa", circle=WALTER_CIRCLE)


# --------------------------------------------------------------------------- appointments


def appt(rid, title, start_local, minutes, privacy, provider, specialty, location, purpose, status,
         outcome=None, follow_up=None, visible_to=None, by="u-ellen", circle=MARGARET_CIRCLE, related=None):
    data = {"provider": provider, "specialty": specialty, "location": location, "start": iso(start_local),
            "end": iso(start_local + dt.timedelta(minutes=minutes)), "purpose": purpose, "status": status}
    if outcome:
        data["outcome"] = outcome
    if follow_up:
        data["followUpDate"] = follow_up
    created = start_local - dt.timedelta(days=12)
    health(rid, "appointment", title, iso(start_local), privacy, data, by=by, created_at=iso(created),
           visible_to=visible_to, circle=circle, related=related)


def make_appointments():
    clinic = "Huntington Family Medicine, 625 S Fair Oaks Ave, Pasadena"
    appt("hr-appt-2025-01-28-primary-care", "Going over the January labs with Dr. Nguyen",
         dt.datetime(2025, 1, 28, 10, 30), 30, "circle", "Dr. Anh Nguyen", "Internal medicine", clinic,
         "Review fasting labs, blood pressure log", "completed",
         outcome="- A1c **7.8**, up from 7.3 in the summer\n- Kidney function stable\n"
                 "- Blood pressure still high at home: keep the log going, recheck in 4 weeks",
         follow_up="2025-02-24")
    appt("hr-appt-2025-02-04-podiatry", "Diabetic foot check with the podiatrist on Pine Street",
         dt.datetime(2025, 2, 4, 13, 15), 40, "restricted", "Dr. Grace Lewis", "Podiatry",
         "Pine Street Foot Clinic, 88 Pine St, Pasadena", "Annual diabetic foot exam", "completed",
         outcome="Sensation **slightly reduced** in both feet. No sores. Check feet every evening, "
                 "see [foot care tips](https://www.niddk.nih.gov/health-information/diabetes/overview/preventing-problems/foot-problems).",
         visible_to=["u-rosa", "u-ellen"])
    appt("hr-appt-2025-02-10-urgent-care", "Urgent care visit for the bladder infection",
         dt.datetime(2025, 2, 10, 11, 0), 90, "caregivers", "Jenna Morris, PA-C", "Urgent care",
         "Arroyo Urgent Care, 1200 E Colorado Blvd, Pasadena", "Confusion, burning, low fever", "completed",
         outcome="Urine dipstick positive. Started **nitrofurantoin** for 5 days (no penicillins: allergy). "
                 "Hold metformin while not eating.", by="u-david",
         related=["hr-lab-2025-02-10-urinalysis", "hr-med-nitrofurantoin"])
    appt("hr-appt-2025-02-24-primary-care", "Blood pressure follow-up with Dr. Nguyen",
         dt.datetime(2025, 2, 24, 9, 0), 30, "circle", "Dr. Anh Nguyen", "Internal medicine", clinic,
         "Home readings still above 140", "completed",
         outcome="Lisinopril **increased from 10 mg to 20 mg**. Repeat kidney tests and potassium in April.",
         follow_up="2025-04-15")
    appt("hr-appt-2025-03-04-dental", "Dental cleaning with Dr. Osei, called off",
         dt.datetime(2025, 3, 4, 14, 0), 60, "circle", "Dr. Kwame Osei", "Dentistry",
         "Osei Family Dental, 45 N Lake Ave, Pasadena", "Six-monthly cleaning", "cancelled",
         outcome="The office cancelled: the hygienist was out sick. Rebooked for May.")
    appt("hr-appt-2025-03-18-eye-exam", "Dilated eye exam at Rose City Eye Care",
         dt.datetime(2025, 3, 18, 10, 0), 75, "restricted", "Dr. Helen Kim", "Ophthalmology",
         "Rose City Eye Care, 300 S Lake Ave, Pasadena", "Yearly diabetic eye exam", "completed",
         outcome="Retina photos taken. Letter to follow. **No driving** for the rest of the day.",
         visible_to=["u-rosa", "u-ellen", "u-david"])
    appt("hr-appt-2025-04-15-primary-care", "Three-month diabetes check with Dr. Nguyen",
         dt.datetime(2025, 4, 15, 10, 30), 30, "circle", "Dr. Anh Nguyen", "Internal medicine", clinic,
         "A1c, kidney tests, blood pressure on the new dose", "completed",
         outcome="1. A1c **7.1**, much better\n2. Potassium 5.3: recheck in 4 weeks, go easy on bananas\n"
                 "3. Cardiology referral for the occasional fast pulse",
         follow_up="2025-07-15")
    appt("hr-appt-2025-04-24-cardiology", "Cardiology consult with Dr. Patel",
         dt.datetime(2025, 4, 24, 9, 45), 45, "restricted", "Dr. Samir Patel", "Cardiology",
         "Huntington Heart Institute, 10 Congress St, Pasadena", "Fast pulse episodes, medication review",
         "scheduled", visible_to=["u-rosa", "u-ellen", "u-david", "u-tom"])
    appt("hr-appt-2025-05-06-dental", "Rebooked cleaning at Osei Family Dental",
         dt.datetime(2025, 5, 6, 14, 0), 60, "circle", "Dr. Kwame Osei", "Dentistry",
         "Osei Family Dental, 45 N Lake Ave, Pasadena", "Six-monthly cleaning", "scheduled")

    appt("hr-w-appt-2025-04-15-checkup", "Walter sees Dr. Ferrer for his blood pressure",
         dt.datetime(2025, 4, 15, 15, 0), 30, "circle", "Dr. Luis Ferrer", "Family medicine",
         "Garfield Health Center, 200 N Garfield Ave, Alhambra", "Check amlodipine after one week", "completed",
         outcome="Readings coming down. Stay on 5 mg, **watch the ankle swelling**.",
         by="u-rosa", circle=WALTER_CIRCLE)


# --------------------------------------------------------------------------- tasks


def make_tasks():
    E, D, S, R, F, M, L = "u-ellen", "u-david", "u-sophie", "u-rosa", "u-frank", "u-margaret", "u-linda"

    task("task-fill-pill-organizer", "Fill the weekly pill organizer on Sunday evening", "medication", "high",
         at(2025, 4, 20, 19, 0), "pending", at(2025, 1, 5, 20, 0), E,
         description="Blister packs come from the mail-order pharmacy; the **acetaminophen** goes in the side pocket.",
         recurrence=weekly([7]), assigned=(E, at(2025, 1, 5, 20, 1)),
         notes=[(E, at(2025, 2, 24, 18, 0),
                 "From this week:\n\n- lisinopril is now **20 mg**\n- the old 10 mg tablets go back to the pharmacy")],
         reminders=[(at(2025, 4, 20, 18, 0), [E], False)])
    task("task-metformin-refill-march", "Order the March metformin refill by mail", "medication", "medium",
         at(2025, 3, 1, 12, 0), "completed", at(2025, 2, 15, 9, 0), E, assigned=(E, at(2025, 2, 15, 9, 0)),
         completion=(E, at(2025, 2, 27, 20, 15), "Ordered on the pharmacy website, arrives Tuesday."))
    task("task-pick-up-lisinopril", "Pick up the new blood pressure tablets at the counter", "errands", "high",
         at(2025, 2, 25, 17, 0), "completed", at(2025, 2, 24, 13, 20), E, assigned=(F, at(2025, 2, 24, 14, 2)),
         description="CVS on Lake Avenue. The prescription is under **Ashworth, Margaret**.",
         completion=(F, at(2025, 2, 24, 16, 40), "Got them, and a box of the big-print labels."))
    task("task-drive-podiatry", "Drive her to the foot clinic on Pine Street", "transportation", "medium",
         at(2025, 2, 4, 12, 45), "completed", at(2025, 1, 22, 10, 0), E, assigned=(R, at(2025, 1, 22, 12, 5)),
         completion=(R, at(2025, 2, 4, 14, 30), None))
    task("task-drive-eye-exam", "Drive to the eye exam and wait out the dilation", "transportation", "high",
         at(2025, 3, 18, 9, 30), "completed", at(2025, 3, 3, 19, 0), E, assigned=(R, at(2025, 3, 3, 19, 40)),
         notes=[(R, at(2025, 3, 18, 12, 5), "Bring the **sunglasses**; the drops last about four hours.")],
         completion=(R, at(2025, 3, 18, 12, 0), "Home by noon, she is napping."))
    task("task-drive-cardiology", "Drive to the cardiology consult on Thursday morning", "transportation", "high",
         at(2025, 4, 24, 9, 15), "pending", at(2025, 4, 15, 14, 0), E, assigned=(R, at(2025, 4, 15, 16, 30)),
         description="Huntington Heart Institute, 10 Congress St. Parking is in the structure on Congress.",
         reminders=[(at(2025, 4, 23, 18, 0), [R], False), (at(2025, 4, 24, 8, 0), [R, M], False)])
    task("task-saturday-groceries", "Saturday grocery run for produce and low-sugar yogurt", "meals", "medium",
         at(2025, 4, 19, 10, 0), "pending", at(2025, 1, 6, 18, 0), E, recurrence=weekly([6]),
         assigned=(F, at(2025, 1, 6, 19, 30)),
         notes=[(E, at(2025, 1, 6, 18, 5),
                 "Standing list:\n\n- plain Greek yogurt\n- berries, apples, salad greens\n- whole-grain bread\n"
                 "- **no** orange juice (only for lows)")])
    task("task-mow-lawn", "Mow the back lawn and trim the rosemary hedge", "household", "low",
         at(2025, 4, 26, 9, 0), "pending", at(2025, 1, 10, 12, 0), E, recurrence=weekly([6], interval=2),
         assigned=(F, at(2025, 1, 10, 15, 0)))
    task("task-clear-gutter", "Clear the leaves out of the front gutter before the rain", "household", "medium",
         at(2025, 2, 1, 12, 0), "completed", at(2025, 1, 25, 9, 0), D, assigned=(F, at(2025, 1, 25, 11, 0)),
         completion=(F, at(2025, 1, 31, 15, 20), "Full of sycamore leaves. Downspout runs clear now."))
    task("task-grab-bars", "Install grab bars beside the toilet and in the shower", "household", "high",
         at(2025, 3, 15, 12, 0), "completed", at(2025, 3, 2, 11, 0), D, assigned=(D, at(2025, 3, 2, 11, 0)),
         notes=[(D, at(2025, 3, 8, 17, 0), "Studs found on both walls. Bars from the hardware store: **24 inch** and 16 inch.")],
         completion=(D, at(2025, 3, 15, 16, 10), "Both in, tested with my full weight."))
    task("task-shower-chair", "Buy a shower chair with a back rest", "errands", "medium",
         at(2025, 3, 10, 18, 0), "completed", at(2025, 3, 2, 11, 5), D,
         completion=(S, at(2025, 3, 8, 13, 0), "Ordered online, delivered Saturday."))
    task("task-medicare-summary", "Review the quarterly Medicare summary notice", "financial", "medium",
         at(2025, 4, 15, 12, 0), "pending", at(2025, 4, 1, 9, 0), S, assigned=(S, at(2025, 4, 1, 9, 0)),
         description="Check the podiatry and urgent care claims went through. See "
                     "[how to read the notice](https://www.medicare.gov/basics/get-started-with-medicare/using-medicare/your-medicare-summary-notice).")
    task("task-property-tax", "Pay the second installment of the property tax", "financial", "high",
         at(2025, 4, 10, 17, 0), "completed", at(2025, 3, 1, 10, 0), D, assigned=(D, at(2025, 3, 1, 10, 0)),
         completion=(D, at(2025, 4, 7, 21, 0), "Paid online from her account; receipt in the blue folder."))
    task("task-duplicate-charge", "Dispute the duplicate pharmacy charge from January", "financial", "low",
         at(2025, 3, 31, 17, 0), "inProgress", at(2025, 2, 20, 19, 0), E, assigned=(S, at(2025, 2, 21, 8, 0)),
         notes=[(S, at(2025, 3, 12, 18, 30), "Called twice. They want the **statement page** faxed (yes, faxed).")])
    task("task-book-haircut", "Book a haircut with Denise at the salon on Colorado", "personalCare", "low",
         at(2025, 4, 5, 12, 0), "completed", at(2025, 3, 25, 9, 0), M, assigned=(S, at(2025, 3, 25, 10, 0)),
         completion=(S, at(2025, 3, 26, 11, 0), "Friday 4 April at 11."))
    task("task-evening-foot-check", "Check both feet for sores or redness each evening", "personalCare", "medium",
         at(2025, 4, 18, 20, 30), "pending", at(2025, 2, 4, 18, 0), E, recurrence=daily(),
         assigned=(E, at(2025, 2, 4, 18, 0)),
         description="Look between the toes and at the heels. Photos in the app if anything changes.")
    task("task-trim-toenails", "Trim toenails the way the podiatrist showed us", "personalCare", "low",
         at(2025, 5, 4, 10, 0), "pending", at(2025, 2, 4, 18, 5), E, recurrence=monthly(),
         assigned=(E, at(2025, 2, 4, 18, 5)))
    task("task-batch-cook", "Batch cook low-carb lunches for the week", "meals", "medium",
         at(2025, 4, 20, 15, 0), "pending", at(2025, 1, 11, 10, 0), D, recurrence=weekly([7]),
         assigned=(D, at(2025, 1, 11, 10, 0)),
         notes=[(D, at(2025, 3, 16, 20, 0), "She liked the lentil soup best. The cauliflower thing, **not** so much.")])
    task("task-meals-on-wheels", "Call the Meals on Wheels office about the diabetic menu", "meals", "medium",
         at(2025, 4, 11, 12, 0), "pending", at(2025, 4, 2, 20, 0), E,
         description="Ask whether they deliver on **Fridays** and if the diabetic menu has a vegetarian option.")
    task("task-church-lunch", "Take her to the Wednesday lunch at St. Andrew", "social", "low",
         at(2025, 4, 23, 11, 30), "pending", at(2025, 1, 7, 9, 0), E, recurrence=weekly([3]),
         assigned=(F, at(2025, 1, 7, 12, 0)))
    task("task-birthday-tea", "Plan the 84th birthday tea for Sunday 9 March", "social", "medium",
         at(2025, 3, 9, 14, 0), "completed", at(2025, 2, 1, 12, 0), S, assigned=(S, at(2025, 2, 1, 12, 0)),
         notes=[(S, at(2025, 2, 20, 21, 0),
                 "Plan:\n\n1. Tea at the house at 3\n2. Lemon cake from Euro Pane (a **small** one)\n"
                 "3. Frank brings the folding chairs")],
         completion=(S, at(2025, 3, 9, 18, 30), "Twelve people came. She cried at the photo slideshow."))
    task("task-scan-photo-albums", "Scan the old photo albums together on Sundays", "social", "low",
         at(2025, 5, 10, 14, 0), "pending", at(2025, 3, 10, 9, 0), S, assigned=(S, at(2025, 3, 10, 9, 0)))
    task("task-bridge-club-ride", "Ask the bridge club about a Thursday ride", "social", "low",
         at(2025, 2, 20, 12, 0), "cancelled", at(2025, 2, 5, 9, 0), E,
         notes=[(E, at(2025, 2, 18, 19, 0), "Not needed: Rosa offered to take her when she can.")])
    task("task-ask-dizziness", "Ask whether the dizziness on standing is from the higher lisinopril dose",
         "medical", "high", at(2025, 4, 24, 9, 45), "pending", at(2025, 3, 1, 10, 0), E, tags=["ask-doctor"],
         description="Happened on **1 March** and twice more, always first thing in the morning.")
    task("task-ask-knee-injection", "Ask whether a knee injection could cut down the acetaminophen",
         "medical", "medium", at(2025, 4, 24, 9, 45), "pending", at(2025, 4, 6, 20, 0), D, tags=["ask-doctor"],
         notes=[(D, at(2025, 4, 6, 20, 2), "She took five tablets on Saturday the 5th; the limit is four.")])
    task("task-ask-a1c-target", "Ask what A1c target makes sense at her age", "medical", "medium",
         at(2025, 4, 15, 10, 30), "completed", at(2025, 1, 29, 9, 0), E, tags=["ask-doctor"],
         completion=(E, at(2025, 4, 15, 11, 20), "Dr. Nguyen says **under 7.5** is fine for Mom; no need to push lower."))
    task("task-ask-shingles-dose", "Ask if the second shingles shot is still due", "medical", "low",
         at(2025, 1, 28, 10, 30), "completed", at(2025, 1, 12, 9, 0), E, tags=["ask-doctor"],
         completion=(E, at(2025, 1, 28, 11, 15), "Yes: booked for 18 February at the clinic."))
    task("task-upload-bp-log", "Upload the home blood pressure log to the clinic portal", "medical", "high",
         at(2025, 2, 21, 17, 0), "completed", at(2025, 2, 10, 20, 0), E, assigned=(E, at(2025, 2, 10, 20, 0)),
         completion=(E, at(2025, 2, 20, 21, 30), None))
    task("task-fasting-blood-draw", "Fasting blood draw at the lab on Tuesday 8 April", "appointment", "high",
         at(2025, 4, 8, 7, 45), "completed", at(2025, 3, 25, 19, 0), E, assigned=(D, at(2025, 3, 25, 21, 0)),
         description="Nothing to eat after midnight. Water is fine. Bring the **metformin** to take after.",
         completion=(D, at(2025, 4, 8, 9, 5), "Done by 8:10; breakfast at the diner after."))
    task("task-rebook-dentist", "Rebook the cancelled dental cleaning", "appointment", "medium",
         at(2025, 3, 14, 17, 0), "completed", at(2025, 3, 4, 15, 0), E, assigned=(S, at(2025, 3, 4, 16, 0)),
         completion=(S, at(2025, 3, 12, 10, 30), "Tuesday 6 May at 2 pm."))
    task("task-book-retina-check", "Book the six-month retina photos", "appointment", "medium",
         at(2025, 4, 30, 17, 0), "pending", at(2025, 3, 21, 19, 35), E)
    task("task-urine-sample", "Drop the urine sample at the lab before noon", "errands", "high",
         at(2025, 2, 10, 12, 0), "completed", at(2025, 2, 10, 8, 50), D, assigned=(D, at(2025, 2, 10, 8, 50)),
         completion=(D, at(2025, 2, 10, 11, 20), None))
    task("task-reorder-test-strips", "Reorder glucose test strips and lancets", "medication", "medium",
         at(2025, 4, 25, 12, 0), "pending", at(2025, 1, 25, 9, 0), E, recurrence=monthly(),
         assigned=(E, at(2025, 1, 25, 9, 0)))
    task("task-fridge-med-list", "Update the printed medication list on the fridge", "medication", "medium",
         at(2025, 2, 26, 20, 0), "completed", at(2025, 2, 24, 13, 25), E, assigned=(S, at(2025, 2, 24, 15, 0)),
         completion=(S, at(2025, 2, 25, 19, 45), "Printed in 18 point. Old copy shredded."))
    task("task-utility-autopay", "Set up autopay for the water and power bills", "financial", "low",
         at(2025, 1, 31, 17, 0), "completed", at(2025, 1, 8, 20, 0), D, assigned=(S, at(2025, 1, 9, 8, 0)),
         completion=(S, at(2025, 1, 20, 19, 0), None))
    task("task-aide-handover", "Write up the morning routine for whoever comes next", "other", "medium",
         at(2025, 2, 27, 17, 0), "completed", at(2025, 2, 18, 10, 0), E, assigned=(L, at(2025, 2, 18, 11, 0)),
         completion=(L, at(2025, 2, 26, 12, 0), "Two pages, left in the kitchen drawer. It was a pleasure, Margaret."))
    task("task-smoke-alarm", "Replace the smoke alarm batteries in the hallway", "household", "low",
         at(2025, 4, 12, 12, 0), "pending", at(2025, 4, 3, 22, 0), E, assigned=(F, None),
         description="It chirps at night. 9-volt batteries are in the **hall closet**.")
    task("task-library-books", "Return the large-print library books", "errands", "low",
         at(2025, 4, 22, 17, 0), "pending", at(2025, 4, 14, 10, 0), M, assigned=(R, at(2025, 4, 14, 12, 0)))
    task("task-alert-pendant", "Compare medical alert pendants with fall detection", "other", "medium",
         at(2025, 4, 25, 17, 0), "inProgress", at(2025, 3, 3, 20, 0), D, assigned=(D, at(2025, 3, 3, 20, 0)),
         notes=[(D, at(2025, 3, 29, 16, 0),
                 "Shortlist:\n\n- one with a monthly fee and a call centre\n- one that only rings family\n\n"
                 "Reviews at https://www.consumerreports.org/health/medical-alert-systems/")])
    task("task-advance-directive", "Find the advance directive and give the clinic a copy", "other", "high",
         at(2025, 4, 24, 9, 0), "pending", at(2025, 4, 15, 12, 0), E, assigned=(E, at(2025, 4, 15, 12, 0)))

    # Walter's circle
    W = WALTER_CIRCLE
    task("task-w-pill-box", "Set up the new pill box for Papa", "medication", "high",
         at(2025, 4, 7, 9, 0), "completed", at(2025, 4, 6, 19, 0), "u-rosa", circle=W,
         assigned=("u-rosa", at(2025, 4, 6, 19, 0)),
         completion=("u-rosa", at(2025, 4, 7, 8, 30), None))
    task("task-w-hearing-aids", "Take the hearing aids in for new tubing", "errands", "medium",
         at(2025, 4, 22, 16, 0), "pending", at(2025, 4, 10, 20, 0), "u-rosa", circle=W,
         assigned=("u-miguel", at(2025, 4, 10, 21, 0)))
    task("task-w-water-seedlings", "Water the tomato seedlings on the patio", "household", "low",
         at(2025, 4, 19, 8, 0), "pending", at(2025, 4, 8, 9, 0), "u-carmen", circle=W,
         recurrence={"frequency": "daily", "interval": 2, "until": "2025-05-31"},
         assigned=("u-miguel", at(2025, 4, 8, 10, 0)))
    task("task-w-confirm-checkup", "Call the health center to confirm the Tuesday check-up", "appointment", "medium",
         at(2025, 4, 14, 12, 0), "completed", at(2025, 4, 8, 9, 5), "u-carmen", circle=W,
         assigned=("u-carmen", at(2025, 4, 8, 9, 5)),
         completion=("u-carmen", at(2025, 4, 11, 10, 0), "Confirmed for 3 pm; bring the medication list."))


# --------------------------------------------------------------------------- updates


def make_updates():
    update("upd-2025-01-06-welcome", "general",
           "Welcome, everyone, to Mom's circle. **Thank you** for being part of this. The aim is simple: "
           "nobody has to remember everything, and Mom gets to stay in her own house on Elm Avenue.\n\n"
           "Who does what for now:\n\n- Linda from the agency: weekday mornings\n- me: most evenings\n"
           "- David: weekends\n- Rosa: rides to appointments\n- Frank: groceries and the garden",
           "u-ellen", at(2025, 1, 6, 8, 30), "circle", "nobody has to remember everything",
           reactions=[("u-margaret", "heart", at(2025, 1, 6, 9, 10)), ("u-rosa", "heart", at(2025, 1, 6, 10, 2))],
           comments=[("u-sophie", at(2025, 1, 6, 12, 40), "Love this. I set up the shared calendar too."),
                     ("u-margaret", at(2025, 1, 6, 18, 5), "You are all very good to me.")])
    update("upd-2025-01-12-first-week", "general",
           "First week done. The blister packs from the new pharmacy are a hit: Mom says they are "
           "easier than the old rattling bottles. Linda noticed she is a bit unsteady on the porch step, "
           "so David will look at a handrail.",
           "u-ellen", at(2025, 1, 12, 20, 0), "circle", "easier than the old rattling bottles")
    update("upd-2025-01-28-january-labs", "health",
           "Saw Dr. Nguyen today. The January numbers: sugar average a little higher than summer, kidneys "
           "unchanged, cholesterol OK-ish. Plan is more walking before any new medicine. Details are in the lab pages.",
           "u-ellen", at(2025, 1, 28, 13, 0), "caregivers", "more walking before any new medicine",
           comments=[("u-david", at(2025, 1, 28, 19, 30), "I can do a Saturday walk at the arboretum.")])
    update("upd-2025-02-04-foot-clinic-ride", "general",
           "Ellen, the foot clinic went fine. We stopped at the bakery on the way home and she chose a "
           "small almond croissant, which I think is allowed once in a while.",
           "u-rosa", at(2025, 2, 4, 15, 0), "restricted", "chose a small almond croissant", user_ids=["u-ellen"],
           comments=[("u-ellen", at(2025, 2, 4, 18, 0), "Allowed. Thank you so much, Rosa.")])
    update("upd-2025-02-10-urgent-care", "health",
           "Took Mom to urgent care this morning: she was muddled and running a temperature. It is a bladder "
           "infection. She is on an antibiotic for five days (not a penicillin). **Please** keep her drinking water.",
           "u-david", at(2025, 2, 10, 14, 30), "caregivers", "keep her drinking water",
           reactions=[("u-ellen", "thanks", at(2025, 2, 10, 14, 45))],
           comments=[("u-ellen", at(2025, 2, 10, 15, 0), "I will stay over tonight and tomorrow.")])
    update("upd-2025-02-16-herself-again", "general",
           "Mom is back to herself: crossword done in pen by ten this morning. Thank you all for the soup, "
           "the flowers and the patience.",
           "u-ellen", at(2025, 2, 16, 11, 0), "circle", "crossword done in pen",
           reactions=[("u-frank", "heart", at(2025, 2, 16, 12, 0)), ("u-sophie", "heart", at(2025, 2, 16, 12, 5))])
    update("upd-2025-02-25-dose-change", "health",
           "Blood pressure tablet doubled from yesterday. Watch for dizziness in the mornings, and please make "
           "sure she sits on the edge of the bed for a minute before getting up.",
           "u-ellen", at(2025, 2, 25, 8, 0), "caregivers", "sits on the edge of the bed for a minute")
    update("upd-2025-02-27-linda-leaving", "general",
           "Linda has moved to a new client across town, so the agency has closed our account. She left a "
           "lovely two-page write-up of the mornings. Mom will manage her own morning tablets now, with a phone "
           "reminder at 8.",
           "u-ellen", at(2025, 2, 27, 19, 0), "circle", "moved to a new client across town")
    update("upd-2025-03-02-near-fall", "health",
           "Mom slipped getting out of the shower this morning. She grabbed the towel rail and did not go down, "
           "but she has a bruise on her hip. Grab bars going in this month.",
           "u-david", at(2025, 3, 2, 11, 0), "caregivers", "grabbed the towel rail",
           comments=[("u-margaret", at(2025, 3, 2, 16, 0), "I am perfectly fine, David. But yes to the bars.")])
    update("upd-2025-03-09-birthday", "milestone",
           "Eighty-four today! Twelve of us squeezed into the front room for tea, Grandma blew out every "
           "candle in one go, and the lemon cake disappeared in ten minutes. Photos in the shared album.",
           "u-sophie", at(2025, 3, 9, 18, 45), "circle", "blew out every candle in one go",
           reactions=[("u-ellen", "heart", at(2025, 3, 9, 19, 0)), ("u-david", "heart", at(2025, 3, 9, 19, 2)),
                      ("u-rosa", "celebrate", at(2025, 3, 9, 19, 30)), ("u-margaret", "heart", at(2025, 3, 9, 20, 0))],
           comments=[("u-margaret", at(2025, 3, 9, 20, 5), "Best birthday in years. Thank you, my darlings."),
                     ("u-frank", at(2025, 3, 9, 20, 30), "The chairs are back in my garage, no hurry.")])
    update("upd-2025-03-12-note-to-self", "general",
           "Note to self: ask Sophie to help me write the letters to the grandchildren before summer. "
           "I want them in my own handwriting while it is still steady.",
           "u-margaret", at(2025, 3, 12, 21, 0), "private", "letters to the grandchildren before summer")
    update("upd-2025-03-20-garden", "general",
           "The sweet peas along the back fence are up. Margaret supervised from the kitchen step and told me "
           "I was planting them too close together. She was right.",
           "u-frank", at(2025, 3, 20, 16, 0), "circle", "sweet peas along the back fence",
           reactions=[("u-margaret", "heart", at(2025, 3, 20, 17, 0))])
    update("upd-2025-03-26-for-sophie", "general",
           "Sophie, dear, please do not tell your mother yet. I would like to go and look at Vista Gardens, "
           "the place with the courtyard, just to see. Could you take me one afternoon?",
           "u-margaret", at(2025, 3, 26, 10, 0), "restricted", "the place with the courtyard",
           user_ids=["u-sophie"],
           comments=[("u-sophie", at(2025, 3, 26, 12, 15), "Of course, Grandma. Thursday after lunch?")])
    update("upd-2025-04-03-agency-call", "general",
           "Reminder for myself: ring the agency about a second aide before the summer holidays, and ask about "
           "the sliding scale.",
           "u-ellen", at(2025, 4, 3, 22, 0), "private", "ring the agency about a second aide")
    update("upd-2025-04-08-fasting-draw", "general",
           "Fasting blood draw done at 8. Breakfast at the diner after, where Mom charmed the waiter into extra "
           "blueberries.",
           "u-david", at(2025, 4, 8, 10, 0), "circle", "charmed the waiter into extra blueberries")
    update("upd-2025-04-15-three-month-check", "health",
           "Good news from Dr. Nguyen: the diabetes number is the best it has been in two years. Potassium is "
           "a touch high, so fewer bananas for a month. She has a heart doctor appointment next Thursday "
           "about the fast pulse.",
           "u-ellen", at(2025, 4, 15, 13, 0), "caregivers", "the best it has been in two years",
           reactions=[("u-david", "celebrate", at(2025, 4, 15, 13, 30))])
    update("upd-2025-04-16-thank-you-rosa", "general",
           "Rosa, thank you for all the driving this winter. I know you have your father now too. "
           "Please say if it gets to be too much.",
           "u-margaret", at(2025, 4, 16, 9, 0), "restricted", "thank you for all the driving this winter",
           user_ids=["u-rosa"],
           comments=[("u-rosa", at(2025, 4, 16, 11, 0), "Never too much, Margaret.")])
    update("upd-2025-04-17-next-week", "general",
           "Next week: Monday nothing special, Wednesday church lunch with Frank, Thursday morning Rosa drives "
           "to the heart clinic, Saturday groceries. Tom has been invited to join the circle.",
           "u-sophie", at(2025, 4, 17, 19, 0), "circle", "Tom has been invited to join the circle")

    W = WALTER_CIRCLE
    update("upd-w-2025-04-07-moved-in", "general",
           "Papa is settled in the back bedroom. Miguel carried up the armchair he would not leave behind.",
           "u-rosa", at(2025, 4, 7, 20, 0), "circle", "the armchair he would not leave behind", circle=W,
           reactions=[("u-miguel", "heart", at(2025, 4, 7, 20, 30))])
    update("upd-w-2025-04-12-ballgame", "general",
           "Took Grandpa to the Dodgers game. He knew every player from 1965 and none from today.",
           "u-miguel", at(2025, 4, 12, 22, 0), "circle", "knew every player from 1965", circle=W)
    update("upd-w-2025-04-15-checkup", "health",
           "Dr. Ferrer is happy with the readings. Keep the new tablet, and watch his ankles.",
           "u-rosa", at(2025, 4, 15, 17, 0), "caregivers", "happy with the readings", circle=W)


# --------------------------------------------------------------------------- checks and output


def check(files):
    all_ids = {}
    for name, items in [("users", USERS), ("circles", CIRCLES), ("tasks", TASKS), ("health", HEALTH),
                        ("updates", UPDATES)]:
        ids = [x["id"] for x in items]
        assert len(ids) == len(set(ids)), f"duplicate ids in {name}"
        all_ids[name] = set(ids)
    users = all_ids["users"]
    circles = {c["id"]: c for c in CIRCLES}
    for c in CIRCLES:
        for m in c["members"]:
            assert m["userId"] in users, m
    for h in HEALTH:
        assert h["careCircleId"] in circles and h["createdBy"]["userId"] in users, h["id"]
        for v in h.get("visibleTo", []):
            assert v in users, (h["id"], v)
        assert h["privacyLevel"] in ("private", "restricted", "caregivers", "circle")
        assert (h["privacyLevel"] == "restricted") == ("visibleTo" in h), h["id"]
    for t in TASKS:
        if "assignedTo" in t:
            assert t["assignedTo"]["userId"] in users
    for u in UPDATES:
        assert u["authorId"] in users
        for c in u["comments"]:
            assert c["authorId"] in users

    # Markers: unique phrase per record, present in its title/content, absent everywhere else.
    whole = "\n".join(files.values()).lower()
    records = {r["id"]: r for r in HEALTH + TASKS + UPDATES}
    assert set(MARKERS) == set(records), "every health record, task and update needs a marker"
    for rid, marker in MARKERS.items():
        rec = records[rid]
        text = rec.get("title", rec.get("content"))
        assert marker in text, (rid, marker)
        assert len(marker.split()) >= 3, (rid, marker)
        assert not (set(marker) & FORBIDDEN), (rid, marker)
        assert marker == marker.strip() and "  " not in marker, (rid, marker)
        own = json.dumps(rec, ensure_ascii=False).lower().count(marker.lower())
        total = whole.count(marker.lower())
        assert own >= 1 and total == own, f"marker for {rid} also appears elsewhere: {marker!r}"


def dump(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def eye_letter_pdf():
    """A small valid one-page PDF (plain ASCII, offsets computed), so the demo's week 12 links a
    file the build copies into the site (issue 22). The letter is made up, like all sample data."""
    lines = [
        "Rose City Eye Care",
        "Letter about the retina photos of 18 March 2025",
        "",
        "Dear Ms Ellen Park,",
        "The retina photos of your mother, Margaret, show mild background",
        "diabetic retinopathy in the left eye. No treatment is needed now.",
        "We will repeat the photos in six months.",
        "",
        "Dr. Helen Kim",
    ]
    text = "BT /F1 12 Tf 72 720 Td 16 TL\n" + "".join(
        "(%s) Tj T*\n" % line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") for line in lines) + "ET\n"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        "<< /Length %d >>\nstream\n%sendstream" % (len(text), text),
    ]
    out = "%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += "".join("%010d 00000 n \n" % offset for offset in offsets)
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


# --------------------------------------------------------------------------- goals


def goal(rid, title, date, privacy, targets=None, *, start=None, due=None, by_text=None, adherence=None,
         activity=None, status="active", by="u-ellen", circle=MARGARET_CIRCLE):
    """A care-plan goal (export-format.md `goal`); its description is its title, which carries its marker."""
    data = {"description": title, "lifecycleStatus": status}
    if start:
        data["startDate"] = start
    if due:
        data["dueDate"] = due
    if by_text:
        data["expressedBy"] = by_text
    data["targets"] = targets or []
    if activity:
        data["activity"] = activity
    if adherence:
        data["adherence"] = adherence
    return health(rid, "goal", title, date, privacy, data, by=by, circle=circle)


def make_goals():
    """Goals for Margaret and Walter. No random numbers: the other records stay as they were."""
    bp = [{"measure": "bloodPressure", "component": "systolic", "comparator": "<", "value": 140, "unit": "mmHg"},
          {"measure": "bloodPressure", "component": "diastolic", "comparator": "<", "value": 90, "unit": "mmHg"}]
    goal("hr-goal-home-bp", "Keep her home blood pressure below 140/90", at(2025, 2, 24, 11, 0), "circle", bp,
         start="2025-02-24", by_text="Dr. Anh Nguyen")
    # Readings are caregivers-only: a circle-level reader sees this goal and no judgement.
    goal("hr-goal-fasting-sugar", "Fasting sugar between 80 and 130 before breakfast", at(2025, 1, 28, 12, 0), "circle",
         [{"measure": "bloodGlucose", "low": 80, "high": 130, "unit": "mg/dL"}],
         start="2025-01-28", by_text="Dr. Anh Nguyen")
    goal("hr-goal-a1c", "Bring the A1c under 7.5 by July", at(2025, 1, 28, 12, 5), "caregivers",
         [{"measure": "lab", "loinc": "4548-4", "comparator": "<", "value": 7.5, "unit": "%"}],
         start="2025-01-28", due="2025-07-01", by_text="Dr. Anh Nguyen")
    goal("hr-goal-metformin-doses", "Take nine in ten metformin doses", at(2025, 1, 28, 12, 10), "caregivers",
         adherence={"medicationId": "hr-med-metformin", "atLeastPercent": 90}, start="2025-01-28")
    goal("hr-goal-own-home", "Stay living in her own home on Alder Street", at(2025, 1, 12, 18, 0), "circle",
         start="2025-01-12", by_text="Margaret Ashworth", by="u-margaret")
    goal("hr-goal-w-evening-bp", "Keep Walter below 140/90 in the evenings", at(2025, 4, 7, 19, 45), "circle", bp,
         start="2025-04-07", by_text="Dr. Luis Ferrer", by="u-rosa", circle=WALTER_CIRCLE)


def build():
    make_medications()
    make_measurements()
    make_labs()
    make_observations()
    make_appointments()
    make_tasks()
    make_updates()
    make_goals()
    HEALTH.sort(key=lambda h: (h["careCircleId"] != MARGARET_CIRCLE, h["date"], h["id"]))
    TASKS.sort(key=lambda t: (t["careCircleId"] != MARGARET_CIRCLE, t["dueDate"], t["id"]))
    UPDATES.sort(key=lambda u: (u["careCircleId"] != MARGARET_CIRCLE, u["timestamp"], u["id"]))

    files = {
        "export.json": dump({
            "format": "caresupport-export",
            "version": 1,
            "exportedAt": "2025-04-18T18:00:00-07:00",
            "timezone": "America/Los_Angeles",
        }),
        "users.json": dump({
            "data": USERS,
            "meta": {"server_timestamp": "2025-04-19T01:00:02Z", "request_id": "req-20250418-users-7f3a",
                     "status": "success"},
            "errors": [],
        }),
        "circles.json": dump(CIRCLES),
        "tasks.json": dump(TASKS),
        "health.json": dump(HEALTH),
        "updates.json": dump(UPDATES),
    }
    check(files)
    files["attachments/eye-clinic-letter.pdf"] = eye_letter_pdf()
    files["../Tests/sample-markers.json"] = dump(dict(sorted(MARKERS.items())))
    return files


def main(argv):
    files = build()
    if "--check" in argv:
        stale = [n for n, text in files.items()
                 if not (OUT / n).exists() or (OUT / n).read_text(encoding="utf-8") != text]
        if stale:
            print("stale: " + ", ".join(stale), file=sys.stderr)
            return 1
        return 0
    OUT.mkdir(exist_ok=True)
    (OUT / "attachments").mkdir(exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
    counts = {}
    for h in HEALTH:
        counts[h["type"]] = counts.get(h["type"], 0) + 1
    print(f"wrote {OUT}: {len(USERS)} users, {len(CIRCLES)} circles, {len(TASKS)} tasks, "
          f"{len(HEALTH)} health records {counts}, {len(UPDATES)} updates")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
