// web/game/state.js: what is derived from the game's state (pure functions), on small states
// built here. The game: White C5xC4; Black C3xC4, pass; White D5xC4, D2-D3.
import { test, before } from "node:test";
import assert from "node:assert/strict";

import {
  initialState,
  positionAt,
  turnsOf,
  turnBoundaries,
  lastTurnActions,
  turnsBefore,
  marksOf,
  canUndo,
  canRedo,
  personCursorBefore,
  afterPlay,
  afterLoad,
  sideToMove,
  capturedOf,
  shownPoints,
  countsOf,
  personToMove,
  targetsOf,
  losingTargetsOf,
  sourcesOf,
  hintOf,
  thinkingOf,
  onlyProgress,
  thinkingShare,
  sanitizePlayers,
  resultOf,
  linkAlert,
  endOf,
  winnerOf,
  endText,
} from "../../web/game/state.js";
import { STANDARD } from "../../web/board/notation.js";
import { registerPlayerKind } from "../../web/game/players.js";
import { useLanguage } from "./lang.mjs";

const COMPUTER = "test-computer";
registerPlayerKind(COMPUTER, { label: "Test computer", chooseActions: async () => [] });

before(() => useLanguage("en"));

const ACTIONS = ["C5xC4", "C3xC4", "pass", "D5xC4", "D2-D3"];
// The position after each action (columns C and D change).
const POSITIONS = [
  "ttttT/TaaaAT/TAzZ.AT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT b1",
  "ttttT/TaaaAT/TA.z.AT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT b2",
  "ttttT/TaaaAT/TA.z.AT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1",
  "ttttT/TaaaAT/TA.T.AT/TAZt.ZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w2",
  "ttttT/TaaaAT/TA.T.AT/T.A2t.ZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT b1",
];
const TURNS = [
  { number: 1, side: "white", actions: ["C5xC4"] },
  { number: 2, side: "black", actions: ["C3xC4", "pass"] },
  { number: 3, side: "white", actions: ["D5xC4", "D2-D3"] },
];

/** The game above, shown after `cursor` actions, with `changes`. */
function game(cursor = ACTIONS.length, changes = {}) {
  return {
    ...initialState(),
    actions: [...ACTIONS],
    positions: [...POSITIONS],
    turns: structuredClone(TURNS),
    cursor,
    ...changes,
  };
}

/** A View of the kind the engine sends (only what game/state.js reads). */
function view(changes = {}) {
  return {
    side: "white",
    step: "capture",
    winner: null,
    reason: null,
    last: [],
    legal: { captures: { D5: ["C4", "D4"], C6: ["C5"] }, stacks: { D5: ["D6"], D2: ["D3"] }, place: [], losing: ["D2-D3"] },
    reserve: { white: { tzaar: 0, tzarra: 0, tott: 0 }, black: { tzaar: 0, tzarra: 0, tott: 0 } },
    ...changes,
  };
}

test("a fresh state starts at the standard position, nothing played", () => {
  const state = initialState();
  assert.equal(state.start, STANDARD);
  assert.equal(positionAt(state), STANDARD);
  assert.deepEqual([state.actions, state.positions, state.turns, state.cursor], [[], [], [], 0]);
  assert.equal(canUndo(state), false);
  assert.equal(canRedo(state), false);
  assert.equal(initialState("x w0").start, "x w0");
});

test("positionAt gives the start, then the position after each action", () => {
  const state = game(2);
  assert.equal(positionAt(state), POSITIONS[1], "the shown position (the cursor's)");
  assert.equal(positionAt(state, 0), STANDARD);
  assert.equal(positionAt(state, 1), POSITIONS[0]);
  assert.equal(positionAt(state, 5), POSITIONS[4]);
});

test("turnsOf numbers each turn's first action; turnBoundaries lists them and the end", () => {
  assert.deepEqual(
    turnsOf(game()).map(({ number, side, start }) => [number, side, start]),
    [[1, "white", 0], [2, "black", 1], [3, "white", 3]],
  );
  assert.deepEqual(turnBoundaries(game()), [0, 1, 3, 5]);
  assert.deepEqual(turnBoundaries(initialState()), [0]);
});

test("lastTurnActions gives the part of the latest turn played before the cursor", () => {
  const expected = [[], ["C5xC4"], ["C3xC4"], ["C3xC4", "pass"], ["D5xC4"], ["D5xC4", "D2-D3"]];
  for (let cursor = 0; cursor <= 5; cursor += 1) {
    assert.deepEqual(lastTurnActions(game(cursor)), expected[cursor], `cursor ${cursor}`);
    assert.deepEqual(lastTurnActions(game(5), cursor), expected[cursor], `cursor ${cursor} given`);
  }
});

test("turnsBefore cuts the turns at the cursor", () => {
  assert.deepEqual(turnsBefore(game(), 0), []);
  assert.deepEqual(turnsBefore(game(), 2), [
    { number: 1, side: "white", actions: ["C5xC4"] },
    { number: 2, side: "black", actions: ["C3xC4"] },
  ]);
  assert.deepEqual(turnsBefore(game(), 5), TURNS);
  assert.deepEqual(game().turns, TURNS, "the state's turns are left as they were");
});

test("marksOf marks the last turn, and the turn before more faintly mid-turn", () => {
  assert.deepEqual(marksOf(game(0)), []);
  assert.deepEqual(marksOf(game(1)), [{ from: "C5", to: "C4", kind: "capture", older: false }]);
  // After Black's pass White is to move: only Black's turn is marked (the pass is no mark).
  assert.deepEqual(marksOf(game(3)), [{ from: "C3", to: "C4", kind: "capture", older: false }]);
  // White between its two actions (w2): Black's turn stays, older.
  assert.deepEqual(marksOf(game(4)), [
    { from: "C3", to: "C4", kind: "capture", older: true },
    { from: "D5", to: "C4", kind: "capture", older: false },
  ]);
  assert.deepEqual(marksOf(game(5)), [
    { from: "D5", to: "C4", kind: "capture", older: false },
    { from: "D2", to: "D3", kind: "stack", older: false },
  ]);
});

test("undo and redo are possible inside the game only", () => {
  assert.deepEqual([canUndo(game(0)), canRedo(game(0))], [false, true]);
  assert.deepEqual([canUndo(game(3)), canRedo(game(3))], [true, true]);
  assert.deepEqual([canUndo(game(5)), canRedo(game(5))], [true, false]);
});

test("personCursorBefore goes back to where a person is to move against the computer", () => {
  const whitePerson = game(5, { players: { white: "person", black: COMPUTER } });
  assert.equal(personCursorBefore(whitePerson, 4), 4, "White plays action 4");
  assert.equal(personCursorBefore(whitePerson, 3), 3);
  assert.equal(personCursorBefore(whitePerson, 2), 0, "actions 1 and 2 are Black's");
  assert.equal(personCursorBefore(whitePerson, 4, [0, 1, 3, 5]), 3, "only at the stops");
  assert.equal(personCursorBefore(whitePerson, 2, [1, 5]), 5, "no stop fits: the shown cursor");
  const blackPerson = game(5, { players: { white: COMPUTER, black: "person" } });
  assert.equal(personCursorBefore(blackPerson, 4), 2);
  assert.equal(personCursorBefore(blackPerson, 0), 5, "none: the shown cursor");
  for (const players of [{ white: "person", black: "person" }, { white: COMPUTER, black: COMPUTER }]) {
    assert.equal(personCursorBefore(game(5, { players }), 2), 2, "two persons or none: the cursor itself");
  }
  assert.equal(personCursorBefore(whitePerson, -1), -1);
});

test("afterPlay drops the later actions and starts a new turn as the engine grouped it", () => {
  const state = game(3, { views: ["v0", "v1", "v2", "v3", "v4", "v5"] });
  const next = view({ side: "white", step: "second", last: ["D5xC4"] });
  const answer = { view: next, positions: [POSITIONS[3]], turns: [{ number: 1, side: "white", actions: ["D5xC4"] }], continues: false };
  const { played, changes } = afterPlay(state, answer, "d5xc4");
  assert.equal(played, "D5xC4", "the engine's canonical text");
  assert.deepEqual(changes.actions, ["C5xC4", "C3xC4", "pass", "D5xC4"]);
  assert.deepEqual(changes.positions, POSITIONS.slice(0, 4));
  assert.deepEqual(changes.turns, [...TURNS.slice(0, 2), { number: 3, side: "white", actions: ["D5xC4"] }]);
  assert.deepEqual(changes.views, ["v0", "v1", "v2", "v3", next]);
  assert.equal(changes.cursor, 4);
  assert.equal(changes.view, next);
  assert.equal(state.actions.length, 5, "the state itself is not changed");
});

test("afterPlay adds a turn's second action to that turn when the engine says it continues it", () => {
  const state = game(4, { turns: turnsBefore(game(), 4) });
  const turns = [{ number: 1, side: "white", actions: ["D2-D3"] }];
  const answer = { view: view({ side: "black", last: ["D2-D3"] }), positions: [POSITIONS[4]], turns, continues: true };
  const { changes } = afterPlay(state, answer, "D2-D3");
  assert.deepEqual(changes.turns, TURNS);
  assert.deepEqual(changes.actions, ACTIONS);
  assert.equal(changes.cursor, 5);
  assert.deepEqual(state.turns, turnsBefore(game(), 4), "the state's turns are left as they were");
});

test("sideToMove: the View's side, else the position text's while the View loads", () => {
  assert.equal(sideToMove(game(3, { view: view({ side: "black" }) })), "black");
  assert.equal(sideToMove(game(3)), "white");
  assert.equal(sideToMove(game(1)), "black");
  assert.equal(sideToMove(game(0, { start: STANDARD.replace(" ", "_") })), "white");
});

test("afterPlay keeps the tray's type while the side has one left", () => {
  const placing = (reserve) => view({ step: "place", reserve, last: ["T@E5"] });
  const turns = [{ number: 1, side: "white", actions: ["T@E5"] }];
  const state = { ...initialState("x w0"), placeType: { white: "tott", black: "tzaar" } };
  const some = placing({ white: { tzaar: 1, tzarra: 1, tott: 1 }, black: { tzaar: 1, tzarra: 0, tott: 0 } });
  assert.deepEqual(afterPlay(state, { view: some, positions: ["y b0"], turns, continues: false }, "T@E5").changes.placeType, {
    white: "tott",
    black: "tzaar",
  });
  const none = placing({ white: { tzaar: 1, tzarra: 1, tott: 0 }, black: { tzaar: 1, tzarra: 0, tott: 0 } });
  assert.deepEqual(afterPlay(state, { view: none, positions: ["y b0"], turns, continues: false }, "T@E5").changes.placeType, {
    white: null,
    black: "tzaar",
  });
});

test("afterLoad shows the replayed game at its end, or at the last occurrence of a position asked for", () => {
  const answer = { start: STANDARD, actions: ACTIONS, positions: POSITIONS, turns: TURNS, view: view() };
  const before = { ...initialState(), selected: "D5", loaded: 2 };
  const more = { setup: "link", end: { reason: "resigned", loser: "black" } };
  const { changes, cursor } = afterLoad(before, answer, { start: STANDARD, cursor: 5, at: null, more });
  assert.equal(cursor, 5);
  assert.deepEqual([changes.cursor, changes.actions, changes.view, changes.views[5], changes.views.length], [5, ACTIONS, answer.view, answer.view, 6]);
  assert.deepEqual([changes.setup, changes.waiting, changes.selected, changes.loaded, changes.clock], ["link", null, null, 3, null]);
  assert.deepEqual(changes.end, { reason: "resigned", loser: "black" });
  assert.equal(afterLoad(before, answer, { start: STANDARD, cursor: 5, at: POSITIONS[1], more: {} }).cursor, 2, "the position asked for");
  assert.equal(afterLoad(before, answer, { start: STANDARD, cursor: 0, at: STANDARD, more: {} }).cursor, 0, "the cursor shows it");
  assert.equal(afterLoad(before, answer, { start: STANDARD, cursor: 5, at: "x w0", more: {} }), null, "not in the game");
});

test("capturedOf lists the stacks each side took up to the cursor", () => {
  const z = { color: "black", type: "tzaar", height: 1 };
  const Z = { color: "white", type: "tzaar", height: 1 };
  assert.deepEqual(capturedOf(game(0)), { white: [], black: [] });
  assert.deepEqual(capturedOf(game(1)), { white: [z], black: [] });
  assert.deepEqual(capturedOf(game(3)), { white: [z], black: [Z] });
  assert.deepEqual(capturedOf(game(5)), { white: [z, z], black: [Z] });
});

test("without a View the counts are read from the position text", () => {
  const start = countsOf(initialState());
  assert.deepEqual(start, {
    tops: { white: { tzaar: 6, tzarra: 9, tott: 15 }, black: { tzaar: 6, tzarra: 9, tott: 15 } },
    pieces: { white: 30, black: 30 },
    reserve: null,
  });
  const end = countsOf(game(5));
  assert.deepEqual(end.tops, { white: { tzaar: 4, tzarra: 9, tott: 15 }, black: { tzaar: 4, tzarra: 9, tott: 15 } });
  assert.deepEqual(end.pieces, { white: 29, black: 28 });
  assert.deepEqual(shownPoints(game(5)).D3, { color: "white", type: "tzarra", height: 2 });
  const seen = view({ points: { A1: "from the view" }, tops: "t", pieces: "p" });
  assert.deepEqual(shownPoints(game(5, { view: seen })), { A1: "from the view" });
  assert.deepEqual(countsOf(game(5, { view: seen })), { tops: "t", pieces: "p", reserve: seen.reserve });
});

test("the board's targets come from the View, for a person to move only", () => {
  const players = { white: "person", black: COMPUTER };
  assert.deepEqual(targetsOf(game(5, { players, view: view(), selected: "D5" })), { C4: "capture", D4: "capture", D6: "stack" });
  assert.deepEqual(targetsOf(game(5, { players, view: view(), selected: null })), {});
  assert.deepEqual(targetsOf(game(5, { players, view: view(), selected: "A1" })), {});
  assert.deepEqual(targetsOf(game(5, { players, view: null, selected: "D5" })), {});
  assert.deepEqual(targetsOf(game(5, { players, view: view({ side: "black" }), selected: "D5" })), {}, "the computer's turn");
  assert.deepEqual(targetsOf(game(5, { players, view: view({ winner: "black" }), selected: "D5" })), {}, "the game is over");
  assert.deepEqual(sourcesOf(game(5, { players, view: view() })).sort(), ["C6", "D2", "D5"]);
  assert.deepEqual(sourcesOf(game(5, { players, view: view({ side: "black" }) })), []);
  assert.deepEqual(losingTargetsOf(game(5, { view: view(), selected: "D2" })), ["D3"]);
  assert.deepEqual(losingTargetsOf(game(5, { view: view(), selected: "D5" })), []);
  assert.equal(personToMove(game(5, { players, view: view() })), true);
  assert.equal(personToMove(game(5, { players, view: view({ side: "black" }) })), false);
});

test("a mode that owns the turn (an exercise answered: state.prompt.play false) stops the person's play", () => {
  const players = { white: "person", black: "person" };
  const owned = (play) => game(5, { players, view: view(), selected: "D5", prompt: { title: "t", detail: null, play } });
  assert.equal(personToMove(owned(true)), true, "its answer still to play");
  assert.deepEqual(targetsOf(owned(true)), { C4: "capture", D4: "capture", D6: "stack" });
  assert.equal(personToMove(owned(false)), false, "its answer in");
  assert.deepEqual(targetsOf(owned(false)), {});
  assert.equal(hintOf({ ...owned(false), hint: { position: POSITIONS[4], action: "D5xC4", chance: 0.5 } }), null);
});

test("placement targets need a chosen type with pieces left", () => {
  const placing = (tott) =>
    view({ step: "place", legal: { captures: {}, stacks: {}, place: ["E5", "A1"], losing: [] }, reserve: { white: { tzaar: 0, tzarra: 0, tott }, black: { tzaar: 0, tzarra: 0, tott: 0 } } });
  assert.deepEqual(targetsOf(game(5, { view: placing(2), placeType: { white: "tott", black: null } })), { E5: "place", A1: "place" });
  assert.deepEqual(targetsOf(game(5, { view: placing(0), placeType: { white: "tott", black: null } })), {});
  assert.deepEqual(targetsOf(game(5, { view: placing(2), placeType: { white: null, black: "tott" } })), {});
  const withMoves = { ...placing(2), legal: { ...placing(2).legal, captures: { E5: ["E6"] }, stacks: { A1: ["A2"] } } };
  assert.deepEqual(sourcesOf(game(5, { view: withMoves })), [], "no stack acts while placing");
});

test("the hint shows only in its position and for a person to move", () => {
  const hint = { position: POSITIONS[4], action: "D5xC4", chance: 0.75 };
  assert.deepEqual(hintOf(game(5, { view: view(), hint })), { action: "D5xC4", from: "D5", to: "C4", chance: 0.75 });
  assert.deepEqual(hintOf(game(5, { view: view(), hint: { ...hint, action: "T@E5", chance: undefined } })), {
    action: "T@E5",
    from: null,
    to: "E5",
    chance: null,
  });
  assert.equal(hintOf(game(4, { view: view(), hint })), null, "another position");
  assert.equal(hintOf(game(5, { view: view(), hint: null })), null);
  assert.equal(hintOf(game(5, { view: view(), hint, players: { white: COMPUTER, black: "person" } })), null);
});

test("thinkingOf: an automatic player choosing for the shown position", () => {
  const players = { white: "person", black: COMPUTER };
  assert.equal(thinkingOf(game(5, { players, view: view({ side: "black" }), thinking: "black" })), true);
  assert.equal(thinkingOf(game(5, { players, view: view({ side: "black" }), thinking: null })), false);
  assert.equal(thinkingOf(game(5, { players, view: view({ side: "white" }), thinking: "black" })), false);
  assert.equal(thinkingOf(game(5, { players, view: view({ side: "black", winner: "white" }), thinking: "black" })), false);
});

test("onlyProgress: a change of the search's progress alone (the page then draws the thinking display alone)", () => {
  const players = { white: "person", black: COMPUTER };
  const before = game(5, { players, view: view({ side: "black" }), thinking: "black", thinkingInfo: { depth: 3, elapsed: 1.2 } });
  assert.equal(onlyProgress(before, { ...before, thinkingInfo: { depth: 4, elapsed: 1.5 } }), true);
  assert.equal(onlyProgress(before, { ...before }), false, "nothing changed");
  assert.equal(onlyProgress(before, { ...before, thinkingInfo: { depth: 4 }, thinking: null }), false, "it stopped thinking");
  assert.equal(onlyProgress(before, { ...before, thinkingInfo: { depth: 4 }, cursor: 4 }), false, "and the game moved");
  const { hint, ...fewer } = before;
  assert.equal(onlyProgress(before, { ...fewer, thinkingInfo: { depth: 4 } }), false, "a key dropped");
});

test("thinkingShare: the share of the time the turn now plans to take, else of the budget", () => {
  assert.equal(thinkingShare({ elapsed: 1.5, budget: 3 }), 0.5);
  assert.equal(thinkingShare({ elapsed: 3, limit: 4.2, budget: 3 }), 3 / 4.2, "extended: not yet full at the budget");
  assert.equal(thinkingShare({ elapsed: 1, limit: 1.2, budget: 3 }), 1 / 1.2, "settled early: nearly done");
  assert.equal(thinkingShare({ elapsed: 5, limit: 4.2, budget: 3 }), 1);
  assert.equal(thinkingShare({ budget: 3 }), 0);
});

test("sanitizePlayers keeps known kinds; anything else plays as a person", () => {
  assert.deepEqual(sanitizePlayers({ white: COMPUTER, black: "person" }), { white: COMPUTER, black: "person" });
  assert.deepEqual(sanitizePlayers({ white: "robot", black: 7 }), { white: "person", black: "person" });
  assert.deepEqual(sanitizePlayers(null), { white: "person", black: "person" });
  assert.deepEqual(sanitizePlayers({ white: "__proto__" }), { white: "person", black: "person" });
});

test("resultOf says who won, as the person at the screen hears it", () => {
  const over = view({ winner: "black", reason: { code: "lost-type", type: "tzarra", text: "engine text" } });
  assert.equal(resultOf(game(5, { view: view() })), null, "the game goes on");
  assert.deepEqual(resultOf(game(5, { view: over })), { title: "Black wins", reason: "White has no Tzarra left" });
  assert.equal(resultOf(game(5, { view: over, players: { white: "person", black: COMPUTER } })).title, "You lost");
  assert.equal(resultOf(game(5, { view: over, players: { white: COMPUTER, black: "person" } })).title, "You won");
  assert.equal(resultOf(game(5, { view: over, players: { white: COMPUTER, black: COMPUTER } })).title, "Black wins");
  const unknown = view({ winner: "white", reason: { code: "new-code", text: "The engine's words" } });
  assert.equal(resultOf(game(5, { view: unknown })).reason, "The engine's words", "a reason this page does not know");
});

test("an end outside the rules: checked, its winner at the game's end only, its words, and a new action clears it", () => {
  assert.deepEqual(endOf({ reason: "timeout", loser: "white", extra: 1 }), { reason: "timeout", loser: "white" });
  for (const bad of [null, {}, { reason: "flag", loser: "white" }, { reason: "resigned", loser: "red" }, "timeout"]) assert.equal(endOf(bad), null);
  // Against the last position: out of time only the side to move; never after the rules' end.
  assert.equal(endOf({ reason: "timeout", loser: "black" }, view({ side: "white" })), null);
  assert.deepEqual(endOf({ reason: "resigned", loser: "black" }, view({ side: "white" })), { reason: "resigned", loser: "black" });
  assert.equal(endOf({ reason: "resigned", loser: "black" }, view({ winner: "white" })), null);
  const ended = game(5, { view: view(), end: { reason: "timeout", loser: "white" } });
  assert.equal(winnerOf(ended), "black");
  assert.equal(winnerOf({ ...ended, cursor: 4 }), null, "looking back: the game went on there");
  assert.deepEqual(resultOf(ended), { title: "Black wins", reason: "White ran out of time" });
  assert.equal(resultOf({ ...ended, end: { reason: "resigned", loser: "black" }, players: { white: "person", black: COMPUTER } }).title, "You won");
  assert.equal(endText({ reason: "resigned", loser: "black" }), "Black resigned");
  assert.equal(endText({ reason: "abandoned", loser: "white" }), "White left the game");
  assert.deepEqual(endOf({ reason: "abandoned", loser: "white" }, view({ side: "black" })), { reason: "abandoned", loser: "white" });
  assert.equal(personToMove(ended), false, "no one plays after the end");
  const answer = { view: view({ side: "white", step: "second", last: ["D5xC4"] }), positions: [POSITIONS[3]], turns: [{ number: 1, side: "white", actions: ["D5xC4"] }], continues: false };
  assert.equal(afterPlay({ ...ended, cursor: 3 }, answer, "D5xC4").changes.end, null);
});

test("linkAlert wraps the link's message in the alert's text", () => {
  const alert = linkAlert({ key: "link.tildes", params: {} });
  assert.deepEqual(alert, { kind: "link", text: { key: "alert.linkText", params: { message: { key: "link.tildes", params: {} } } } });
});
