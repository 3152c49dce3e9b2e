/// Writes one circle's health records: observations, medication orders with their dose logs,
/// then day by day the measurements, symptoms, notes, appointments and lab reports, then the goals.
struct HealthWriter {
    let plan: CirclePlan
    let w: JSONStreamWriter
    var count = 0
    var administrations = 0
    var labResults = 0
    var rng: GeneratorRandom

    init(plan: CirclePlan, w: JSONStreamWriter) {
        self.plan = plan
        self.w = w
        rng = plan.random(3)
    }

    /// A medication as the pool holds it.
    struct Drug {
        let name: String
        let strength: Int  // in `unit`
        let unit: String
        let form: String
        let reason: String
        let rxnorm: String
        let times: [Int]  // minutes after midnight
        var weekly = false
    }

    static let drugs: [Drug] = [
        Drug(name: "Metformin", strength: 500, unit: "mg", form: "tablet", reason: "Type 2 diabetes", rxnorm: "861007", times: [480, 1080]),
        Drug(name: "Lisinopril", strength: 10, unit: "mg", form: "tablet", reason: "High blood pressure", rxnorm: "314076", times: [480]),
        Drug(name: "Atorvastatin", strength: 20, unit: "mg", form: "tablet", reason: "High cholesterol", rxnorm: "617310", times: [1260]),
        Drug(name: "Amlodipine", strength: 5, unit: "mg", form: "tablet", reason: "High blood pressure", rxnorm: "197361", times: [480]),
        Drug(name: "Levothyroxine", strength: 50, unit: "mcg", form: "tablet", reason: "Underactive thyroid", rxnorm: "966222", times: [390]),
        Drug(name: "Donepezil", strength: 5, unit: "mg", form: "tablet", reason: "Memory loss", rxnorm: "997223", times: [1260]),
        Drug(name: "Furosemide", strength: 20, unit: "mg", form: "tablet", reason: "Swollen ankles", rxnorm: "310429", times: [480, 840]),
        Drug(name: "Gabapentin", strength: 300, unit: "mg", form: "capsule", reason: "Nerve pain in the feet", rxnorm: "310431", times: [480, 840, 1260]),
        Drug(name: "Carbidopa/levodopa", strength: 100, unit: "mg", form: "tablet", reason: "Parkinson's disease", rxnorm: "197444", times: [420, 720, 1020]),
        Drug(name: "Omeprazole", strength: 20, unit: "mg", form: "capsule", reason: "Heartburn", rxnorm: "402014", times: [450]),
    ]
    static let sertraline = Drug(name: "Sertraline", strength: 50, unit: "mg", form: "tablet", reason: "Low mood", rxnorm: "312940", times: [480])
    static let vitaminD = Drug(
        name: "Vitamin D3", strength: 50_000, unit: "IU", form: "capsule", reason: "Low vitamin D", rxnorm: "2001463", times: [540], weekly: true)
    static let acetaminophen = Drug(
        name: "Acetaminophen", strength: 500, unit: "mg", form: "tablet", reason: "Osteoarthritis of the knees", rxnorm: "198440", times: [])

    mutating func write() throws {
        writeObservations()
        try writeMedications()
        for day in plan.firstDay...plan.lastDay {
            writeDay(day)
            try w.flushIfFull()
        }
        // Two appointments booked after the export's last day.
        writeAppointment(day: plan.lastDay + 3, status: "scheduled")
        writeAppointment(day: plan.lastDay + 10, status: "scheduled")
        writeGoals()
    }

    // MARK: the common fields

    mutating func begin(
        _ type: StaticString, _ title: String, day: Int, minute: Int, by person: CirclePlan.Person, privacy: PrivacyLevel,
        visibleTo: [CirclePlan.Person] = [], description: String? = nil, createdLater: Int = 2
    ) {
        count += 1
        w.beginRecord()
        w.field("id", "\(plan.id)-hr-\(Self.sixDigits(count))")
        w.field("type", String(describing: type))
        w.field("title", title)
        if let description { w.field("description", description) }
        w.field("date", day: day, minute: minute)
        w.field("careRecipientId", plan.recipient.id)
        w.field("careCircleId", plan.id)
        plan.actor(w, "createdBy", person)
        w.field("createdAt", day: day, minute: minute + createdLater)
        w.field("privacyLevel", privacy.rawValue)
        if privacy == .restricted {
            w.key("visibleTo")
            w.beginArray()
            for person in visibleTo { w.string(person.id) }
            w.endArray()
        }
        w.key("data")
        w.beginObject()
    }

    func end(attachment: (String, String)? = nil) {
        w.endObject()  // data
        w.key("attachments")
        w.beginArray()
        if case let (id, name)? = attachment {
            w.beginObject()
            w.field("id", id)
            w.field("fileName", name)
            w.field("mimeType", "application/pdf")
            w.field("url", "attachments/\(name)")
            w.field("sizeBytes", int: 48_000 + name.utf8.count * 1000)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    static func sixDigits(_ n: Int) -> String {
        let text = String(n)
        return text.count >= 6 ? text : String(repeating: "0", count: 6 - text.count) + text
    }

    // MARK: observations: allergy, conditions, immunisations

    mutating func writeObservations() {
        let day = plan.firstDay
        let caregiver = plan.caregiver
        if rng.chance(0.7) {
            let (substance, reaction) = rng.pick([("Penicillin", "Hives"), ("Sulfa drugs", "Rash"), ("Codeine", "Vomiting"), ("Shellfish", "Swollen lips")])
            begin("observation", "\(substance) allergy with \(reaction.lowercased())", day: day, minute: 600, by: caregiver, privacy: .circle)
            w.field("kind", "allergy")
            w.field("substance", substance)
            w.field("reaction", reaction)
            w.field("severity", rng.pick(["mild", "moderate", "severe"]))
            w.field("clinicalStatus", "active")
            w.field("text", "Reaction noted in the *old* GP records; \"avoid\" is written on the front of the folder.")
        } else {
            begin("observation", "No known drug allergies", day: day, minute: 600, by: caregiver, privacy: .circle)
            w.field("kind", "allergy")
            w.field("substance", "none known")
        }
        end()
        for (index, condition) in ["Type 2 diabetes mellitus", "Essential hypertension", "Osteoarthritis of both knees"].enumerated() {
            begin("observation", "\(condition) on the problem list", day: day, minute: 605 + index, by: caregiver, privacy: .caregivers)
            w.field("kind", "condition")
            w.field("name", condition)
            w.field("clinicalStatus", "active")
            w.field("onset", day: day - rng.int(400...9000))
            end()
        }
        begin("observation", "Shingles, cleared up", day: day, minute: 609, by: caregiver, privacy: .caregivers)
        w.field("kind", "condition")
        w.field("name", "Herpes zoster")
        w.field("clinicalStatus", "resolved")
        w.field("onset", day: day - rng.int(200...700))
        end()
        for (index, vaccine) in ["Influenza vaccine, high-dose", "COVID-19 vaccine, 2024-2025 formula", "Pneumococcal conjugate vaccine"].enumerated() {
            let given = day - rng.int(20...150)
            begin("observation", "\(vaccine) at the pharmacy", day: given, minute: 660, by: caregiver, privacy: .circle, createdLater: (day - given) * 1440 + index)
            w.field("kind", "immunization")
            w.field("name", vaccine)
            w.field("text", "Given at the pharmacy, \(rng.pick(["left", "right"])) arm.")
            end()
        }
    }

}
