import Foundation

/// The templates and model types checked so far (``TemplateCheck`` reads the type, so a type
/// that passed once passes for every model of it).
final class CheckedModels: @unchecked Sendable {
    struct Key: Hashable {
        let template: String
        let type: ObjectIdentifier
    }

    private let lock = NSLock()
    private var done: Set<Key> = []

    func contains(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return done.contains(key)
    }

    func insert(_ key: Key) {
        lock.lock()
        done.insert(key)
        lock.unlock()
    }
}

/// The renderer made last, with the templates it was made from (files and where each came from).
final class LastRenderer: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String] = [:]
    private var origins: [String: String] = [:]
    private var renderer: PageRenderer?

    func renderer(for templates: TemplateSet) -> PageRenderer? {
        lock.lock()
        defer { lock.unlock() }
        guard let renderer, files == templates.files, origins == templates.origins else { return nil }
        return renderer
    }

    func keep(_ renderer: PageRenderer, for templates: TemplateSet) {
        lock.lock()
        (files, origins, self.renderer) = (templates.files, templates.origins, renderer)
        lock.unlock()
    }
}
