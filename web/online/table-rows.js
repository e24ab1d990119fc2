// The rows of a table kept in step with a list (the lobby's players waiting, the open
// challenges): each item's row made once, moved only when out of place, removed when gone.

/** One row per item of `items` in `body`, in the items' order. `rows` (a Map the caller keeps
 * between renders) holds them by `keyOf(item)`: a row is made once (`make(item)`), brought up to
 * date each time (`update(row, item)`) and moved only when out of place; the rows of keys no
 * longer listed are removed. */
export function placeKeyedRows(body, rows, items, keyOf, make, update) {
  const live = new Set();
  let previous = null;
  for (const item of items) {
    const key = keyOf(item);
    live.add(key);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = make(item)));
    update(row, item);
    const place = previous ? previous.nextSibling : body.firstChild;
    if (place !== row) body.insertBefore(row, place);
    previous = row;
  }
  for (const [key, row] of rows) {
    if (live.has(key)) continue;
    row.remove();
    rows.delete(key);
  }
}
