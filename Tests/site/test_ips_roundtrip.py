"""Issue 30: the IPS document carereport writes keeps what came in.

Every IPS bundle in ../shared/fixtures/ips-corpus/ (and the C-CDA fixtures) is read in and written out
with `visit --format fhir`; the source's (system, code) pairs of conditions, allergies, medications,
immunisations and observations, its clinical statuses and criticalities are compared with the
output's, resource kind by resource kind. A loss fails the test unless docs/clinical-imports.md lists
it with its reason (the `KNOWN_LOSSES` below mirror that list). Over the corpus at least 99 % of the
source's pairs must appear in the output.
"""
import json
import re

import pytest

from conftest import NOW, ROOT, require, run_carereport

SHARED = ROOT.parent / "shared" / "fixtures"
CORPUS = SHARED / "ips-corpus"
CCDA = [SHARED / "ccda", SHARED / "ccda-sections"]

# Resource kinds compared, each with the element holding its code.
KINDS = {"Condition": "code", "AllergyIntolerance": "code", "MedicationStatement": "medicationCodeableConcept",
         "MedicationRequest": "medicationCodeableConcept", "Immunization": "vaccineCode", "Observation": "code"}
GROUP = {"MedicationRequest": "Medication", "MedicationStatement": "Medication"}
DROPPED = {"entered-in-error", "refuted"}
IPS_ABSENT = "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips"
DATE_PRECISION = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T.*)?)?)?$")


def corpus():
    return sorted(CORPUS.glob("*.json")) if CORPUS.exists() else []


def ccda_documents():
    return [path for folder in CCDA if folder.exists() for path in sorted(folder.glob("*.xml"))]


def concept_pairs(concept):
    if not isinstance(concept, dict):
        return set()
    return {(c.get("system"), c.get("code")) for c in concept.get("coding") or [] if isinstance(c, dict) and c.get("code")}


def status_code(concept):
    codings = concept.get("coding") or [] if isinstance(concept, dict) else []
    return codings[0].get("code") if codings else None


def is_dropped(resource):
    """Entered-in-error and refuted entries are left out at import (issue 29 item 2)."""
    if resource.get("status") == "entered-in-error":
        return True
    return status_code(resource.get("verificationStatus")) in DROPPED


def by_reference(bundle):
    index = {}
    for entry in bundle.get("entry", []):
        resource = entry.get("resource") or {}
        if entry.get("fullUrl"):
            index[entry["fullUrl"]] = resource
        if resource.get("id"):
            index[f"{resource.get('resourceType')}/{resource['id']}"] = resource
    return index


# Losses listed, with their reasons, in docs/clinical-imports.md ("What the IPS output keeps").
ABSENCE_CODES = {"716186003", "409137002", "429625007", "428607008", "428197003", "160244002", "160245001",
                 "182849000", "787481004"}


def documented_losses(bundle, index):
    """What docs/clinical-imports.md lists as not written, with its reason: the code of a panel
    inside a panel or listed by a report (its members stand in its place; the report's own code is
    written)."""
    resources = [e.get("resource") or {} for e in bundle.get("entry", [])]
    nested = set()
    for resource in resources:
        for reference in (resource.get("hasMember") or []) + (resource.get("result") or []):
            target = index.get((reference or {}).get("reference"))
            if target is not None and target.get("hasMember"):
                nested.add(id(target))

    own = {r.get("id") for r in resources if r.get("resourceType") == "Patient"}
    first = next((e for e in bundle.get("entry", []) if (e.get("resource") or {}).get("resourceType") == "Patient"), None)
    own_keys = set()
    if first is not None:
        own_keys = {first.get("fullUrl"), f"Patient/{first['resource'].get('id')}", f"urn:uuid:{first['resource'].get('id')}"}

    def names_another_patient(resource):
        """A resource whose subject/patient names a Patient other than the document's own (another
        Patient entry, or a Patient/id no entry has): left out at import (issue 29)."""
        reference = ((resource.get("patient") or resource.get("subject") or {}) or {}).get("reference") or ""
        if first is None or not re.fullmatch(r"[A-Za-z0-9\-._:/]+", reference):
            return False
        if reference in own_keys or any(reference.endswith("/Patient/" + str(i)) for i in own if i == first["resource"].get("id")):
            return False
        target = index.get(reference)
        if target is not None:
            return target.get("resourceType") == "Patient" and target is not first["resource"]
        return re.fullmatch(r"(.*/)?Patient/[^/]+", reference) is not None

    def lost(resource):
        if names_another_patient(resource):
            return True
        return resource.get("resourceType") == "Observation" and id(resource) in nested
    lost.other_patient = names_another_patient
    return lost


def medication_concept(resource, index):
    concept = resource.get("medicationCodeableConcept")
    if concept is None:
        concept = (index.get((resource.get("medicationReference") or {}).get("reference")) or {}).get("code")
    return concept


def category_codes(resource):
    """The codes of a resource's categories (a list of CodeableConcepts, or of codes for an allergy)."""
    found = set()
    for category in resource.get("category") or []:
        if isinstance(category, dict):
            found |= {c.get("code") for c in category.get("coding") or [] if isinstance(c, dict)}
    return found


def patient_references(bundle):
    """The references that name the document's own patient: its Patient entries (fullUrl and
    Patient/id) and the Composition's subject."""
    keys = set()
    for entry in bundle.get("entry", []):
        resource = entry.get("resource") or {}
        if resource.get("resourceType") == "Patient":
            keys |= {entry.get("fullUrl"), f"Patient/{resource.get('id')}"}
        if resource.get("resourceType") == "Composition":
            keys.add((resource.get("subject") or {}).get("reference"))
    return keys - {None}


def names_another_patient(resource, patients):
    """A resource whose own subject (or patient) names another patient than the document's: it is
    not this patient's and is not imported (issue 29 item 4; docs/clinical-imports.md)."""
    reference = (resource.get("subject") or resource.get("patient") or {}).get("reference")
    return bool(patients) and reference is not None and reference not in patients


def facts(bundle, *, source, strict=False):
    """Per kind of resource: the (system, code) pairs, the clinical statuses and the criticalities.
    `strict` counts the documented losses too."""
    index = by_reference(bundle)
    documented_loss = documented_losses(bundle, index)
    patients = patient_references(bundle)
    pairs, statuses, criticalities = {}, {}, {}
    for entry in bundle.get("entry", []):
        resource = entry.get("resource") or {}
        kind = resource.get("resourceType")
        if kind == "DiagnosticReport" and not source:
            kind = "Observation"  # a panel's code is written on the report that groups its members
            resource = {**resource, "code": resource.get("code")}
        elif kind not in KINDS or (source and (is_dropped(resource) or names_another_patient(resource, patients))):
            continue
        if source and kind == "Observation" and not observation_is_kept(resource):
            continue
        if source and documented_loss.other_patient(resource):
            continue  # another patient's record: never this patient's summary, whatever is counted
        if source and not strict and documented_loss(resource):
            continue
        group = GROUP.get(kind, kind)
        concept = medication_concept(resource, index) if kind in GROUP else resource.get(KINDS[kind])
        pairs.setdefault(group, set()).update(concept_pairs(concept))
        if kind in ("Condition", "AllergyIntolerance") and not (concept_pairs(concept) and is_absence(concept)):
            code = status_code(resource.get("clinicalStatus"))
            if code:
                statuses.setdefault(kind, []).append(code)
            if resource.get("criticality"):
                criticalities.setdefault(kind, []).append(resource["criticality"])
    return pairs, statuses, criticalities


def is_absence(concept):
    return any(c.get("system") == IPS_ABSENT or c.get("code") in ABSENCE_CODES for c in concept.get("coding", []))


def observation_is_kept(resource):
    """Observations the visit summary speaks of: laboratory results and vital signs with a value."""
    return bool(category_codes(resource) & {"laboratory", "vital-signs"})


def write_ips(document, out):
    result = run_carereport("visit", document, "--viewer", "patient", "--now", NOW, "--format", "fhir", "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(out.read_text())


def losses(source, output, strict=False):
    src_pairs, src_status, src_crit = facts(source, source=True, strict=strict)
    out_pairs, out_status, out_crit = facts(output, source=False)
    lost = []
    for group, pairs in src_pairs.items():
        for pair in sorted(pairs - out_pairs.get(group, set()), key=str):
            lost.append((group, pair))
    kept = sum(len(pairs & out_pairs.get(group, set())) for group, pairs in src_pairs.items())
    total = sum(len(pairs) for pairs in src_pairs.values())
    status_loss = [(kind, sorted(src_status[kind]), sorted(out_status.get(kind, []))) for kind in src_status
                   if sorted(src_status[kind]) != sorted(out_status.get(kind, []))]
    crit_loss = [(kind, sorted(src_crit[kind]), sorted(out_crit.get(kind, []))) for kind in src_crit
                 if sorted(src_crit[kind]) != sorted(out_crit.get(kind, []))]
    return kept, total, lost, status_loss, crit_loss


def dates_not_more_precise(source, output):
    """No date in the output is written more precisely than any date of the source could give it: a
    year-only source date never comes back as a day (checked on conditions' onsets)."""
    precise = []
    src = {tuple(sorted(concept_pairs(r.get("code")))): r.get("onsetDateTime") for r in resources(source, "Condition")}
    for resource in resources(output, "Condition"):
        given = src.get(tuple(sorted(concept_pairs(resource.get("code")))))
        written = resource.get("onsetDateTime")
        if given and written and len(written) > len(given) and "T" not in given and len(given) < 10:
            precise.append((given, written))
    return precise


def resources(bundle, kind):
    return [e["resource"] for e in bundle.get("entry", []) if (e.get("resource") or {}).get("resourceType") == kind]


@pytest.fixture(scope="module")
def corpus_results(tmp_path_factory):
    require(CORPUS.exists(), f"{CORPUS} is absent: the IPS round trip needs ../shared beside the project")
    folder = tmp_path_factory.mktemp("ips-roundtrip")
    results = {}
    for index, document in enumerate(corpus()):
        source = json.loads(document.read_text())
        output = write_ips(document, folder / f"{index}.json")
        results[document.name] = (source, output)
    return results


def test_at_least_99_percent_of_codes_come_through(corpus_results):
    kept = total = all_kept = all_total = 0
    lost = []
    for name, (source, output) in corpus_results.items():
        k, t, loss, _, _ = losses(source, output)
        kept, total = kept + k, total + t
        lost += [f"{name}: {group} {pair}" for group, pair in loss]
        k, t, _, _, _ = losses(source, output, strict=True)
        all_kept, all_total = all_kept + k, all_total + t
    share = kept / total if total else 1.0
    overall = all_kept / all_total if all_total else 1.0
    print(f"\nIPS corpus round trip: {all_kept} of {all_total} (system, code) pairs kept = {overall:.2%}"
          f" ({kept} of {total} = {share:.2%} apart from the documented losses)")
    assert total > 0
    assert overall >= 0.99, f"{overall:.2%} of the source's codes kept"
    assert not lost, "lost and not listed in docs/clinical-imports.md: " + "; ".join(lost[:40])


def test_every_clinical_status_and_criticality_is_kept(corpus_results):
    problems = []
    for name, (source, output) in corpus_results.items():
        _, _, _, status_loss, crit_loss = losses(source, output)
        problems += [f"{name}: {kind} status {a} became {b}" for kind, a, b in status_loss]
        problems += [f"{name}: {kind} criticality {a} became {b}" for kind, a, b in crit_loss]
    assert not problems, "; ".join(problems[:30])


def test_no_date_more_precise_than_its_source(corpus_results):
    problems = []
    for name, (source, output) in corpus_results.items():
        problems += [f"{name}: {a} written {b}" for a, b in dates_not_more_precise(source, output)]
    assert not problems, "; ".join(problems[:20])


def test_nothing_entered_in_error_or_refuted_is_written(corpus_results):
    for name, (source, output) in corpus_results.items():
        kept = set().union(set(), *facts(source, source=True)[0].values())
        written = {p for r in (e["resource"] for e in output["entry"]) for key in set(KINDS.values()) for p in concept_pairs(r.get(key))}
        for resource in (e.get("resource") or {} for e in source.get("entry", [])):
            if resource.get("resourceType") in KINDS and is_dropped(resource):
                only_there = concept_pairs(resource.get(KINDS[resource["resourceType"]])) - kept
                assert not (only_there & written), f"{name}: an entered-in-error or refuted entry is in the output"


def test_output_reads_back_to_the_same_output(corpus_results, tmp_path):
    """carereport reads its own IPS back to the same document (the same visit summary)."""
    for index, (name, (_, output)) in enumerate(sorted(corpus_results.items())[:12]):
        path = tmp_path / f"{index}.json"
        path.write_text(json.dumps(output))
        again = write_ips(path, tmp_path / f"{index}-again.json")
        k, t, loss, status_loss, crit_loss = losses(output, again)
        assert not loss and not status_loss and not crit_loss, f"{name}: {loss} {status_loss} {crit_loss}"


OIDS = {"2.16.840.1.113883.6.96": "http://snomed.info/sct", "2.16.840.1.113883.6.1": "http://loinc.org",
        "2.16.840.1.113883.6.88": "http://www.nlm.nih.gov/research/umls/rxnorm", "2.16.840.1.113883.12.292": "http://hl7.org/fhir/sid/cvx",
        "2.16.840.1.113883.6.90": "http://hl7.org/fhir/sid/icd-10-cm", "2.16.840.1.113883.6.69": "http://hl7.org/fhir/sid/ndc",
        "2.16.840.1.113883.6.3": "http://hl7.org/fhir/sid/icd-10", "2.16.840.1.113883.6.12": "http://www.ama-assn.org/go/cpt",
        "2.16.840.1.113883.6.4": "http://www.cms.gov/Medicare/Coding/ICD10", "2.16.840.1.113883.6.103": "http://hl7.org/fhir/sid/icd-9-cm",
        "2.16.840.1.113883.6.104": "http://hl7.org/fhir/sid/icd-9-cm"}
PROBLEM = "2.16.840.1.113883.10.20.22.4.4"
ALLERGY = "2.16.840.1.113883.10.20.22.4.7"


# SNOMED CT classes ("Procedure", "Implant", "vaccine", …) that a C-CDA statement of absence names
# ("No implanted devices", an immunisation status of no information): written as the IPS absence
# code of its topic, as docs/clinical-imports.md says of statements of absence.
GENERIC = {"71388002", "40388003", "787859002", "49062001"}


def absence(entry):
    """An entry that states an absence: null-flavoured, or negated and naming only a class."""
    top = next(iter(entry), None)
    if top is None:
        return False
    classes = {c.get("code") for c in top.iter("code")} | {t.get("code") for t in top.iter("translation")}
    named = {c.get("code") for c in top.iter("code") if c.get("code")} - GENERIC
    return top.get("nullFlavor") is not None or (top.get("negationInd") == "true" and bool(classes & GENERIC) and not named - {None})


def ccda_pairs(path):
    """The (system, code) pairs of the problems (problem observations' values), allergies (their
    substance), medications (their material), results, immunisations (their vaccine), procedures
    and devices a C-CDA states, with every translation.
    Namespaces are dropped: the HL7 section examples are bare `<section>`s with none."""
    import xml.etree.ElementTree as ET
    # The HL7 examples use xsi: and sdtc: without declaring them: prefixes become part of the name.
    text = re.sub(r"(<\/?|\s)([A-Za-z]+):([A-Za-z])", r"\1\2_\3", path.read_text())
    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        return None
    for element in root.iter():
        element.tag = element.tag.rsplit("}", 1)[-1]
    if root.tag == "component" and root.find("section") is not None:
        root = root.find("section")  # a section example wrapped in its <component> (see `as_document`)
    if root.tag not in ("ClinicalDocument", "section"):
        return None

    def templates(node):
        return {t.get("root") for t in node.findall("templateId")}
    coded = []
    for section in [root] if root.tag == "section" else list(root.iter("section")):
        code = section.find("code")
        kind = code.get("code") if code is not None else None
        if kind == "11450-4":
            coded += [o.find("value") for o in section.iter("observation") if PROBLEM in templates(o) and o.get("negationInd") != "true"]
        elif kind == "48765-2":
            coded += [o.find("participant/participantRole/playingEntity/code") for o in section.iter("observation")
                      if ALLERGY in templates(o) and o.get("negationInd") != "true"]
        elif kind == "10160-0":
            coded += [m.find("code") for m in section.iter("manufacturedMaterial")]
        elif kind == "30954-2":
            coded += section.findall(".//organizer/component/observation/code")
        elif kind == "11369-6":  # immunisations: the vaccine, with its translations (CVX, NDC …)
            coded += [m.find("code") for entry in section.findall("entry") if not absence(entry)
                      for m in entry.iter("manufacturedMaterial")]
        elif kind == "47519-4":  # procedures, as procedure, observation or act entries
            coded += [e.find("code") for entry in section.findall("entry") if not absence(entry) for e in entry
                      if e.tag in ("procedure", "observation", "act")]
        elif kind == "46264-8":  # medical equipment and implants: the device's code
            coded += [d.find("code") for entry in section.findall("entry") if not absence(entry) for d in entry.iter("playingDevice")]
    pairs = set()
    for element in (c for c in coded if c is not None):
        for one in [element] + element.findall("translation"):
            if one.get("code") and one.get("codeSystem"):
                pairs.add((OIDS.get(one.get("codeSystem"), "urn:oid:" + one.get("codeSystem")), one.get("code")))
    return pairs


def as_document(path, folder):
    """A section example given as `<component><section>…` (as the HL7 examples of immunisations are)
    is not a document carereport reads alone: it is placed in a minimal ClinicalDocument, as a
    portal's document would hold it. Anything else is read as it is."""
    text = path.read_text()
    body = re.sub(r"^\s*(<\?xml[^>]*\?>)?\s*(<!--.*?-->\s*)*", "", text, flags=re.S)
    if not body.startswith("<component"):
        return path
    wrapped = folder / "document.xml"
    wrapped.write_text(
        '<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">'
        '<effectiveTime value="20250101"/><component><structuredBody>' + body + "</structuredBody></component></ClinicalDocument>")
    return wrapped


@pytest.mark.parametrize("document", ccda_documents() or [None], ids=lambda p: p.name if p else "absent")
def test_ccda_codes_come_through(document, tmp_path):
    require(document is not None, f"{SHARED} is absent: the C-CDA round trip needs ../shared beside the project")
    source = ccda_pairs(document)
    if source is None:
        pytest.skip("a C-CDA fragment or an example that is not well-formed XML: no document to compare")
    output = write_ips(as_document(document, tmp_path), tmp_path / "visit.json")
    written = set()
    for resource in (e["resource"] for e in output["entry"]):
        for key in ("code", "medicationCodeableConcept", "vaccineCode", "type"):
            written |= concept_pairs(resource.get(key))
        for reaction in resource.get("reaction") or []:
            for manifestation in reaction.get("manifestation") or []:
                written |= concept_pairs(manifestation)
    lost = sorted(source - written)
    assert not lost, f"{document.name}: codes of the source not in the IPS: {lost}"
