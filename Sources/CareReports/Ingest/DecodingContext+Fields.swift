import Foundation

/// Typed field readers: each reports a missing key or a value of the wrong shape at its key path.
/// They read straight from the parsed document (`JSONNode`): a value becomes a Swift value only
/// when it is taken into the model.
extension DecodingContext {
    func expected(_ what: String, found value: JSONNode) {
        error("expected \(what), found \(value.typeName)")
    }

    func at<T>(_ key: StaticString, _ body: () -> T) -> T { at(.staticKey(key), body) }

    private func field(_ object: JSONNode, _ key: StaticString, required: Bool) -> JSONNode? {
        guard let value = object[key], !value.isNull else {
            if required { at(key) { error("required key is missing") } }
            return nil
        }
        return value
    }

    func string(_ object: JSONNode, _ key: StaticString, required: Bool = true) -> String? {
        guard let value = field(object, key, required: required) else { return nil }
        guard let text = value.string else { at(key) { expected("a string", found: value) }; return nil }
        return text
    }

    func number(_ object: JSONNode, _ key: StaticString, required: Bool = true) -> Double? {
        guard let value = field(object, key, required: required) else { return nil }
        guard let number = value.number else { at(key) { expected("a number", found: value) }; return nil }
        return number
    }

    func integer(_ object: JSONNode, _ key: StaticString, required: Bool = true, in range: ClosedRange<Int>? = nil) -> Int? {
        guard let number = number(object, key, required: required) else { return nil }
        guard number.rounded() == number, abs(number) < 1e15 else { at(key) { error("expected a whole number") }; return nil }
        let integer = Int(number)
        if let range, !range.contains(integer) {
            at(key) { error("expected a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return nil
        }
        return integer
    }

    func bool(_ object: JSONNode, _ key: StaticString, required: Bool = true) -> Bool? {
        guard let value = field(object, key, required: required) else { return nil }
        guard let flag = value.bool else { at(key) { expected("true or false", found: value) }; return nil }
        return flag
    }

    func object(_ object: JSONNode, _ key: StaticString, required: Bool = true) -> JSONNode? {
        guard let value = field(object, key, required: required) else { return nil }
        guard value.kind == .object else { at(key) { expected("an object", found: value) }; return nil }
        return value
    }

    /// A closed set of values; an unknown one is an error that lists the accepted values (never the value found).
    func choice<E: RawRepresentable & CaseIterable>(_ object: JSONNode, _ key: StaticString, _ type: E.Type, required: Bool = true) -> E?
    where E.RawValue == String {
        guard let value = field(object, key, required: required) else { return nil }
        guard value.kind == .string else { at(key) { expected("a string", found: value) }; return nil }
        if let known = Self.match(value, E.self) { return known }
        at(key) { error("unknown value; expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))") }
        return nil
    }

    /// A set of values that grows with the app: an unknown one is kept as `fallback`, with a warning.
    func openChoice<E: RawRepresentable & CaseIterable>(_ object: JSONNode, _ key: StaticString, unknown fallback: E, warning message: String) -> E?
    where E.RawValue == String {
        guard let value = field(object, key, required: true) else { return nil }
        guard value.kind == .string else { at(key) { expected("a string", found: value) }; return nil }
        if let known = Self.match(value, E.self) { return known }
        at(key) { warning(message) }
        return fallback
    }

    /// The case whose raw value a string holds, compared byte by byte (no `String` is made).
    private static func match<E: RawRepresentable & CaseIterable>(_ value: JSONNode, _ type: E.Type) -> E? where E.RawValue == String {
        for candidate in E.allCases where value.equals(candidate.rawValue) { return candidate }
        return nil
    }

    func date(_ object: JSONNode, _ key: StaticString, required: Bool = true) -> CareDate? {
        guard let value = field(object, key, required: required) else { return nil }
        guard value.kind == .string else { at(key) { expected("a string", found: value) }; return nil }
        // A date has no escapes in practice; one that has is read from its unescaped text.
        let parsed = value.plainUTF8.map(CareDateParser.parse) ?? value.string.flatMap(CareDateParser.parse)
        guard let date = parsed else {
            at(key) { error("expected a date (YYYY-MM-DD) or an RFC 3339 date-time with offset") }
            return nil
        }
        guard Self.isPlausible(date) else {
            at(key) { error("the date is outside \(Self.plausibleYears.lowerBound)–\(Self.plausibleYears.upperBound), not a date of this care (a typo or an app's placeholder?)") }
            return nil
        }
        return date
    }

    /// The years an export's dates may fall in: from 1900 (a birth date of the oldest patient) to a few
    /// years past any export written now (appointments and refills are planned ahead). A date outside
    /// is a located error: a start date of 0001-01-01 would otherwise make every page cover 2,000 years.
    static let plausibleYears = 1900...2100

    /// Whether `date` falls within `plausibleYears` (read in UTC: a day's zone moves it a few hours at most).
    static func isPlausible(_ date: CareDate) -> Bool {
        switch date {
        case .instant(let instant):
            // Every record has dates: its local day in UTC is within the years exactly when the
            // instant is within their first and last second (no calendar is worked out).
            plausibleSeconds.contains(instant.timeIntervalSince1970)
        default:
            plausibleYears.contains(date.localDay(in: utc).year)
        }
    }

    /// The seconds since 1970 (UTC) from the first of `plausibleYears` to before the year after the last.
    static let plausibleSeconds: Range<Double> = {
        let first = LocalDate(year: plausibleYears.lowerBound, month: 1, day: 1)!.daysSinceEpoch
        let beyond = LocalDate(year: plausibleYears.upperBound + 1, month: 1, day: 1)!.daysSinceEpoch
        return Double(first) * 86_400..<Double(beyond) * 86_400
    }()

    private static let utc = TimeZone(identifier: "UTC")!

    /// An array whose elements are decoded by `element`; a missing optional array is empty.
    func array<T>(_ object: JSONNode, _ key: StaticString, required: Bool = false, _ element: (JSONNode) -> T?) -> [T]? {
        guard let value = field(object, key, required: required) else { return required ? nil : [] }
        guard value.kind == .array else { at(key) { expected("an array", found: value) }; return nil }
        return at(key) {
            var result: [T] = []
            result.reserveCapacity(value.count)
            for (index, item) in value.elements.enumerated() {
                if let decoded = at(.index(index), { element(item) }) { result.append(decoded) }
            }
            return result
        }
    }

    func stringArray(_ object: JSONNode, _ key: StaticString, required: Bool = false) -> [String]? {
        array(object, key, required: required) { item in
            guard let text = item.string else { expected("a string", found: item); return nil }
            return text
        }
    }

    /// Runs `body` on an element that must be an object.
    func objectElement<T>(_ value: JSONNode, _ body: (JSONNode) -> T?) -> T? {
        guard value.kind == .object else { expected("an object", found: value); return nil }
        return body(value)
    }
}
