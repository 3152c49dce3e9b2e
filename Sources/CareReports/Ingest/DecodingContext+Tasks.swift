/// Tasks and updates.
extension DecodingContext {
    func task(_ object: JSONNode) -> CareTask? {
        let id = string(object, "id")
        let title = string(object, "title")
        let description = string(object, "description", required: false)
        let category = taskCategory(object)
        let priority = choice(object, "priority", TaskPriority.self)
        let dueDate = date(object, "dueDate")
        let recurrence = self.object(object, "recurrence", required: false).map { inner in at("recurrence") { self.recurrence(inner) } }
        let status = choice(object, "status", TaskStatus.self)
        let createdAt = date(object, "createdAt")
        let createdBy = actor(object, "createdBy")
        let assignedTo = self.object(object, "assignedTo", required: false).map { inner in at("assignedTo") { assignment(inner) } }
        let careCircleId = string(object, "careCircleId")
        let notes = array(object, "notes") { item in objectElement(item, taskNote) }
        let attachments = attachments(object)
        let completion = self.object(object, "completionDetails", required: false).map { inner in at("completionDetails") { completionDetails(inner) } }
        let tags = stringArray(object, "tags")
        guard let id, let title, let category, let priority, let dueDate, let status, let createdAt, let createdBy,
            let careCircleId, let notes, let attachments, let tags
        else { return nil }
        return CareTask(
            id: id, title: title, description: description, category: category, priority: priority, dueDate: dueDate,
            recurrence: recurrence ?? nil, status: status, createdAt: createdAt, createdBy: createdBy, assignedTo: assignedTo ?? nil,
            careCircleId: careCircleId, notes: notes, attachments: attachments, completionDetails: completion ?? nil, tags: tags)
    }

    /// An unknown category is kept as `other`, with a warning (categories grow with the app).
    private func taskCategory(_ object: JSONNode) -> TaskCategory? {
        openChoice(object, "category", unknown: TaskCategory.other, warning: "unknown task category; shown as \"other\"")
    }

    private func recurrence(_ object: JSONNode) -> Recurrence? {
        let frequency = choice(object, "frequency", Recurrence.Frequency.self)
        let interval = integer(object, "interval", required: false, in: 1...1000) ?? 1
        let days = array(object, "daysOfWeek") { item -> Int? in
            guard let day = item.number, let whole = Int(exactly: day), (1...7).contains(whole) else {
                error("expected a weekday number from 1 (Monday) to 7 (Sunday)")
                return nil
            }
            return whole
        }
        let until = date(object, "until", required: false)
        guard let frequency, let days else { return nil }
        return Recurrence(frequency: frequency, interval: interval, daysOfWeek: days, until: until)
    }

    private func assignment(_ object: JSONNode) -> TaskAssignment? {
        let userId = string(object, "userId")
        let role = choice(object, "role", Role.self)
        let accepted = bool(object, "accepted", required: false) ?? false
        guard let userId, let role else { return nil }
        return TaskAssignment(userId: userId, role: role, accepted: accepted)
    }

    private func taskNote(_ object: JSONNode) -> TaskNote? {
        let content = string(object, "content")
        let authorId = string(object, "authorId")
        let createdAt = date(object, "createdAt")
        guard let content, let authorId, let createdAt else { return nil }
        return TaskNote(content: content, authorId: authorId, createdAt: createdAt)
    }

    private func completionDetails(_ object: JSONNode) -> CompletionDetails? {
        let completedAt = date(object, "completedAt")
        let completedBy = string(object, "completedBy")
        let notes = string(object, "notes", required: false)
        guard let completedAt, let completedBy else { return nil }
        return CompletionDetails(completedAt: completedAt, completedBy: completedBy, notes: notes)
    }

    func update(_ object: JSONNode) -> CircleUpdate? {
        let id = string(object, "id")
        let type = string(object, "type", required: false) ?? "general"
        let content = string(object, "content")
        let authorId = string(object, "authorId")
        let authorRole = choice(object, "authorRole", Role.self)
        let careCircleId = string(object, "careCircleId")
        let timestamp = date(object, "timestamp")
        let visibility = self.object(object, "visibleTo").flatMap { inner in at("visibleTo") { updateVisibility(inner) } }
        let comments = array(object, "comments") { item in objectElement(item, comment) }
        let attachments = attachments(object)
        guard let id, let content, let authorId, let authorRole, let careCircleId, let timestamp, let visibility,
            let comments, let attachments
        else { return nil }
        return CircleUpdate(
            id: id, type: type, content: content, authorId: authorId, authorRole: authorRole, careCircleId: careCircleId,
            timestamp: timestamp, visibility: visibility, comments: comments, attachments: attachments)
    }

    private func updateVisibility(_ object: JSONNode) -> UpdateVisibility? {
        let level = choice(object, "level", PrivacyLevel.self)
        let userIds = stringArray(object, "userIds")
        guard let level, let userIds else { return nil }
        return UpdateVisibility(level: level, userIds: userIds)
    }

    private func comment(_ object: JSONNode) -> UpdateComment? {
        let authorId = string(object, "authorId")
        let content = string(object, "content")
        let timestamp = date(object, "timestamp")
        guard let authorId, let content, let timestamp else { return nil }
        return UpdateComment(authorId: authorId, content: content, timestamp: timestamp)
    }
}
