/// The bundle's entries and how references between them are resolved: by `urn:uuid:` fullUrl, by
/// `Type/id` (also at the end of an absolute or versioned URL), and `#id` to a resource in the
/// referring resource's `contained` list.
extension FHIRBundleReader {
    func indexEntries(_ entryNode: FHIRNode) {
        for node in entryNode.elements {
            guard diagnostics.object(node) != nil else {
                diagnostics.drop(node, "expected an entry object; entry skipped")
                continue
            }
            let resource = node["resource"]
            guard resource.isPresent else {
                if node["request"]["method"].rawString != "DELETE" {
                    diagnostics.drop(resource, "missing; expected a resource object; entry skipped")
                }
                continue
            }
            guard let entry = index(resource, fullUrl: diagnostics.string(node["fullUrl"])) else { continue }
            if entry.type == "Composition", documentDate == nil,
               let date = FHIRDate.parse(resource["date"].rawString ?? ""), PlausibleDate.problem(date, after: nil) == nil {
                documentDate = date
            }
        }
    }

    /// Adds one resource (a bundle entry's, or a lone resource file's) and its contained resources.
    @discardableResult
    func index(_ resource: FHIRNode, fullUrl: String?) -> FHIREntry? {
        guard let type = resourceType(resource) else { return nil }
        let id = diagnostics.string(resource["id"])
        let entry = FHIREntry(index: entries.count, resource: resource, type: type, id: id, fullUrl: fullUrl)
        entries.append(entry)
        if let fullUrl, byKey[fullUrl] == nil { byKey[fullUrl] = entry.index }
        if let id, byKey["\(type)/\(id)"] == nil { byKey["\(type)/\(id)"] = entry.index }
        containerRoots.insert(resource.path)
        for inner in resource["contained"].elements {
            guard let innerType = resourceType(inner), let innerId = inner["id"].rawString, !innerId.isEmpty else { continue }
            var contained = FHIREntry(index: entries.count, resource: inner, type: innerType, id: innerId, fullUrl: nil)
            contained.isContained = true
            entries.append(contained)
            let key = "\(resource.path)#\(innerId)"
            if byKey[key] == nil { byKey[key] = contained.index }
        }
        return entry
    }

    private func resourceType(_ resource: FHIRNode) -> String? {
        guard resource.object != nil else {
            diagnostics.drop(resource, "expected a resource object, found \(resource.value?.typeName ?? "nothing"); entry skipped")
            return nil
        }
        let typeNode = resource["resourceType"]
        guard let type = typeNode.rawString, !type.isEmpty else {
            if typeNode.isPresent {
                diagnostics.drop(typeNode, "expected a string naming the resource type, found \(typeNode.value!.typeName); entry skipped")
            } else {
                diagnostics.drop(typeNode, "missing; every resource needs a resourceType; entry skipped")
            }
            return nil
        }
        return type
    }

    /// The entry a Reference points at, or nil.
    func resolve(_ reference: FHIRNode) -> FHIREntry? {
        guard let text = reference["reference"].rawString, !text.isEmpty else { return nil }
        if text.hasPrefix("#") {
            guard text.count > 1, let container = containerPath(of: reference.path) else { return nil }
            return byKey["\(container)\(text)"].map { entries[$0] }
        }
        if let index = byKey[text] { return entries[index] }
        let parts = text.split(separator: "/")
        if parts.count >= 2 {
            let key = parts[parts.count - 2] + "/" + parts[parts.count - 1]
            if let index = byKey[String(key)] { return entries[index] }
            if parts.count >= 4, parts[parts.count - 2] == "_history" {
                let versioned = parts[parts.count - 4] + "/" + parts[parts.count - 3]
                if let index = byKey[String(versioned)] { return entries[index] }
            }
        }
        return nil
    }

    /// The key path of the top-level resource a node is inside: the longest path of an indexed
    /// resource that the node's path starts with (`entry[3].resource`, or a lone resource's root).
    func containerPath(of path: String) -> String? {
        var best: String? = containerRoots.contains("") ? "" : nil
        for index in path.indices where path[index] == "." || path[index] == "[" {
            let prefix = String(path[..<index])
            if containerRoots.contains(prefix) { best = prefix }
        }
        if containerRoots.contains(path) { best = path }
        return best
    }

    /// True when the node holds a reference string (whether or not it resolves).
    func hasReference(_ reference: FHIRNode) -> Bool { reference["reference"].rawString?.isEmpty == false }

    /// Deepest nesting of panels in panels (`hasMember`) read; a lab panel has two or three levels.
    static let maxPanelDepth = 32

    /// The Observations a panel lists in `hasMember`, with the members of member panels in their
    /// place (each once, in order; cycles are cut). Walked with an explicit stack: panels nested past
    /// `maxPanelDepth` are an error at the reference that goes deeper, never a stack overflow.
    func members(of panel: FHIREntry) -> [FHIREntry] {
        var seen: Set<Int> = [panel.index]
        var result: [FHIREntry] = []
        // Each level: a panel's member references and the next one to read; the panel itself is
        // added after its members, as a member panel with a value of its own.
        var stack: [(references: [FHIRNode], next: Int, panel: FHIREntry?)] = [(panel["hasMember"].elements, 0, nil)]
        while let top = stack.last {
            guard top.next < top.references.count else {
                stack.removeLast()
                if let finished = top.panel, hasValue(finished) { result.append(finished) }
                continue
            }
            let reference = top.references[top.next]
            stack[stack.count - 1].next += 1
            guard let target = resolve(reference), target.type == "Observation", seen.insert(target.index).inserted else { continue }
            guard isPanel(target) else {
                result.append(target)
                continue
            }
            guard stack.count < Self.maxPanelDepth else {
                diagnostics.errorOnce(at: reference.path, "panels nested more than \(Self.maxPanelDepth) deep through hasMember; the deeper members are not included")
                continue
            }
            stack.append((target["hasMember"].elements, 0, target))
        }
        return result
    }

    func isPanel(_ entry: FHIREntry) -> Bool { entry.type == "Observation" && !entry["hasMember"].elements.isEmpty }

    func hasValue(_ entry: FHIREntry) -> Bool {
        entry.object.keys.contains { $0.hasPrefix("value") } || entry["component"].isPresent
    }
}
