// An alert that comes after the page has opened its game (a stored value found damaged by a
// module that loads later: online play's record, games by turns): shown once `ready` settles,
// after the alert the page opened with if it has one (game/opening.js), whose kind it keeps.
//
//   showLaterAlert(game, ready, { kind: "save", text });

/** Show `alert` ({kind, text}: text a msg()) in `game`'s alert box once `ready` settles. */
export function showLaterAlert(game, ready, { kind, text }) {
  return ready.catch(() => null).then(() => {
    const shown = game.state.alert;
    game.showAlert(shown ? { kind: shown.kind, text: [shown.text, text] } : { kind, text });
  });
}
