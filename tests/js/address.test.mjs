// web/links/address.js: the links to a position or a game, written and read back; a malformed link
// gives {kind: "error"} with a msg() saying what is wrong, never an exception.
import { test } from "node:test";
import assert from "node:assert/strict";

import { parseLink, positionHash, gameHash, linkTo } from "../../web/links/address.js";
import { parseInvite, parseTurnsLink, turnsHash } from "../../web/online/protocol.js";
import { STANDARD } from "../../web/board/notation.js";

const START_HASH = "#ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT_w1";
const EMPTY = "...../....../......./......../......../......../......./....../.....";

test("positionHash writes '_' for the position's space", () => {
  assert.equal(positionHash(STANDARD), START_HASH);
  assert.equal(positionHash(`  ${EMPTY}   b0 `), `#${EMPTY}_b0`);
});

test("gameHash writes the start, '~' and the actions; no '~' without actions", () => {
  assert.equal(gameHash(STANDARD, ["C5xC4", "B3xC4", "pass"]), `${START_HASH}~C5xC4,B3xC4,pass`);
  assert.equal(gameHash(STANDARD, []), START_HASH);
});

test("linkTo puts index.html beside the given address", () => {
  assert.equal(linkTo("#x_w1", "https://example.org/tzaar/about.html?q=1#old"), "https://example.org/tzaar/index.html#x_w1");
  assert.equal(linkTo("", "https://example.org/"), "https://example.org/index.html");
});

test("no fragment reads as none", () => {
  for (const hash of [undefined, null, "", "#", "#   ", "  "]) {
    assert.deepEqual(parseLink(hash), { kind: "none" }, JSON.stringify(hash));
  }
});

test("a position link gives the position text with its space", () => {
  assert.deepEqual(parseLink(START_HASH), { kind: "position", position: STANDARD });
  assert.deepEqual(parseLink(START_HASH.slice(1)), { kind: "position", position: STANDARD }, "without '#'");
  assert.deepEqual(parseLink(START_HASH.replace("_", "%20")), { kind: "position", position: STANDARD }, "escaped space");
  assert.deepEqual(parseLink(START_HASH.replace("_w1", "_W1")), { kind: "position", position: STANDARD }, "the turn in lower case");
  assert.deepEqual(parseLink(`${START_HASH}~`), { kind: "position", position: STANDARD }, "'~' with no action");
  assert.deepEqual(parseLink(`#${EMPTY}_B0`), { kind: "position", position: `${EMPTY} b0` });
});

test("a game link gives its start and its actions in order", () => {
  assert.deepEqual(parseLink(`${START_HASH}~C5xC4,B3xC4,pass`), {
    kind: "game",
    start: STANDARD,
    actions: ["C5xC4", "B3xC4", "pass"],
  });
  assert.deepEqual(parseLink(`#${EMPTY}_W0~Z@E5, t@a1`), {
    kind: "game",
    start: `${EMPTY} w0`,
    actions: ["Z@E5", "t@a1"],
  });
});

test("what gameHash writes, parseLink reads back", () => {
  const actions = ["C5xC4", "B3-C4", "pass", "E2xE3"];
  assert.deepEqual(parseLink(gameHash(STANDARD, actions)), { kind: "game", start: STANDARD, actions });
  assert.deepEqual(parseLink(positionHash(`${EMPTY} b2`)), { kind: "position", position: `${EMPTY} b2` });
});

/** The msg() of the error `hash` gives (fails the test on any other answer). */
function errorOf(hash) {
  const link = parseLink(hash);
  assert.equal(link.kind, "error", `${hash.slice(0, 60)} should be an error`);
  assert.deepEqual(Object.keys(link), ["kind", "message"]);
  return link.message;
}

test("a malformed link says what is wrong", () => {
  assert.deepEqual(errorOf(`${START_HASH}~${"C5xC4,".repeat(4000)}`), { key: "link.tooLong", params: {} });
  assert.deepEqual(errorOf(`${START_HASH}~C5xC4%E0%A4%A`), { key: "link.escape", params: {} });
  assert.deepEqual(errorOf(`${START_HASH}~C5xC4<script>`), { key: "link.characters", params: {} });
  assert.deepEqual(errorOf(`${START_HASH}~C5xC4;alert(1)`), { key: "link.characters", params: {} });
  assert.deepEqual(errorOf(`${START_HASH}~C5xC4~B3xC4`), { key: "link.tildes", params: {} });
  assert.deepEqual(errorOf(`${START_HASH}~C5xC4,C5xZ9,pass`), { key: "link.move", params: { number: 2, move: "C5xZ9" } });
  assert.deepEqual(errorOf(`${START_HASH}~C5xC4,,pass`), { key: "link.move", params: { number: 2, move: "" } });
  assert.deepEqual(errorOf(`${START_HASH}~pass,${"A".repeat(100)}`).params.move, `${"A".repeat(20)}… (100 characters)`);
});

test("a link with a bad position quotes the position's own error", () => {
  assert.deepEqual(errorOf("#hello"), {
    key: "link.position",
    params: { detail: { key: "position.shape", params: {} } },
  });
  assert.deepEqual(errorOf(`#${EMPTY}_w7~pass`), {
    key: "link.position",
    params: { detail: { key: "position.turn", params: { turn: "w7" } } },
  });
  assert.deepEqual(errorOf(`#${EMPTY.replace("...../", "..../")}_w1`), {
    key: "link.position",
    params: { detail: { key: "position.column", params: { column: "A", size: 5, count: 4 } } },
  });
});

test("an invite or a game by turns' link goes to online play, which reads it whole: cut short or changed, it finds none (online.js then says the link is damaged)", () => {
  const room = "Ab3dEf6hIj9kLm2nOp4r", secret = "s3cr3t-s3cr3t_s3cr3t";
  const turnsRoom = "Ab3dEf6hIj9kLm2nOp4rSt"; // (22: a host's key)
  assert.deepEqual(parseLink(`#online=${room}.${secret}`), { kind: "online" });
  assert.deepEqual(parseLink(`#turns=${turnsRoom}.${secret}`), { kind: "online" });
  assert.deepEqual(parseInvite(`#online=${room}.${secret}`), { room, secret });
  assert.deepEqual(parseTurnsLink(`#turns=${turnsRoom}.${secret}`), { room: turnsRoom, secret, host: null }, "a link of before, with no host's key");
  // The host's key (hex) rides in the link in base64url, and comes back whole.
  const host = "00ff10ab".repeat(8);
  const link = turnsHash(turnsRoom, secret, host);
  assert.match(link, /^#turns=[\w-]{22}\.[\w-]+\.[\w-]{43}$/);
  assert.deepEqual([parseLink(link), parseTurnsLink(link)], [{ kind: "online" }, { room: turnsRoom, secret, host }]);
  // A chat app that cut the link, or a hand that changed it: no room or no secret to join.
  for (const hash of [`#online=${room}`, `#online=${room}.`, `#online=${room}.${secret.slice(0, 8)}`, "#online=", `#turns=${turnsRoom}`, "#turns=abc.def", "#turns=", `#online=${room}.${secret}<`, `#turns=${turnsRoom}.${secret}%20`, `${link.slice(0, -1)}`, `${link}A`, `${link}.`]) {
    assert.deepEqual(parseLink(hash), { kind: "online" }, hash);
    assert.equal(parseInvite(hash) ?? parseTurnsLink(hash), null, hash);
  }
});

test("parseLink never throws: any input gives one of its four kinds", () => {
  const inputs = [
    "%", "%%", "#%u0041", "~", "~~~", "#_", "#__w1", "#~pass", "#/////////_w1", "# w1 ~", "#x".repeat(10001),
    `${START_HASH}~${"pass,".repeat(3000)}`, `#${"/".repeat(19000)}_w1`, 42, {}, [],
    "#\u0000", "#é", "#%C3%A9", "#..........", `${START_HASH}~@,@,@`, `${START_HASH}~Z@`,
  ];
  for (const input of inputs) {
    const link = parseLink(input);
    assert.ok(["none", "position", "game", "error"].includes(link.kind), String(input).slice(0, 40));
    if (link.kind === "error") assert.equal(typeof link.message.key, "string");
  }
});
