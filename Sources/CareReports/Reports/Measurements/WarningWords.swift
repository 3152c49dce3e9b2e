import Foundation

/// The words that tell of a fall, fainting, confusion, fever, chest pain, breathlessness or dizziness in a
/// note or symptom, for every shipped language (the list is in docs/thresholds.md). Records are
/// written in the family's language, not the reader's, so every language's words are looked for.
/// Whole words and phrases only; phrases that use the same words for something else ("blood
/// pressure falls when he stands", "fell asleep", "sin fiebre") are taken out first.
enum WarningWords {
    enum Sign: String, Sendable, CaseIterable {
        case fall, fainting, confusion, fever, chest, dizziness
    }

    /// Phrases per sign, English then Spanish, as ICU regular expressions matched case-insensitively on whole words.
    static let phrases: [Sign: [String]] = [
        .fall: [
            #"near[- ]?falls?"#, "falls?", "fell", "fallen", "falling", "slipped", "tripped", "stumbled", "lost (?:his|her|their) (?:balance|footing)",
            #"found (?:\w+ )?on the floor"#, "on the floor and could(?:n't| not) get up",
            "se cay[óo]", "se cae", "se ha ca[íi]do", "ca[íi]da", "casi se cae", "tropez[óo]", "resbal[óo]", "perdi[óo] el equilibrio",
            #"(?:lo|la) encontr\w+ en el suelo"#, "en el suelo",
        ],
        .fainting: [
            "fainted", "fainting", "faint", "passed out", "blacked out", "syncope",
            "se desmay[óo]", "desmayo", "desmayos", "perdi[óo] el conocimiento", "s[íi]ncope",
        ],
        .confusion: [
            "confused", "confusion", "muddled", "disoriented", "disorientation", "delirium", "not making sense", "did(?:n't| not) know where (?:he|she|they) (?:was|were)",
            "confundid[oa]", "confusi[óo]n", "desorientad[oa]", "desorientaci[óo]n", "delirio", "no sab[íi]a d[óo]nde estaba",
        ],
        .fever: [
            "fever", "feverish", "febrile", "fiebre", "febril", "calentura",
        ],
        .chest: [
            "chest pain", "chest tightness", "pain in (?:his|her|the) chest", "short(?:ness)? of breath", "breathless(?:ness)?",
            "could(?:n't| not) breathe", "can(?:'t|not) breathe",
            "dolor (?:en el|de|del) pecho", "dolor tor[áa]cico", "opresi[óo]n en el pecho", "falta de aire", "le falta el aire",
            "dificultad para respirar", "ahogo", "no pod[íi]a respirar",
        ],
        // Not flagged alone: it explains a low reading the same day.
        .dizziness: [
            "dizzy", "dizziness", "light[- ]?headed(?:ness)?", "woozy", "unsteady", "vertigo",
            "mareo", "mareos", "mareado", "mareada", "v[ée]rtigo", "inestable",
        ],
    ]

    /// Phrases that use warning words for something else, removed before matching.
    static let notWarnings = [
        // A measure that falls or drops is not a person who falls.
        #"(?:blood pressure|pressure|bp|sugars?|glucose|temperature|weight|heart rate|pulse|numbers?|readings?|levels?)\s+(?:\w+\s+)?(?:falls?|fell|fallen|falling|drops?|dropped)"#,
        #"(?:falls?|fell|fallen|falling)\s+(?:in|of)\s+(?:blood pressure|pressure|bp|\d)"#,
        #"(?:falls?|fell|fallen|falling)\s+asleep"#, #"(?:fall|falls)\s+(?:season|semester|term)"#, "falls? risk", "fall prevention", "no falls?",
        #"ca[íi]da\s+de\s+(?:la\s+)?(?:presi[óo]n|tensi[óo]n|glucosa|az[úu]car|temperatura|fiebre)"#,
        #"(?:presi[óo]n|tensi[óo]n|glucosa|az[úu]car|temperatura)\s+(?:\w+\s+)?(?:cae|cay[óo]|baja|baj[óo])"#,
        "riesgo de ca[íi]das?", "sin ca[íi]das?",
        // Denials: "no fever", "denies chest pain", "sin fiebre ni dolor de pecho".
        #"\b(?:no|not|nor|without|denies|denied|sin|ni|niega|negó)\s+(?:\w+\s+)?(?:fever|fiebre|chest pain|dolor (?:en el |de |del )?pecho|confusion|confusi[óo]n|shortness of breath|falta de aire)"#,
    ]

    private static let patterns: [Sign: NSRegularExpression] = phrases.mapValues { list in
        try! NSRegularExpression(pattern: #"(?<![\p{L}\p{N}])(?:"# + list.joined(separator: "|") + #")(?![\p{L}\p{N}])"#, options: [.caseInsensitive])
    }
    private static let exclusions = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])(?:"# + notWarnings.joined(separator: "|") + #")(?![\p{L}\p{N}])"#, options: [.caseInsensitive])

    /// The signs the text tells of, in the order of `Sign`. A pure function of the text's bytes,
    /// worked out once per text: every reader of a circle (and every week's page of one reader) asks
    /// about the same notes, and generated or templated notes repeat across circles.
    static func signs(in text: String) -> [Sign] {
        guard !text.isEmpty else { return [] }
        return memo.value(Array(text.utf8)) { matchedSigns(in: text) }
    }

    /// Texts already matched, by their UTF-8 bytes (texts equal as Unicode but not in bytes may match
    /// differently); emptied when it holds 50,000 texts, so memory stays bounded (a few MB) however
    /// many circles a run reads.
    private static let memo = LockedMemo<[UInt8], [Sign]>(limit: 50_000)

    /// ``signs(in:)`` itself: the exclusions taken out, then each sign's phrases looked for.
    private static func matchedSigns(in text: String) -> [Sign] {
        let whole = NSRange(text.startIndex..., in: text)
        let cleaned = exclusions.stringByReplacingMatches(in: text, range: whole, withTemplate: " ")
        let range = NSRange(cleaned.startIndex..., in: cleaned)
        return Sign.allCases.filter { patterns[$0]!.firstMatch(in: cleaned, range: range) != nil }
    }

    /// True when any of the texts tells of `sign`.
    static func tells(_ sign: Sign, _ texts: [String]) -> Bool { texts.contains { signs(in: $0).contains(sign) } }
}
