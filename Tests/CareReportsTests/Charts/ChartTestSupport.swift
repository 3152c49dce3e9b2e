import Foundation
import Testing
@testable import CareReports

/// Sample inputs and checks shared by the chart tests.
enum ChartSamples {
    static let day = 86_400.0

    /// Two weeks of blood pressure with some readings above and below a band.
    static func bloodPressure(id: String = "bp") -> LineChart {
        let sys: [Double] = [128, 135, 142, 131, 119, 150, 138, 127, 133, 145, 126, 122, 139, 141]
        let dia: [Double] = [82, 85, 91, 80, 76, 95, 88, 79, 84, 92, 78, 74, 86, 89]
        func points(_ values: [Double]) -> [ChartPoint] {
            values.enumerated().map { i, v in ChartPoint(x: Double(i) * day, y: v, label: "\(i + 1) Mar 2025 08:00") }
        }
        return LineChart(
            title: "Blood pressure, 1–14 March", description: "Systolic between 119 and 150 mmHg, diastolic between 74 and 95 mmHg.",
            id: id, unit: "mmHg",
            series: [ChartSeries(name: "Systolic", points: points(sys)), ChartSeries(name: "Diastolic", points: points(dia))],
            xTicks: (0..<14).filter { $0 % 3 == 0 }.map { ChartTick(x: Double($0) * day, label: "\($0 + 1) Mar") })
    }

    /// Glucose with a 70–99 band: one low, two high readings.
    static func glucose(id: String = "glucose") -> LineChart {
        let values: [Double] = [88, 95, 104, 67, 92, 118, 90]
        return LineChart(
            title: "Fasting glucose", description: "Mostly in range; high twice, low once.", id: id, unit: "mg/dL",
            series: [ChartSeries(name: "Glucose", points: values.enumerated().map { ChartPoint(x: Double($0.offset), y: $0.element, label: "Day \($0.offset + 1)") })],
            band: ReferenceBand(low: 70, high: 99))
    }

    /// One week and a bit of a twice-daily medication plus an as-needed slot, every status used.
    static func doses(id: String = "doses") -> DoseCalendar {
        // 2025-03-05 is a Wednesday: day 20152.
        let first = 20_152
        let names = ["Wed", "Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"]
        let morning: [DoseStatus] = [.takenOnTime, .takenOnTime, .takenLate, .takenOnTime, .missed, .takenOnTime, .skipped, .takenOnTime, .takenOnTime, .notRecorded]
        let evening: [DoseStatus] = [.takenOnTime, .missed, .takenOnTime, .takenOnTime, .takenLate, .takenOnTime, .takenOnTime, .takenOnTime, .notScheduled, .notRecorded]
        let prn: [DoseStatus] = [.notScheduled, .asNeeded, .notScheduled, .notScheduled, .asNeeded, .notScheduled, .notScheduled, .notScheduled, .notScheduled, .notScheduled]
        let days = (0..<10).map { i in
            DoseDay(day: first + i, label: "\(names[i]) \(5 + i) Mar 2025", shortLabel: "\(5 + i) Mar", cells: [
                DoseCell(morning[i], detail: morning[i] == .takenLate ? "at 09:40" : nil),
                DoseCell(evening[i]),
                DoseCell(prn[i], detail: prn[i] == .asNeeded ? "1 use" : nil),
            ])
        }
        return DoseCalendar(
            title: "Metformin 500 mg, 5–14 March", description: "14 of 19 scheduled doses taken (2 late), 2 missed, 1 skipped, 2 not yet recorded; as-needed doses used twice.", id: id,
            slots: [DoseSlot(label: "08:00"), DoseSlot(label: "20:00"), DoseSlot(label: "As needed")], days: days)
    }
}

/// Checks that markup is well formed.
enum XMLCheck {
    /// Runs `xmllint --noout -` on `text`; nil when xmllint is not installed, else its error output ("" when fine).
    static func xmllint(_ text: String) -> String? {
        let path = "/usr/bin/xmllint"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--noout", "-"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return "could not run xmllint: \(error)" }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : String(decoding: message, as: UTF8.self)
    }

    /// A small well-formedness check: balanced tags, quoted attributes, known entities. nil when fine.
    static func balanced(_ text: String) -> String? {
        var stack: [String] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let ch = chars[i]
            if ch == "&" {
                let rest = String(chars[i..<min(i + 8, chars.count)])
                guard ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains(where: rest.hasPrefix) else { return "bad entity at \(i): \(rest)" }
                i += 1
                continue
            }
            guard ch == "<" else {
                if ch == ">" { return "stray > at \(i)" }
                i += 1
                continue
            }
            guard let end = chars[i...].firstIndex(of: ">") else { return "unclosed tag at \(i)" }
            let tag = String(chars[(i + 1)..<end])
            i = end + 1
            if tag.hasPrefix("!--") || tag.hasPrefix("?") { continue }
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                guard stack.popLast() == name else { return "unexpected </\(name)>" }
                continue
            }
            guard tag.filter({ $0 == "\"" }).count % 2 == 0, !tag.contains("<") else { return "bad attributes in <\(tag)>" }
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" })
            guard !name.isEmpty else { return "empty tag name" }
            if !tag.hasSuffix("/") { stack.append(name) }
        }
        return stack.isEmpty ? nil : "unclosed: \(stack)"
    }

    /// Expects `text` to be well formed by both checks (xmllint only where installed).
    static func expectWellFormed(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(balanced(text) == nil, "\(what): \(balanced(text) ?? "")", sourceLocation: sourceLocation)
        if let lint = xmllint(text) {
            #expect(lint.isEmpty, "\(what): xmllint: \(lint)", sourceLocation: sourceLocation)
        }
    }
}

extension String {
    /// How many times `needle` occurs (non-overlapping).
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }
}
