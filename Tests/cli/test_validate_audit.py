"""The command line end to end: exit statuses, diagnostics on standard error, JSON outputs."""
import json


def test_sample_data_is_valid(carereport, sample):
    result = carereport("validate", sample)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr
    assert result.stdout.startswith("read 11 users, 2 circles, ")


def test_validate_json_counts(carereport, sample):
    result = carereport("validate", sample, "--format", "json")
    report = json.loads(result.stdout)
    assert report["errors"] == []
    assert set(report["counts"]) == {"users", "circles", "tasks", "healthRecords", "updates"}
    assert report["counts"]["circles"] == 2


def test_syntax_error_names_line_and_column(carereport, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"users": [\n  {"id": "u1",}\n]}')
    result = carereport("validate", bad)
    assert result.returncode == 65
    assert f"{bad}:2:14: error: trailing comma before '}}'; JSON allows no comma after the last item" in result.stderr


def test_wrong_shape_names_key_path_and_not_the_value(carereport, tmp_path):
    bad = tmp_path / "export.json"
    bad.write_text(json.dumps({"healthRecords": [{"id": "h1", "privacyLevel": "Dementia-diagnosis-secret"}]}))
    result = carereport("validate", bad, "--format", "json")
    assert result.returncode == 65
    messages = [error["text"] for error in json.loads(result.stdout)["errors"]]
    assert f"{bad}: error: at healthRecords[0].privacyLevel: unknown value; expected one of private, restricted, caregivers, circle" in messages
    assert "Dementia" not in result.stdout + result.stderr


def test_strict_turns_warnings_into_errors(carereport, tmp_path):
    export = tmp_path / "export.json"
    export.write_text(json.dumps({
        "circles": [{"id": "c", "name": "C", "careRecipient": {"userId": "u", "firstName": "A", "lastName": "B"},
                     "members": [{"userId": "u", "roles": ["careRecipient"], "status": "active"}]}],
    }))
    assert carereport("validate", export).returncode == 0
    strict = carereport("validate", export, "--strict")
    assert strict.returncode == 65
    assert "error: at circles[0].members[0].userId: unknown user" in strict.stderr


def test_missing_input_exits_66(carereport, tmp_path):
    result = carereport("validate", tmp_path / "nothing-here")
    assert result.returncode == 66
    assert "no such file or directory" in result.stderr


def test_empty_directory_exits_66(carereport, tmp_path):
    result = carereport("validate", tmp_path)
    assert result.returncode == 66
    assert "no export files here" in result.stderr


def test_audit_json_for_a_supporter(carereport, sample):
    result = carereport("audit", sample, "--viewer", "u-frank", "--format", "json")
    assert result.returncode == 0, result.stderr
    entries = json.loads(result.stdout)
    assert {entry["kind"] for entry in entries} == {"healthRecord", "task", "update"}
    for entry in entries:
        assert set(entry) >= {"kind", "id", "visible", "rule"}
        assert entry["rule"][0] in "HTU"
    records = [entry for entry in entries if entry["kind"] == "healthRecord"]
    assert not any(entry["visible"] and entry["rule"] in ("H4", "H6", "H7") for entry in records)


def test_audit_text_says_rule_and_never_content(carereport, sample):
    result = carereport("audit", sample, "--viewer", "u-ellen")
    assert result.returncode == 0
    assert result.stdout.startswith("viewer: u-ellen (caregiver) in circle-margaret")
    markers = json.loads((sample.parent / "Tests" / "sample-markers.json").read_text()) if (sample.parent / "Tests" / "sample-markers.json").exists() else {}
    for phrase in markers.values():
        assert phrase not in result.stdout


def test_unknown_and_inactive_viewers_exit_67(carereport, sample):
    for viewer in ("u-nobody", "u-tom", "u-linda"):
        result = carereport("audit", sample, "--viewer", viewer)
        assert result.returncode == 67, viewer
        assert result.stdout == ""


def test_role_needs_a_circle_when_there_are_several(carereport, sample):
    result = carereport("audit", sample, "--role", "supporter")
    assert result.returncode == 64
    assert "--circle" in result.stderr
    ok = carereport("audit", sample, "--role", "supporter", "--circle", "circle-margaret", "--format", "json")
    assert ok.returncode == 0
    assert not any(entry["visible"] for entry in json.loads(ok.stdout) if entry["kind"] != "update")


def test_as_narrows_and_rejects_a_role_not_held(carereport, sample):
    assert carereport("audit", sample, "--viewer", "u-ellen", "--as", "supporter").returncode == 64
    assert carereport("audit", sample, "--viewer", "u-ellen", "--as", "caregiver").returncode == 0


def test_viewer_and_role_are_exclusive(carereport, sample):
    result = carereport("audit", sample, "--viewer", "u-ellen", "--role", "caregiver")
    assert result.returncode == 64


def test_every_help_shows_an_example(carereport):
    for command in ([], ["validate"], ["audit"], ["build"], ["visit"], ["digest"], ["templates"], ["generate"]):
        result = carereport(*command, "--help")
        assert result.returncode == 0
        assert "Examples:" in result.stdout and "carereport " in result.stdout.split("Examples:")[1]


def test_the_help_examples_on_the_sample_data_run(carereport, sample, tmp_path):
    """Every example in the help that uses the sample data works as written (outputs go to a scratch folder)."""
    import shlex
    ran = []
    for command in ("templates", "validate", "audit", "build", "visit", "digest", "generate"):
        examples = carereport(command, "--help").stdout.split("Examples:")[1].split("\n\n")[0]
        for line in examples.splitlines():
            line = line.strip().split("   (")[0]
            runnable = "sample-data" in line or line.startswith("carereport templates ")
            if not line.startswith("carereport ") or not runnable or "|" in line or ">" in line:
                continue
            args = [str(sample) if word == "sample-data" else word for word in shlex.split(line)[1:]]
            result = carereport(*args, cwd=tmp_path)
            assert result.returncode == 0, f"{line}: {result.stderr}"
            ran.append(line)
    assert len(ran) >= 8, ran
