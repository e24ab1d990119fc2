// web/board/notation.js: reading position texts, turns and action texts; the board's points.
// (Writing position texts, formatPosition, has its own file: notation-format.test.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  STANDARD,
  POINTS,
  SEGMENTS,
  pointAt,
  parsePoint,
  parsePosition,
  parseAction,
  turnOf,
  captureText,
  stackText,
  placeText,
} from "../../web/board/notation.js";

/** The error parsePosition throws for `text` (fails the test when it throws none). */
function positionError(text) {
  try {
    parsePosition(text);
  } catch (error) {
    return error;
  }
  assert.fail(`parsePosition(${JSON.stringify(text)}) did not throw`);
}

/** `board` of nine columns, each of its size, empty but for `stacks` ({A1: "Z2"}). */
function board(stacks = {}) {
  const sizes = [5, 6, 7, 8, 8, 8, 7, 6, 5];
  return sizes
    .map((size, col) =>
      Array.from({ length: size }, (_, i) => stacks[`${"ABCDEFGHI"[col]}${i + 1}`] ?? ".").join(""),
    )
    .join("/");
}

test("the board has 60 points, none at the centre, in position-text order", () => {
  assert.equal(POINTS.length, 60);
  assert.equal(new Set(POINTS.map((p) => p.name)).size, 60);
  assert.deepEqual(
    POINTS.slice(0, 6).map((p) => p.name),
    ["A1", "A2", "A3", "A4", "A5", "B1"],
  );
  assert.equal(pointAt(0, 8), null, "the centre is not a point");
  assert.equal(pointAt(0, 6).name, "E4");
  assert.equal(pointAt(0, 10).name, "E5");
  assert.equal(pointAt(-4, 0), null, "A1 sits at (q -4, y 4)");
  assert.equal(pointAt(-4, 4).name, "A1");
});

test("the board's lines join neighbours and never cross the centre", () => {
  const names = new Set(SEGMENTS.map(([a, b]) => [a, b].sort().join("-")));
  assert.equal(names.size, SEGMENTS.length, "each line once");
  assert.ok(names.has("A1-A2"));
  assert.ok(names.has("A1-B1") && names.has("A1-B2"));
  assert.ok(!names.has("E4-E5"), "E4 and E5 lie on either side of the centre");
  assert.ok(!names.has("A1-A3"));
});

test("parsePoint normalises a point name and refuses others", () => {
  assert.equal(parsePoint(" c3 "), "C3");
  assert.equal(parsePoint("E8"), "E8");
  assert.equal(parsePoint("A6"), null, "column A has 5 points");
  assert.equal(parsePoint("E9"), null, "column E has 8 points");
  assert.equal(parsePoint("J1"), null);
  assert.equal(parsePoint(""), null);
});

test("parsePosition reads the standard start", () => {
  const position = parsePosition(STANDARD);
  assert.equal(position.side, "white");
  assert.equal(position.step, "capture");
  assert.equal(position.turn, "w1");
  assert.equal(Object.keys(position.points).length, 60, "every point holds a piece");
  assert.deepEqual(position.points.A1, { color: "black", type: "tott", height: 1 });
  assert.deepEqual(position.points.A5, { color: "white", type: "tott", height: 1 });
  assert.deepEqual(position.points.B2, { color: "black", type: "tzarra", height: 1 });
  assert.deepEqual(position.points.C4, { color: "black", type: "tzaar", height: 1 });
  const count = {};
  for (const { color, type } of Object.values(position.points)) {
    count[`${color} ${type}`] = (count[`${color} ${type}`] ?? 0) + 1;
  }
  assert.deepEqual(count, {
    "black tott": 15,
    "white tott": 15,
    "black tzarra": 9,
    "white tzarra": 9,
    "black tzaar": 6,
    "white tzaar": 6,
  });
});

test("parsePosition reads heights, empty points, every turn and '_' as the separator", () => {
  const text = `${board({ A1: "Z3", C4: "a", I5: "T12" })}_B2`;
  const position = parsePosition(text);
  assert.deepEqual(position.points, {
    A1: { color: "white", type: "tzaar", height: 3 },
    C4: { color: "black", type: "tzarra", height: 1 },
    I5: { color: "white", type: "tott", height: 12 },
  });
  assert.equal(position.side, "black");
  assert.equal(position.step, "second");
  assert.equal(position.turn, "b2", "the turn comes back in lower case");
  assert.equal(parsePosition(`${board()} W1`).side, "white", "an upper-case W is White");
  const placing = parsePosition(`  ${board()} w0 `);
  assert.equal(placing.step, "place");
  assert.deepEqual(placing.points, {});
});

test("parsePosition says what is wrong with a malformed text", () => {
  const cases = [
    ["", "position.shape", {}],
    [board(), "position.shape", {}],
    [`${board()} w1 extra`, "position.shape", {}],
    [`${board()} w3`, "position.turn", { turn: "w3" }],
    [`${board()} x1`, "position.turn", { turn: "x1" }],
    [`${board().split("/").slice(0, 8).join("/")} w1`, "position.columns", {}],
    [`${board()}/. w1`, "position.columns", {}],
    [`..../${board().split("/").slice(1).join("/")} w1`, "position.column", { column: "A", size: 5, count: 4 }],
    [`${board().replace(/^\.{5}/, "......")} w1`, "position.column", { column: "A", size: 5, count: 6 }],
    [`${board({ B3: "q" })} w1`, "position.stack", { token: "q", column: "B" }],
    [`${board({ D1: "Z0" })} w1`, "position.stack", { token: "Z0", column: "D" }],
  ];
  for (const [text, key, params] of cases) {
    const error = positionError(text);
    assert.ok(error instanceof Error, text);
    assert.ok(error.message.length > 10, `an English message for ${text}`);
    assert.deepEqual(error.text, { key, params }, text);
  }
});

test("parsePosition quotes only an excerpt of a long bad turn", () => {
  const turn = "w".repeat(5000);
  const error = positionError(`${board()} ${turn}`);
  assert.equal(error.text.key, "position.turn");
  assert.ok(error.text.params.turn.length < 80, "the quote is clipped");
  assert.match(error.text.params.turn, /\(5000 characters\)$/);
  assert.ok(error.message.length < 200);
});

test("turnOf reads the side and step without the board", () => {
  assert.deepEqual(turnOf(STANDARD), { side: "white", step: "capture" });
  assert.deepEqual(turnOf("anything b2"), { side: "black", step: "second" });
  assert.deepEqual(turnOf("anything_b0"), { side: "black", step: "place" });
  assert.deepEqual(turnOf("anything w2"), { side: "white", step: "second" });
  assert.deepEqual(turnOf("anything B2"), { side: "black", step: "second" }, "the turn's letter in either case, as parsePosition reads it");
  assert.deepEqual(turnOf("no turn"), { side: "white", step: "capture" }, "an unknown turn reads as w1");
  assert.deepEqual(turnOf(""), { side: "white", step: "capture" });
});

test("parseAction reads captures, stackings, placements and passes", () => {
  assert.deepEqual(parseAction("C5xC4"), { kind: "capture", from: "C5", to: "C4", type: null });
  assert.deepEqual(parseAction(" b3 X c4 "), { kind: "capture", from: "B3", to: "C4", type: null });
  assert.deepEqual(parseAction("B3-C4"), { kind: "stack", from: "B3", to: "C4", type: null });
  assert.deepEqual(parseAction("PASS"), { kind: "pass", from: null, to: null, type: null });
  assert.deepEqual(parseAction("Z@E5"), { kind: "place", from: null, to: "E5", type: "tzaar" });
  assert.deepEqual(parseAction("a@a1"), { kind: "place", from: null, to: "A1", type: "tzarra" });
  assert.deepEqual(parseAction("t@I5"), { kind: "place", from: null, to: "I5", type: "tott" });
  assert.deepEqual(parseAction(" Z @ c3 "), { kind: "place", from: null, to: "C3", type: "tzaar" }, "spaces around @, as tzaar.rules.notation reads them");
});

test("parseAction returns null for what is not an action", () => {
  for (const text of ["", "C5", "C5xC4x", "C5 C4", "C5/C4", "A6xA1", "A1xE9", "J1xA1", "Q@A1", "Z@A6", "Z@", "passes", "1xA1", "C5xC4,B3xC4"]) {
    assert.equal(parseAction(text), null, JSON.stringify(text));
  }
});

test("the action writers give texts parseAction reads back", () => {
  assert.equal(captureText("C5", "C4"), "C5xC4");
  assert.equal(stackText("B3", "C4"), "B3-C4");
  assert.equal(placeText("tzarra", "E5"), "A@E5");
  assert.deepEqual(parseAction(captureText("D1", "D2")), { kind: "capture", from: "D1", to: "D2", type: null });
  assert.deepEqual(parseAction(stackText("D1", "D2")), { kind: "stack", from: "D1", to: "D2", type: null });
  for (const type of ["tzaar", "tzarra", "tott"]) {
    assert.equal(parseAction(placeText(type, "H6")).type, type);
  }
});
