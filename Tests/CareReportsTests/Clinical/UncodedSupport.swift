@testable import CareReports

/// Results and panels without the codes (and interpretation codes) the source gave, for tests about everything else.
extension LabResult {
    var uncoded: LabResult {
        LabResult(name: name, loinc: loinc, value: value, comparator: comparator, unit: unit, referenceRange: referenceRange, flag: flag, note: note)
    }
}

extension LabPanel {
    var uncoded: LabPanel { LabPanel(name: name, loinc: loinc) }
}

extension LabReport {
    var uncoded: LabReport {
        LabReport(
            laboratory: laboratory, orderedBy: orderedBy, collectedAt: collectedAt, reportedAt: reportedAt, status: status,
            panel: panel?.uncoded, results: results.map(\.uncoded), conclusion: conclusion)
    }
}
