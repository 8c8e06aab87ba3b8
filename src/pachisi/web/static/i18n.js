// The site's languages (English, Hindi, Kannada): the message catalogue of
// the chosen language, `t(key, values)` to read it, and the switch.
//
// The catalogue comes from the server (GET /api/messages/{lang}): the page's
// messages (pachisi.web.messages) and the words for moves and results of the
// core (pachisi.describe.PHRASES), one object. The language is the one chosen
// with the switch (kept in localStorage), else the browser's first language
// the site has, else English.

export const LANGS = ["en", "hi", "kn"];
const LANG_SETTING = "pachisi.lang";
const NAMES = { en: "English", hi: "हिन्दी", kn: "ಕನ್ನಡ" };

let lang = "en";
let table = {};

/** The language chosen for this browser. */
export function chosenLanguage() {
  const saved = localStorage.getItem(LANG_SETTING);
  if (LANGS.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const base = String(wanted).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

/** Load the catalogue of the chosen language (once, before the page draws). */
export async function loadLanguage() {
  lang = chosenLanguage();
  try {
    const response = await fetch(`/api/messages/${lang}`, { cache: "no-store" });
    table = await response.json();
  } catch {
    table = {};
  }
  document.documentElement.lang = lang;
  translatePage();
  return lang;
}

/** The language in use. */
export function language() {
  return lang;
}

/** A message with its `{name}` fields filled in; the key itself when missing. */
export function t(key, values = {}) {
  const template = key in table ? table[key] : key;
  return fill(template, values);
}

/** Whether the catalogue has `key`. */
export function has(key) {
  return key in table;
}

/** `template` with each `{name}` replaced by `values[name]` (as pachisi.describe does). */
export function fill(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) =>
    name in values && values[name] !== undefined && values[name] !== null ? String(values[name]) : whole,
  );
}

/**
 * Put the catalogue's words into the page: an element's data-i18n attribute
 * names the key of its text, data-i18n-html of its text with marks (<code>,
 * <kbd>), data-i18n-attr "attr:key;attr:key" pairs for attributes.
 */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    if (has(node.dataset.i18n)) node.textContent = t(node.dataset.i18n);
  }
  for (const node of root.querySelectorAll("[data-i18n-html]")) {
    // Only our own catalogue's markup (<code>, <kbd>, <strong>) is let through.
    if (has(node.dataset.i18nHtml)) node.innerHTML = safeMarkup(t(node.dataset.i18nHtml));
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key && has(key)) node.setAttribute(attr, t(key));
    }
  }
}

function safeMarkup(text) {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return escaped.replace(/&lt;(\/?)(code|kbd|strong|em)&gt;/g, "<$1$2>");
}

/** The language switch: a labelled select that reloads the page in the language chosen. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "lang";
  select.dataset.testid = "lang";
  select.setAttribute("aria-label", t("lang.label"));
  for (const code of LANGS) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = NAMES[code];
    option.lang = code;
    if (code === lang) option.selected = true;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(LANG_SETTING, select.value);
    location.reload();
  });
  const label = document.createElement("label");
  label.className = "lang-switch";
  label.append(select);
  return label;
}

/** Put the language switch at the end of the page's top bar. */
export function mountLanguageSwitch() {
  const bar = document.querySelector(".topbar");
  if (bar && !document.getElementById("lang")) bar.append(languageSwitch());
}
