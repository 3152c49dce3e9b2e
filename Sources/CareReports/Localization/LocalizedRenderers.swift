import Foundation

/// The page renderer for a template set in one language: the templates' markers replaced
/// (``TemplateLocalizer``) and parsed once per language per run, so an `--all-members` run whose
/// readers alternate between languages parses each language's templates once.
public enum LocalizedRenderers {
    /// The renderer for `templates` in `words`'s language.
    public static func renderer(for templates: TemplateSet, words: Localizer) throws(RenderError) -> PageRenderer {
        if let known = cache.renderer(templates, words.language) { return known }
        var renderer: PageRenderer
        do {
            renderer = try PageRenderer(templates: localized(templates, words: words))
        } catch {
            throw inSource(error, templates: templates, words: words)
        }
        renderer.placeInSource = { error in inSource(error, templates: templates, words: words) }
        cache.keep(renderer, templates, words.language)
        return renderer
    }

    /// `error` with its line and column moved from the localised text back to the template file
    /// the user wrote (markers replaced by translations change the columns after them).
    static func inSource(_ error: RenderError, templates: TemplateSet, words: Localizer) -> RenderError {
        func source(of file: String) -> String? {
            for (path, text) in templates.files where path.hasSuffix(".mustache") {
                let name = String(path.dropLast(9)).split(separator: "/").joined(separator: ".")
                if templates.path(ofTemplate: name) == file { return text }
            }
            return nil
        }
        switch error {
        case .templateSyntax(let name, let line, let column, let message):
            guard let text = source(of: name), let original = TemplateLocalizer.originalPlace(line: line, column: column, in: text, words: words)
            else { return error }
            return .templateSyntax(name: name, line: line, column: original, message: message)
        case .templateReference(let file, let line, let column, let message):
            guard let text = source(of: file), let original = TemplateLocalizer.originalPlace(line: line, column: column, in: text, words: words)
            else { return error }
            return .templateReference(file: file, line: line, column: original, message: message)
        default:
            return error
        }
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
