/// The LOINC codes read as vital signs wherever a document files them, by every importer (C-CDA in
/// any section, FHIR whatever the Observation's category): blood pressure and its parts, heart and
/// respiratory rate, weight, height, BMI, temperature, oxygen saturation, head and waist
/// circumference, body surface area, pain score (docs/clinical-imports.md, "Every entry accounted for").
enum VitalSignCodes {
    static let loinc: Set<String> = [
        "8480-6", "8462-4", "85354-9", "55284-4", "8867-4", "29463-7", "3141-9", "8310-5", "8331-1", "2708-6", "59408-5",
        "9279-1", "8302-2", "8306-3", "39156-5", "9843-4", "8287-5", "8478-0", "3140-1", "8280-0", "72514-3",
    ]
}
