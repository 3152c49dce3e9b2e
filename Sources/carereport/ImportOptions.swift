import ArgumentParser
import CareReports

/// `--import-privacy LEVEL`: the privacy level of records imported from FHIR and C-CDA documents;
/// `--patient ID`: whose clinical documents to read when the input holds several patients'.
struct ImportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Privacy level for records imported from FHIR or C-CDA documents.", valueName: "level"))
    var importPrivacy: PrivacyLevel = .caregivers

    @Option(help: ArgumentHelp(
        "Read only this patient's clinical documents when the input holds several patients' (FHIR Patient.id or identifier value, C-CDA patientRole/id extension).",
        valueName: "id"))
    var patient: String?
}

extension PrivacyLevel: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
