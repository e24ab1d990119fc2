// formatPosition and parsePosition (web/board/notation.js) are each other's inverse.
import { test } from "node:test";
import assert from "node:assert/strict";

import { POINTS, STANDARD, TYPES, formatPosition, parsePosition } from "../../web/board/notation.js";

const TEXTS = [
  STANDARD,
  "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT b2",
  "Z3..../.a12..../......./..t..T2../......../......../......./....../....z w0",
  "...../....../......./......../......../......../......./....../..... b1",
];

test("a position text reads and writes back as it was", () => {
  for (const text of TEXTS) assert.equal(formatPosition(parsePosition(text)), text);
});

test("the written text is the canonical form: a space, a lower-case turn, no height 1", () => {
  const read = parsePosition("Z1..../....../......./......../......../......../......./....../....._W0");
  assert.equal(formatPosition(read), "Z..../....../......./......../......../......../......./....../..... w0");
});

test("points and turn survive writing and reading again", () => {
  let seed = 7;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < 200; i += 1) {
    const points = {};
    for (const { name } of POINTS) {
      if (random(3) === 0) continue;
      points[name] = { color: random(2) ? "white" : "black", type: TYPES[random(3)], height: 1 + random(random(4) === 0 ? 30 : 2) };
    }
    const turn = `${"wb"[random(2)]}${random(3)}`;
    const read = parsePosition(formatPosition({ points, turn }));
    assert.deepEqual(read.points, points);
    assert.equal(read.turn, turn);
  }
});
