import Foundation
import PropertyBased
import Testing

@testable import CareReports

/// Hands the root of `text`, parsed onto a tape, to `body`.
private func withRoot<Result>(_ text: String, _ body: (JSONNode) -> Result) throws(JSONSyntaxError) -> Result {
    var bytes = Array(text.utf8)
    return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(JSONSyntaxError) -> Result in
        try JSONParser.parse(UnsafeBufferPointer(buffer), streaming: [], sink: nil, root: body)
    }
}

extension IngestTests {
    /// The decoders read fields through `JSONNode`, which looks keys up in the bytes (with a filter
    /// of each object's keys and a hint of where the last lookup stopped): every answer must be the
    /// tree's answer, in any order of lookups.
    @Suite("JSON nodes")
    struct JSONNodeTests {
        /// Every key of every object in `node`, looked up by name, gives the value the tree holds.
        static func checkLookups(_ node: JSONNode, _ tree: JSONValue, reversed: Bool) {
            switch tree {
            case .object(let object):
                #expect(node.kind == .object)
                #expect(node.count == object.pairs.count)
                let pairs = reversed ? object.pairs.reversed() : object.pairs
                for pair in pairs {
                    guard let found = node[pair.key] else {
                        Issue.record("key not found")
                        continue
                    }
                    #expect(found.value == pair.value)
                    checkLookups(found, pair.value, reversed: reversed)
                }
                for absent in ["", "absent", "0", "0x"] where !object.contains(absent) { #expect(node[absent] == nil) }
            case .array(let items):
                #expect(node.count == items.count)
                for (element, item) in zip(node.elements, items) { checkLookups(element, item, reversed: reversed) }
            default:
                #expect(node.value == tree)
            }
        }

        @Test func lookupsGiveTheTreesValuesInAnyOrder() async {
            await propertyCheck(count: 500, input: Generator(run: { rng in RandomJSON.document(&rng) })) { tree in
                try withRoot(tree.serialized()) { root in
                    Self.checkLookups(root, tree, reversed: false)
                    Self.checkLookups(root, tree, reversed: true)
                    Self.checkLookups(root, tree, reversed: false)
                }
            }
        }

        @Test func keysThatShareTheFiltersBitAreToldApart() throws {
            // Same length and last byte: the same bit in the object's filter.
            try withRoot(#"{"ab": 1, "cb": 2, "xb": {"ab": 3}}"#) { root in
                #expect(root["ab"]?.number == 1)
                #expect(root["cb"]?.number == 2)
                #expect(root["xb"]?["ab"]?.number == 3)
                #expect(root["zb"] == nil)
            }
        }

        @Test func anEscapedKeyIsFoundByItsText() throws {
            try withRoot(#"{"a\u0062": 1, "c\"d": 2, "e": 3}"#) { root in
                #expect(root["ab"]?.number == 1)
                #expect(root["c\"d"]?.number == 2)
                #expect(root["e"]?.number == 3)
                #expect(root["a\\u0062"] == nil)
            }
        }

        @Test func aKeyRepeatedThroughAnEscapeIsADuplicate() {
            #expect(throws: JSONSyntaxError(offset: 9, message: "duplicate key \"a\" in one object")) {
                try withRoot(#"{"a": 1, "\u0061": 2}"#) { _ in }
            }
            #expect(throws: JSONSyntaxError(offset: 14, message: "duplicate key \"a\" in one object")) {
                try withRoot(#"{"\u0061": 1, "a": 2}"#) { _ in }
            }
        }

        @Test func stringsAreReadOnDemandWithTheirEscapes() throws {
            try withRoot(#"["plain", "tab\there", "é😀", 1.5, true, null, {}]"#) { root in
                let elements = Array(root.elements)
                #expect(elements.map(\.kind) == [.string, .string, .string, .number, .bool, .null, .object])
                #expect(elements[0].string == "plain")
                #expect(elements[1].string == "tab\there")
                #expect(elements[1].plainUTF8 == nil)
                #expect(elements[2].string == "é😀")
                #expect(elements[3].number == 1.5)
                #expect(elements[3].string == nil)
                #expect(elements[4].bool == true)
                #expect(elements[5].isNull)
                #expect(elements[6].count == 0)
                #expect(elements[6]["a"] == nil)
                #expect(elements[0].equals("plain"))
                #expect(!elements[0].equals("plai"))
                #expect(elements[1].equals("tab\there"))
            }
        }
    }
}
