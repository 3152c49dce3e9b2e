/// The view models of a reader's site and digest of several circles (see ``TemplateFields``).
extension ReaderHomePage: TemplateFields {}
extension ReaderHomePage.Chrome: TemplateFields {}
extension CircleOverview: TemplateFields {}
extension CircleOverview.Item: TemplateFields {}
extension CircleOverview.Link: TemplateFields {}
extension ReaderDigest: TemplateFields {}
extension ReaderDigest.Item: TemplateFields {}
