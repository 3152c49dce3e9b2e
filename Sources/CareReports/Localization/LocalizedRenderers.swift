import Foundation

/// The page renderer for a template set in one language: the templates' markers replaced
/// (``TemplateLocalizer``) and parsed once per language per run, so an `--all-members` run whose
/// readers alternate between languages parses each language's templates once.
public enum LocalizedRenderers {
    /// The renderer for `templates` in `words`'s language.
    public static func renderer(for templates: TemplateSet, words: Localizer) throws(RenderError) -> PageRenderer {
        if let known = cache.renderer(templates, words.language) { return known }
        let renderer = try PageRenderer(templates: localized(templates, words: words))
        cache.keep(renderer, templates, words.language)
        return renderer
    }

    /// `templates` with every Mustache template's markers replaced for `words` (assets and text files as they are).
    public static func localized(_ templates: TemplateSet, words: Localizer) -> TemplateSet {
        var result = templates
        for (path, text) in templates.files where path.hasSuffix(".mustache") {
            result.files[path] = TemplateLocalizer.localize(text, words: words)
        }
        return result
    }

    private static let cache = Cache()

    /// Renderers by language, each with the template files it was made from.
    final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [String: (files: [String: String], origins: [String: String], renderer: PageRenderer)] = [:]

        func renderer(_ templates: TemplateSet, _ language: String) -> PageRenderer? {
            lock.lock()
            defer { lock.unlock() }
            guard let entry = made[language], entry.files == templates.files, entry.origins == templates.origins else { return nil }
            return entry.renderer
        }

        func keep(_ renderer: PageRenderer, _ templates: TemplateSet, _ language: String) {
            lock.lock()
            made[language] = (templates.files, templates.origins, renderer)
            lock.unlock()
        }
    }
}
