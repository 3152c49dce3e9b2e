import Foundation

/// The words of a shared link that the reader sees outside the templates: the payload's label
/// (whose record, as of when; at most 80 characters) and the QR code's accessible name.
public enum ShareLinkWording {
    public static func label(patientName: String, asOf day: String, words: Localizer) -> String {
        words.t("Record of {patientName} as of {date}", ["patientName": patientName, "date": day])
    }

    public static func codeName(label: String, words: Localizer) -> String {
        words.t("QR code: {label}", ["label": label])
    }
}
