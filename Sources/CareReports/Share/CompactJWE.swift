import Crypto
import Foundation

/// A file of a SMART Health Link: compact JWE (RFC 7516) with direct encryption under the link's
/// key (`alg` `dir`) and AES-256-GCM (`enc` `A256GCM`), its content type in the protected header.
///
/// The IV is the first 96 bits of HMAC-SHA-256(key, plaintext), so the same key and contents give
/// the same bytes (a weekly build rewrites nothing that did not change) and different contents
/// never share an IV under one key (an IV repeats only with the plaintext it was made from).
public enum CompactJWE {
    /// The IPS's content type (SMART Health Links: `application/fhir+json`).
    public static let fhirJSON = "application/fhir+json"

    /// The protected header as written (member order fixed: its base64url is the AAD).
    static func header(contentType: String) -> String {
        "{\"alg\":\"dir\",\"enc\":\"A256GCM\",\"cty\":\"\(contentType)\"}"
    }

    /// `plaintext` encrypted under `key`: `header..iv.ciphertext.tag`.
    public static func encrypt(_ plaintext: [UInt8], key: ShareKey, contentType: String = fhirJSON) throws -> String {
        let symmetric = SymmetricKey(data: key.bytes)
        let iv = Array(HMAC<SHA256>.authenticationCode(for: plaintext, using: symmetric).prefix(12))
        let protected = Base64URL.encode(Array(header(contentType: contentType).utf8))
        let sealed = try AES.GCM.seal(plaintext, using: symmetric, nonce: AES.GCM.Nonce(data: iv), authenticating: Array(protected.utf8))
        return [protected, "", Base64URL.encode(iv), Base64URL.encode(sealed.ciphertext), Base64URL.encode(sealed.tag)].joined(separator: ".")
    }

    /// The plaintext of a compact JWE with `alg` `dir` and `enc` `A256GCM` (no `zip`) under `key`.
    public static func decrypt(_ compact: String, key: ShareKey) throws -> (contentType: String?, plaintext: [UInt8]) {
        let parts = compact.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, parts[1].isEmpty,
            let headerBytes = Base64URL.decode(parts[0]),
            let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any],
            let iv = Base64URL.decode(parts[2]), iv.count == 12,
            let ciphertext = Base64URL.decode(parts[3]),
            let tag = Base64URL.decode(parts[4]), tag.count == 16
        else { throw CompactJWEError.malformed }
        guard header["alg"] as? String == "dir", header["enc"] as? String == "A256GCM" else { throw CompactJWEError.unsupported }
        guard header["zip"] == nil else { throw CompactJWEError.unsupported }
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: iv), ciphertext: ciphertext, tag: tag)
        do {
            let plaintext = try AES.GCM.open(box, using: SymmetricKey(data: key.bytes), authenticating: Array(parts[0].utf8))
            return (header["cty"] as? String, Array(plaintext))
        } catch {
            throw CompactJWEError.notAuthentic
        }
    }
}

public enum CompactJWEError: Error, Equatable {
    /// Not five base64url parts with an empty encrypted key, a 96-bit IV and a 128-bit tag.
    case malformed
    /// Another algorithm, encryption or a compressed payload.
    case unsupported
    /// The tag does not match: another key, or changed bytes.
    case notAuthentic
}
