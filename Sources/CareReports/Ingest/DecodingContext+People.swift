/// Users and care circles.
extension DecodingContext {
    func user(_ object: JSONNode) -> User? {
        let id = string(object, "id")
        let firstName = string(object, "firstName")
        let lastName = string(object, "lastName")
        guard let id, let firstName, let lastName else { return nil }
        // Optional and never an error: only used to address the member's own digest.
        let email = object["email"]?.string
        return User(id: id, firstName: firstName, lastName: lastName, email: email, preferences: preferences(object["preferences"]))
    }

    /// `preferences.language`, `.theme` and `.accessibility.largeText`: optional and never an error
    /// (a value of the wrong kind is the default), as they only choose how pages read.
    private func preferences(_ object: JSONNode?) -> ReaderPreferences {
        guard let object else { return .standard }
        var preferences = ReaderPreferences.standard
        if let language = object["language"]?.string, !language.isEmpty, language.utf8.count <= 35 { preferences.language = language }
        if let theme = object["theme"]?.string.flatMap(ReaderPreferences.Theme.init(rawValue:)) { preferences.theme = theme }
        if object["accessibility"]?["largeText"]?.bool == true { preferences.largeText = true }
        return preferences
    }

    func circle(_ object: JSONNode) -> CareCircle? {
        let id = string(object, "id")
        let name = string(object, "name")
        let recipient = self.object(object, "careRecipient").flatMap { inner in at("careRecipient") { careRecipient(inner) } }
        let members = array(object, "members", required: true) { item in objectElement(item, member) }
        let situation = string(object, "careSituation", required: false)
        guard let id, let name, let recipient, let members else { return nil }
        return CareCircle(id: id, name: name, careRecipient: recipient, members: members, careSituation: situation)
    }

    private func careRecipient(_ object: JSONNode) -> CareRecipient? {
        let userId = string(object, "userId")
        let firstName = string(object, "firstName")
        let lastName = string(object, "lastName")
        let birth = date(object, "dateOfBirth", required: false)
        var dateOfBirth: LocalDate?
        if let birth {
            guard case .day(let day) = birth else {
                at("dateOfBirth") { error("expected a calendar date (YYYY-MM-DD)") }
                return nil
            }
            dateOfBirth = day
        }
        guard let userId, let firstName, let lastName else { return nil }
        return CareRecipient(userId: userId, firstName: firstName, lastName: lastName, dateOfBirth: dateOfBirth)
    }

    private func member(_ object: JSONNode) -> CircleMember? {
        let userId = string(object, "userId")
        let roles = array(object, "roles", required: true) { item -> Role? in
            guard let text = item.string else { expected("a role", found: item); return nil }
            guard let role = Role(rawValue: text) else {
                error("unknown role; expected one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
                return nil
            }
            return role
        }
        if let roles, roles.isEmpty { at("roles") { error("a member needs at least one role") } }
        let primary = bool(object, "primaryCaregiver", required: false) ?? false
        let relationship = string(object, "relationshipToRecipient", required: false) ?? ""
        let permissions = self.object(object, "permissions", required: false).flatMap { inner in
            at("permissions") { memberPermissions(inner) }
        } ?? MemberPermissions()
        let status = choice(object, "status", MemberStatus.self)
        let joined = date(object, "joinedAt", required: false)
        guard let userId, let roles, let status else { return nil }
        return CircleMember(
            userId: userId, roles: roles, primaryCaregiver: primary, relationshipToRecipient: relationship,
            permissions: permissions, status: status, joinedAt: joined)
    }

    private func memberPermissions(_ object: JSONNode) -> MemberPermissions {
        MemberPermissions(
            viewHealth: bool(object, "viewHealth", required: false),
            viewTasks: bool(object, "viewTasks", required: false),
            viewUpdates: bool(object, "viewUpdates", required: false))
    }

    func actor(_ object: JSONNode, _ key: StaticString, required: Bool = true) -> Actor? {
        guard let inner = self.object(object, key, required: required) else { return nil }
        return at(key) {
            let userId = string(inner, "userId")
            let role = choice(inner, "role", Role.self)
            guard let userId, let role else { return nil }
            return Actor(userId: userId, role: role)
        }
    }

    func attachments(_ object: JSONNode) -> [Attachment]? {
        array(object, "attachments") { item in
            objectElement(item) { inner in
                let id = string(inner, "id")
                let fileName = string(inner, "fileName")
                let mimeType = string(inner, "mimeType")
                let url = string(inner, "url", required: false)
                guard let id, let fileName, let mimeType else { return nil }
                return Attachment(id: id, fileName: fileName, mimeType: mimeType, url: url)
            }
        }
    }
}
