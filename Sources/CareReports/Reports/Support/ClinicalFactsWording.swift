/// Words for what a clinical document states about an immunisation, procedure, device, directive,
/// goal or planned care (``ClinicalFacts``), in the reader's language.
public enum ClinicalFactsWording {
    /// "refused", "not given", "planned"… for the kind of entry it is.
    public static func status(_ status: ClinicalFacts.Status, kind: Observation.Kind, _ words: Localizer = .english) -> String {
        switch (status, kind) {
        case (.completed, .immunization): words.t("given", context: "immunisation")
        case (.completed, .device): words.t("in place", context: "device")
        case (.completed, .goal), (.completed, .plan): words.t("done", context: "plan")
        case (.completed, _): words.t("done", context: "procedure")
        case (.notDone, .immunization): words.t("not given", context: "immunisation")
        case (.notDone, _): words.t("not done", context: "procedure")
        case (.refused, .immunization): words.t("refused", context: "immunisation")
        case (.refused, _): words.t("refused", context: "clinical")
        case (.unsuccessful, _): words.t("unsuccessful", context: "procedure")
        case (.stopped, _): words.t("stopped before it was finished", context: "procedure")
        case (.active, .device): words.t("in use", context: "device")
        case (.active, _): words.t("active", context: "clinical")
        case (.inactive, _): words.t("inactive", context: "clinical")
        case (.planned, _): words.t("planned", context: "clinical")
        case (.cancelled, _): words.t("cancelled", context: "clinical")
        }
    }

    /// The facts as details, in a fixed order: what it states, status, reason, who reported it, UDI
    /// (the end date is ``until(_:_:day:)``, for the caller to place after its own date).
    public static func details(_ facts: ClinicalFacts?, kind: Observation.Kind, _ words: Localizer) -> [String] {
        guard let facts else { return [] }
        var parts: [String] = []
        if let detail = facts.detail { parts.append(detail) }
        if facts.notPresent { parts.append(words.t("stated as not present", context: "finding")) }
        if let date = facts.statedDate { parts.append(words.t("date as stated: {date}", ["date": date])) }
        if let stated = facts.status { parts.append(Self.status(stated, kind: kind, words)) }
        if let reason = facts.reason { parts.append(words.t("reason: {reason}", ["reason": reason])) }
        if let who = facts.reportedBy {
            parts.append(words.t("reported by {name}", ["name": who]))
        } else if facts.reported {
            parts.append(words.t("reported by the patient or family, not recorded by a clinician"))
        }
        if let udi = facts.udi { parts.append(words.t("UDI {udi}", ["udi": udi])) }
        return parts
    }

    /// "until 5 May 2019" when the facts give an end.
    public static func until(_ facts: ClinicalFacts?, _ words: Localizer, day: (CareDate) -> String) -> String? {
        facts?.end.map { words.t("until {day}", ["day": day($0)]) }
    }
}
