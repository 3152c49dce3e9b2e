/// Typed field readers: each reports a missing key or a value of the wrong shape at its key path.
extension DecodingContext {
    func expected(_ what: String, found value: JSONValue) {
        error("expected \(what), found \(value.typeName)")
    }

    private func field(_ object: JSONObject, _ key: String, required: Bool) -> JSONValue? {
        guard let value = object[key], value != .null else {
            if required { at(key) { error("required key is missing") } }
            return nil
        }
        return value
    }

    func string(_ object: JSONObject, _ key: String, required: Bool = true) -> String? {
        guard let value = field(object, key, required: required) else { return nil }
        guard case .string(let text) = value else { at(key) { expected("a string", found: value) }; return nil }
        return text
    }

    func number(_ object: JSONObject, _ key: String, required: Bool = true) -> Double? {
        guard let value = field(object, key, required: required) else { return nil }
        guard case .number(let number) = value else { at(key) { expected("a number", found: value) }; return nil }
        return number
    }

    func integer(_ object: JSONObject, _ key: String, required: Bool = true, in range: ClosedRange<Int>? = nil) -> Int? {
        guard let number = number(object, key, required: required) else { return nil }
        guard number.rounded() == number, abs(number) < 1e15 else { at(key) { error("expected a whole number") }; return nil }
        let integer = Int(number)
        if let range, !range.contains(integer) {
            at(key) { error("expected a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return nil
        }
        return integer
    }

    func bool(_ object: JSONObject, _ key: String, required: Bool = true) -> Bool? {
        guard let value = field(object, key, required: required) else { return nil }
        guard case .bool(let flag) = value else { at(key) { expected("true or false", found: value) }; return nil }
        return flag
    }

    func object(_ object: JSONObject, _ key: String, required: Bool = true) -> JSONObject? {
        guard let value = field(object, key, required: required) else { return nil }
        guard case .object(let inner) = value else { at(key) { expected("an object", found: value) }; return nil }
        return inner
    }

    /// A closed set of values; an unknown one is an error that lists the accepted values (never the value found).
    func choice<E: RawRepresentable & CaseIterable>(_ object: JSONObject, _ key: String, _ type: E.Type, required: Bool = true) -> E?
    where E.RawValue == String {
        guard let text = string(object, key, required: required) else { return nil }
        guard let value = E(rawValue: text) else {
            at(key) { error("unknown value; expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))") }
            return nil
        }
        return value
    }

    func date(_ object: JSONObject, _ key: String, required: Bool = true) -> CareDate? {
        guard let text = string(object, key, required: required) else { return nil }
        guard let date = CareDateParser.parse(text) else {
            at(key) { error("expected a date (YYYY-MM-DD) or an RFC 3339 date-time with offset") }
            return nil
        }
        return date
    }

    /// An array whose elements are decoded by `element`; a missing optional array is empty.
    func array<T>(_ object: JSONObject, _ key: String, required: Bool = false, _ element: (JSONValue) -> T?) -> [T]? {
        guard let value = field(object, key, required: required) else { return required ? nil : [] }
        guard case .array(let items) = value else { at(key) { expected("an array", found: value) }; return nil }
        return at(key) {
            var result: [T] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                if let decoded = at(.index(index), { element(item) }) { result.append(decoded) }
            }
            return result
        }
    }

    func stringArray(_ object: JSONObject, _ key: String, required: Bool = false) -> [String]? {
        array(object, key, required: required) { item in
            guard case .string(let text) = item else { expected("a string", found: item); return nil }
            return text
        }
    }

    /// Runs `body` on an element that must be an object.
    func objectElement<T>(_ value: JSONValue, _ body: (JSONObject) -> T?) -> T? {
        guard case .object(let object) = value else { expected("an object", found: value); return nil }
        return body(object)
    }
}
