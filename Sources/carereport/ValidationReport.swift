import CareReports

/// `{"errors": [...], "warnings": [...], "counts": {...}}` for `validate --format json`.
struct ValidationReport {
    let errors: [Diagnostic]
    let warnings: [Diagnostic]
    let counts: [(collection: String, count: Int)]

    var json: String {
        var counts = JSONObject()
        for entry in self.counts { counts = counts.appending(entry.collection, .number(Double(entry.count))) }
        return JSONValue.object(
            JSONObject([
                ("errors", .array(errors.map(Self.encode))),
                ("warnings", .array(warnings.map(Self.encode))),
                ("counts", .object(counts)),
            ])
        ).serialized()
    }

    private static func encode(_ diagnostic: Diagnostic) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("file", .string(diagnostic.file))]
        if let line = diagnostic.line, let column = diagnostic.column {
            pairs += [("line", .number(Double(line))), ("column", .number(Double(column)))]
        }
        if let keyPath = diagnostic.keyPath, !keyPath.isEmpty { pairs.append(("keyPath", .string(keyPath))) }
        pairs += [("message", .string(diagnostic.message)), ("text", .string(diagnostic.description))]
        return .object(JSONObject(pairs))
    }
}
