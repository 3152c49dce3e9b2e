import Foundation
import Mustache

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

/// swift-mustache's library of the templates, parsed the first time a model needs it (a model that
/// is not `Encodable`, or the tests that render through both): a built-in site never needs it.
final class SwiftMustacheLibrary: @unchecked Sendable {
    private let lock = NSLock()
    private let templates: [String: String]
    private var library: MustacheLibrary?

    /// `templates`: each template's text as swift-mustache reads it (with its content-type pragma).
    init(templates: [String: String]) {
        self.templates = templates
    }

    /// The library; every template was read without error when the renderer was made.
    var loaded: MustacheLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let library { return library }
        var made = MustacheLibrary()
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            if let template = try? MustacheTemplate(string: text) { made.register(template, named: name) }
        }
        library = made
        return made
    }
}
