import Testing

@testable import CareReports

/// NCI unit-of-presentation codes mean what the NCPDP/NCI quantity-unit list says, and a code that
/// names no countable unit here (an applicator, a scoopful) is never read as one.
@Suite struct DoseUnitCodesTests {
    @Test func eachCodeIsItsOwnUnit() {
        #expect(DoseUnits.nci("C48542") == .tablet)
        #expect(DoseUnits.nci("C48480") == .capsule)
        #expect(DoseUnits.nci("C65060") == .puff)
        #expect(DoseUnits.nci("C48537") == .spray)
        #expect(DoseUnits.nci("C48506") == .lozenge)
    }

    @Test func anApplicatorOrAScoopfulIsNoTabletOrSpray() {
        #expect(DoseUnits.nci("C62412") == nil)
        #expect(DoseUnits.nci("C48536") == nil)
        #expect(DoseUnits.nci("C48517") == nil)
    }
}
