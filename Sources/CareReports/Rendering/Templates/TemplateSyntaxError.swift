/// Where something stands in a template's text: line and column (in characters), both from 1.
struct TemplatePosition: Sendable, Equatable {
    let line: Int
    let column: Int
}

/// A template that cannot be read: what is wrong, in words, at the line and column of the tag.
struct TemplateSyntaxError: Error, Sendable, Equatable {
    let message: String
    let position: TemplatePosition
}
