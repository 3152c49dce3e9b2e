"""The sample export against docs/care-export.schema.json, and the schema against bad input.

Run: python3 -m pytest -q Tests/schema
"""

import copy
import json
import pathlib
import re

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "docs" / "care-export.schema.json"
SAMPLE = ROOT / "sample-data"

COLLECTION_FILES = {
    "users.json": "UsersFile",
    "circles.json": "CirclesFile",
    "tasks.json": "TasksFile",
    "health.json": "HealthFile",
    "updates.json": "UpdatesFile",
}

FORBIDDEN_IN_MARKERS = set("&<>\"'*_`[]#|\\")


@pytest.fixture(scope="session")
def schema():
    s = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(s)
    return s


def validator_for(schema, definition=None):
    """A validator for the whole schema, or for one of its $defs (sharing the same $refs)."""
    target = schema if definition is None else {
        "$schema": schema["$schema"],
        "$defs": schema["$defs"],
        "$ref": f"#/$defs/{definition}",
    }
    return jsonschema.Draft202012Validator(target, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def errors(validator, instance):
    return sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))


def assert_valid(validator, instance, label):
    found = errors(validator, instance)
    if found:
        lines = [f"{label}: {'.'.join(map(str, e.absolute_path)) or '<root>'}: {e.message[:200]}" for e in found[:10]]
        pytest.fail("\n".join(lines))


def load(name):
    return json.loads((SAMPLE / name).read_text(encoding="utf-8"))


def items(doc):
    return doc["data"] if isinstance(doc, dict) else doc


# --------------------------------------------------------------------------- the sample validates


def test_schema_is_valid_draft_2020_12(schema):
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_export_json_validates(schema):
    doc = load("export.json")
    assert_valid(validator_for(schema), doc, "export.json")
    assert doc["format"] == "caresupport-export"
    assert doc["version"] == 1


@pytest.mark.parametrize("name,definition", sorted(COLLECTION_FILES.items()))
def test_collection_file_validates(schema, name, definition):
    assert_valid(validator_for(schema, definition), load(name), name)


def test_users_file_is_an_envelope_and_the_rest_are_arrays():
    assert isinstance(load("users.json"), dict) and load("users.json")["meta"]["status"] == "success"
    for name in ["circles.json", "tasks.json", "health.json", "updates.json"]:
        assert isinstance(load(name), list), name


def test_single_file_form_of_the_sample_validates(schema):
    """The same data folded into one object (the single-file form) is a valid export too."""
    combined = dict(load("export.json"))
    for name, key in [("users.json", "users"), ("circles.json", "circles"), ("tasks.json", "tasks"),
                      ("health.json", "healthRecords"), ("updates.json", "updates")]:
        combined[key] = load(name)
    assert_valid(validator_for(schema), combined, "single-file export")


def test_every_health_record_type_and_privacy_level_is_present():
    health = load("health.json")
    assert {h["type"] for h in health} == {"medication", "symptom", "measurement", "appointment", "observation",
                                           "document", "goal"}
    assert {h["privacyLevel"] for h in health} == {"private", "restricted", "caregivers", "circle"}
    assert {u["visibleTo"]["level"] for u in load("updates.json")} == {"private", "restricted", "caregivers",
                                                                         "circle"}


def test_ids_are_unique_within_each_collection():
    for name in COLLECTION_FILES:
        ids = [x["id"] for x in items(load(name))]
        assert len(ids) == len(set(ids)), name


# --------------------------------------------------------------------------- bad input fails


@pytest.fixture()
def health_record():
    return copy.deepcopy(next(h for h in load("health.json") if h["type"] == "measurement"))


@pytest.fixture()
def circle():
    return copy.deepcopy(load("circles.json")[0])


def test_health_record_without_privacy_level_fails(schema, health_record):
    del health_record["privacyLevel"]
    assert errors(validator_for(schema, "HealthRecord"), health_record)
    assert errors(validator_for(schema, "HealthFile"), [health_record])


def test_health_record_with_unknown_privacy_level_fails(schema, health_record):
    health_record["privacyLevel"] = "family"
    assert errors(validator_for(schema, "HealthRecord"), health_record)


def test_health_record_without_circle_fails(schema, health_record):
    del health_record["careCircleId"]
    assert errors(validator_for(schema, "HealthRecord"), health_record)


def test_visible_to_with_a_number_fails(schema, health_record):
    health_record["privacyLevel"] = "restricted"
    health_record["visibleTo"] = [42]
    assert errors(validator_for(schema, "HealthRecord"), health_record)


def test_member_with_unknown_status_fails(schema, circle):
    circle["members"][1]["status"] = "invited"
    assert errors(validator_for(schema, "CareCircle"), circle)
    assert errors(validator_for(schema, "CirclesFile"), [circle])


def test_member_with_unknown_role_fails(schema, circle):
    circle["members"][1]["roles"] = ["nurse"]
    assert errors(validator_for(schema, "CareCircle"), circle)


def test_update_with_unknown_level_fails(schema):
    upd = copy.deepcopy(load("updates.json")[0])
    upd["visibleTo"]["level"] = "everyone"
    assert errors(validator_for(schema, "Update"), upd)


def test_medication_dose_with_unknown_status_fails(schema):
    med = copy.deepcopy(next(h for h in load("health.json") if h["type"] == "medication"))
    med["data"]["administrations"][0]["status"] = "late"
    assert errors(validator_for(schema, "HealthRecord"), med)


def test_error_envelope_fails(schema):
    env = {"data": None, "meta": {"status": "error", "request_id": "req1"},
           "errors": [{"code": "invalid_input", "message": "nope"}]}
    assert errors(validator_for(schema, "UsersFile"), env)
    env_ok_status = {"data": [], "meta": {"status": "success"}, "errors": [{"code": "x", "message": "y"}]}
    assert errors(validator_for(schema, "UsersFile"), env_ok_status)


def test_higher_version_and_wrong_marker_fail(schema):
    v = validator_for(schema)
    assert errors(v, {"format": "caresupport-export", "version": 2})
    assert errors(v, {"format": "something-else", "version": 1})


def test_bad_date_fails(schema, health_record):
    health_record["createdAt"] = "14/01/2025 07:30"
    assert errors(validator_for(schema, "HealthRecord"), health_record)


def test_unknown_keys_are_allowed(schema, health_record):
    health_record["syncState"] = {"dirty": False}
    health_record["data"]["deviceModel"] = "Omron 7 Series"
    assert_valid(validator_for(schema, "HealthRecord"), health_record, "extra keys")


def test_unknown_task_category_is_accepted(schema):
    task = copy.deepcopy(load("tasks.json")[0])
    task["category"] = "gardening"
    assert_valid(validator_for(schema, "Task"), task, "unknown category")


# --------------------------------------------------------------------------- markers


@pytest.fixture(scope="session")
def markers():
    return json.loads((ROOT / "Tests" / "sample-markers.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def records():
    out = {}
    for name in ["health.json", "tasks.json", "updates.json"]:
        for r in items(load(name)):
            out[r["id"]] = r
    return out


def test_every_record_has_a_marker(markers, records):
    assert set(markers) == set(records)


def test_markers_are_distinctive_phrases(markers):
    for rid, phrase in markers.items():
        assert len(phrase.split()) >= 3, rid
        assert not (set(phrase) & FORBIDDEN_IN_MARKERS), rid
        assert phrase == phrase.strip() and not re.search(r"\s{2,}", phrase), rid
    assert len(set(markers.values())) == len(markers)


def test_marker_is_in_its_own_title_or_content(markers, records):
    for rid, phrase in markers.items():
        r = records[rid]
        assert phrase in r.get("title", r.get("content", "")), rid


def test_marker_appears_nowhere_else_in_the_export(markers, records):
    whole = "\n".join((SAMPLE / n).read_text(encoding="utf-8")
                      for n in ["export.json", *COLLECTION_FILES]).lower()
    for rid, phrase in markers.items():
        own = json.dumps(records[rid], ensure_ascii=False).lower().count(phrase.lower())
        assert own >= 1, rid
        assert whole.count(phrase.lower()) == own, f"{rid}: {phrase!r} occurs outside its record"


def test_sample_data_is_up_to_date():
    """sample-data/ is exactly what scripts/make-sample-data.py writes."""
    import subprocess
    import sys
    script = ROOT / "scripts" / "make-sample-data.py"
    result = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
