import ArgumentParser
import CareReports

/// `--import-privacy LEVEL`: the privacy level of records imported from FHIR and C-CDA documents.
struct ImportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Privacy level for records imported from FHIR or C-CDA documents.", valueName: "level"))
    var importPrivacy: PrivacyLevel = .caregivers
}

extension PrivacyLevel: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
