// carereport's viewer of a shared record (SMART Health Links, flag U): the key is read from the
// link's fragment (never sent to the server), the encrypted file is fetched from this site and
// decrypted here with WebCrypto (compact JWE, alg dir, enc A256GCM), and the FHIR document's
// sections are shown as text. Nothing of the record is sent anywhere; no other script is loaded.
"use strict";
(function () {
  const words = document.getElementById("record-words").dataset;
  const status = document.getElementById("record-status");
  const record = document.getElementById("record");
  const say = (text) => { status.textContent = text; };

  function bytes(base64url) {
    if (!/^[A-Za-z0-9_-]*$/.test(base64url)) throw new Error("not base64url");
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }
  const text = (data) => new TextDecoder().decode(data);

  function payloadOf(hash) {
    const at = hash.indexOf("shlink:/");
    if (at < 0) return null;
    return JSON.parse(text(bytes(hash.slice(at + "shlink:/".length))));
  }

  async function inflate(data) {
    const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async function decrypt(compact, keyText) {
    const [header64, encryptedKey, iv, ciphertext, tag] = compact.trim().split(".");
    const header = JSON.parse(text(bytes(header64)));
    if (header.alg !== "dir" || header.enc !== "A256GCM" || encryptedKey !== "") throw new Error("unsupported");
    const key = await crypto.subtle.importKey("raw", bytes(keyText), "AES-GCM", false, ["decrypt"]);
    const sealed = new Uint8Array([...bytes(ciphertext), ...bytes(tag)]);
    let plain = new Uint8Array(await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes(iv), additionalData: new TextEncoder().encode(header64), tagLength: 128 }, key, sealed));
    if (header.zip === "DEF") plain = await inflate(plain);
    return JSON.parse(text(plain));
  }

  function element(name, content) {
    const node = document.createElement(name);
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function day(value) {
    if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return value || "";
    const date = new Date(value.slice(0, 10) + "T00:00:00Z");
    return new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
  }

  // A section's lines: its narrative's list items, read as text (never as markup).
  function lines(section) {
    const div = (section.text && section.text.div) || "";
    const page = new DOMParser().parseFromString(div, "text/html");
    const items = [...page.querySelectorAll("li")].map((li) => li.textContent.trim()).filter(Boolean);
    if (items.length > 0) return items;
    const whole = (page.body.textContent || "").trim();
    return whole ? [whole] : [];
  }

  function show(bundle) {
    const resources = new Map((bundle.entry || []).map((entry) => [entry.fullUrl, entry.resource]));
    const composition = (bundle.entry || []).map((entry) => entry.resource).find((r) => r && r.resourceType === "Composition");
    if (!composition) throw new Error("not a FHIR document");
    const patient = resources.get(composition.subject && composition.subject.reference) || {};
    const name = ((patient.name || [])[0] || {}).text || "";
    document.getElementById("record-title").textContent = words.title.replace("NAME", name);
    document.title = words.title.replace("NAME", name);

    const facts = element("dl");
    facts.className = "record-facts";
    for (const [term, value] of [[words.born, day(patient.birthDate)], [words.asOf, day(composition.date)]]) {
      if (!value) continue;
      const pair = element("div");
      pair.append(element("dt", term), element("dd", value));
      facts.append(pair);
    }
    record.append(facts);

    (composition.section || []).forEach((section, index) => {
      const part = element("section");
      const heading = element("h2", section.title || "");
      heading.id = "section-" + (index + 1);
      part.setAttribute("aria-labelledby", heading.id);
      part.append(heading);
      const found = lines(section);
      if (found.length === 0) {
        part.append(element("p", words.nothing));
      } else {
        const list = element("ul");
        for (const line of found) list.append(element("li", line));
        part.append(list);
      }
      record.append(part);
    });

    const print = element("button", words.print);
    print.type = "button";
    print.addEventListener("click", () => window.print());
    record.append(print);
    record.hidden = false;
    say(words.shown);
  }

  async function open() {
    let payload;
    try {
      payload = payloadOf(location.hash);
    } catch (error) {
      say(words.failed);
      return;
    }
    if (!payload) { say(words.noLink); return; }
    if (!window.isSecureContext || !window.crypto || !crypto.subtle) { say(words.insecure); return; }
    const flag = typeof payload.flag === "string" ? payload.flag : "";
    if (typeof payload.key !== "string" || payload.key.length !== 43 || typeof payload.url !== "string" || !flag.includes("U") || flag.includes("P")) {
      say(words.failed);
      return;
    }
    const url = new URL(payload.url, location.href);
    if (url.origin !== location.origin) { say(words.failed); return; }
    // The spec's GET of a U link names who asks; a static host ignores it.
    url.searchParams.set("recipient", "carereport viewer");
    let response;
    try {
      response = await fetch(url, { cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer" });
    } catch (error) {
      say(words.notFound);
      return;
    }
    if (!response.ok) { say(words.notFound); return; }
    try {
      show(await decrypt(await response.text(), payload.key));
    } catch (error) {
      say(words.failed);
    }
  }

  window.addEventListener("hashchange", () => location.reload());
  open();
})();
