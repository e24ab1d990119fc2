// The first script of the page (index.html): the engine's worker starts loading Python
// while the page's other modules still download. app.js imports the same instance.
import { EngineClient } from "./engine/client.js";

export const engine = new EngineClient();
