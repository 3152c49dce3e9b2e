/// Writes one circle's tasks: a few recurring ones, then each week's one-off tasks, done,
/// cancelled, still open (some overdue by "now") or due after the export.
struct TaskWriter {
    let plan: CirclePlan
    let w: JSONStreamWriter
    private(set) var count = 0
    private var rng: GeneratorRandom

    init(plan: CirclePlan, w: JSONStreamWriter) {
        self.plan = plan
        self.w = w
        rng = plan.random(4)
    }

    private struct OneOff {
        let title: String
        let category: String
        let askDoctor: Bool
    }

    private static let oneOffs: [OneOff] = [
        OneOff(title: "Pick up the repeat prescription", category: "medication", askDoctor: false),
        OneOff(title: "Ask whether the evening tablet can move to the morning", category: "medical", askDoctor: true),
        OneOff(title: "Ask about the dizzy spells when standing", category: "medical", askDoctor: true),
        OneOff(title: "Book the eye screening", category: "appointment", askDoctor: false),
        OneOff(title: "Drive to the clinic and back", category: "transportation", askDoctor: false),
        OneOff(title: "Fix the loose handrail on the back steps", category: "household", askDoctor: false),
        OneOff(title: "Batch-cook soups for the freezer", category: "meals", askDoctor: false),
        OneOff(title: "Post the birthday cards", category: "errands", askDoctor: false),
        OneOff(title: "Sort out the council tax letter", category: "financial", askDoctor: false),
        OneOff(title: "Take her to the Thursday coffee morning", category: "social", askDoctor: false),
        OneOff(title: "Help with a bath and nails", category: "personalCare", askDoctor: false),
        OneOff(title: "Return the library books", category: "other", askDoctor: false),
    ]

    mutating func write() throws {
        let now = plan.lastDay
        // Recurring tasks, due next after the export's last day.
        writeTask(
            "Fill the pill organiser for the week", category: "medication", priority: "high", dueDay: now + 7, dueMinute: 1140, status: "pending",
            createdDay: plan.firstDay - 2, assignee: plan.caregiver, recurrence: ("weekly", 1, [7]))
        writeTask(
            "Groceries from the list on the fridge", category: "meals", priority: "medium", dueDay: now + 6, dueMinute: 600, status: "pending",
            createdDay: plan.firstDay - 1, assignee: plan.supporter, recurrence: ("weekly", 1, [6]))
        writeTask(
            "Mow the lawn and empty the bins", category: "household", priority: "low", dueDay: now + 13, dueMinute: 540, status: "pending",
            createdDay: plan.firstDay - 1, assignee: plan.restrictedSupporter, recurrence: ("weekly", 2, [6]))
        writeTask(
            "Evening check-in call", category: "social", priority: "medium", dueDay: now + 1, dueMinute: 1230, status: "pending",
            createdDay: plan.firstDay, assignee: plan.otherCaregiver, recurrence: ("daily", 1, []))
        writeTask(
            "Reorder the test strips and lancets", category: "medication", priority: "medium", dueDay: now + 12, dueMinute: 720, status: "pending",
            createdDay: plan.firstDay, assignee: plan.organizer, recurrence: ("monthly", 1, []))
        // Always one question for the doctor and one task overdue by the export's evening.
        writeTask(
            "Ask whether the blood pressure tablet can be taken at night", category: "medical", priority: "medium", dueDay: now + 4,
            dueMinute: 630, status: "pending", createdDay: now - 5, assignee: plan.caregiver, tags: ["ask-doctor"])
        writeTask(
            "Collect the repaired hearing aid", category: "errands", priority: "high", dueDay: now - 3, dueMinute: 1020, status: "pending",
            createdDay: now - 9, assignee: plan.supporter)
        for week in 0..<plan.generator.weeks {
            for _ in 0..<rng.int(2...4) {
                let task = rng.pick(Self.oneOffs)
                let due = plan.firstDay + week * 7 + rng.int(0...9)
                let status: String
                if due > now {
                    status = "pending"
                } else {
                    let roll = rng.unit()
                    status = roll < 0.8 ? "completed" : roll < 0.86 ? "cancelled" : roll < 0.93 ? "inProgress" : "pending"
                }
                let assignee: CirclePlan.Person? =
                    task.askDoctor ? plan.caregiver
                    : rng.chance(0.15) ? nil
                    : rng.pick([plan.supporter, plan.restrictedSupporter, plan.organizer, plan.otherCaregiver, plan.caregiver])
                writeTask(
                    task.title, category: task.category, priority: rng.pick(["high", "medium", "medium", "low"]), dueDay: due,
                    dueMinute: 540 + 30 * rng.int(0...20), status: status, createdDay: due - rng.int(2...14), assignee: assignee,
                    tags: task.askDoctor ? ["ask-doctor"] : [])
            }
            try w.flushIfFull()
        }
    }

    private mutating func writeTask(
        _ title: String, category: String, priority: String, dueDay: Int, dueMinute: Int, status: String, createdDay: Int,
        assignee: CirclePlan.Person?, recurrence: (String, Int, [Int])? = nil, tags: [String] = []
    ) {
        count += 1
        let creator = rng.chance(0.7) ? plan.caregiver : plan.organizer
        w.beginRecord()
        w.field("id", "\(plan.id)-t-\(HealthWriter.sixDigits(count))")
        w.field("title", title)
        if rng.chance(0.4) { w.field("description", "See the **shared list** in the kitchen drawer.\n\n- check the date\n- ring if unsure") }
        w.field("category", category)
        w.field("priority", priority)
        w.field("dueDate", day: dueDay, minute: dueMinute)
        if case let (frequency, interval, days)? = recurrence {
            w.key("recurrence")
            w.beginObject()
            w.field("frequency", frequency)
            w.field("interval", int: interval)
            if !days.isEmpty {
                w.key("daysOfWeek")
                w.beginArray()
                for day in days { w.int(day) }
                w.endArray()
            }
            w.endObject()
        }
        w.field("status", status)
        w.field("createdAt", day: createdDay, minute: 600 + rng.int(0...600))
        plan.actor(w, "createdBy", creator)
        if let assignee {
            let accepted = status != "pending" || rng.chance(0.7)
            w.key("assignedTo")
            w.beginObject()
            w.field("userId", assignee.id)
            w.field("role", assignee.role.rawValue)
            w.field("accepted", bool: accepted)
            if accepted { w.field("acceptedAt", day: createdDay + 1, minute: 540) }
            w.endObject()
        }
        w.field("careCircleId", plan.id)
        w.key("notes")
        w.beginArray()
        if rng.chance(0.25) {
            w.beginObject()
            w.field("content", "Called ahead: they said **after 10** is quieter.")
            w.field("authorId", (assignee ?? creator).id)
            w.field("createdAt", day: createdDay + 1, minute: 700)
            w.endObject()
        }
        w.endArray()
        w.emptyArray("attachments")
        w.key("reminders")
        w.beginArray()
        if let assignee, rng.chance(0.2) {
            w.beginObject()
            w.field("time", day: dueDay, minute: dueMinute - 60)
            w.key("sentTo")
            w.beginArray()
            w.string(assignee.id)
            w.endArray()
            w.field("sent", bool: dueDay < plan.lastDay)
            w.endObject()
        }
        w.endArray()
        if status == "completed" {
            w.key("completionDetails")
            w.beginObject()
            w.field("completedAt", day: dueDay, minute: dueMinute + rng.int(-120...120))
            w.field("completedBy", (assignee ?? creator).id)
            if rng.chance(0.5) { w.field("notes", "Done. \(rng.pick(["All fine.", "Took longer than planned.", "She was pleased."]))") }
            w.emptyArray("attachments")
            w.endObject()
        }
        w.key("tags")
        w.beginArray()
        for tag in tags { w.string(tag) }
        w.endArray()
        w.endObject()
    }
}
