/// Names for codes a clinical document gives without a display or text: the shipped table of the
/// LOINC, SNOMED CT, RxNorm, ATC and CVX codes seen in real documents (`CodeNames+Table.swift`,
/// made by `scripts/make-code-names.py`; sources and licences in docs/code-names.md), the HL7 code
/// systems for absent data, else the code with its system in words ("SNOMED CT 91936005").
enum CodeNames {
    /// The system's name in words, by FHIR URI or HL7 OID; nil for a system not known here.
    static func systemName(_ system: String) -> String? {
        let key = system.hasPrefix("urn:oid:") ? String(system.dropFirst(8)) : system
        return systems[key]
    }

    private static let systems: [String: String] = [
        "http://loinc.org": "LOINC", "2.16.840.1.113883.6.1": "LOINC",
        "http://snomed.info/sct": "SNOMED CT", "2.16.840.1.113883.6.96": "SNOMED CT",
        "http://www.nlm.nih.gov/research/umls/rxnorm": "RxNorm", "2.16.840.1.113883.6.88": "RxNorm",
        "http://www.whocc.no/atc": "ATC", "2.16.840.1.113883.6.73": "ATC",
        "http://hl7.org/fhir/sid/cvx": "CVX", "2.16.840.1.113883.12.292": "CVX",
        "http://hl7.org/fhir/sid/icd-10": "ICD-10", "2.16.840.1.113883.6.3": "ICD-10",
        "http://hl7.org/fhir/sid/icd-10-cm": "ICD-10-CM", "2.16.840.1.113883.6.90": "ICD-10-CM",
        "http://hl7.org/fhir/sid/ndc": "NDC", "2.16.840.1.113883.6.69": "NDC",
        "http://www.ama-assn.org/go/cpt": "CPT", "2.16.840.1.113883.6.12": "CPT",
        "http://unitsofmeasure.org": "UCUM",
        "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips": "IPS absent/unknown",
        "http://terminology.hl7.org/CodeSystem/data-absent-reason": "data absent reason",
        "http://terminology.hl7.org/CodeSystem/v3-NullFlavor": "null flavor",
    ]

    /// Names of the HL7 codes for absent or unknown data (HL7 terminology, CC0).
    private static let absent: [String: String] = [
        "IPS absent/unknown|no-allergy-info": "No information about allergies",
        "IPS absent/unknown|no-known-allergies": "No known allergies",
        "IPS absent/unknown|no-known-medication-allergies": "No known medication allergies",
        "IPS absent/unknown|no-known-food-allergies": "No known food allergies",
        "IPS absent/unknown|no-known-environmental-allergies": "No known environmental allergies",
        "IPS absent/unknown|no-medication-info": "No information about medications",
        "IPS absent/unknown|no-known-medications": "No known medications",
        "IPS absent/unknown|no-problem-info": "No information about problems",
        "IPS absent/unknown|no-known-problems": "No known problems",
        "IPS absent/unknown|no-immunization-info": "No information about immunizations",
        "IPS absent/unknown|no-known-immunizations": "No known immunizations",
        "IPS absent/unknown|no-procedure-info": "No information about past history of procedures",
        "IPS absent/unknown|no-known-procedures": "No known procedures",
        "IPS absent/unknown|no-device-info": "No information about devices",
        "IPS absent/unknown|no-known-devices": "No known devices",
        "data absent reason|unknown": "unknown", "data absent reason|asked-unknown": "asked but unknown",
        "data absent reason|temp-unknown": "temporarily unknown", "data absent reason|not-asked": "not asked",
        "data absent reason|asked-declined": "asked but declined", "data absent reason|masked": "masked",
        "data absent reason|not-applicable": "not applicable", "data absent reason|unsupported": "unsupported",
        "data absent reason|as-text": "as text", "data absent reason|error": "error",
        "data absent reason|not-a-number": "not a number", "data absent reason|negative-infinity": "negative infinity",
        "data absent reason|positive-infinity": "positive infinity", "data absent reason|not-performed": "not performed",
        "data absent reason|not-permitted": "not permitted",
        "null flavor|UNK": "unknown", "null flavor|ASKU": "asked but unknown", "null flavor|NA": "not applicable",
        "null flavor|NI": "no information", "null flavor|NASK": "not asked", "null flavor|MSK": "masked",
    ]

    /// The name of `code` in `system`: from the tables, else "SNOMED CT 91936005" (for a system
    /// not known here, the last segment of its URL, "BRCID10 J03", else "code 500").
    static func name(system: String?, code: String) -> String {
        let words = system.flatMap(systemName)
        if let words {
            if let name = table["\(words)|\(code)"] ?? absent["\(words)|\(code)"] { return name }
            return "\(words) \(code)"
        }
        return "\(localSystemName(system) ?? "code") \(code)"
    }

    /// A system not known here named by the last segment of its URL ("BRCID10"), else nil.
    private static func localSystemName(_ system: String?) -> String? {
        guard let system, system.hasPrefix("http://") || system.hasPrefix("https://") else { return nil }
        let last = system.split(separator: "/").last.map(String.init) ?? ""
        guard !last.isEmpty, last.count <= 40, !last.contains("."), last.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        return last
    }

    /// The table's name for the code, or nil (no fallback).
    static func knownName(system: String?, code: String) -> String? {
        guard let words = system.flatMap(systemName) else { return nil }
        return table["\(words)|\(code)"] ?? absent["\(words)|\(code)"]
    }
}
