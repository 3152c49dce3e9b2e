/// Health records: the common fields, then `data` by `type`.
extension DecodingContext {
    func healthRecord(_ object: JSONNode) -> HealthRecord? {
        let id = string(object, "id")
        let type = choice(object, "type", NativeRecordType.self)
        let title = string(object, "title")
        let description = string(object, "description", required: false)
        let date = self.date(object, "date")
        let recipientId = string(object, "careRecipientId")
        let circleId = string(object, "careCircleId")
        let createdBy = actor(object, "createdBy")
        let privacyLevel = choice(object, "privacyLevel", PrivacyLevel.self)
        let visibleTo = stringArray(object, "visibleTo")
        if privacyLevel == .restricted, let visibleTo, visibleTo.isEmpty {
            at("visibleTo") { warning("a restricted record shared with nobody is seen by the care recipient only") }
        }
        let attachments = attachments(object)
        var data: HealthData?
        if let type, let inner = self.object(object, "data") {
            data = at("data") { healthData(type, inner) }
        }
        guard let id, let title, let date, let recipientId, let circleId, let createdBy, let privacyLevel, let visibleTo,
            let attachments, let data
        else { return nil }
        return HealthRecord(
            id: id, title: title, description: description, date: date, careRecipientId: recipientId, careCircleId: circleId,
            createdBy: createdBy, privacyLevel: privacyLevel, visibleTo: visibleTo, data: data, attachments: attachments)
    }

    private func healthData(_ type: NativeRecordType, _ object: JSONNode) -> HealthData? {
        switch type {
        case .goal: goalObservation(object).map(HealthData.observation)
        case .medication: medication(object).map(HealthData.medication)
        case .symptom: symptom(object).map(HealthData.symptom)
        case .measurement: measurement(object).map(HealthData.measurement)
        case .appointment: appointment(object).map(HealthData.appointment)
        case .observation: observation(object).map(HealthData.observation)
        case .document: document(object).map(HealthData.document)
        }
    }

    func quantity(_ object: JSONNode, _ key: StaticString) -> Quantity? {
        guard let inner = self.object(object, key, required: false) else { return nil }
        return at(key) {
            let value = number(inner, "value")
            let unit = string(inner, "unit")
            guard let value, let unit else { return nil }
            return Quantity(value: value, unit: unit)
        }
    }

    private func symptom(_ object: JSONNode) -> Symptom? {
        let name = string(object, "name")
        let severity = integer(object, "severity", in: 0...10)
        let onset = date(object, "onset", required: false)
        let duration = integer(object, "durationMinutes", required: false, in: 0...10_000_000)
        let bodySite = string(object, "bodySite", required: false)
        let notes = string(object, "notes", required: false)
        guard let name, let severity else { return nil }
        return Symptom(name: name, severity: severity, onset: onset, durationMinutes: duration, bodySite: bodySite, notes: notes)
    }

    private func measurement(_ object: JSONNode) -> Measurement? {
        let kind = openChoice(object, "kind", unknown: Measurement.Kind.other, warning: "unknown measurement kind; shown as \"other\"")
        let value = number(object, "value", required: false)
        let systolic = number(object, "systolic", required: kind == .bloodPressure)
        let diastolic = number(object, "diastolic", required: kind == .bloodPressure)
        let unit = string(object, "unit")
        let loinc = string(object, "loinc", required: false)
        let context = string(object, "context", required: false)
        guard let kind, let unit else { return nil }
        if kind != .bloodPressure, value == nil {
            at("value") { error("required key is missing") }
            return nil
        }
        return Measurement(kind: kind, value: value, systolic: systolic, diastolic: diastolic, unit: unit, loinc: loinc, context: context)
    }

    private func appointment(_ object: JSONNode) -> Appointment? {
        let provider = string(object, "provider")
        let specialty = string(object, "specialty", required: false)
        let location = string(object, "location", required: false)
        let start = date(object, "start")
        let end = date(object, "end", required: false)
        let purpose = string(object, "purpose", required: false)
        let status = choice(object, "status", Appointment.Status.self)
        let outcome = string(object, "outcome", required: false)
        let followUp = date(object, "followUpDate", required: false)
        guard let provider, let start, let status else { return nil }
        return Appointment(
            provider: provider, specialty: specialty, location: location, start: start, end: end, purpose: purpose,
            status: status, outcome: outcome, followUpDate: followUp)
    }

    private func observation(_ object: JSONNode) -> Observation? {
        // The native export has four kinds; the others come only from clinical documents.
        let kind = choice(object, "kind", NativeObservationKind.self).flatMap { Observation.Kind(rawValue: $0.rawValue) }
        let text = string(object, "text", required: false)
        let substance = string(object, "substance", required: false)
        let reaction = string(object, "reaction", required: false)
        let severity = string(object, "severity", required: false)
        let name = string(object, "name", required: false)
        let clinicalStatus = choice(object, "clinicalStatus", NativeClinicalStatus.self, required: false)
            .flatMap { Observation.ClinicalStatus(rawValue: $0.rawValue) }
        let onset = date(object, "onset", required: false)
        guard let kind else { return nil }
        return Observation(
            kind: kind, text: text, substance: substance, reaction: reaction, severity: severity, name: name,
            clinicalStatus: clinicalStatus, onset: onset)
    }
}

/// The record types the native export writes: every ``HealthRecordType``, and `goal`, read as an
/// observation of kind `.goal` (as goals from clinical documents are) with its ``CareGoal``.
enum NativeRecordType: String, CaseIterable {
    case medication, symptom, measurement, appointment, observation, document, goal
}

/// The observation kinds the native export may write (export-format.md); the other kinds of
/// ``Observation/Kind`` are read only from clinical documents.
enum NativeObservationKind: String, CaseIterable {
    case note, allergy, condition, immunization
}
/// The clinical statuses the native export writes (the app knows no others; imported documents
/// carry FHIR's full set, see `Observation.ClinicalStatus`).
private enum NativeClinicalStatus: String, CaseIterable { case active, resolved }
