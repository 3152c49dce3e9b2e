/// Lab reports.
extension HealthWriter {
    // MARK: lab reports

    mutating func writeLabReport(_ day: Int, panel index: Int) {
        let panel = LabPanelPlan.panels[index]
        let progress = Double(day - plan.firstDay) / Double(max(1, plan.lastDay - plan.firstDay))
        begin("document", "\(panel.name), \(CirclePlan.label(day)) draw", day: day, minute: 485, by: plan.caregiver, privacy: .caregivers, createdLater: 1800)
        w.field("kind", "labReport")
        w.field("laboratory", "Quest Diagnostics")
        w.field("orderedBy", Names.providers[0].0)
        w.field("collectedAt", day: day, minute: 485)
        w.field("reportedAt", day: day + 1, minute: 880)
        w.field("status", rng.chance(0.9) ? "final" : "corrected")
        w.key("panel")
        w.beginObject()
        w.field("name", panel.name)
        w.field("loinc", panel.loinc)
        w.endObject()
        w.key("results")
        w.beginArray()
        for analyte in panel.analytes {
            labResults += 1
            w.beginObject()
            w.field("name", analyte.name)
            w.field("loinc", analyte.loinc)
            if let text = analyte.text {
                let abnormal = rng.chance(0.25)
                w.field("value", abnormal ? "Trace" : text)
                w.key("referenceRange")
                w.beginObject()
                w.field("text", text)
                w.endObject()
                if abnormal { w.field("flag", "abnormal") }
            } else {
                let value = Int(((analyte.start + (analyte.end - analyte.start) * progress) * (1 + rng.gauss(0.04))) * 10)
                if let cap = analyte.reportedAbove, value > cap * 10 {
                    w.field("value", tenths: cap * 10)
                    w.field("comparator", ">")
                } else {
                    w.field("value", tenths: value)
                }
                w.field("unit", analyte.unit)
                w.key("referenceRange")
                w.beginObject()
                if let low = analyte.low { w.field("low", tenths: low) }
                if let high = analyte.high { w.field("high", tenths: high) }
                w.endObject()
                // Half the flags are written, the rest left for carereport to derive.
                if rng.chance(0.5) {
                    if let high = analyte.high, value > high { w.field("flag", value > high * 3 / 2 ? "criticalHigh" : "high") }
                    else if let low = analyte.low, value < low { w.field("flag", "low") }
                    else { w.field("flag", "normal") }
                }
            }
            w.endObject()
        }
        w.endArray()
        w.field("conclusion", "Compared with the last draw: see the trend. *Discuss at the next visit.*")
        end()
    }
}


struct LabPanelPlan {
    struct Analyte {
        let name: String
        let loinc: String
        let unit: String
        let start: Double
        let end: Double
        let low: Int?  // tenths
        let high: Int?  // tenths
        var text: String? = nil
        var reportedAbove: Int? = nil
    }

    let name: String
    let loinc: String
    let analytes: [Analyte]

    static let panels: [LabPanelPlan] = [
        LabPanelPlan(name: "Diabetes and lipid follow-up", loinc: "24331-1", analytes: [
            Analyte(name: "Hemoglobin A1c", loinc: "4548-4", unit: "%", start: 7.9, end: 7.1, low: nil, high: 57),
            Analyte(name: "Cholesterol, total", loinc: "2093-3", unit: "mg/dL", start: 210, end: 185, low: nil, high: 2000),
            Analyte(name: "HDL cholesterol", loinc: "2085-9", unit: "mg/dL", start: 44, end: 50, low: 400, high: nil),
            Analyte(name: "LDL cholesterol (calculated)", loinc: "13457-7", unit: "mg/dL", start: 128, end: 104, low: nil, high: 1000),
            Analyte(name: "Triglycerides", loinc: "2571-8", unit: "mg/dL", start: 170, end: 150, low: nil, high: 1500),
        ]),
        LabPanelPlan(name: "Basic metabolic panel", loinc: "51990-0", analytes: [
            Analyte(name: "Glucose", loinc: "2345-7", unit: "mg/dL", start: 142, end: 120, low: 700, high: 990),
            Analyte(name: "Creatinine", loinc: "2160-0", unit: "mg/dL", start: 1.1, end: 1.2, low: 6, high: 11),
            Analyte(name: "eGFR", loinc: "33914-3", unit: "mL/min/1.73m2", start: 62, end: 56, low: 600, high: nil, reportedAbove: 60),
            Analyte(name: "Sodium", loinc: "2951-2", unit: "mmol/L", start: 139, end: 136, low: 1350, high: 1450),
            Analyte(name: "Potassium", loinc: "2823-3", unit: "mmol/L", start: 4.3, end: 4.9, low: 35, high: 51),
        ]),
        LabPanelPlan(name: "Complete blood count", loinc: "58410-2", analytes: [
            Analyte(name: "Hemoglobin", loinc: "718-7", unit: "g/dL", start: 12.4, end: 11.6, low: 120, high: 155),
            Analyte(name: "White blood cells", loinc: "6690-2", unit: "10*3/uL", start: 6.8, end: 7.2, low: 40, high: 110),
            Analyte(name: "Platelets", loinc: "777-3", unit: "10*3/uL", start: 240, end: 225, low: 1500, high: 4000),
        ]),
        LabPanelPlan(name: "Urinalysis", loinc: "24356-8", analytes: [
            Analyte(name: "Protein, urine", loinc: "2888-6", unit: "", start: 0, end: 0, low: nil, high: nil, text: "Negative"),
            Analyte(name: "Albumin/creatinine ratio", loinc: "9318-7", unit: "mg/g", start: 24, end: 34, low: nil, high: 300),
        ]),
    ]
}
