import Foundation

/// Where each user and circle id first appears in an export's lists, made on first use (under a
/// lock: reports for several viewers are made at once) for the lists it is first asked about.
/// `CareExport` drops it whenever its users or circles change.
final class ExportLookup: @unchecked Sendable {
    private let lock = NSLock()
    private var users: [String: Int]?
    private var circles: [String: Int]?

    func user(_ id: String, in list: [User]) -> User? {
        let index = lock.withLock {
            if users == nil { users = Self.firstPlaces(list.lazy.map(\.id)) }
            return users![id]
        }
        return index.map { list[$0] }
    }

    func circle(_ id: String, in list: [CareCircle]) -> CareCircle? {
        let index = lock.withLock {
            if circles == nil { circles = Self.firstPlaces(list.lazy.map(\.id)) }
            return circles![id]
        }
        return index.map { list[$0] }
    }

    private static func firstPlaces(_ ids: some Sequence<String>) -> [String: Int] {
        var places: [String: Int] = [:]
        for (index, id) in ids.enumerated() where places[id] == nil { places[id] = index }
        return places
    }
}
