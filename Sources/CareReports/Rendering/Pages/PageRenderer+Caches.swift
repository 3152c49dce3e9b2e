import Foundation

/// The templates and model types whose check has decided every step (``TemplateCheck``): any model
/// of such a type passes that template's check, so it is not reflected again for each page. Until
/// then each type keeps the steps no model so far could decide (below a nil, inside an empty list).
final class CheckedModels: @unchecked Sendable {
    struct Key: Hashable {
        let template: String
        let type: ObjectIdentifier
    }

    private let lock = NSLock()
    private var done: Set<Key> = []
    private var open: [Key: Set<Int>] = [:]

    func contains(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return done.contains(key)
    }

    /// The steps no model of this type has decided yet; nil before the first model is checked.
    func undecided(_ key: Key) -> Set<Int>? {
        lock.lock()
        defer { lock.unlock() }
        return open[key]
    }

    /// Records the steps one model left undetermined; the type is done when every step has been
    /// decided by some model.
    func record(_ key: Key, undetermined: Set<Int>) {
        lock.lock()
        let left = open[key].map { $0.intersection(undetermined) } ?? undetermined
        if left.isEmpty {
            done.insert(key)
            open[key] = nil
        } else {
            open[key] = left
        }
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
