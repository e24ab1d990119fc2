// Test set-up, not a test: the page's texts in node. web/page/i18n.js fetches web/lang/<code>.json
// and fills the document with them; here `fetch` reads the file from disk and the document is
// an empty one (no element to fill), so that t() gives the real texts of a language.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { lang, setLanguage } from "../../web/page/i18n.js";

/** Switch i18n.js to `code` ("pl") with its file from web/lang/. */
export async function useLanguage(code) {
  globalThis.fetch = async (url) => {
    try {
      return new Response(await readFile(fileURLToPath(url)));
    } catch {
      return new Response(null, { status: 404 });
    }
  };
  globalThis.document ??= { documentElement: {}, querySelectorAll: () => [], querySelector: () => null };
  await setLanguage(code);
  if (lang() !== code) throw new Error(`i18n.js did not switch to ${code}`);
}
