/// The words for the usual relationships to the person cared for (`relationshipToRecipient` is free
/// text): a known one in the reader's language, any other as written in the export.
enum RelationshipNames {
    static func name(_ relationship: String, _ words: Localizer) -> String {
        guard !words.isEnglish else { return relationship }
        switch relationship.lowercased() {
        case "self": return words.t("self", context: "relationship")
        case "daughter": return words.t("daughter", context: "relationship")
        case "son": return words.t("son", context: "relationship")
        case "wife": return words.t("wife", context: "relationship")
        case "husband": return words.t("husband", context: "relationship")
        case "spouse": return words.t("spouse", context: "relationship")
        case "partner": return words.t("partner", context: "relationship")
        case "mother": return words.t("mother", context: "relationship")
        case "father": return words.t("father", context: "relationship")
        case "sister": return words.t("sister", context: "relationship")
        case "brother": return words.t("brother", context: "relationship")
        case "granddaughter": return words.t("granddaughter", context: "relationship")
        case "grandson": return words.t("grandson", context: "relationship")
        case "niece": return words.t("niece", context: "relationship")
        case "nephew": return words.t("nephew", context: "relationship")
        case "daughter-in-law": return words.t("daughter-in-law", context: "relationship")
        case "son-in-law": return words.t("son-in-law", context: "relationship")
        case "friend": return words.t("friend", context: "relationship")
        case "family friend": return words.t("family friend", context: "relationship")
        case "neighbour", "neighbor": return words.t("neighbour", context: "relationship")
        case "paid carer", "paid caregiver", "home aide", "aide": return words.t("paid caregiver", context: "relationship")
        case "other": return words.t("other", context: "relationship")
        default: return relationship
        }
    }
}
