// What the panels around the board share: writes to the page that touch it only when the
// value changes (a panel renders every frame), a panel's part built from its markup with its
// texts (fromMarkup), and the small piece icons.

import { drawMiniPiece } from "../board/draw.js";
import { msg, show, translateDocument } from "../page/i18n.js";

/** Set `node`'s text to `text`, unless it has it already. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Set the attribute `name` to `value` (removed for null, undefined and false), unless it has it. */
export function setAttr(node, name, value) {
  if (value === null || value === undefined || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) {
    node.setAttribute(name, String(value));
  }
}

/** A new `tag` element of the class `className`, with `attributes` (name -> text). */
export function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** A new element() holding the markup `html` (a module's constant: nothing received goes in),
 * its texts shown: `texts` maps a selector to a text key, and each element the selector picks
 * under it shows that key's msg() (i18n.js show(): it follows the language). */
export function fromMarkup(tag, className, attributes, html, texts) {
  const node = element(tag, className, attributes);
  node.innerHTML = html;
  for (const [selector, key] of Object.entries(texts)) for (const n of node.querySelectorAll(selector)) show(n, msg(key));
  return node;
}

/** The <dialog> of `html` (a dialog's markup, loaded with the module that opens it) added
 * to the page with its texts filled (i18n.js: the later texts must be loaded). */
export function addDialog(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const dialog = template.content.firstElementChild;
  document.body.append(dialog);
  translateDocument(dialog);
  return dialog;
}

/** A small icon of a `color` piece of `type` (an <svg class="mini">), for the eye only. */
export function miniPiece(color, type) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "mini");
  svg.setAttribute("viewBox", "-50 -50 100 100");
  svg.setAttribute("aria-hidden", "true");
  drawMiniPiece(svg, color, type);
  return svg;
}
