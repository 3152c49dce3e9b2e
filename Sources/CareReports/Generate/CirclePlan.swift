/// One generated circle: its people and the facts every file agrees on, drawn from the circle's
/// own random stream so each file can be written without holding the others.
struct CirclePlan {
    struct Person {
        let number: Int
        let id: String
        let firstName: String
        let lastName: String
        let role: Role
        let relationship: String
        let status: MemberStatus
        let primary: Bool
    }

    let generator: ExportGenerator
    let circle: Int
    let id: String
    let people: [Person]
    let birthDate: LocalDate
    /// The permission taken from the restricted supporter (`viewUpdates`, `viewHealth` or `viewTasks`).
    let restriction: StaticString
    /// The day the agency aide (the removed member) stopped.
    let aideLeftDay: Int
    let firstDay: Int
    let lastDay: Int

    init(generator: ExportGenerator, circle: Int) {
        self.generator = generator
        self.circle = circle
        id = ExportGenerator.circleId(circle)
        firstDay = generator.firstDay
        lastDay = generator.lastDay
        var rng = GeneratorRandom(seed: generator.seed, circle: circle, stream: 0)
        let family = rng.pick(Names.family)
        let recipientFirst = rng.pick(Names.elderFirst)
        let childFirst = rng.pick(Names.adultFirst)
        let otherChildFirst = rng.pick(Names.adultFirst.filter { $0 != childFirst })
        let grandFirst = rng.pick(Names.youngFirst)
        let pendingFirst = rng.pick(Names.youngFirst.filter { $0 != grandFirst })
        let rows: [(String, String, Role, String, MemberStatus)] = [
            (recipientFirst, family, .careRecipient, "self", .active),
            (childFirst, rng.chance(0.5) ? family : rng.pick(Names.family), .caregiver, rng.pick(["daughter", "son"]), .active),
            (otherChildFirst, family, .caregiver, rng.pick(["son", "daughter", "daughter-in-law", "son-in-law"]), .active),
            (grandFirst, rng.pick(Names.family), .organizer, rng.pick(["granddaughter", "grandson", "niece", "nephew"]), .active),
            (rng.pick(Names.adultFirst), rng.pick(Names.family), .supporter, "neighbour", .active),
            (rng.pick(Names.adultFirst), rng.pick(Names.family), .supporter, rng.pick(["friend from church", "old colleague", "friend from the allotment"]), .active),
            (pendingFirst, family, .supporter, rng.pick(["grandson", "granddaughter"]), .pending),
            (rng.pick(Names.adultFirst), rng.pick(Names.family), .supporter, "home care aide (agency)", .removed),
        ]
        people = rows.enumerated().map { index, row in
            Person(
                number: index + 1, id: "\(ExportGenerator.circleId(circle))-u\(index + 1)", firstName: row.0, lastName: row.1,
                role: row.2, relationship: row.3, status: row.4, primary: index == 1)
        }
        birthDate = LocalDate(year: rng.int(1930...1950), month: rng.int(1...12), day: rng.int(1...28))!
        restriction = [StaticString("viewUpdates"), "viewHealth", "viewTasks"][rng.int(0...2)]
        aideLeftDay = generator.firstDay + (generator.lastDay - generator.firstDay) * rng.int(30...60) / 100
    }

    func person(_ role: GeneratedRole) -> Person { people[role.rawValue - 1] }
    var recipient: Person { person(.recipient) }
    var caregiver: Person { person(.primaryCaregiver) }
    var otherCaregiver: Person { person(.caregiver) }
    var organizer: Person { person(.organizer) }
    var supporter: Person { person(.supporter) }
    var restrictedSupporter: Person { person(.restrictedSupporter) }
    var aide: Person { person(.removedMember) }

    /// Active members who write in the app (the recipient, caregivers, organizer, supporters).
    var activeMembers: [Person] { people.filter { $0.status == .active } }

    /// A random stream for one part of this circle.
    func random(_ stream: UInt64) -> GeneratorRandom {
        GeneratorRandom(seed: generator.seed, circle: circle, stream: stream)
    }

    func actor(_ w: JSONStreamWriter, _ key: StaticString, _ person: Person) {
        w.key(key)
        w.beginObject()
        w.field("userId", person.id)
        w.field("role", person.role.rawValue)
        w.endObject()
    }

    /// `Tue 7 Jan`, as the sample's titles.
    static func label(_ day: Int) -> String {
        let date = LocalDate(daysSinceEpoch: day)
        return "\(Names.weekdays[date.isoWeekday - 1]) \(date.day) \(Names.months[date.month - 1])"
    }

    // MARK: users.json and circles.json

    func writeUsers(_ w: JSONStreamWriter) -> Int {
        var rng = random(1)
        for person in people {
            w.beginRecord()
            w.field("id", person.id)
            if rng.chance(0.3) { w.field("authId", "auth0|\(String(rng.next(), radix: 16))") }
            w.field("firstName", person.firstName)
            w.field("lastName", person.lastName)
            if person.role != .careRecipient || rng.chance(0.3) {
                let local = (person.firstName + "." + person.lastName).lowercased().filter { $0.isASCII && ($0.isLetter || $0 == ".") }
                w.field("email", "\(local)\(circle)@example.\(rng.pick(["com", "net", "org"]))")
            }
            if rng.chance(0.6) { w.field("phone", "+1 626 555 \(String(1000 + rng.int(0...8999)))") }
            if person.status != .pending {
                w.key("roles")
                w.beginArray()
                w.beginObject()
                w.field("type", person.role.rawValue)
                w.field("primary", bool: true)
                w.key("careCircleIds")
                w.beginArray()
                w.string(id)
                w.endArray()
                w.endObject()
                w.endArray()
            }
            if person.number == 2 {
                w.key("preferences")
                w.beginObject()
                w.key("notificationSettings")
                w.beginObject()
                w.field("dailyDigest", bool: true)
                w.field("quietHours", "21:30-07:00")
                w.endObject()
                w.field("language", "en-US")
                w.endObject()
            }
            w.endObject()
        }
        return people.count
    }

    func writeCircle(_ w: JSONStreamWriter, organizer: String? = nil) {
        var rng = random(2)
        let created = firstDay - rng.int(3...20)
        w.beginRecord()
        w.field("id", id)
        w.field("name", "\(recipient.firstName)'s care circle")
        w.key("careRecipient")
        w.beginObject()
        w.field("userId", recipient.id)
        w.field("firstName", recipient.firstName)
        w.field("lastName", recipient.lastName)
        w.field("dateOfBirth", day: birthDate.daysSinceEpoch)
        w.endObject()
        w.key("members")
        w.beginArray()
        for person in people {
            w.beginObject()
            w.field("userId", person.id)
            w.key("roles")
            w.beginArray()
            w.string(person.role.rawValue)
            w.endArray()
            w.field("primaryCaregiver", bool: person.primary)
            w.field("relationshipToRecipient", person.relationship)
            if person.number == GeneratedRole.restrictedSupporter.rawValue {
                w.key("permissions")
                w.beginObject()
                w.field(restriction, bool: false)
                w.endObject()
            }
            w.field("status", person.status.rawValue)
            let joined = person.status == .pending ? lastDay - rng.int(2...9) : created + rng.int(0...6)
            w.field("joinedAt", day: joined, minute: rng.int(8 * 60...21 * 60))
            w.endObject()
        }
        if let organizer {
            // The care manager of `generate --organizer-in N` (drawn after every other member, so the
            // circle's other bytes are the same as without it).
            w.beginObject()
            w.field("userId", organizer)
            w.key("roles")
            w.beginArray()
            w.string("organizer")
            w.endArray()
            w.field("primaryCaregiver", bool: false)
            w.field("relationshipToRecipient", "care manager")
            w.field("status", "active")
            w.field("joinedAt", day: created, minute: 9 * 60 + 45)
            w.endObject()
        }
        w.endArray()
        w.key("pendingInvites")
        w.beginArray()
        w.beginObject()
        w.field("invitedRole", "supporter")
        w.field("invitedBy", caregiver.id)
        w.field("invitedAt", day: lastDay - 8, minute: 16 * 60 + 30)
        w.field("inviteCode", "G\(circle)-\(String(rng.next() % 10_000))")
        w.field("status", "pending")
        w.endObject()
        w.endArray()
        w.field(
            "careSituation",
            "\(recipient.firstName) lives \(rng.pick(Names.homes)) and manages \(rng.pick(Names.situations)). "
                + "\(caregiver.firstName) comes most evenings, \(otherCaregiver.firstName) on weekends; "
                + "\(supporter.firstName) from next door drives to appointments.")
        w.field("createdAt", day: created, minute: 9 * 60 + 30)
        w.field("createdBy", caregiver.id)
        w.endObject()
    }
}

/// Fixed word lists; a few names with non-ASCII letters and an apostrophe, as real exports have.
enum Names {
    static let family = [
        "Ashworth", "Delgado", "Okafor", "Nguyen", "Kowalski", "O'Brien", "Haddad", "Lindqvist", "Moreau", "Patel",
        "Tanaka", "Schmidt", "García", "Mensah", "Fitzgerald", "Novák", "Iyer", "Park", "Dubois", "Whitfield",
    ]
    static let elderFirst = [
        "Margaret", "Walter", "Dorothy", "Harold", "Evelyn", "Frank", "Ruth", "George", "Irene", "Arthur", "Mildred",
        "Stanley", "Gloria", "Vincent", "Edna", "Raymond", "Hiroko", "Tomasz", "José", "Zoë", "Björn", "Siobhán",
    ]
    static let adultFirst = [
        "Ellen", "David", "Rosa", "Carmen", "Linda", "Miguel", "Priya", "Kwame", "Sarah", "Thomas", "Aisha", "Daniel",
        "Mónica", "Greg", "Yuki", "Paul", "Fatima", "Oren", "Claire", "Ines",
    ]
    static let youngFirst = ["Sophie", "Tom", "Maya", "Leo", "Chloé", "Noah", "Amara", "Finn", "Zara", "Jonah", "Ava", "Kai"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let homes = [
        "on her own in the house on Elm Avenue", "alone in a ground-floor flat", "with a lodger in the family home",
        "in a retirement bungalow near the park", "with a cat in the house on Lake Street",
    ]
    static let situations = [
        "type 2 diabetes and high blood pressure", "heart failure and swollen ankles", "early memory loss",
        "Parkinson's disease and a bad hip", "COPD and arthritis in both knees",
    ]
    static let providers: [(String, String, String)] = [
        ("Dr. Anh Nguyen", "Internal medicine", "Huntington Family Medicine, 625 S Fair Oaks Ave"),
        ("Dr. Samuel Okoye", "Cardiology", "Heart Institute, 2nd floor"),
        ("Dr. Helen Kim", "Ophthalmology", "Rose City Eye Care"),
        ("Maria Lopez, DPM", "Podiatry", "Arroyo Foot Clinic"),
        ("Dr. Rachel Stein", "Endocrinology", "Diabetes Centre, Building C"),
        ("Dr. Paulo Ferreira", "Neurology", "Memory Clinic, 4th floor"),
    ]
}
