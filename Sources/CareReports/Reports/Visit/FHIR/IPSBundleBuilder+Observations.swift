import Foundation

extension IPSBundleBuilder {
    /// LOINC codes for the kinds of reading (the same the FHIR importer reads back).
    static let vitalCodes: [Measurement.Kind: (code: String, display: String)] = [
        .bloodPressure: ("85354-9", "Blood pressure panel with all children optional"),
        .heartRate: ("8867-4", "Heart rate"),
        .weight: ("29463-7", "Body weight"),
        .temperature: ("8310-5", "Body temperature"),
        .oxygenSaturation: ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
        .respiratoryRate: ("9279-1", "Respiratory rate"),
        .bloodGlucose: ("2339-0", "Glucose [Mass/volume] in Blood"),
        .painScore: ("72514-3", "Pain severity - 0-10 verbal numeric rating [Score] - Reported"),
    ]

    /// The LOINC code a reading of `kind` in `unit` is written with when it carries no code of its
    /// own: the code it was read with (`loinc`), else the kind's; glucose in mmol/L is
    /// 15074-8 [Moles/volume], never 2339-0 [Mass/volume] (a LOINC code names its property).
    static func readingCode(_ kind: Measurement.Kind, unit: String?, loinc: String?) -> (code: String, display: String)? {
        if let loinc { return (loinc, loinc == vitalCodes[kind]?.code ? vitalCodes[kind]!.display : "") }
        if kind == .bloodGlucose, let unit, unit.lowercased().replacingOccurrences(of: " ", with: "") == "mmol/l" {
            return ("15074-8", "Glucose [Moles/volume] in Blood")
        }
        return vitalCodes[kind]
    }

    /// UCUM codes for the units readings are written in.
    static let ucumCodes: [String: String] = [
        "mmhg": "mm[Hg]", "bpm": "/min", "/min": "/min", "beats/min": "/min", "breaths/min": "/min", "kg": "kg",
        "lb": "[lb_av]", "lbs": "[lb_av]", "°c": "Cel", "°f": "[degF]", "%": "%", "mg/dl": "mg/dL", "mmol/l": "mmol/L",
    ]

    static let interpretationCodes: [LabResult.Flag: (code: String, display: String)] = [
        .normal: ("N", "Normal"), .low: ("L", "Low"), .high: ("H", "High"),
        .criticalLow: ("LL", "Critical low"), .criticalHigh: ("HH", "Critical high"), .abnormal: ("A", "Abnormal"),
    ]

    /// The latest result of every test, as laboratory Observations, each in a DiagnosticReport
    /// for the lab report it came from (its status, date and laboratory).
    func resultSection() -> Section {
        var section = Section(title: context.words.t("Results"), code: "30954-2", display: "Relevant diagnostic tests/laboratory data Narrative",
            empty: context.words.t("No results recorded."))
        var reports: [String: (entry: LabCatalog.Entry, results: [String])] = [:]
        var reportOrder: [String] = []
        for analyte in summary.catalog.analytes {
            guard let latest = analyte.points.last else { continue }
            let result = latest.result
            let id = uuid("Observation", "\(latest.entry.record.id)|\(analyte.key)")
            var value: (String, JSONValue)
            switch (result.stated, result.value) {
            case (.boolean(let flag)?, _): value = ("valueBoolean", .bool(flag))
            case (.ratio(let numerator, let denominator)?, _):
                value = ("valueRatio", FHIRJSON.object([
                    ("numerator", statedQuantity(numerator)), ("denominator", statedQuantity(denominator)),
                ]))
            case (.range(let low, let high)?, _):
                value = ("valueRange", FHIRJSON.object([("low", low.map(statedQuantity)), ("high", high.map(statedQuantity))]))
            case (.coded(let codings)?, .text(let text)):
                value = ("valueCodeableConcept", FHIRJSON.concept(text, given: codings))
            case (.absent(let codings)?, _):
                // No value: why, as the source said it (its codes), else "unknown".
                value = ("dataAbsentReason", FHIRJSON.concept(nil, given: codings, fallback: [
                    FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/data-absent-reason", "unknown", "Unknown"),
                ]))
            case (_, .number(let number)):
                let ucum = result.unit.flatMap(UCUMUnits.code)
                value = ("valueQuantity", FHIRJSON.object([
                    ("value", .number(number)), ("comparator", FHIRJSON.string(result.comparator?.rawValue)),
                    ("unit", FHIRJSON.string(result.unit)),
                    ("system", ucum.map { _ in .string(FHIRJSON.ucum) }), ("code", FHIRJSON.string(ucum)),
                ]))
            case (_, .text(let text)): value = ("valueString", .string(text))
            }
            let range: JSONValue? = result.referenceRange.map { range in
                .array([FHIRJSON.object([
                    ("low", range.low.map { rangeBound($0, result.unit) }),
                    ("high", range.high.map { rangeBound($0, result.unit) }),
                    ("text", FHIRJSON.string(range.text)),
                ])])
            }
            // The source's own interpretation as given; else the flag the page shows (the source's, or read from the range).
            let derived: JSONValue? = LabFlagging.flag(of: result).flatMap { Self.interpretationCodes[$0.flag] }.map { code in
                .array([FHIRJSON.concept(nil, [
                    FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code.code, code.display),
                ])])
            }
            let codings = result.loinc.map { [FHIRJSON.coding(FHIRJSON.loinc, $0)] } ?? []
            let code = FHIRJSON.concept(result.name, given: result.codings, fallback: codings)
            let resource = FHIRJSON.object([
                ("resourceType", .string("Observation")),
                ("id", .string(id)),
                // The result's own status (its report's when it states none), never another's.
                ("status", .string(latest.entry.report.status(of: result).rawValue)),
                ("category", .array([category("laboratory", "Laboratory")])),
                ("code", code),
                ("subject", patientReference),
                ("effectiveDateTime", FHIRJSON.date(latest.collected, in: zone)),
                ("_effectiveDateTime", FHIRJSON.absent(latest.collected)),
                value,
                ("interpretation", interpretation(result, derived)),
                ("note", .array(result.note.map { [FHIRJSON.object([("text", .string($0))])] } ?? [])),
                ("referenceRange", range),
            ])
            let flag = FlagView(result, context.words).map { " \($0.symbol) \($0.label)" } ?? ""
            let rangeText = context.format.localized(LabValueText.range(result.referenceRange))
            let line = context.words.t(
                "{test}: {value} (range {range}), {day}",
                ["test": result.name, "value": context.format.localized(LabUnitText.value(result)) + flag, "range": rangeText,
                 "day": context.format.date(latest.collected)])
            section.entries.append((id, resource, line))
            // Results carereport gathered by day (no report of the source) are written on their own:
            // a DiagnosticReport for them would invent a report and its status.
            if latest.entry.report.grouped { continue }
            let reportId = latest.entry.record.id
            if reports[reportId] == nil { reportOrder.append(reportId) }
            reports[reportId, default: (latest.entry, [])].results.append(id)
        }
        for reportId in reportOrder {
            guard let (entry, results) = reports[reportId] else { continue }
            let id = uuid("DiagnosticReport", reportId)
            section.entries.append((id, diagnosticReport(id, entry, results: results), nil))
        }
        return section
    }

    private func diagnosticReport(_ id: String, _ entry: LabCatalog.Entry, results: [String]) -> JSONValue {
        let report = entry.report
        let issued: JSONValue? = report.reportedAt.flatMap { date in
            switch date {
            case .instant, .stated: return FHIRJSON.date(date, in: zone)
            default: return nil
            }
        }
        return FHIRJSON.object([
            ("resourceType", .string("DiagnosticReport")),
            ("id", .string(id)),
            ("status", .string(report.status.rawValue)),
            ("category", .array([FHIRJSON.concept(nil, [FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/v2-0074", "LAB", "Laboratory")])])),
            ("code", FHIRJSON.concept(
                report.panel?.name ?? "Lab report", given: report.panel?.codings ?? [],
                fallback: report.panel?.loinc.map { [FHIRJSON.coding(FHIRJSON.loinc, $0)] } ?? [])),
            ("subject", patientReference),
            ("effectiveDateTime", FHIRJSON.date(entry.collected, in: zone)),
            ("_effectiveDateTime", FHIRJSON.absent(entry.collected)),
            ("issued", issued),
            ("performer", .array(report.laboratory.map { [FHIRJSON.object([("display", .string($0))])] } ?? [])),
            ("result", .array(results.map { FHIRJSON.reference($0) })),
            ("conclusion", FHIRJSON.string(report.conclusion)),
        ])
    }

    /// One reading as a vital-sign Observation (its id made from the record's id): the vital-signs
    /// section writes the latest of each kind, a goal's `outcomeReference` the readings that judged it.
    func vitalObservation(_ record: HealthRecord, _ reading: Measurement) -> (String, JSONValue) {
        let id = uuid("Observation", record.id)
        let table = Self.readingCode(reading.kind, unit: reading.unit, loinc: reading.loinc).map {
            [FHIRJSON.coding(FHIRJSON.loinc, $0.code, $0.display.isEmpty ? nil : $0.display)]
        } ?? []
        let code = FHIRJSON.concept(record.title, given: record.codings, fallback: table)
        var value: [(String, JSONValue?)] = []
        if reading.kind == .bloodPressure {
            value.append(("component", .array([
                component("8480-6", "Systolic blood pressure", reading.systolic, reading.unit),
                component("8462-4", "Diastolic blood pressure", reading.diastolic, reading.unit),
            ])))
        } else {
            value.append(("valueQuantity", quantity(reading.value, reading.unit)))
        }
        let resource = FHIRJSON.object([
            ("resourceType", .string("Observation")),
            ("id", .string(id)),
            ("status", .string("final")),
            ("category", .array([category("vital-signs", "Vital Signs")])),
            ("code", code),
            ("subject", patientReference),
            ("effectiveDateTime", FHIRJSON.date(record.date, in: zone)),
            ("_effectiveDateTime", FHIRJSON.absent(record.date)),
        ] + value)
        return (id, resource)
    }

    /// The latest reading of each kind (and unit) in the period, as vital-sign Observations; with
    /// none in the period, the latest of each kind whatever its date, as the printed page shows them.
    func vitalSignSection() -> Section {
        var section = Section(
            title: context.words.t("Vital signs"), code: "8716-3", display: "Vital signs", empty: context.words.t("No readings recorded."))
        let inPeriod = summary.vitalGroups()
        let anyDate = summary.vitalGroups(inPeriodOnly: false)
        let written = Set(inPeriod.compactMap { $0.last.map(Self.vitalKey) })
        // With readings in the period, an imported document's other kinds of reading are written
        // too (the latest of each, any date): the document stated them.
        let earlier = inPeriod.isEmpty ? [] : anyDate.filter { group in
            guard let last = group.last else { return false }
            return last.0.importedFrom != nil && !written.contains(Self.vitalKey(last))
        }
        for readings in (inPeriod.isEmpty ? anyDate : inPeriod) + earlier {
            guard let (record, reading) = readings.last else { continue }
            let isInPeriod = !inPeriod.isEmpty && summary.inPeriod(record.date)
            let (id, resource) = vitalObservation(record, reading)
            let name = reading.kind == .other ? record.title : MeasurementRanges.kindName(reading.kind, context.words)
            let values = ["name": name, "value": VisitSummaryBuilder.number(reading, context.format), "unit": reading.unit, "when": context.format.dateTime(record.date)]
            let line = isInPeriod
                ? context.words.n(
                    "{name}: {value} {unit}, {when} (latest of {count} in the period)", "{name}: {value} {unit}, {when} (latest of {count} in the period)",
                    count: readings.count, values)
                : context.words.t("{name}: {value} {unit}, {when} (the latest, of any date)", values)
            section.entries.append((id, resource, line))
        }
        return section
    }

    /// The source's own interpretation codes as given, and the flag the page shows when it read it
    /// from the range (the source stated none it knows): every flagged value has one.
    private func interpretation(_ result: LabResult, _ derived: JSONValue?) -> JSONValue? {
        var concepts: [JSONValue] = result.interpretation.isEmpty ? [] : [FHIRJSON.concept(nil, given: result.interpretation)]
        if let derived, case .array(let items) = derived, result.interpretation.isEmpty || LabFlagging.flag(of: result)?.derived == true {
            concepts += items
        }
        return concepts.isEmpty ? nil : .array(concepts)
    }

    /// The group a reading belongs to (its kind, unit and, for other readings, its code or title).
    static func vitalKey(_ reading: (HealthRecord, Measurement)) -> String {
        let (record, measurement) = reading
        return "\(measurement.kind.rawValue)|\(measurement.unit.lowercased())|\(measurement.kind == .other ? measurement.loinc ?? record.title : "")"
    }

    private func category(_ code: String, _ display: String) -> JSONValue {
        FHIRJSON.concept(nil, [FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/observation-category", code, display)])
    }

    func rangeBound(_ value: Double, _ unit: String?) -> JSONValue {
        let ucum = unit.flatMap(UCUMUnits.code)
        return FHIRJSON.object([
            ("value", .number(value)), ("unit", FHIRJSON.string(unit)),
            ("system", ucum.map { _ in .string(FHIRJSON.ucum) }), ("code", FHIRJSON.string(ucum)),
        ])
    }

    /// A range bound or ratio term as stated, with its UCUM code when the unit is one.
    private func statedQuantity(_ amount: LabResult.Amount) -> JSONValue {
        let ucum = amount.unit.flatMap(UCUMUnits.code)
        return FHIRJSON.object([
            ("value", .number(amount.value)), ("unit", FHIRJSON.string(amount.unit)),
            ("system", ucum.map { _ in .string(FHIRJSON.ucum) }), ("code", FHIRJSON.string(ucum)),
        ])
    }

    private func quantity(_ value: Double?, _ unit: String) -> JSONValue {
        let ucum = Self.ucumCodes[unit.lowercased()]
        return FHIRJSON.object([
            ("value", .number(value ?? 0)), ("unit", .string(unit)),
            ("system", ucum.map { _ in .string(FHIRJSON.ucum) }), ("code", FHIRJSON.string(ucum)),
        ])
    }

    private func component(_ code: String, _ display: String, _ value: Double?, _ unit: String) -> JSONValue {
        FHIRJSON.object([
            ("code", FHIRJSON.concept(nil, [FHIRJSON.coding(FHIRJSON.loinc, code, display)])),
            ("valueQuantity", quantity(value, unit)),
        ])
    }
}
