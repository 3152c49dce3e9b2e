/// A statement that something is absent or not known, as a clinical document states it: "No known
/// food allergies", "No information about medications". It is information a clinician acts on, not
/// the same as "nothing recorded", so it is kept as a record of its own and shown as stated, beside
/// (never merged with) the real entries of its section.
public struct AbsenceStatement: Sendable, Hashable {
    /// The section of a patient summary the statement is about.
    public enum Topic: String, Sendable, Hashable, CaseIterable {
        case allergies, problems, medications, immunizations, procedures, devices
    }

    /// "None known" (the subject is known to have none) or "no information" (nobody knows).
    public enum Assertion: String, Sendable, Hashable, CaseIterable { case noneKnown, noInformation }

    public let topic: Topic
    public let assertion: Assertion
    /// The statement as a whole sentence, in English: "No known food allergies."
    public let statement: String
    /// The statement's message in the catalogue (`statement` before its `{name}`s are filled) and
    /// the values that fill it: what ``sentence(_:)`` writes in the reader's language.
    public let message: String
    public let values: [String: String]
    /// The code it was stated with, e.g. `http://snomed.info/sct` and `429625007`; nil for a
    /// statement made without one (C-CDA `negationInd`, a native "none known" allergy).
    public let system: String?
    public let code: String?

    /// A statement whose sentence is `message` (a catalogue msgid such as "No known allergy to
    /// {substance}.") with `values` filled in.
    public init(
        topic: Topic, assertion: Assertion, message: String, values: [String: String] = [:], system: String? = nil, code: String? = nil
    ) {
        self.topic = topic
        self.assertion = assertion
        self.message = message
        self.values = values
        self.statement = Localizer.english.t(message, values)
        self.system = system
        self.code = code
    }

    /// A statement whose sentence is `statement` as it is (a catalogue msgid when it is one).
    public init(topic: Topic, assertion: Assertion, statement: String, system: String? = nil, code: String? = nil) {
        self.init(topic: topic, assertion: assertion, message: statement, system: system, code: code)
    }

    /// "Stated as not present: Asthma.": a named finding the source says the patient does not have
    /// (C-CDA `negationInd` on a problem, FHIR `verificationStatus` refuted). Its record carries the
    /// finding's own codes; the IPS writes it as that finding, refuted, never as "no known problems".
    public static func notPresent(_ name: String, topic: Topic) -> AbsenceStatement {
        AbsenceStatement(topic: topic, assertion: .noneKnown, message: Localizer.noop("Stated as not present: {name}."), values: ["name": name])
    }

    /// True for a named finding stated as not present (``notPresent(_:topic:)``).
    public var isNotPresent: Bool { message == "Stated as not present: {name}." }

    /// The statement in the reader's language: "Sin alergias alimentarias conocidas."
    public func sentence(_ words: Localizer) -> String { words.t(message, values) }

    /// The statement, without its full stop, to stand as a record's title: "No known food allergies".
    public var title: String { statement.hasSuffix(".") ? String(statement.dropLast()) : statement }
}

extension AbsenceStatement {
    public static let ipsSystem = "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips"
    public static let snomedSystem = "http://snomed.info/sct"

    /// The statement a code makes, for the IPS `absent-unknown-uv-ips` codes and the SNOMED CT
    /// situations that say "no known …"; nil for any other code.
    public static func known(system: String?, code: String) -> AbsenceStatement? {
        let table = system == ipsSystem ? ipsCodes : system == snomedSystem || system == "urn:oid:2.16.840.1.113883.6.96" ? snomedCodes : [:]
        guard let (topic, assertion, statement) = table[code] else { return nil }
        return AbsenceStatement(
            topic: topic, assertion: assertion, message: statement,
            system: system == ipsSystem ? ipsSystem : snomedSystem, code: code)
    }

    /// The generic statement of a topic: "No known allergies.", "No information about problems.",
    /// with its IPS code (SNOMED CT 716186003 for "No known allergies.", as IPS documents write it).
    public static func generic(_ topic: Topic, _ assertion: Assertion) -> AbsenceStatement {
        let key: String
        switch (topic, assertion) {
        case (.allergies, .noneKnown): key = "no-known-allergies"
        case (.allergies, .noInformation): key = "no-allergy-info"
        case (.problems, .noneKnown): key = "no-known-problems"
        case (.problems, .noInformation): key = "no-problem-info"
        case (.medications, .noneKnown): key = "no-known-medications"
        case (.medications, .noInformation): key = "no-medication-info"
        case (.immunizations, .noneKnown): key = "no-known-immunizations"
        case (.immunizations, .noInformation): key = "no-immunization-info"
        case (.procedures, .noneKnown): key = "no-known-procedures"
        case (.procedures, .noInformation): key = "no-procedure-info"
        case (.devices, .noneKnown): key = "no-known-devices"
        case (.devices, .noInformation): key = "no-device-info"
        }
        let (_, _, statement) = ipsCodes[key]!
        if key == "no-known-allergies" {
            return AbsenceStatement(topic: topic, assertion: assertion, message: statement, system: snomedSystem, code: "716186003")
        }
        return AbsenceStatement(topic: topic, assertion: assertion, message: statement, system: ipsSystem, code: key)
    }

    /// The IPS codes for absent and unknown data (HL7, CC0), each as a sentence.
    static let ipsCodes: [String: (Topic, Assertion, String)] = [
        "no-allergy-info": (.allergies, .noInformation, Localizer.noop("No information about allergies.")),
        "no-known-allergies": (.allergies, .noneKnown, Localizer.noop("No known allergies.")),
        "no-known-medication-allergies": (.allergies, .noneKnown, Localizer.noop("No known medication allergies.")),
        "no-known-environmental-allergies": (.allergies, .noneKnown, Localizer.noop("No known environmental allergies.")),
        "no-known-food-allergies": (.allergies, .noneKnown, Localizer.noop("No known food allergies.")),
        "no-medication-info": (.medications, .noInformation, Localizer.noop("No information about medications.")),
        "no-known-medications": (.medications, .noneKnown, Localizer.noop("No known medications.")),
        "no-problem-info": (.problems, .noInformation, Localizer.noop("No information about problems.")),
        "no-known-problems": (.problems, .noneKnown, Localizer.noop("No known problems.")),
        "no-immunization-info": (.immunizations, .noInformation, Localizer.noop("No information about immunizations.")),
        "no-known-immunizations": (.immunizations, .noneKnown, Localizer.noop("No known immunizations.")),
        "no-procedure-info": (.procedures, .noInformation, Localizer.noop("No information about past procedures.")),
        "no-known-procedures": (.procedures, .noneKnown, Localizer.noop("No known procedures.")),
        "no-device-info": (.devices, .noInformation, Localizer.noop("No information about medical devices.")),
        "no-known-devices": (.devices, .noneKnown, Localizer.noop("No known medical devices.")),
    ]

    /// SNOMED CT situations that state an absence (SNOMED International; the codes IPS documents use).
    static let snomedCodes: [String: (Topic, Assertion, String)] = [
        "716186003": (.allergies, .noneKnown, Localizer.noop("No known allergies.")),
        "409137002": (.allergies, .noneKnown, Localizer.noop("No known drug allergies.")),
        "429625007": (.allergies, .noneKnown, Localizer.noop("No known food allergies.")),
        "428607008": (.allergies, .noneKnown, Localizer.noop("No known environmental allergies.")),
        "428197003": (.allergies, .noneKnown, Localizer.noop("No known insect allergies.")),
        "160244002": (.allergies, .noneKnown, Localizer.noop("No known allergies.")),
        "160245001": (.problems, .noneKnown, Localizer.noop("No current problems or disability.")),
        "182849000": (.medications, .noneKnown, Localizer.noop("No drug therapy prescribed.")),
        "787481004": (.medications, .noneKnown, Localizer.noop("No known medications.")),
    ]
}
