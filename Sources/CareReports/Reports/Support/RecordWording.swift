/// Words for record values (statuses, kinds) in the reader's language.
public enum AppointmentWording {
    public static func status(_ status: Appointment.Status, _ words: Localizer = .english) -> String {
        switch status {
        case .scheduled: words.t("scheduled", context: "appointment")
        case .completed: words.t("completed", context: "appointment")
        case .cancelled: words.t("cancelled", context: "appointment")
        }
    }
}

/// Words for document kinds.
public enum DocumentWording {
    public static func kind(_ kind: HealthDocument.Kind, _ words: Localizer = .english) -> String {
        switch kind {
        case .labReport: words.t("labReport", context: "document")
        case .imaging: words.t("imaging", context: "document")
        case .letter: words.t("letter", context: "document")
        case .other: words.t("other", context: "document")
        }
    }
}

/// Words for lab report statuses.
public enum LabWording {
    public static func status(_ status: LabReport.Status, _ words: Localizer = .english) -> String {
        switch status {
        case .preliminary: words.t("preliminary", context: "lab report")
        case .final: words.t("final", context: "lab report")
        case .corrected: words.t("corrected", context: "lab report")
        case .amended: words.t("amended", context: "lab report")
        }
    }

    /// A result's own status in words (a report's status words, and "registered", "cancelled",
    /// "status unknown").
    public static func status(_ status: LabResult.Status, _ words: Localizer = .english) -> String {
        switch status {
        case .registered: words.t("registered", context: "lab report")
        case .preliminary: words.t("preliminary", context: "lab report")
        case .final: words.t("final", context: "lab report")
        case .corrected: words.t("corrected", context: "lab report")
        case .amended: words.t("amended", context: "lab report")
        case .cancelled: words.t("cancelled", context: "lab report")
        case .unknown: words.t("status unknown", context: "lab report")
        }
    }

    /// A report's status as the page shows it: its stated status; none for a grouped report whose
    /// results differ (each result says its own).
    public static func status(of report: LabReport, _ words: Localizer = .english) -> String {
        report.statedStatus.map { status($0, words) } ?? ""
    }
}

extension ObservationWording {
    /// A clinical status in its own words: `active`, `recurrence`, `in remission`, `inactive` …
    public static func status(_ status: Observation.ClinicalStatus, _ words: Localizer = .english) -> String {
        switch status {
        case .active: words.t("active", context: "condition")
        case .recurrence: words.t("recurrence", context: "condition")
        case .relapse: words.t("relapse", context: "condition")
        case .inactive: words.t("inactive", context: "condition")
        case .remission: words.t("in remission", context: "condition")
        case .resolved: words.t("resolved", context: "condition")
        }
    }

    /// An allergy's criticality in words: `high criticality`, `low criticality`, `criticality not assessable`.
    public static func criticality(_ criticality: Observation.Criticality, _ words: Localizer = .english) -> String {
        switch criticality {
        case .high: words.t("high criticality", context: "allergy")
        case .low: words.t("low criticality", context: "allergy")
        case .unableToAssess: words.t("criticality unable to assess", context: "allergy")
        }
    }

    /// An allergy's verification status in words, when it is not confirmed (`unconfirmed`, `provisional`, `differential`).
    public static func verification(_ status: Observation.VerificationStatus, _ words: Localizer = .english) -> String? {
        switch status {
        case .confirmed: nil
        case .unconfirmed: words.t("unconfirmed", context: "condition")
        case .provisional: words.t("provisional", context: "condition")
        case .differential: words.t("differential diagnosis", context: "condition")
        }
    }
}
