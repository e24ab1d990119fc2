// The chat of an online game: preset messages ("luck", "gg", "thanks") and, between friends
// (an invite), free text; the latest CHAT_KEPT kept for the panel. Free text from a stranger
// (a lobby's pairing) is refused. session.js owns one; panel.js shows `messages` as text.
//
//   const chat = new Chat({friend, send, refuse, changed, announce});
//   chat.say({say: "gg"}); chat.received({t: "chat", text: "Nice"}); chat.messages

/** How many messages the panel keeps. */
export const CHAT_KEPT = 20;

/** `messages` with `entry` added, the oldest left out beyond CHAT_KEPT. */
export function withMessage(messages, entry) {
  return [...messages.slice(-(CHAT_KEPT - 1)), entry];
}

/**
 * The chat. `port`: friend() whether the game is between friends (free text allowed);
 * send(message) to the other page; refuse(why) a message out of place, said; changed()
 * redraw; announce(message) say the other player's message ({say} or {text}).
 */
export class Chat {
  messages = []; // [{from: "me"|"them", say?, text?}]
  #port;

  constructor(port) {
    this.#port = port;
  }

  /** A preset message ({say}) or, with a friend, a text ({text}). */
  say(message) {
    this.#port.send({ t: "chat", ...message });
    this.messages = withMessage(this.messages, { from: "me", ...message });
    this.#port.changed();
  }

  /** A chat message of the other page (checked by protocol.js). */
  received(message) {
    if (message.text !== undefined && !this.#port.friend()) return this.#port.refuse("text");
    this.messages = withMessage(this.messages, { from: "them", ...message });
    this.#port.changed();
    this.#port.announce(message);
  }
}
