"""The engine of commit 0508ae2, frozen (see :mod:`lab.frozen`).  Do not edit.

Its modules are as committed then, except that the board encodings they import are a
copy of their own (:mod:`.codes`), so that a change to :mod:`tzaar.rules.board` cannot change
this player; the geometry tables (:mod:`tzaar.rules.geometry`: points, rays, neighbours) are
facts of the rules and stay imported.

The interface it relies on: the match runner hands it a live :class:`tzaar.rules.board.Board`,
whose fields it reads as they were then (see that class): ``cells`` (stack codes:
``height*4 + kind``, negated for Black; 0 empty), ``side``, ``step``, ``ply``, ``reserve``,
``tops`` (stacks per colour*3 + type), ``counts`` (the packed capture and stacking counts),
``links`` (the first occupied point per point and direction) and ``hash`` (the Zobrist
key); and whose methods it calls: ``moves()``, ``_moves(stacks)``, ``do(action)``,
``undo()``, ``winner()`` and ``is_opening()``.  Its actions are the ints of :mod:`.codes`
(``src << 6 | dst``, ``PASS``, ``PLACE | kind << 6 | point``).  A change to any of these
in the live board is a change of this player: the fingerprint test in
``lab/tests/test_frozen.py`` fails then.
"""
