// The colour theme: "auto" follows the system; "light" and "dark" override it (the theme
// button's command, app.js).
import { t } from "./i18n.js";

export class Theme {
  #storage;
  #button;
  static ORDER = ["auto", "light", "dark"];
  static LABEL = {
    get auto() {
      return t("theme.auto");
    },
    get light() {
      return t("theme.light");
    },
    get dark() {
      return t("theme.dark");
    },
  };

  constructor(button, storage) {
    this.#button = button;
    this.#storage = storage;
    this.apply(storage.get("tzaar.theme") ?? "auto");
  }

  apply(theme) {
    if (!Theme.ORDER.includes(theme)) theme = "auto";
    this.theme = theme;
    if (theme === "auto") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.dataset.theme = theme;
    const name = this.#button.querySelector("#theme-name");
    if (name) name.textContent = Theme.LABEL[theme];
    this.#button.setAttribute("aria-label", t("theme.aria", { theme: Theme.LABEL[theme] }));
    this.#storage.set("tzaar.theme", theme);
  }

  next() {
    this.apply(Theme.ORDER[(Theme.ORDER.indexOf(this.theme) + 1) % Theme.ORDER.length]);
  }
}
