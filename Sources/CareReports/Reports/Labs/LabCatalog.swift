/// The viewer's lab reports, newest first, and every analyte across them (same LOINC = same analyte).
public struct LabCatalog: Sendable {
    /// One lab report record with its report data.
    public struct Entry: Sendable {
        public let record: HealthRecord
        public let report: LabReport
        public let collected: CareDate
    }

    /// One analyte's results over time, oldest first.
    public struct Analyte: Sendable {
        public let key: String
        public let name: String
        public let points: [Point]

        /// The units its results came in; more than one is warned about.
        public var units: [String] {
            var seen: [String] = []
            for point in points where !seen.contains(point.result.unit ?? "") { seen.append(point.result.unit ?? "") }
            return seen
        }

        /// The unit of its first result: charts and trends are in it.
        public var unit: String { units.first ?? "" }

        /// Its units that cannot be converted to `unit`, so are left off charts and trends.
        public var unconvertible: [String] {
            units.filter { other in
                guard let sample = points.first(where: { ($0.result.unit ?? "") == other }) else { return false }
                return LabUnits.convert(1, of: sample.result, to: unit) == nil
            }
        }
    }

    /// One result of an analyte, with the report it came from.
    public struct Point: Sendable {
        public let entry: Entry
        public let result: LabResult
        /// The result's own date when it states one (a component dated "2024", or "date
        /// unknown"), else its report's.
        public var collected: CareDate { result.date ?? entry.collected }
    }

    public let reports: [Entry]
    public let analytes: [Analyte]

    public init(_ context: ReportContext) {
        var entries: [Entry] = []
        for record in context.records.healthRecords {
            guard case .document(let document) = record.data, let report = document.labReport else { continue }
            entries.append(Entry(record: record, report: report, collected: report.collectedAt ?? record.date))
        }
        let zone = context.timeZone
        // Newest first, then by id; each date resolved once, not in every comparison.
        let sorted = entries.map { (collected: $0.collected.resolved(in: zone), entry: $0) }
            .sorted { $0.collected != $1.collected ? $0.collected > $1.collected : $0.entry.record.id < $1.entry.record.id }
            .map(\.entry)
        self.reports = sorted

        var order: [String] = []
        var names: [String: String] = [:]
        var points: [String: [Point]] = [:]
        for entry in sorted.reversed() {
            for result in entry.report.results {
                let key = LabValueText.analyteKey(result)
                if points[key] == nil {
                    order.append(key)
                    names[key] = result.name
                }
                points[key, default: []].append(Point(entry: entry, result: result))
            }
        }
        // Each analyte's results in the order of their own dates (a result's own date may differ
        // from its report's); a result of unknown date is never the latest over a dated one.
        for (key, list) in points where list.contains(where: { $0.result.date != nil }) {
            points[key] = list.enumerated().map { (order: $0.offset, unknown: $0.element.collected.isUnknown, at: $0.element.collected.resolved(in: zone), point: $0.element) }
                .sorted { ($0.unknown ? 0 : 1, $0.at, $0.order) < ($1.unknown ? 0 : 1, $1.at, $1.order) }
                .map(\.point)
        }
        // By name without case, then by key; each name lowered once.
        self.analytes = order.map { (name: names[$0]!.lowercased(), analyte: Analyte(key: $0, name: names[$0]!, points: points[$0]!)) }
            .sorted { $0.name != $1.name ? $0.name < $1.name : $0.analyte.key < $1.analyte.key }
            .map(\.analyte)
    }

    public func analyte(_ key: String) -> Analyte? { analytes.first { $0.key == key } }
}
