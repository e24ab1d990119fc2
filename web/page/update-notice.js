// The notice of a new version (a toast at the foot of the page), loaded with its markup,
// page/update-notice.css and the later texts when page/offline.js first has one to show.

import { t, translateDocument } from "./i18n.js";

const NOTICE_HTML = `<div id="update-notice" class="toast" role="status" hidden>
<p class="toast-text"></p>
<button type="button" class="primary" data-update="reload" data-i18n="update.reload"></button>
<button type="button" data-update="dismiss" data-i18n-attr="aria-label:common.dismiss;title:common.dismiss">×</button>
</div>`;

export class UpdateNotice {
  #root;
  #onReload = null;

  /** The notice, added (hidden) at the end of `parent`. */
  constructor(parent) {
    const template = document.createElement("template");
    template.innerHTML = NOTICE_HTML;
    const root = (this.#root = template.content.firstElementChild);
    parent.append(root);
    translateDocument(root);
    root.querySelector('[data-update="reload"]').addEventListener("click", () => {
      const reload = this.#onReload;
      this.#onReload = null;
      if (reload) reload();
      else location.reload();
    });
    root.querySelector('[data-update="dismiss"]').addEventListener("click", () => this.hide());
  }

  /** kind "ready": a newer version waits for a reload; "updated": this page is the new one. */
  show(kind, onReload = null) {
    const root = this.#root;
    this.#onReload = onReload;
    root.dataset.kind = kind;
    const text = root.querySelector(".toast-text");
    text.dataset.i18n = kind === "ready" ? "update.ready" : "update.updated"; // kept on a language switch
    text.textContent = t(text.dataset.i18n);
    root.querySelector('[data-update="reload"]').hidden = kind !== "ready";
    root.hidden = false;
  }

  hide() {
    this.#root.hidden = true;
  }
}
