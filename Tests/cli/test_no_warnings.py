"""Issue 41 item 13: `make test` fails when the compiler warns about the project's own code
(scripts/no-warnings.sh wraps `swift build` and `swift test`), and not about a dependency's."""
import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "no-warnings.sh"


def run(printed, status=0):
    command = ["sh", "-c", f"printf '%s\\n' \"$0\"; exit {status}", printed]
    return subprocess.run([str(SCRIPT), *command], capture_output=True, text=True, cwd=ROOT)


def test_a_warning_in_sources_or_tests_fails_the_build():
    for path in ("Sources/CareReports/Reports/Support/ChartFactory.swift", "Tests/CareReportsTests/SomeTests.swift"):
        result = run(f"{ROOT}/{path}:108:26: warning: variable 'last' was never mutated")
        assert result.returncode == 1, result
        assert "the compiler warned 1 time(s) about the project's own code" in result.stderr
        assert f"{path}:108:26: warning: variable 'last' was never mutated" in result.stderr


def test_a_dependency_s_warning_or_a_clean_build_passes():
    assert run(f"{ROOT}/.build/checkouts/swift-argument-parser/Sources/X.swift:1:1: warning: deprecated").returncode == 0
    assert run("Build complete! (9.78s)").returncode == 0


def test_the_build_s_own_failure_is_kept():
    assert run("error: no such module", status=3).returncode == 3


def test_make_test_runs_the_build_and_the_tests_through_it():
    makefile = (ROOT / "Makefile").read_text()
    assert "scripts/no-warnings.sh $(SWIFT) build" in makefile and "scripts/no-warnings.sh $(SWIFT) test" in makefile
