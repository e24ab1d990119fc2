// Style sheets loaded on first use: a feature that loads later brings its own sheet.

/** A style sheet (a URL), added to the page: resolves when its rules apply. */
export function loadStyle(url) {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = url.href;
    link.onload = resolve;
    link.onerror = () => reject(new Error(`${url.pathname} did not load`));
    document.head.append(link);
  });
}
