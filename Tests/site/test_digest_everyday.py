"""Issue 17 item 6: the digest on a phone and from cron.

The HTML mail's tables fit a 390 px screen and keep the "As needed" count the text part has; a
multi-line appointment outcome keeps its structure and indentation in the text part; the README's
cron line uses the full path; --all-members --format email addresses each member's own e-mail."""
import email
import email.policy
import json
import re
import shutil
import subprocess

from conftest import NOW, ROOT, SAMPLE, require, run_carereport


def digest(*args, source=SAMPLE):
    result = run_carereport("digest", source, "--now", NOW, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_html_mail_keeps_the_as_needed_count_and_uses_two_column_tables():
    html = digest("--viewer", "u-ellen", "--week", "2025-W15", "--format", "html")
    table = html[html.index(">Medications</h2>"):]
    table = table[:table.index("</table>")]
    assert "as needed 1" in re.sub(r"<[^>]+>", " ", table)
    assert table.count('scope="col"') == 2, "a medication table of six columns cannot fit 390 px"
    assert "table-layout:fixed" in table


def test_html_mail_fits_390_px(tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    require(chromium, "chromium is needed to lay the mail out")
    page = tmp_path / "mail.html"
    html = digest("--viewer", "u-ellen", "--week", "2025-W15", "--format", "html")
    # Report the laid-out width of the document in the title, then read it from --dump-dom.
    # Headless Chromium's window is at least 500 px wide: lay the mail out in a 390 px wide root instead.
    probe = ("<style>html{width:390px}</style><script>addEventListener('load',()=>{let right=0;"
             "for(const e of document.querySelectorAll('body *'))right=Math.max(right,e.getBoundingClientRect().right);"
             "document.title='W'+Math.ceil(right)})</script>")
    page.write_text(html.replace("</body>", probe + "</body>"), encoding="utf-8")
    result = subprocess.run([chromium, "--headless", "--no-sandbox", "--window-size=390,800", "--virtual-time-budget=2000",
                             "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    width = int(re.search(r"<title>W(\d+)</title>", result.stdout).group(1))
    assert width <= 390, f"the mail is {width} px wide at a 390 px window"


def test_a_multi_line_outcome_keeps_its_indentation_in_plain_text(tmp_path):
    source = tmp_path / "export"
    shutil.copytree(SAMPLE, source)
    health = source / "health.json"
    records = json.loads(health.read_text(encoding="utf-8"))
    for record in records:
        if "Sensation **slightly reduced**" in json.dumps(record):
            record["data"]["outcome"] = "Sensation reduced in both feet.\n\nPlan:\n\n- check feet every evening\n- call the clinic if a sore appears that does not heal within a week or two"
    health.write_text(json.dumps(records, indent=2), encoding="utf-8")
    text = digest("--viewer", "u-ellen", "--week", "2025-W06", source=source)
    section = text[text.index("## Appointments this week"):].split("\n## ")[0]
    assert "\n  Plan:\n" in section
    assert "\n    - check feet every evening\n" in section
    assert "\n    - call the clinic if a sore appears that does not heal within a week\n      or two\n" in section


def test_readme_cron_line_uses_the_full_path():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    cron = re.search(r"```cron\n(.*?)```", text, re.S).group(1)
    assert re.search(r"^0 7 \* \* 1  /usr/local/bin/carereport digest ", cron, re.M)


def test_all_members_email_is_addressed_to_each_members_own_address(tmp_path):
    out = tmp_path / "outbox"
    result = run_carereport("digest", SAMPLE, "--now", NOW, "--all-members", "--format", "email", "--out", out,
                            "--from", "Care circle <care@example.org>")
    assert result.returncode == 0, result.stderr
    users = {user["id"]: user for user in json.loads((SAMPLE / "users.json").read_text(encoding="utf-8"))["data"]}
    checked = 0
    for path in out.glob("*.eml"):
        message = email.message_from_string(path.read_text(encoding="utf-8"), policy=email.policy.default)
        address = users[path.stem].get("email")
        if address:
            assert message["To"] == address
            checked += 1
        else:
            assert message["To"] is None
            assert f"{path.stem} has no valid e-mail address" in result.stderr
    assert checked >= 4
    help_text = run_carereport("help", "digest").stdout
    assert "own e-mail address" in help_text
