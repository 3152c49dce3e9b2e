/// Dose forms and routes in the reader's language, when the export gives them as one of the
/// common English words ("tablet", "oral"); anything else is shown as recorded.
public enum DoseFormWording {
    /// `tablet` → `comprimido`.
    public static func form(_ form: String, _ words: Localizer = .english) -> String {
        switch form.trimmingSpaces().lowercased() {
        case "tablet": words.t("tablet", context: "dose form")
        case "tablets": words.t("tablets", context: "dose form")
        case "capsule": words.t("capsule", context: "dose form")
        case "capsules": words.t("capsules", context: "dose form")
        case "solution": words.t("solution", context: "dose form")
        case "suspension": words.t("suspension", context: "dose form")
        case "syrup": words.t("syrup", context: "dose form")
        case "injection": words.t("injection", context: "dose form")
        case "cream": words.t("cream", context: "dose form")
        case "ointment": words.t("ointment", context: "dose form")
        case "gel": words.t("gel", context: "dose form")
        case "patch": words.t("patch", context: "dose form")
        case "inhaler": words.t("inhaler", context: "dose form")
        case "drops": words.t("drops", context: "dose form")
        case "spray": words.t("spray", context: "dose form")
        case "suppository": words.t("suppository", context: "dose form")
        case "powder": words.t("powder", context: "dose form")
        default: form
        }
    }

    /// `oral` → `vía oral`.
    public static func route(_ route: String, _ words: Localizer = .english) -> String {
        switch route.trimmingSpaces().lowercased() {
        case "oral", "by mouth": words.t("oral", context: "route")
        case "sublingual": words.t("sublingual", context: "route")
        case "topical": words.t("topical", context: "route")
        case "transdermal": words.t("transdermal", context: "route")
        case "inhaled", "inhalation": words.t("inhaled", context: "route")
        case "nasal", "intranasal": words.t("nasal", context: "route")
        case "subcutaneous": words.t("subcutaneous", context: "route")
        case "intramuscular": words.t("intramuscular", context: "route")
        case "intravenous": words.t("intravenous", context: "route")
        case "rectal": words.t("rectal", context: "route")
        case "ophthalmic": words.t("in the eye", context: "route")
        case "otic": words.t("in the ear", context: "route")
        case "vaginal": words.t("vaginal", context: "route")
        default: route
        }
    }
}
