/// Which measures a medicine acts on, from a small table of drug classes shipped with carereport
/// (by ingredient name, and by RxNorm code where the export has one) and from the words of the
/// order's own `reason` when it names a measure. The table and its sources are in
/// docs/medication-effects.md; it marks changes on charts, it is not advice.
public enum MedicationEffects {
    public struct DrugClass: Sendable {
        public let name: String
        /// The WHO ATC group the class belongs to, for the documentation and for readers.
        public let atc: String
        public let measures: Set<Measurement.Kind>
        /// Ingredient names, lower case, as they begin a medication's name.
        public let ingredients: [String]
        /// RxNorm codes (ingredient and common clinical drugs) of the class.
        public let rxnorm: Set<String>
    }

    static let pressure: Set<Measurement.Kind> = [.bloodPressure]

    public static let classes: [DrugClass] = [
        DrugClass(name: "ACE inhibitors", atc: "C09A, C09B", measures: pressure,
            ingredients: ["lisinopril", "enalapril", "ramipril", "captopril", "benazepril", "quinapril", "perindopril", "fosinopril", "trandolapril"],
            rxnorm: ["29046", "314076", "314077", "3827", "35296"]),
        DrugClass(name: "Angiotensin II receptor blockers", atc: "C09C, C09D", measures: pressure,
            ingredients: ["losartan", "valsartan", "irbesartan", "candesartan", "olmesartan", "telmisartan", "azilsartan"],
            rxnorm: ["52175", "69749"]),
        DrugClass(name: "Beta blockers", atc: "C07", measures: [.bloodPressure, .heartRate],
            ingredients: ["metoprolol", "atenolol", "bisoprolol", "carvedilol", "propranolol", "nebivolol", "labetalol", "nadolol", "sotalol"],
            rxnorm: ["6918", "1202", "19484", "20352", "8787"]),
        DrugClass(name: "Calcium channel blockers (dihydropyridine)", atc: "C08C", measures: pressure,
            ingredients: ["amlodipine", "nifedipine", "felodipine", "nicardipine", "lercanidipine"],
            rxnorm: ["17767", "197361", "7417"]),
        DrugClass(name: "Calcium channel blockers (rate-limiting)", atc: "C08D", measures: [.bloodPressure, .heartRate],
            ingredients: ["diltiazem", "verapamil"], rxnorm: ["3443", "11170"]),
        DrugClass(name: "Thiazide and thiazide-like diuretics", atc: "C03A, C03B", measures: [.bloodPressure, .weight],
            ingredients: ["hydrochlorothiazide", "chlorthalidone", "indapamide", "metolazone"], rxnorm: ["5487", "2409"]),
        DrugClass(name: "Loop diuretics", atc: "C03C", measures: [.bloodPressure, .weight],
            ingredients: ["furosemide", "torsemide", "bumetanide"], rxnorm: ["4603", "310429", "38413", "1808"]),
        DrugClass(name: "Aldosterone antagonists", atc: "C03D", measures: pressure,
            ingredients: ["spironolactone", "eplerenone"], rxnorm: ["9997", "298869"]),
        DrugClass(name: "Other blood-pressure medicines", atc: "C02", measures: pressure,
            ingredients: ["clonidine", "hydralazine", "doxazosin", "prazosin", "terazosin", "methyldopa", "minoxidil"],
            rxnorm: ["2599", "5470", "49276"]),
        DrugClass(name: "Cardiac glycosides and rate control", atc: "C01AA, C01EB", measures: [.heartRate],
            ingredients: ["digoxin", "ivabradine"], rxnorm: ["3407"]),
        DrugClass(name: "Biguanides", atc: "A10BA", measures: [.bloodGlucose],
            ingredients: ["metformin"], rxnorm: ["6809", "861007"]),
        DrugClass(name: "Sulfonylureas", atc: "A10BB", measures: [.bloodGlucose],
            ingredients: ["glipizide", "glyburide", "glibenclamide", "glimepiride", "gliclazide"], rxnorm: ["4821", "4815", "25789"]),
        DrugClass(name: "Insulins", atc: "A10A", measures: [.bloodGlucose],
            ingredients: ["insulin"], rxnorm: ["274783", "86009", "5856"]),
        DrugClass(name: "DPP-4 inhibitors", atc: "A10BH", measures: [.bloodGlucose],
            ingredients: ["sitagliptin", "linagliptin", "saxagliptin", "alogliptin"], rxnorm: ["593411", "1100699"]),
        DrugClass(name: "SGLT2 inhibitors", atc: "A10BK", measures: [.bloodGlucose, .bloodPressure, .weight],
            ingredients: ["empagliflozin", "dapagliflozin", "canagliflozin", "ertugliflozin"], rxnorm: ["1545653", "1488564", "1373458"]),
        DrugClass(name: "GLP-1 receptor agonists", atc: "A10BJ", measures: [.bloodGlucose, .weight],
            ingredients: ["semaglutide", "liraglutide", "dulaglutide", "exenatide", "tirzepatide"], rxnorm: ["1991302", "475968"]),
        DrugClass(name: "Thiazolidinediones", atc: "A10BG", measures: [.bloodGlucose, .weight],
            ingredients: ["pioglitazone"], rxnorm: ["33738"]),
        DrugClass(name: "Corticosteroids taken by mouth", atc: "H02AB", measures: [.bloodGlucose, .bloodPressure, .weight],
            ingredients: ["prednisone", "prednisolone", "methylprednisolone", "dexamethasone", "hydrocortisone"], rxnorm: ["8640", "8638", "6902", "3264"]),
        DrugClass(name: "Thyroid hormones", atc: "H03AA", measures: [.heartRate, .weight],
            ingredients: ["levothyroxine", "liothyronine"], rxnorm: ["10582", "966222"]),
        DrugClass(name: "Inhaled beta-2 agonists", atc: "R03AC", measures: [.heartRate],
            ingredients: ["albuterol", "salbutamol", "salmeterol", "formoterol"], rxnorm: ["435"]),
    ]

    /// Words in a `reason` that name a measure.
    static let reasonWords: [(words: [String], measure: Measurement.Kind)] = [
        (["blood pressure", "hypertension"], .bloodPressure),
        (["heart rate", "pulse", "atrial fibrillation", "palpitations", "tachycardia"], .heartRate),
        (["diabetes", "blood sugar", "glucose"], .bloodGlucose),
        (["weight", "fluid retention", "heart failure"], .weight),
    ]

    /// The classes a medication belongs to: by RxNorm code, else by the ingredient its name begins with.
    public static func classes(of medication: Medication) -> [DrugClass] {
        if let code = medication.rxnorm {
            let byCode = classes.filter { $0.rxnorm.contains(code) }
            if !byCode.isEmpty { return byCode }
        }
        let words = medication.name.lowercased().split { !$0.isLetter }.map(String.init)
        return classes.filter { drugClass in drugClass.ingredients.contains { words.contains($0) } }
    }

    /// Every measure the medication acts on, from its class and its reason.
    public static func measures(of medication: Medication) -> Set<Measurement.Kind> {
        var measures = Set(classes(of: medication).flatMap(\.measures))
        let reason = medication.reason?.lowercased() ?? ""
        for (words, measure) in reasonWords where words.contains(where: { reason.contains($0) }) {
            measures.insert(measure)
        }
        return measures
    }
}
