/// One code a source document gave for a thing, as it gave it: its system (a URI, e.g.
/// `http://snomed.info/sct`), its code and the display text beside it. Carried from the source to
/// every output that writes codes, never guessed from a name.
public struct Coding: Sendable, Hashable {
    public let system: String?
    public let code: String
    public let display: String?

    public init(system: String?, code: String, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }
}
