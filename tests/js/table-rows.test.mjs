// A table's rows kept in step with a list (web/online/table-rows.js), on a stand-in for the
// table's body: the order followed, each row made once and moved only when out of place.

import { test } from "node:test";
import assert from "node:assert/strict";

import { placeKeyedRows } from "../../web/online/table-rows.js";

/** A stand-in for a <tbody>: its rows in a list, with the DOM's firstChild, nextSibling,
 * insertBefore and remove, counting the moves. */
function fakeBody() {
  const body = { kids: [], moves: 0 };
  const row = (key) => {
    const r = { key, text: "" };
    Object.defineProperty(r, "nextSibling", { get: () => body.kids[body.kids.indexOf(r) + 1] ?? null });
    r.remove = () => body.kids.splice(body.kids.indexOf(r), 1);
    return r;
  };
  Object.defineProperty(body, "firstChild", { get: () => body.kids[0] ?? null });
  body.insertBefore = (r, place) => {
    body.moves += 1;
    if (body.kids.includes(r)) r.remove();
    body.kids.splice(place ? body.kids.indexOf(place) : body.kids.length, 0, r);
  };
  body.row = row;
  return body;
}

function render(body, rows, items, made) {
  placeKeyedRows(body, rows, items, (item) => item.id, (item) => (made.push(item.id), body.row(item.id)), (r, item) => (r.text = item.name));
  return body.kids.map((r) => `${r.key}:${r.text}`);
}

test("rows follow the list's order, made once, brought up to date, moved only when out of place, gone when unlisted", () => {
  const body = fakeBody();
  const rows = new Map();
  const made = [];
  assert.deepEqual(render(body, rows, [{ id: "a", name: "Ada" }, { id: "b", name: "Bo" }], made), ["a:Ada", "b:Bo"]);
  const moves = body.moves;
  assert.deepEqual(render(body, rows, [{ id: "a", name: "Ada" }, { id: "b", name: "Bob" }], made), ["a:Ada", "b:Bob"]);
  assert.equal(body.moves, moves, "no row moved when the order holds");
  assert.deepEqual(render(body, rows, [{ id: "c", name: "Cy" }, { id: "b", name: "Bob" }], made), ["c:Cy", "b:Bob"]);
  assert.deepEqual(made, ["a", "b", "c"], "each row made once");
  assert.deepEqual([...rows.keys()].sort(), ["b", "c"], "the unlisted row forgotten");
  assert.deepEqual(render(body, rows, [{ id: "b", name: "Bob" }, { id: "c", name: "Cy" }], made), ["b:Bob", "c:Cy"]);
  assert.deepEqual(render(body, rows, [], made), []);
  assert.equal(rows.size, 0);
});
