/// Writes one circle's updates, a few a week, at every visibility level, with reactions and comments.
struct UpdateWriter {
    let plan: CirclePlan
    let w: JSONStreamWriter
    private(set) var count = 0
    private var rng: GeneratorRandom

    init(plan: CirclePlan, w: JSONStreamWriter) {
        self.plan = plan
        self.w = w
        rng = plan.random(5)
    }

    mutating func write() throws {
        for day in stride(from: plan.firstDay, through: plan.lastDay, by: 1) where rng.chance(0.45) {
            let roll = rng.unit()
            // The first four updates show every level; then about half go to the whole circle.
            let levels: [PrivacyLevel] = [.circle, .caregivers, .restricted, .private]
            let level = count < levels.count ? levels[count] : roll < 0.5 ? .circle : roll < 0.75 ? .caregivers : roll < 0.9 ? .restricted : .private
            let author = rng.pick([plan.caregiver, plan.caregiver, plan.otherCaregiver, plan.recipient, plan.organizer, plan.supporter])
            writeUpdate(day, level: level, author: author)
            try w.flushIfFull()
        }
    }

    private static let texts: [String] = [
        "Good day today. She walked to the **post office** and back, and had soup with Rosa at lunch.",
        "Quick note: the pharmacy is closed Monday, so the repeat prescription is on *Tuesday*.",
        "Blood pressure log looks better this week:\n\n- mornings mostly under 140\n- no dizzy spells",
        "Can someone cover Thursday's drive? I have a work trip. Reply here or text me.",
        "She asked me to say thank you for the flowers \u{2014} they're on the kitchen table.",
        "Tired and a bit \"off\" after the new tablet; watching it. Will ring the surgery if it lasts.",
    ]

    private mutating func writeUpdate(_ day: Int, level: PrivacyLevel, author: CirclePlan.Person) {
        count += 1
        let minute = rng.int(7 * 60...21 * 60)
        w.beginRecord()
        w.field("id", "\(plan.id)-up-\(HealthWriter.sixDigits(count))")
        w.field("type", rng.pick(["general", "general", "health", "milestone"]))
        w.field("content", rng.pick(Self.texts))
        w.field("authorId", author.id)
        w.field("authorRole", author.role.rawValue)
        w.field("careCircleId", plan.id)
        w.field("timestamp", day: day, minute: minute)
        w.key("visibleTo")
        w.beginObject()
        w.field("level", level.rawValue)
        var readers: [CirclePlan.Person] = []
        if level == .restricted {
            readers = rng.chance(0.5) ? [plan.caregiver] : [plan.organizer, plan.supporter]
            readers.removeAll { $0.id == author.id }
            if readers.isEmpty { readers = [plan.otherCaregiver] }
            w.key("userIds")
            w.beginArray()
            for reader in readers { w.string(reader.id) }
            w.endArray()
        }
        w.endObject()
        w.key("reactions")
        w.beginArray()
        if level != .private {
            for _ in 0..<rng.int(0...2) {
                w.beginObject()
                w.field("userId", (readers.first ?? plan.caregiver).id)
                w.field("type", rng.pick(["heart", "thumbsUp"]))
                w.field("timestamp", day: day, minute: minute + rng.int(5...120))
                w.endObject()
            }
        }
        w.endArray()
        w.key("comments")
        w.beginArray()
        if level != .private {
            for index in 0..<rng.int(0...2) {
                let commenter = level == .restricted ? readers[index % readers.count] : level == .caregivers ? plan.otherCaregiver : plan.organizer
                w.beginObject()
                w.field("authorId", commenter.id)
                w.field("content", rng.pick(["Thanks for letting us know.", "I can do Thursday.", "Lovely news! \u{2764}\u{FE0F}"]))
                w.field("timestamp", day: day, minute: minute + 30 + 40 * index)
                w.endObject()
            }
        }
        w.endArray()
        w.emptyArray("attachments")
        w.endObject()
    }
}
