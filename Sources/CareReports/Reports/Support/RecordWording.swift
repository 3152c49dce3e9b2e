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
}

extension ObservationWording {
    /// `active`, `resolved`.
    public static func status(_ status: Observation.ClinicalStatus, _ words: Localizer = .english) -> String {
        switch status {
        case .active: words.t("active", context: "condition")
        case .resolved: words.t("resolved", context: "condition")
        }
    }
}
