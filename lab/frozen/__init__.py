"""Frozen copies of earlier engines: fixed opponents for matches, never changed again.

An engine change is measured as a match against the engine it replaces, at equal time
(``python -m lab.match expert expert-v2 --time 1``).  The copies live here as they were
committed, so that a match run later measures against exactly the same player.  They
are players of the lab only (:mod:`lab.match`, :mod:`lab.tactics`, :mod:`lab.puzzlegen`,
:mod:`lab.bench`): neither the wheel nor the browser's package ships them.

``v1``: the engine of commit 0508ae2 (alpha-beta with PVS over single actions, the
evaluation of that commit); its players are the five levels with ``-v1`` appended.
``v2``: the engine of commit 76bba6b (the tuned evaluation, pruning of the last ply's
stackings, the endgame solver), the baseline of issue 24; players ``beginner-v2`` ...
``master-v2``.
"""

from __future__ import annotations

from typing import Optional

from .v1 import players as _v1
from .v2 import players as _v2

#: frozen player name -> (players module of that version, level name)
_FROZEN = {f"{name}-{version}": (module, name) for version, module in (("v1", _v1), ("v2", _v2))
           for name in module.LEVELS}


def frozen_names() -> list[str]:
    """The frozen players' names (``expert-v1``, ``expert-v2``...)."""
    return list(_FROZEN)


def run_frozen(board, name: str, seed: int = 0, seconds: Optional[float] = None, nodes: Optional[int] = None):
    """The frozen player's actions for the rest of the turn: (action ints, last info)."""
    module, level = _FROZEN[name]
    return module.run_think(board, level, seed, seconds, nodes)


__all__ = ["frozen_names", "run_frozen"]
