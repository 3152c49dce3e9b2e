import Foundation

extension AbsenceStatement {
    /// The statement a record's whole text makes when it is one of the common ways of writing "none
    /// known" ("No known current medicines", "No known current problems or disability", "NKDA"),
    /// for `topic`; nil for any other text (a medicine or problem with a real name).
    public static func stated(_ text: String, topic: Topic) -> AbsenceStatement? {
        let key = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".")))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        switch topic {
        case .allergies:
            if key == "nkda" || key == "no known drug allergies" || key == "no known drug allergy" {
                return known(system: snomedSystem, code: "409137002")
            }
            return allergyTexts.contains(key) ? .generic(.allergies, .noneKnown) : nil
        case .medications:
            return medicationTexts.contains(key) ? .generic(.medications, .noneKnown) : nil
        case .problems:
            if key == "no current problems or disability" || key == "no known current problems or disability" {
                return known(system: snomedSystem, code: "160245001")
            }
            return problemTexts.contains(key) ? .generic(.problems, .noneKnown) : nil
        case .immunizations, .procedures, .devices:
            return nil
        }
    }

    static let allergyTexts: Set<String> = ["no known allergies", "no known allergy", "nka", "none known", "no known allergies or intolerances"]
    static let medicationTexts: Set<String> = [
        "no known medications", "no known medication", "no known current medications", "no known current medicines",
        "no known medicines", "no current medications", "no current medicines", "no medications", "no regular medications",
        "not taking any medications", "no drug therapy prescribed",
    ]
    static let problemTexts: Set<String> = [
        "no known problems", "no known problem", "no known current problems", "no current problems", "no known medical problems",
        "no known conditions", "no known health problems",
    ]
}
