/// What a lab report says about results it references but the document does not include.
public enum LabReportWording {
    /// "Results not included in the document (29 referenced)"; nil when every referenced result is there.
    public static func notIncluded(_ count: Int, _ words: Localizer) -> String? {
        guard count > 0 else { return nil }
        return words.n(
            "Results not included in the document ({count} referenced)", "Results not included in the document ({count} referenced)",
            count: count)
    }
}
